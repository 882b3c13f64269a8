import Foundation
import MotionCore
import MotionPlans
import MotionScheduler
import MotionTimeline
import Testing

@testable import MotionRenderServer

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Frames drawn in parallel are the frames drawn one at a time through the render server, byte
/// for byte, delivered in order; a failure stops everything and is reported.
@Suite("Parallel frames")
struct PipelineTests {
    /// A Plans/ document baked to a timeline.
    func planTimeline(_ name: String) throws -> Timeline {
        Baker.bake(try loadPlan(name)).timeline
    }

    /// PNG bytes of every frame drawn by `jobs` workers, in delivery order.
    func pipelineFrames(_ timeline: Timeline, frames: Int, jobs: Int, inFlight: Int? = nil) throws -> [[UInt8]] {
        var delivered: [[UInt8]] = []
        var order: [Int] = []
        try FramePipeline.run(
            timeline: timeline, frames: frames, jobs: jobs, inFlight: inFlight,
            produce: { k, image throws(RenderOutputError) in try PNGWriter.encode(image, path: "frame-\(k).png") },
            deliver: { k, png in
                order.append(k)
                delivered.append(png)
            })
        #expect(order == Array(0..<frames))
        return delivered
    }

    @Test(arguments: ["card-expand.yaml", "color-pulse.yaml", "squash-ball.yaml"])
    func parallelFramesAreTheSerialServersFrames(plan: String) throws {
        let timeline = try planTimeline(plan)
        let frames = min(40, Int((timeline.end * timeline.canvas.fps).rounded(.down)) + 1)
        // Serial: the render server, one frame at a time, as `render --at` draws.
        let server = RenderServer(timeline: timeline)
        let serial = try (0..<frames).map { k in
            try PNGWriter.encode(try server.render(at: Double(k) / timeline.canvas.fps), path: "serial.png")
        }
        #expect(try pipelineFrames(timeline, frames: frames, jobs: 1) == serial)
        #expect(try pipelineFrames(timeline, frames: frames, jobs: 3, inFlight: 3) == serial)
        #expect(try pipelineFrames(timeline, frames: frames, jobs: 4, inFlight: 64) == serial)
        // Not every frame alike: the test would pass on a still image otherwise.
        #expect(Set(serial).count > 1)
    }

    @Test func aProducerFailureStopsTheRenderAndIsReported() throws {
        let timeline = try planTimeline("card-expand.yaml")
        var delivered: [Int] = []
        #expect(throws: RenderOutputError.file(FileError(path: "frame 5", reason: "simulated", kind: .write))) {
            try FramePipeline.run(
                timeline: timeline, frames: 30, jobs: 2,
                produce: { k, _ throws(RenderOutputError) in
                    if k == 5 { throw .file(FileError(path: "frame 5", reason: "simulated", kind: .write)) }
                    return k
                },
                deliver: { k, _ in delivered.append(k) })
        }
        #expect(delivered == [0, 1, 2, 3, 4])
    }

    @Test func aDeliveryFailureStopsTheWorkers() throws {
        let timeline = try planTimeline("card-expand.yaml")
        var delivered: [Int] = []
        #expect(throws: RenderOutputError.file(FileError(path: "disk", reason: "full", kind: .write))) {
            try FramePipeline.run(
                timeline: timeline, frames: 60, jobs: 2, inFlight: 2,
                produce: { k, _ in k },
                deliver: { k, _ throws(RenderOutputError) in
                    if k == 3 { throw .file(FileError(path: "disk", reason: "full", kind: .write)) }
                    delivered.append(k)
                })
        }
        #expect(delivered == [0, 1, 2])
    }

    @Test func anUndrawableCanvasIsReportedNotCrashed() {
        let timeline = squareTimeline(events: [])
        let empty = Timeline(
            name: "empty", canvas: Canvas(width: 0, height: 10, background: .color(1, 1, 1, 1), fps: 10),
            layers: timeline.layers, end: 1, events: [])
        #expect(throws: RenderOutputError.invalidCanvasSize(width: 0, height: 10)) {
            try FramePipeline.run(timeline: empty, frames: 3, jobs: 2, produce: { k, _ in k }, deliver: { _, _ in })
        }
    }
}

/// The progress bar's text (the terminal itself is not tested).
@Suite("Render progress")
struct TerminalProgressTests {
    /// A bar never wraps: the line is cut to the terminal's width, the bar first.
    @Test func theLineFitsNarrowTerminals() {
        let line = TerminalProgress.line(done: 120, total: 240, elapsed: 4)
        #expect(TerminalProgress.fitted(line, columns: 200) == line)
        #expect(TerminalProgress.fitted(line, columns: 45) == "120/240 frames  30.0 fps  4.0 s left")
        for columns in [1, 10, 30, 44] {
            let fitted = TerminalProgress.fitted(line, columns: columns)
            #expect(fitted.count < columns || (columns == 1 && fitted.isEmpty), "\(columns): \(fitted)")
        }
    }

