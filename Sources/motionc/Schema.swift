import ArgumentParser
import MotionCommandLine
import MotionPlans
import MotionTimeline

/// `motionc schema`: print the document JSON Schema; `--timeline`: the baked timeline's.
struct Schema: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "schema",
        abstract: "Print the JSON Schema of motion documents (for editors), or of baked timelines.",
        discussion: """
            `motionc schema` prints Schemas/motion-plan.schema.json; \
            `motionc schema --timeline` prints Schemas/motion-timeline.schema.json.
            """)

    @Flag(help: "Print the schema of baked timelines (what `motionc bake` writes) instead.")
    var timeline = false

    func run() throws {
        try StandardStreams.output(timeline ? TimelineSchema.text : DocumentSchema.text, terminator: "")
    }
}
