import Foundation
import MotionCore
import MotionPlans
import MotionRenderServer
import MotionTimeline

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `render --frames` as the user runs it: 50 animated layers at 1080x1920, every frame sampled,
/// drawn, encoded as PNG and written to a folder (wall time). Baseline in the same run: the
/// render path before the frame pipeline, one frame at a time through the render server, encoded
/// by Cairo's own PNG writer (zlib's default level, adaptive filters).
enum RenderFramesBenchmark {
    static func run(frames: Int, rounds: Int) -> Bool {
        let timeline = RenderServerBenchmark.timeline(
            layers: 50, perLayer: 5, size: 1080, height: 1920, layerSize: (200, 140))
        guard let cairoPNG = CairoPNG() else {
            print("render --frames: cannot load libcairo.so.2 for the baseline")
            return false
        }
        let folder = NSTemporaryDirectory() + "motionc-benchmark-frames-\(getpid())"
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let server = RenderServer(timeline: timeline)
        let fps = timeline.canvas.fps
        let cores = FramePipeline.defaultJobs
        var failed = false
        var cairoBytes = 0
        var libpngBytes = 0
        func pipeline(jobs: Int) {
            do {
                try FramePipeline.run(
                    timeline: timeline, frames: frames, jobs: jobs,
                    produce: { k, image throws(RenderOutputError) in try PNGWriter.encode(image, path: "frame-\(k).png") },
                    deliver: { k, png throws(RenderOutputError) in
                        try PNGWriter.write(encoded: png, to: folder + "/new-\(k).png")
                        libpngBytes = png.count
                    })
            } catch {
                print("render --frames: \(error)")
                failed = true
            }
        }
        let bodies: [() -> Void] = [
            {
                for k in 0..<frames {
                    guard let image = try? server.render(at: Double(k) / fps), let png = cairoPNG.encode(image) else {
                        failed = true
                        return
                    }
                    cairoBytes = png.count
                    do { try PNGWriter.write(encoded: png, to: folder + "/old-\(k).png") } catch { failed = true }
                }
            },
            { pipeline(jobs: 1) },
            { pipeline(jobs: cores) },
        ]
        let cpu = Measure.alternating(rounds: rounds, clock: Measure.processCPU, bodies)
        guard !failed else { return false }
        let wall = Measure.alternating(rounds: rounds, clock: Measure.wallClock, bodies)
        let f = Double(frames)
        func ms(_ seconds: Double) -> String { Measure.fixed(seconds / f * 1e3, 1) }
        print(
            "render --frames: 50 layers at 1080x1920, \(frames) frames, best of \(rounds) alternating rounds: "
                + "wall time (what the user waits) and CPU time of all threads (steady on a shared machine)")
        print(
            "  before: one at a time, Cairo's PNG writer   \(Measure.fixed(f / wall[0], 1)) fps   \(ms(cpu[0])) ms CPU a frame   (\(cairoBytes / 1024) KiB)"
        )
        print(
            "  libpng, 1 worker                            \(Measure.fixed(f / wall[1], 1)) fps   \(ms(cpu[1])) ms CPU a frame   (\(libpngBytes / 1024) KiB)"
        )
        print(
            "  libpng, \(cores) workers                           \(Measure.fixed(f / wall[2], 1)) fps   \(ms(cpu[2])) ms CPU a frame   "
                + "ratio \(Measure.fixed(wall[0] / wall[2], 1))x wall, \(Measure.fixed(cpu[0] / cpu[2], 1))x CPU   (goal >= 30 fps on 2 cores)"
        )
        return true
    }
}

/// Cairo's own PNG writer, loaded for the baseline: what `render` used before libpng.
private struct CairoPNG {
    typealias Write = @convention(c) (UnsafeMutableRawPointer?, UnsafePointer<UInt8>?, UInt32) -> Int32
    let createForData: @convention(c) (UnsafeMutablePointer<UInt8>?, Int32, Int32, Int32, Int32) -> OpaquePointer?
    let writeToPNGStream: @convention(c) (OpaquePointer?, Write, UnsafeMutableRawPointer?) -> Int32
    let destroy: @convention(c) (OpaquePointer?) -> Void

    init?() {
        guard let handle = dlopen("libcairo.so.2", RTLD_NOW), let a = dlsym(handle, "cairo_image_surface_create_for_data"),
            let b = dlsym(handle, "cairo_surface_write_to_png_stream"), let c = dlsym(handle, "cairo_surface_destroy")
        else { return nil }
        createForData = unsafeBitCast(
            a, to: (@convention(c) (UnsafeMutablePointer<UInt8>?, Int32, Int32, Int32, Int32) -> OpaquePointer?).self)
        writeToPNGStream = unsafeBitCast(b, to: (@convention(c) (OpaquePointer?, Write, UnsafeMutableRawPointer?) -> Int32).self)
        destroy = unsafeBitCast(c, to: (@convention(c) (OpaquePointer?) -> Void).self)
    }

    /// Premultiplies into an ARGB32 surface (as the old writer did) and encodes it.
    func encode(_ image: PixelBuffer) -> [UInt8]? {
        var argb = [UInt8](repeating: 0, count: image.rgba.count)
        image.rgba.withUnsafeBufferPointer { rgba in
            for i in stride(from: 0, to: rgba.count, by: 4) {
                let a = UInt32(rgba[i + 3])
                argb[i] = UInt8((UInt32(rgba[i + 2]) * a + 127) / 255)
                argb[i + 1] = UInt8((UInt32(rgba[i + 1]) * a + 127) / 255)
                argb[i + 2] = UInt8((UInt32(rgba[i]) * a + 127) / 255)
                argb[i + 3] = UInt8(a)
            }
        }
        final class Sink { var bytes: [UInt8] = [] }
        let sink = Sink()
        let status = argb.withUnsafeMutableBufferPointer { pixels -> Int32 in
            guard let surface = createForData(pixels.baseAddress, 0, Int32(image.width), Int32(image.height), Int32(image.width * 4))
            else { return -1 }
            defer { destroy(surface) }
            return writeToPNGStream(
                surface,
                { closure, data, length in
                    guard let closure, let data else { return 11 }
                    Unmanaged<Sink>.fromOpaque(closure).takeUnretainedValue().bytes.append(
                        contentsOf: UnsafeBufferPointer(start: data, count: Int(length)))
                    return 0
                }, Unmanaged.passUnretained(sink).toOpaque())
        }
        return status == 0 ? sink.bytes : nil
    }
}
