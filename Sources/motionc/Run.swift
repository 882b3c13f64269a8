import ArgumentParser
import MotionCommandLine
import MotionCore
import MotionPlans
import MotionScheduler
import MotionTimeline

/// `motionc run FILE`: compile a document to the running scheduler and drive it on a simulated
/// frame clock at the canvas fps.
struct Run: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Run a motion document on the Material Motion runtime.",
        discussion: """
            Frames are k / fps seconds of document time. Without --duration the run stops at the \
            first frame at which nothing moves and no transaction or input is still to come, and \
            60 s after the last transaction or input at most. Work is bounded: at most 50,000,000 trace rows (frames x animated \
            components); a bound that is hit is reported on standard error. Exit status: 0, 1 when \
            the document has errors, 2 when a file cannot be read or written.
            """)

    /// At most this many frames x animated components (trace rows).
    static let maximumRows = 50_000_000

    @Argument(help: "The motion document to run (- for standard input).", transform: InputPath.resolve)
    var file: String

    // A negative number is a value here, not an option: the range check says what is wrong.
    @Option(
        parsing: .unconditional,
        help: "Seconds of document time to run, at most 86400 (default: until at rest, 60 s after the last transaction or input at most).")
    var duration: Double?

    @Option(help: "Write the presented value of every animated component at every frame to this CSV file (- for standard output).")
    var trace: String?

    @Flag(help: "Compile the reduced-motion variant: each op as its reducedMotion (or the document's) says.")
    var reducedMotion = false

    func validate() throws {
        // A day at most, as every time in a document (docs/format.md §1.6): the frame count of
        // 1e308 s is no integer.
        if let duration, !(duration >= 0 && duration <= 86_400) {
            throw ValidationError("--duration must be a number of seconds from 0 to 86400")
        }
        try OutputCollisions.check(inputs: [file], outputs: [("--trace", trace)])
    }

    func run() throws {
        let document = try DocumentInput.load(path: file, reducedMotion: reducedMotion)
        let recorder = trace == nil ? nil : ChannelRecorder()
        let run = DocumentRun(document: document, sink: recorder)
        let bound = duration ?? run.boundTime
        let outcome = run.play(until: StopRule(duration: duration, maximumRows: Self.maximumRows))
        let frames = outcome.frames
        let components = run.animatedComponents
        let seconds = outcome.end
        let rowsBoundHit = outcome.stop == .rowBound
        if rowsBoundHit {
            StandardStreams.error(
                "motionc: stopped at \(SecondsText.fixed(seconds)) s: \(frames) frames x \(components.count) animated components "
                    + "reach the bound of \(Self.maximumRows) trace rows")
        }
        // Stopped still moving at the run's bound: the summary says so, with the bound.
        if let trace, let recorder {
            // The rows `bake` + `play --trace` write: the same timeline, played the same way, and
            // refused as `bake` refuses it when a number overflows (no `inf` rows).
            let timeline = Baker.timeline(of: run, events: recorder.events, outcome: outcome)
            try Bake.checkNumbers(timeline, path: file)
            let writer = try TraceWriter(path: trace)
            timeline.writeTrace(frames: frames, to: writer)
            try writer.finish()
        }
        let count = "\(components.count) animated component" + (components.count == 1 ? "" : "s")
        let frameText = "\(frames) frame" + (frames == 1 ? "" : "s")
        let summary: String
        if let moment = run.restTime() {
            // The first frame at rest, as the timeline's `end`: a spring settles between frames.
            let rest = Double(Canvas.firstFrame(seconds: moment, fps: run.fps)) / run.fps
            summary =
                duration == nil
                ? "at rest at \(SecondsText.fixed(rest)) s after \(frameText); \(count)"
                : "ran \(SecondsText.fixed(seconds)) s (\(frameText)); at rest at \(SecondsText.fixed(rest)) s; \(count)"
        } else if duration == nil && !rowsBoundHit {
            // Where it stopped: the last frame at or before the bound (a frame rate that does not
            // divide the bound ends before it, as the baked timeline does).
            summary =
                "still moving at \(SecondsText.fixed(seconds)) s (\(Self.boundText(bound))); "
                + "\(frameText); \(count)"
        } else {
            summary = "still moving at \(SecondsText.fixed(seconds)) s; \(frameText); \(count)"
        }
        // With the trace on standard output (`--trace -`), the summary goes to standard error.
        try StandardStreams.summary(summary, toStandardError: trace.map(StandardStreams.isStandardOutput) == true)
        // The trace and the summary are written: end the process rather than free the run (every
        // executor, stream and recorded event) object by object.
        ExitStatus.success.end(keeping: (document, run, recorder))
    }

    /// Which bound stopped a run still moving at `bound`: 60 s after the last transaction or
    /// input, or the longest a document runs when that comes first.
    static func boundText(_ bound: Double) -> String {
        bound >= StopRule.longestDuration
            ? "the last frame at or before the bound of \(SecondsText.fixed(StopRule.longestDuration)) s, the longest a document runs"
            : "the last frame at or before the 60 s bound after the last transaction or input"
    }
}
