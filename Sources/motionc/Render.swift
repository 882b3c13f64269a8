import ArgumentParser
import Foundation
import MotionPlans
import MotionRenderServer
import MotionTimeline

/// `motionc render FILE_OR_TIMELINE`: the render server draws frames as PNG images.
struct Render: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Draw frames of a document or baked timeline as PNG images.",
        discussion: """
            A document is baked in memory first; a timeline is recognised by its content \
            ({"timeline": 1, ...}) or a .json name. Frames are k / fps seconds up to the timeline's \
            end or --duration. --frames writes every frame; --sheet writes one contact sheet \
            (every Nth frame with --every N, else at most 24 frames evenly spaced, each labelled \
            with its time); --at S -o OUT.png writes the frame at S seconds at canvas size, \
            straight RGBA. Every image is written atomically. Drawing needs the Cairo runtime \
            library (libcairo.so.2; Debian: apt-get install libcairo2), loaded when drawing \
            starts. Exit status: 0; 1 for invalid input; 2 when a file cannot be read or written \
            or Cairo cannot be loaded.
            """)

    /// The most cells a sheet gets without --every.
    static let sheetCells = 24

    @Argument(help: "A motion document or a baked timeline.")
    var input: String

    @Flag(help: "Compile the reduced-motion variant: each op as its reducedMotion (or the document's) says.")
    var reducedMotion = false

    @Option(help: "Write every frame to this folder as frame-00000.png, frame-00001.png, ... (created if missing).")
    var frames: String?

    @Option(help: "Write a contact sheet of frames, each labelled with its time, to this PNG file.")
    var sheet: String?

    @Option(help: "With --sheet: put every Nth frame on the sheet.")
    var every: Int?

    @Option(help: "Draw the single frame at this time, in seconds (with -o).")
    var at: Double?

    @Option(name: .shortAndLong, help: "With --at: where to write the frame.")
    var output: String?

    @Option(help: "Seconds of frames for --frames and --sheet (default: the timeline's end).")
    var duration: Double?

    func validate() throws {
        guard frames != nil || sheet != nil || at != nil else {
            throw ValidationError("say what to draw: --frames DIR, --sheet OUT.png, or --at S -o OUT.png")
        }
        if at != nil, output == nil { throw ValidationError("--at needs -o OUT.png") }
        if output != nil, at == nil { throw ValidationError("-o is the output of --at; pass --at S too") }
        if let at, !(at.isFinite && at >= 0) { throw ValidationError("--at must be a finite number of seconds >= 0") }
        if let every, every < 1 { throw ValidationError("--every must be at least 1") }
        if every != nil, sheet == nil { throw ValidationError("--every applies to --sheet") }
        if let duration, !(duration.isFinite && duration >= 0) {
            throw ValidationError("--duration must be a finite number of seconds >= 0")
        }
    }

    func run() throws {
        let timeline = try TimelineInput.load(path: input, reducedMotion: reducedMotion)
        let server = RenderServer(timeline: timeline)
        do {
            try server.canvas.validate()
        } catch {
            StandardStreams.error("motionc: \(input): \(error)")
            throw ExitCode(1)
        }
        do {
            // Before anything is written: without Cairo, no output at all.
            try FrameRenderer.loadCairo()
        } catch {
            StandardStreams.error("motionc: \(error)")
            throw ExitCode(2)
        }
        let fps = timeline.canvas.fps
        if let at, let output {
            try write(try draw(server, at: at), to: output)
        }
        guard frames != nil || sheet != nil else { return }
        let count = try TimelineInput.frameCount(seconds: duration ?? timeline.end, fps: fps)
        if let frames {
            do {
                try FileManager.default.createDirectory(atPath: frames, withIntermediateDirectories: true)
            } catch {
                StandardStreams.error("motionc: cannot create folder '\(frames)': \(error.localizedDescription)")
                throw ExitCode(2)
            }
            let base = frames.hasSuffix("/") ? String(frames.dropLast()) : frames
            for k in 0..<count {
                let digits = String(k)
                let name = "frame-" + String(repeating: "0", count: max(0, 5 - digits.count)) + digits + ".png"
                try write(try draw(server, at: Double(k) / fps), to: base + "/" + name)
            }
        }
        if let sheet {
            let picked = Self.sheetFrames(count: count, every: every)
            // Cells are drawn at cell scale from the layer trees, never as full frames.
            let cells = picked.map { k in
                let t = Double(k) / fps
                return (time: t, layers: server.snapshots(at: t))
            }
            let image: PixelBuffer
            do {
                image = try ContactSheet(canvas: server.canvas, frames: cells).render()
            } catch {
                StandardStreams.error("motionc: \(error)")
                throw ExitCode(Self.exitCode(for: error))
            }
            try write(image, to: sheet)
        }
    }

    /// The frame indices a sheet shows: every Nth, or at most ``sheetCells`` evenly spaced
    /// (always the first and the last).
    static func sheetFrames(count: Int, every: Int?) -> [Int] {
        guard count > 0 else { return [] }
        if let every { return Array(stride(from: 0, to: count, by: max(1, every))) }
        guard count > sheetCells else { return Array(0..<count) }
        var picked: [Int] = []
        for i in 0..<sheetCells {
            let k = Int((Double(i) * Double(count - 1) / Double(sheetCells - 1)).rounded())
            if picked.last != k { picked.append(k) }
        }
        return picked
    }

    private func draw(_ server: RenderServer, at t: Double) throws -> PixelBuffer {
        do {
            return try server.render(at: t)
        } catch {
            StandardStreams.error("motionc: \(error)")
            throw ExitCode(Self.exitCode(for: error))
        }
    }

    /// 2 for what the environment lacks (the Cairo library), 1 for what the input asks for.
    private static func exitCode(for error: RenderOutputError) -> Int32 {
        if case .cairoUnavailable = error { return 2 }
        return 1
    }

    private func write(_ image: PixelBuffer, to path: String) throws {
        do {
            try PNGWriter.write(image, to: path)
        } catch {
            StandardStreams.error("motionc: \(error)")
            throw ExitCode(2)
        }
    }
}
