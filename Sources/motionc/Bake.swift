import ArgumentParser
import MotionCommandLine
import MotionCore
import MotionJSON
import MotionPlans
import MotionRenderServer
import MotionScheduler
import MotionTimeline
import MotionValidation

/// `motionc bake FILE -o OUT.json`: compile a document to a baked timeline for the render server.
struct Bake: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bake",
        abstract: "Bake a motion document into a keyframe timeline for the render server.",
        discussion: """
            Runs the document on the runtime until it is at rest (at most 60 s after its last \
            transaction or input, at \
            most 1,000,000 events, and no more than a timeline may hold: 1 GiB, 64,000,000 JSON \
            values) and records every render-server event: tweens as keyframe \
            animations, springs as spring animations, gestures as sampled keyframes. The output \
            (Schemas/motion-timeline.schema.json) is byte-identical for the same input and is \
            written atomically to a regular file, in place to a device or FIFO, and to standard \
            output for `-`. Exit status: 0; 1 when the document has errors (B001: an \
            interactive intention without input); 2 when a file cannot be read or written.
            """)

    @Argument(help: "The motion document to bake (- for standard input).", transform: InputPath.resolve)
    var file: String

    @Option(name: .shortAndLong, help: "Where to write the timeline JSON (- for standard output).")
    var output: String

    @Flag(help: "Compile the reduced-motion variant: each op as its reducedMotion (or the document's) says.")
    var reducedMotion = false

    func validate() throws {
        try OutputCollisions.check(inputs: [file], outputs: [("-o", output)])
    }

    /// Bakes `document` with a progress bar on a terminal: frames baked out of the most the bake
    /// may run (it ends sooner when everything is at rest).
    ///
    /// - Throws: ``CommandFailure`` when the bake computed a number no timeline may hold
    ///   (``checkNumbers(_:path:)``).
    static func bakeShowingProgress(_ document: MotionDocument, path: String) throws -> Baker.Result {
        var bar: TerminalProgress?
        let result = Baker.bake(document) { frame, lastAllowed in
            if bar == nil { bar = TerminalProgress(total: lastAllowed + 1, unit: "frames at most", rate: "fps") }
            bar?.update(done: frame + 1)
        }
        bar?.finish()
        try checkNumbers(result.timeline, path: path)
        return result
    }

    /// Fails with the JSON path of the first number of a baked timeline that is not finite or
    /// beyond ±1e100 (docs/format.md §1.6): written, it would be `null`, and no player could show it.
    static func checkNumbers(_ timeline: Timeline, path: String) throws {
        guard let error = TimelineJSON.firstUnwritableNumber(in: timeline) else { return }
        throw CommandFailure.invalidInput(
            "\(path): \(error); nothing written: a number of the document's motion overflows (docs/format.md §1.6)")
    }

    func run() throws {
        let document = try DocumentInput.load(path: file, options: ValidationOptions(forBake: true), reducedMotion: reducedMotion)
        let result = try Self.bakeShowingProgress(document, path: file)
        if let message = result.boundMessage { StandardStreams.error("motionc: \(file): \(message)") }
        let (text, cutEnd) = TimelineJSON.fittedText(result.timeline)
        if let cutEnd {
            StandardStreams.error(
                "motionc: \(file): more than a timeline may hold (\(AtomicFile.maximumSize >> 20) MiB, \(TimelineJSON.maximumValues) JSON values); the timeline ends at \(SecondsText.short(cutEnd)) s, the last frame before"
            )
        }
        try AtomicFile.write(Array(text.utf8), to: output)
        // The timeline is written: end the process rather than free the document and the bake.
        ExitStatus.success.end(keeping: (document, result))
    }
}

/// Loading the input of `play` and `render`: a timeline, or a document baked in memory.
enum TimelineInput {
    /// Reads `path` as a timeline or as a motion document, validated for baking and baked, as its
    /// content says (``content(of:path:)``).
    ///
    /// - Throws: ``FileError`` when the file cannot be read; ``CommandFailure`` for invalid
    ///   content, or a usage failure for `reducedMotion` with a timeline (it has one variant).
    static func load(path: String, reducedMotion: Bool = false) throws -> Timeline {
        try loadWithDocument(path: path, reducedMotion: reducedMotion).timeline
    }

