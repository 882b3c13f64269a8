import ArgumentParser
import MotionPlans

/// `motionc schema`: print the document JSON Schema.
struct Schema: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Print the JSON Schema of motion documents (for editors).")

    func run() throws {
        StandardStreams.output(DocumentSchema.text, terminator: "")
    }
}