    @Test func lineShowsFramesRateAndTimeLeft() {
        #expect(
            TerminalProgress.line(done: 120, total: 240, elapsed: 4, width: 10)
                == "[#####.....]  120/240 frames  30.0 fps  4.0 s left")
        #expect(TerminalProgress.line(done: 240, total: 240, elapsed: 8, width: 4) == "[####]  240/240 frames  30.0 fps  0.0 s left")
        #expect(TerminalProgress.line(done: 1, total: 3, elapsed: 0.5, width: 3) == "[#..]  1/3 frames  2.0 fps  1.0 s left")
    }

    /// A bar drawn at its first item, microseconds after it was made, shows no rate: 1 frame
    /// over 1 microsecond read a million frames a second.
    @Test func inTheFirstTenthOfASecondRateAndTimeLeftAreUnknown() {
        #expect(TerminalProgress.line(done: 1, total: 3622, elapsed: 1e-6, width: 4) == "[....]  1/3622 frames  -- fps  -- s left")
        #expect(TerminalProgress.line(done: 5, total: 10, elapsed: 0.099, width: 2) == "[#.]  5/10 frames  -- fps  -- s left")
        #expect(TerminalProgress.line(done: 5, total: 10, elapsed: 0.1, width: 2) == "[#.]  5/10 frames  50.0 fps  0.1 s left")
    }

    @Test func beforeTheFirstFrameRateAndTimeLeftAreUnknown() {
        #expect(TerminalProgress.line(done: 0, total: 50, elapsed: 0, width: 5) == "[.....]  0/50 frames  -- fps  -- s left")
    }

    @Test func outOfRangeCountsAreClamped() {
        #expect(TerminalProgress.line(done: 9, total: 4, elapsed: 1, width: 4) == "[####]  4/4 frames  4.0 fps  0.0 s left")
        #expect(TerminalProgress.line(done: -1, total: 0, elapsed: 1, width: 2) == "[..]  0/1 frames  -- fps  -- s left")
    }
}

/// libpng is loaded when the first PNG is written; a missing library says what to install.
@Suite("Loading libpng")
struct LibPNGLoadingTests {
    @Test func theRuntimeLibraryLoads() throws {
        let png = try LibPNG.load(path: LibPNG.libraryName).get()
        #expect(png.versionString.hasPrefix("1.6."))
    }

    @Test func aMissingLibraryIsAnErrorThatSaysHowToInstallIt() {
        let path = "/nonexistent/motionc-tests/libpng16.so.16"
        guard case .failure(let error) = LibPNG.load(path: path) else {
            Issue.record("loading \(path) succeeded")
            return
        }
        #expect(error.description.contains(path))
        #expect(error.description.contains("apt-get install libpng16-16"))
        #expect(error.isEnvironmentFailure)
    }

    @Test func aLibraryWithoutLibpngsFunctionsIsAnError() {
        guard case .failure(.pngLibraryUnavailable(_, let reason)) = LibPNG.load(path: "libm.so.6") else {
            Issue.record("libm.so.6 loaded as libpng")
            return
        }
        #expect(reason.contains("png_access_version_number"), "\(reason)")
    }

    /// The encoder's bytes are a PNG that Cairo decodes back to the same pixels, including a
    /// translucent one (straight alpha is kept exactly in PNG).
    @Test func encodedBytesDecodeToTheSamePixels() throws {
        var rgba: [UInt8] = []
        for i in 0..<(7 * 5) { rgba += [UInt8(i * 7 % 256), UInt8(i * 13 % 256), UInt8(i * 29 % 256), 255] }
        let image = try #require(PixelBuffer(width: 7, height: 5, rgba: rgba))
        let dir = temporaryDirectory()
        let path = dir + "/libpng.png"
        try PNGWriter.write(encoded: try PNGWriter.encode(image, path: path), to: path)
        let bytes = try #require(FileManager.default.contents(atPath: path))
        #expect(Array(bytes.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        #expect(try PixelBuffer(contentsOfPNG: path) == image)
        // Opaque pixels are stored as RGB (colour type 2 in the IHDR chunk), a quarter fewer bytes.
        #expect(bytes[25] == 2)
    }

    @Test func translucentPixelsKeepTheirAlpha() throws {
        let pixels: [RGBA8] = [red, RGBA8(10, 20, 30, 0), RGBA8(200, 100, 50, 128), white, blue, RGBA8(1, 2, 3, 254)]
        let image = try #require(PixelBuffer(width: 3, height: 2, rgba: pixels.flatMap { [$0.r, $0.g, $0.b, $0.a] }))
        #expect(!image.isOpaque)
        #expect(PixelBuffer(width: 5, height: 3, fill: red).isOpaque)
        let bytes = try PNGWriter.encode(image, path: "t.png")
        #expect(bytes[25] == 6)
        let dir = temporaryDirectory()
        try PNGWriter.write(encoded: bytes, to: dir + "/t.png")
        // Cairo decodes into premultiplied pixels: alpha comes back exactly, colour within rounding.
        let back = try PixelBuffer(contentsOfPNG: dir + "/t.png")
        for (i, expected) in pixels.enumerated() {
            let pixel = try #require(back.pixel(x: i % 3, y: i / 3))
            #expect(pixel.a == expected.a)
            if expected.a >= 128 { #expect(isClose(pixel, expected, tolerance: 1), "\(pixel) \(expected)") }
        }
    }
}
