import ArgumentParser
import MotionCommandLine
import MotionCore
import MotionPlans
import MotionRenderServer
import MotionTimeline

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// `motionc render FILE_OR_TIMELINE`: the render server draws frames as PNG images.
struct Render: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Draw frames of a document or baked timeline as PNG images or a video.",
        discussion: """
            A document is baked in memory first; a timeline is recognised by its content \
            ({"timeline": 1, ...}; a .json file with a motion key is a document). Frames are k / fps seconds up to the timeline's \
            end or --duration. --frames writes every frame, drawn on every core (--jobs), in order; \
            --video OUT.mp4|.webm|.gif encodes every frame into one video with ffmpeg (a GIF at a \
            rate its hundredth-of-a-second delays keep: 50 fps for 60); --sheet \
            writes one contact sheet (every Nth frame with --every N, else at most 24 frames evenly \
            spaced, each labelled with its time); --at S -o OUT.png writes the frame at S seconds \
            at canvas size (RGB when every pixel is opaque, else RGBA, straight alpha). Every image and video is written atomically. On a \
            terminal, --frames and --video show a progress bar on standard error. Drawing needs \
            the Cairo runtime library (libcairo.so.2; Debian: apt-get install libcairo2), PNG \
            images libpng (libpng16.so.16; Debian: apt-get install libpng16-16), both loaded when \
            drawing starts, and --video needs ffmpeg on PATH (apt-get install ffmpeg). Exit status: \
            0; 1 for invalid input; 2 when a file cannot be read or written or a library or ffmpeg \
            is missing.
            """)

    /// The most cells a sheet gets without --every.
    static let sheetCells = 24

    @Argument(help: "A motion document or a baked timeline (- for standard input).", transform: InputPath.resolve)
    var input: String

    @Flag(help: "Compile the reduced-motion variant: each op as its reducedMotion (or the document's) says.")
    var reducedMotion = false

    @Option(help: "Write every frame to this folder as frame-00000.png, frame-00001.png, ... (created if missing).")
    var frames: String?

    @Option(help: "Encode every frame into this video: .mp4 (H.264), .webm (VP9) or .gif, with ffmpeg.")
    var video: String?

    // A negative number is a value here, not an option: the range check says what is wrong.
    @Option(parsing: .unconditional, help: "With --frames or --video: frames drawn at once (default: one per core).")
    var jobs: Int?

    @Option(help: "Write a contact sheet of frames, each labelled with its time, to this PNG file.")
    var sheet: String?

    // A negative number is a value here, not an option: the range check says what is wrong.
    @Option(parsing: .unconditional, help: "With --sheet: put every Nth frame on the sheet.")
    var every: Int?

    // A negative number is a value here, not an option: the range check says what is wrong.
    @Option(parsing: .unconditional, help: "Draw the single frame at this time, in seconds (with -o).")
    var at: Double?

    @Option(name: .shortAndLong, help: "With --at: where to write the frame.")
    var output: String?

    // A negative number is a value here, not an option: the range check says what is wrong.
    @Option(parsing: .unconditional, help: "Seconds of frames for --frames, --video and --sheet (default: the timeline's end).")
    var duration: Double?

    func validate() throws {
        guard frames != nil || video != nil || sheet != nil || at != nil else {
            throw ValidationError("say what to draw: --frames DIR, --video OUT.mp4, --sheet OUT.png, or --at S -o OUT.png")
        }
        if let jobs, jobs < 1 { throw ValidationError("--jobs must be at least 1") }
        if jobs != nil, frames == nil, video == nil { throw ValidationError("--jobs applies to --frames and --video") }
        if let video, VideoEncoder.Container(path: video) == nil {
            throw ValidationError("--video must name a .mp4, .webm or .gif file")
        }
        for case let (option, path?) in [("-o", output), ("--sheet", sheet)] where path != "-" {
            let suffix = URL(fileURLWithPath: path).pathExtension
            if !suffix.isEmpty, suffix.lowercased() != "png" {
                throw ValidationError("\(option) writes a PNG image: name it .png, not .\(suffix)")
            }
        }
        if at != nil, output == nil { throw ValidationError("--at needs -o OUT.png") }
        if output != nil, at == nil { throw ValidationError("-o is the output of --at; pass --at S too") }
        if let at, !(at.isFinite && at >= 0) { throw ValidationError("--at must be a finite number of seconds >= 0") }
        if let every, every < 1 { throw ValidationError("--every must be at least 1") }
        if every != nil, sheet == nil { throw ValidationError("--every applies to --sheet") }
        if let duration, !(duration.isFinite && duration >= 0) {
            throw ValidationError("--duration must be a finite number of seconds >= 0")
        }
        try OutputCollisions.check(
            inputs: [input], outputs: [("--frames", frames), ("-o", output), ("--sheet", sheet), ("--video", video)])
    }

    func run() throws {
        let timeline = try TimelineInput.load(path: input, reducedMotion: reducedMotion)
        let server = RenderServer(timeline: timeline)
        do {
            try server.canvas.validate()
        } catch {
            throw CommandFailure.invalidInput("\(input): \(error)")
        }
        if let video {
            // The document's fault before the machine's (a missing ffmpeg).
            let canvas = RenderCanvas(timeline: timeline)
            try VideoEncoder.checkCanvas(path: video, width: canvas.width, height: canvas.height)
        }
        do {
            // Before anything is written: without Cairo, libpng or ffmpeg, no output at all.
            try FrameRenderer.loadCairo()
            if frames != nil || sheet != nil || at != nil { try PNGWriter.loadLibrary() }
            if let video { try VideoEncoder.check(path: video) }
        } catch {
            // All exit 2, as a missing library does, a video name without a known extension included.
            throw CommandFailure.unavailable(error.description)
        }
        let fps = timeline.canvas.fps
        // The single images' files are opened before anything is drawn: when one of the outputs
        // cannot be written, the command fails before another output replaces its earlier file.
        let frameFile = try output.map { path throws(FileError) in try AtomicFileWriter(path: path) }
        let sheetFile = try sheet.map { path throws(FileError) in try AtomicFileWriter(path: path) }
        let seconds = duration ?? timeline.end
        // Frames and videos draw every frame, so they are held to the frame cap; a sheet draws
        // only its cells, so only the cells are (see `sheetFrames(count:every:)`).
        let count =
            frames != nil || video != nil
            ? try TimelineInput.frameCount(seconds: seconds, fps: fps)
            : sheet != nil ? TimelineInput.frames(seconds: seconds, fps: fps) : 0
        if let frames {
            if let code = Self.makeFolders(frames) {
                throw CommandFailure.file(FileError(path: frames, reason: systemErrorText(code), kind: .write))
            }
            try Self.writeFrames(timeline, count: count, to: frames, jobs: jobs ?? FramePipeline.defaultJobs)
            if let stale = Self.staleFrames(in: frames, count: count) {
                StandardStreams.error(
                    "motionc: warning: \(frames) also holds \(stale.count) frame\(stale.count == 1 ? "" : "s") of an earlier render "
                        + "(\(stale.first) to \(stale.last)), which this one did not write; remove them before reading the folder as one sequence"
                )
            }
        }
        if let video, let container = VideoEncoder.Container(path: video) {
            // A GIF may be drawn at another rate than the canvas's, over the same seconds.
            let rate = container.frameRate(forCanvasFPS: fps)
            let videoCount = rate == fps ? count : try TimelineInput.frameCount(seconds: seconds, fps: rate)
            try Self.writeVideo(timeline, count: videoCount, fps: rate, to: video, jobs: jobs ?? FramePipeline.defaultJobs)
        }
        var images: [(file: AtomicFileWriter, png: [UInt8])] = []
        if let at, let output, let frameFile {
            images.append((frameFile, try PNGWriter.encode(try server.render(at: at), path: output)))
        }
        if let sheet, let sheetFile {
            let picked = try Self.sheetFrames(count: count, every: every)
            // Cells are drawn at cell scale from the layer trees, never as full frames.
            let cells = picked.map { k in
                let t = Double(k) / fps
                return (time: t, layers: server.snapshots(at: t))
            }
            images.append((sheetFile, try PNGWriter.encode(try ContactSheet(canvas: server.canvas, frames: cells).render(), path: sheet)))
        }
        for image in images { image.file.write(image.png) }
        for image in images { try image.file.commit() }
    }

    /// The frame indices a sheet shows: every Nth, or at most ``sheetCells`` evenly spaced
    /// (always the first and the last).
    ///
    /// - Throws: ``CommandFailure/invalidInput(_:)`` when every Nth frame makes more than
    ///   `TimelineInput.maximumFrames` cells.
    static func sheetFrames(count: Int, every: Int?) throws -> [Int] {
        guard count > 0 else { return [] }
        if let every {
            let step = max(1, every)
            let cells = (count - 1) / step + 1
            guard cells <= TimelineInput.maximumFrames else {
                throw CommandFailure.invalidInput(
                    "\(cells) sheet cells (every \(step) of \(count) frames) exceed the limit of \(TimelineInput.maximumFrames); pass a larger --every or a shorter --duration"
                )
            }
            return Array(stride(from: 0, to: count, by: step))
        }
        guard count > sheetCells else { return Array(0..<count) }
        var picked: [Int] = []
        for i in 0..<sheetCells {
            let k = Int((Double(i) * Double(count - 1) / Double(sheetCells - 1)).rounded())
            if picked.last != k { picked.append(k) }
        }
        return picked
    }

    /// Makes the folder `path` and the folders above it that are missing (`mkdir -p`).
    ///
    /// Nil, or the `errno` of the step that failed (`ENOTDIR` when a file stands in the way).
    static func makeFolders(_ path: String) -> Int32? {
        var prefix = path.hasPrefix("/") ? "/" : ""
        for part in path.split(separator: "/") {
            prefix += part
            if mkdir(prefix, 0o777) != 0 {
                let code = errno
                var info = stat()
                guard stat(prefix, &info) == 0 else { return code }
                guard info.st_mode & S_IFMT == S_IFDIR else { return ENOTDIR }
            }
            prefix += "/"
        }
        return nil
    }

    /// `frame-00000.png`, `frame-00001.png`, ... (more digits past 99,999 frames).
    static func frameName(_ k: Int) -> String {
        let digits = String(k)
        return "frame-" + String(repeating: "0", count: max(0, 5 - digits.count)) + digits + ".png"
    }

    /// Frame files in `folder` numbered `count` or more (left by a longer render), with the first
    /// and last names in frame order; nil when there are none.
    static func staleFrames(in folder: String, count: Int) -> (count: Int, first: String, last: String)? {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        let numbers = names.compactMap { name -> Int? in
            guard name.hasPrefix("frame-"), name.hasSuffix(".png"), let k = Int(name.dropFirst(6).dropLast(4)),
                k >= count, frameName(k) == name
            else { return nil }
            return k
        }
        guard let first = numbers.min(), let last = numbers.max() else { return nil }
        return (numbers.count, frameName(first), frameName(last))
    }

    /// Writes frames `0..<count` as PNG files into `folder`, drawn and encoded by `jobs` workers,
    /// written in order, each atomically.
    static func writeFrames(_ timeline: Timeline, count: Int, to folder: String, jobs: Int) throws(RenderOutputError) {
        let base = folder.hasSuffix("/") ? String(folder.dropLast()) : folder
        let progress = TerminalProgress(total: count)
        defer { progress.finish() }
        try FramePipeline.run(
            timeline: timeline, frames: count, jobs: jobs,
            produce: { k, image throws(RenderOutputError) in try PNGWriter.encode(image, path: base + "/" + frameName(k)) },
            deliver: { k, png throws(RenderOutputError) in
                try PNGWriter.write(encoded: png, to: base + "/" + frameName(k))
                progress.update(done: k + 1)
            })
    }

    /// Encodes frames `0..<count` (t = k / `fps`) into the video at `path` with ffmpeg; no file on
    /// failure.
    static func writeVideo(_ timeline: Timeline, count: Int, fps: Double, to path: String, jobs: Int) throws(RenderOutputError) {
        let canvas = RenderCanvas(timeline: timeline)
        // Video has no alpha: frames are shown over the background made opaque (docs/format.md §5.6).
        let bg = canvas.background
        func level(_ c: Double) -> UInt8 { UInt8((c.isNaN ? 0 : min(max(c, 0), 1) * 255).rounded()) }
        let matte = RGBA8(level(bg[0]), level(bg[1]), level(bg[2]))
        let encoder = try VideoEncoder(path: path, width: canvas.width, height: canvas.height, fps: fps, matte: matte)
        let progress = TerminalProgress(total: count)
        defer { progress.finish() }
        do {
            try FramePipeline.run(
                timeline: timeline, frames: count, fps: fps, jobs: jobs, produce: { _, image in image },
                deliver: { k, image throws(RenderOutputError) in
                    try encoder.append(image)
                    progress.update(done: k + 1)
                })
            try encoder.finish()
        } catch {
            encoder.cancel()
            throw error
        }
    }

}
