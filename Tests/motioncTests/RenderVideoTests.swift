import Foundation
import Testing

/// `motionc render --video`: frames piped to ffmpeg make one file whose frame count, size and
/// duration ffprobe reads back, and whose frames look like `render --at`'s.
@Suite("render --video")
struct RenderVideoTests {
    /// ffmpeg and ffprobe on PATH; nil (with the reason printed) when absent outside CI, where a
    /// designer's machine may lack them. In CI (`CI` set) their absence fails the test.
    static func tools() -> (ffmpeg: String, ffprobe: String)? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        func find(_ name: String) -> String? {
            path.split(separator: ":").map { "\($0)/\(name)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
        }
        if let ffmpeg = find("ffmpeg"), let ffprobe = find("ffprobe") { return (ffmpeg, ffprobe) }
        if ProcessInfo.processInfo.environment["CI"] != nil {
            Issue.record("ffmpeg/ffprobe are missing in CI; .ci/run installs them (apt-get install ffmpeg)")
        } else {
            print("skipped: ffmpeg or ffprobe is not on PATH (apt-get install ffmpeg)")
        }
        return nil
    }

    static func probe(_ ffprobe: String, _ file: String) throws -> [String: String] {
        let result = try Motionc.runShell(
            "'\(ffprobe)' -v error -count_frames -select_streams v:0 "
                + "-show_entries stream=nb_read_frames,width,height:format=duration -of default=noprint_wrappers=1 '\(file)'")
        var fields: [String: String] = [:]
        for line in result.stdout.split(separator: "\n") {
            let parts = line.split(separator: "=", maxSplits: 1).map(String.init)
            if parts.count == 2 { fields[parts[0]] = parts[1] }
        }
        return fields
    }

    /// Frame `k` of a video decoded by ffmpeg as straight RGBA bytes.
    static func decodedFrame(_ ffmpeg: String, _ file: String, _ k: Int, to raw: String) throws -> [UInt8] {
        let result = try Motionc.runShell(
            "'\(ffmpeg)' -v error -y -i '\(file)' -vf 'select=eq(n\\,\(k))' -frames:v 1 -f rawvideo -pix_fmt rgba '\(raw)'")
        #expect(result.status == 0, "\(result.stderr)")
        return [UInt8](FileManager.default.contents(atPath: raw) ?? Data())
    }

    /// Straight RGBA bytes of a PNG, decoded by ffmpeg too (so both sides use one decoder).
    static func pngPixels(_ ffmpeg: String, _ png: String, to raw: String) throws -> [UInt8] {
        let result = try Motionc.runShell("'\(ffmpeg)' -v error -y -i '\(png)' -f rawvideo -pix_fmt rgba '\(raw)'")
        #expect(result.status == 0, "\(result.stderr)")
        return [UInt8](FileManager.default.contents(atPath: raw) ?? Data())
    }

