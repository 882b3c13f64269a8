import ArgumentParser
import MotionCommandLine
import MotionCore
import MotionPlans
import MotionRenderServer
import MotionTimeline

/// `motionc play TIMELINE.json`: the render server plays a timeline without drawing.
struct Play: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "play",
        abstract: "Play a baked timeline on the render server, without drawing.",
        discussion: """
            Frames are k / fps seconds (the timeline's fps), up to the timeline's end or --duration. \
            With --trace, writes the presented value of every component any event touches at every \
            frame, with the same rows as `motionc run --trace` for the same document. Exit status: \
            0; 1 when the timeline is invalid; 2 when a file cannot be read or written.
            """)

    @Argument(help: "The timeline to play (a document is baked first; - for standard input).", transform: InputPath.resolve)
    var timeline: String

    // A negative number is a value here, not an option: the range check says what is wrong.
    @Option(parsing: .unconditional, help: "Seconds to play (default: the timeline's end).")
    var duration: Double?

    @Option(help: "Write the presented value of every touched component at every frame to this CSV file (- for standard output).")
    var trace: String?

    func validate() throws {
        if let duration, !(duration.isFinite && duration >= 0) {
            throw ValidationError("--duration must be a finite number of seconds >= 0")
        }
        try OutputCollisions.check(inputs: [timeline], outputs: [("--trace", trace)])
    }

    func run() throws {
        let timeline = try TimelineInput.load(path: self.timeline)
        let fps = timeline.canvas.fps
        let frames = try TimelineInput.frameCount(seconds: duration ?? timeline.end, fps: fps)
        let components = timeline.touchedComponents
        if let trace {
            // The trace replays the events itself, keeping only the channels it prints: no
            // render server (which keeps every layer's every property) is needed.
            let writer = try TraceWriter(path: trace)
            timeline.writeTrace(frames: frames, to: writer)
            try writer.finish()
        } else {
            let server = RenderServer(timeline: timeline)
            server.withPlayback { $0.advance(to: Double(frames - 1) / fps) }
        }
        let seconds = Double(frames - 1) / fps
        // With the trace on standard output (`--trace -`), the summary goes to standard error.
        let toStandardError = trace.map(StandardStreams.isStandardOutput) == true
        try StandardStreams.summary(
            "played \(SecondsText.fixed(seconds)) s (\(frames) frame\(frames == 1 ? "" : "s")); "
                + "\(timeline.events.count) event\(timeline.events.count == 1 ? "" : "s"); "
                + "\(components.count) animated component\(components.count == 1 ? "" : "s")", toStandardError: toStandardError)
    }
}