    /// As ``load(path:reducedMotion:)``, and the document when the input is one (its target
    /// positions locate diagnostics about the timeline, such as an export's).
    static func loadWithDocument(path: String, reducedMotion: Bool = false) throws -> (
        timeline: Timeline, document: MotionDocument?
    ) {
        let bytes = try AtomicFile.read(path)
        let content = content(of: bytes, path: path)
        if content == .lottie {
            throw CommandFailure.invalidInput(
                "\(path) is a Lottie file (what `motionc export --to lottie` writes), for a Lottie player; "
                    + "`play`, `render` and `export` read motion documents and baked timelines")
        }
        if content == .timeline {
            // A baked timeline holds one variant: the flag would otherwise be ignored in silence.
            guard !reducedMotion else {
                throw CommandFailure.usage(
                    "--reduced-motion compiles a motion document's reduced-motion variant, and \(path) is a baked timeline; "
                        + "bake the document with `motionc bake FILE --reduced-motion` or pass the document itself")
            }
            do {
                return (try TimelineJSON.decode(bytes), nil)
            } catch {
                throw CommandFailure.invalidInput("\(path): \(error)")
            }
        }
        // The bytes read to tell what the file is: a pipe cannot be read again.
        let document = try DocumentInput.load(
            path: path, bytes: bytes, options: ValidationOptions(forBake: true), reducedMotion: reducedMotion)
        let result = try Bake.bakeShowingProgress(document, path: path)
        if let message = result.boundMessage { StandardStreams.error("motionc: \(path): \(message)") }
        return (result.timeline, document)
    }

    /// What a file given to `play`, `render` or `export` holds.
    enum Content: Equatable {
        case timeline, document, lottie
    }

    /// What `bytes`, read from `path`, hold: a timeline when they start like one; else a motion
    /// document, unless the name ends in `.json` and the top-level keys say otherwise.
    ///
    /// Documents are YAML, and JSON is YAML, so a document may be written as JSON: a `.json` file
    /// whose first key is not `"timeline"` is read whole, and is a document when it has a
    /// `motion` key, a Lottie file when it has Lottie's `v`, `fr`, `ip`, `op` and `layers`, and
    /// otherwise a timeline (whose reader says what is wrong with it).
    static func content(of bytes: [UInt8], path: String) -> Content {
        if TimelineJSON.looksLikeTimeline(bytes) { return .timeline }
        guard path.hasSuffix(".json") else { return .document }
        guard case .object(let members)? = try? JSONReader.parse(bytes) else { return .timeline }
        let keys = Set(members.map(\.key))
        if keys.contains("timeline") { return .timeline }
        if keys.contains("motion") { return .document }
        if keys.isSuperset(of: ["v", "fr", "ip", "op", "layers"]) { return .lottie }
        return .timeline
    }

    /// The most frames one `play` or `render` goes through.
    static let maximumFrames = 1_000_000

    /// How many frames `0...last` make `seconds` at `fps`, however many (at most 10^12 s of them).
    static func frames(seconds: Double, fps: Double) -> Int {
        Canvas.lastFrame(seconds: min(seconds, 1e12), fps: fps) + 1
    }

    /// Frame indices `0...last` for `seconds`, or a usage-like content error past the cap.
    static func frameCount(seconds: Double, fps: Double) throws -> Int {
        let frames = Double(frames(seconds: seconds, fps: fps))
        guard frames <= Double(maximumFrames) else {
            throw CommandFailure.invalidInput(
                "\(Int(frames)) frames (\(SecondsText.short(seconds)) s at \(fps) fps) exceed the limit of \(maximumFrames); pass a shorter --duration"
            )
        }
        return Int(frames)
    }
}