    @Test(arguments: ["mp4", "webm", "gif"])
    func videoHasEveryFrameAtTheCanvasSizeAndLooksLikeRenderAt(container: String) throws {
        guard let (ffmpeg, ffprobe) = Self.tools() else { return }
        let dir = try Motionc.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let video = dir.appendingPathComponent("card.\(container)").path
        // card-expand: 360x640 at 60 fps; 1 s is frames 0...60.
        let result = try Motionc.run(["render", "Plans/card-expand.yaml", "--duration", "1", "--video", video])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.isEmpty, "no progress bar when standard error is not a terminal: \(result.stderr)")
        let fields = try Self.probe(ffprobe, video)
        #expect(fields["width"] == "360" && fields["height"] == "640", "\(fields)")
        // GIF keeps frame delays in whole hundredths of a second, so a 60 fps canvas is drawn at
        // 50 fps (delays of 2); the others keep 60 fps.
        let rate = container == "gif" ? 50 : 60
        #expect(fields["nb_read_frames"] == "\(rate + 1)", "\(fields)")
        let duration = Double(fields["duration"] ?? "") ?? 0
        #expect(abs(duration - Double(rate + 1) / Double(rate)) < 0.03, "\(fields)")
        // The frame at t = 0.5 s (mid-animation) against render --at 0.5, after lossy encoding:
        // a small mean difference and few pixels far off.
        let png = dir.appendingPathComponent("at.png").path
        #expect(try Motionc.run(["render", "Plans/card-expand.yaml", "--at", "0.5", "-o", png]).status == 0)
        let expected = try Self.pngPixels(ffmpeg, png, to: dir.appendingPathComponent("at.raw").path)
        let decoded = try Self.decodedFrame(ffmpeg, video, rate / 2, to: dir.appendingPathComponent("frame.raw").path)
        try #require(decoded.count == expected.count && !expected.isEmpty)
        var total = 0
        var far = 0
        for i in stride(from: 0, to: expected.count, by: 4) {
            let d = (0..<3).map { abs(Int(decoded[i + $0]) - Int(expected[i + $0])) }.max() ?? 0
            total += d
            if d > 48 { far += 1 }
        }
        let pixels = expected.count / 4
        #expect(Double(total) / Double(pixels) < 6, "mean difference \(Double(total) / Double(pixels))")
        #expect(Double(far) / Double(pixels) < 0.02, "\(far) of \(pixels) pixels differ by more than 48")
        // Another frame differs: the video moves.
        let first = try Self.decodedFrame(ffmpeg, video, 0, to: dir.appendingPathComponent("first.raw").path)
        #expect(first != decoded)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { $0.hasSuffix(".partial") }
        #expect(leftovers.isEmpty)
    }

    /// A layer fading in on a transparent or translucent canvas fades in over the background
    /// made opaque: video has no alpha, and ffmpeg dropping it would show the layer at full
    /// strength from its first visible frame. Expected pixels are computed here: the layer's red
    /// at the tween's opacity over the opaque background.
    @Test(arguments: ["mp4", "webm", "gif"])
    func translucentPixelsAreCompositedOverTheOpaqueBackground(container: String) throws {
        guard let (ffmpeg, _) = Self.tools() else { return }
        let dir = try Motionc.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        for (background, rgb) in [("#FFFFFF00", (255.0, 255.0, 255.0)), ("#3366CC80", (51.0, 102.0, 204.0))] {
            let document = dir.appendingPathComponent("fade.yaml")
            try """
            motion: 1
            canvas: { size: [40, 40], background: "\(background)", fps: 10 }
            targets:
              a: { layer: { position: [20, 20], size: [24, 24], backgroundColor: "#FF0000", opacity: 0 } }
            transactions:
              - ops:
                  - { add: tween, target: "#a", property: opacity, from: 0, to: 1, duration: 1 }
            """.write(to: document, atomically: true, encoding: .utf8)
            let video = dir.appendingPathComponent("fade.\(container)").path
            let result = try Motionc.run(["render", document.path, "--duration", "1", "--video", video])
            try #require(result.status == 0, "\(result.stderr)")
            for k in [2, 4] {
                let opacity = Double(k) / 10
                let frame = try Self.decodedFrame(ffmpeg, video, k, to: dir.appendingPathComponent("f.raw").path)
                try #require(frame.count == 40 * 40 * 4)
                let i = (20 * 40 + 20) * 4
                let expected = [255 * opacity + rgb.0 * (1 - opacity), rgb.1 * (1 - opacity), rgb.2 * (1 - opacity)]
                // Lossy encoding (yuv420p, a GIF palette) moves a level by a few steps.
                for c in 0..<3 {
                    #expect(
                        abs(Double(frame[i + c]) - expected[c]) <= 12,
                        "\(container) over \(background), t = \(opacity): \(frame[i..<(i + 3)]) against \(expected)")
                }
            }
        }
    }

    @Test func missingFFmpegExitsTwoNamingThePackageAndWritesNothing() throws {
        let dir = try Motionc.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let video = dir.appendingPathComponent("out.mp4").path
        let result = try Motionc.runShell(
            "PATH=/nonexistent '\(Motionc.binary.path)' render Plans/card-expand.yaml --video '\(video)'")
        #expect(result.status == 2)
        #expect(result.stderr.contains("install ffmpeg (apt-get install ffmpeg)"), "\(result.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).isEmpty)
    }

    @Test func aFailingFFmpegLeavesNoPartialVideo() throws {
        let dir = try Motionc.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        // An ffmpeg that reads a little and fails, first on PATH.
        let fake = dir.appendingPathComponent("bin")
        try FileManager.default.createDirectory(at: fake, withIntermediateDirectories: true)
        let script = fake.appendingPathComponent("ffmpeg")
        try "#!/bin/sh\nhead -c 1000 >/dev/null\necho 'simulated encoder failure' >&2\nexit 1\n".write(
            to: script, atomically: true, encoding: .utf8)
        #expect(chmod(script.path, 0o755) == 0)
        let video = dir.appendingPathComponent("out.webm").path
        let result = try Motionc.runShell(
            "PATH='\(fake.path)':/usr/bin:/bin '\(Motionc.binary.path)' render Plans/card-expand.yaml --video '\(video)'")
        #expect(result.status == 2)
        #expect(result.stderr.contains("simulated encoder failure"), "\(result.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["bin"])
    }

    @Test func unknownVideoExtensionsAreUsageErrors() throws {
        let result = try Motionc.run(["render", "Plans/card-expand.yaml", "--video", "/tmp/out.avi"])
        #expect(result.status == 64)
        #expect(result.stderr.contains(".mp4, .webm or .gif"), "\(result.stderr)")
        // PNG outputs named as another image format would hold PNG bytes under the wrong name.
        for arguments in [["--sheet", "/tmp/sheet.jpg"], ["--at", "0", "-o", "/tmp/frame.webp"]] {
            let image = try Motionc.run(["render", "Plans/card-expand.yaml"] + arguments)
            #expect(image.status == 64, "\(arguments)")
            #expect(image.stderr.contains("writes a PNG image: name it .png"), "\(image.stderr)")
        }
    }

    @Test func videoOfACanvasUnderTwoPixelsSaysSo() throws {
        let dir = try Motionc.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let document = try Motionc.write(
            "motion: 1\ncanvas: { size: [1, 1] }\ntargets: { a: {} }\n"
                + "transactions: [{ ops: [{ add: tween, target: \"#a\", property: opacity, to: 0.5, duration: 0.1 }] }]\n",
            to: "dot.yaml", in: dir)
        let result = try Motionc.run(["render", document.path, "--video", dir.appendingPathComponent("dot.mp4").path])
        #expect(result.status == 1)
        #expect(result.stderr.contains("need a canvas of at least 2x2 pixels, and this one is 1x1"), "\(result.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["dot.yaml"])
    }

    @Test func framesFromTheCommandLineAreTheSameWithOneOrManyJobs() throws {
        let dir = try Motionc.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let one = dir.appendingPathComponent("one").path
        let many = dir.appendingPathComponent("many").path
        #expect(try Motionc.run(["render", "Plans/squash-ball.yaml", "--duration", "0.5", "--frames", one, "--jobs", "1"]).status == 0)
        #expect(try Motionc.run(["render", "Plans/squash-ball.yaml", "--duration", "0.5", "--frames", many, "--jobs", "3"]).status == 0)
        let names = try FileManager.default.contentsOfDirectory(atPath: one).sorted()
        #expect(names.count == 31 && names.first == "frame-00000.png" && names.last == "frame-00030.png")
        #expect(try FileManager.default.contentsOfDirectory(atPath: many).sorted() == names)
        for name in names {
            #expect(FileManager.default.contents(atPath: one + "/" + name) == FileManager.default.contents(atPath: many + "/" + name))
        }
        // A shorter render into the same folder says which frames are left from the longer one.
        let shorter = try Motionc.run(["render", "Plans/squash-ball.yaml", "--duration", "0.2", "--frames", one])
        #expect(shorter.status == 0)
        #expect(
            shorter.stderr.contains("also holds 18 frames of an earlier render (frame-00013.png to frame-00030.png)"),
            "\(shorter.stderr)")
        let again = try Motionc.run(["render", "Plans/squash-ball.yaml", "--duration", "0.5", "--frames", one])
        #expect(again.status == 0 && again.stderr.isEmpty, "\(again.stderr)")
    }
}

/// `motionc render --frames` stops at the first frame it cannot write and leaves no partial file.
@Suite("render --frames failures")
struct RenderFramesFailureTests {
    @Test func aFrameThatCannotBeWrittenStopsTheRender() throws {
        let dir = try Motionc.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        // A folder where frame 3 should go: renaming the finished file over it fails.
        try FileManager.default.createDirectory(
            at: dir.appendingPathComponent("frame-00003.png/inside"), withIntermediateDirectories: true)
        let result = try Motionc.run(["render", "Plans/card-expand.yaml", "--frames", dir.path, "--jobs", "2"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("frame-00003.png"), "\(result.stderr)")
        let names = try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted()
        #expect(names == ["frame-00000.png", "frame-00001.png", "frame-00002.png", "frame-00003.png"])
        for name in names.prefix(3) {
            #expect((try? PNGHeader.isPNG(dir.appendingPathComponent(name).path)) == true)
        }
    }
}

/// The first bytes of a PNG file.
enum PNGHeader {
    static func isPNG(_ path: String) throws -> Bool {
        let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        return Array(bytes.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    }
}
