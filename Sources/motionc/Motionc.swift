import ArgumentParser
import MotionCommandLine

/// The motionc command line: validate, run, bake, play and render motion documents.
@main
struct Motionc: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "motionc",
        abstract: "A declarative motion plan compiler.",
        discussion: """
            Write motion as YAML documents (see Plans/ for examples), validate them in CI, run them on \
            the Material Motion runtime, or bake them into keyframe timelines for the render server.
            """,
        version: "0.1.0",
        subcommands: [Validate.self, Run.self, Bake.self, Play.self, Render.self, Export.self, Preview.self, Schema.self, Explain.self]
    )
}

extension Motionc {
    /// Parses the command line and runs the command; a failure becomes its message on standard
    /// error (`motionc: MESSAGE`) and its exit status.
    static func main() {
        mainReportingFailures()
    }
}
