import Foundation
import MotionCore
import Testing

@testable import MotionExport

/// A repeat unrolled for a player stops after ``TimelineTracks/maximumPasses`` passes, and the
/// export says so (X002, docs/export.md §3).
@Suite("Repeats unrolled to the end, or said to stop")
struct UnrolledRepeatTests {
    /// A 0.1 s fade repeating forever, autoreversed, at 60 fps.
    static let blink = cardDocument(
        """
              - { add: tween, target: "#card", property: opacity, from: 1, to: 0, duration: 0.1, repeat: forever, autoreverse: true }
        """, canvas: "canvas: { size: [100, 100], fps: 60 }")

    /// The last keyframe time (frames) of the first layer's opacity in a Lottie file.
    static func lastOpacityFrame(_ bytes: [UInt8]) throws -> Double {
        let lottie = try #require(try JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any])
        let layer = try #require((lottie["layers"] as? [[String: Any]])?.first)
        let opacity = try #require((layer["ks"] as? [String: Any])?["o"] as? [String: Any])
        let keyframes = try #require(opacity["k"] as? [[String: Any]])
        return try #require(keyframes.last?["t"] as? Double)
    }

    @Test("12,000 s of 0.1 s passes: Lottie stops after 100,000 passes (10,000 s), reports it dropped and warns")
    func pastTheLimit() throws {
        let result = LottieExporter.export(TimelineTracks(try bake(Self.blink), duration: 12000))
        // 100,000 passes of 0.1 s end at 10,000 s: frame 600,000 at 60 fps.
        #expect(try Self.lastOpacityFrame(result.bytes) == 600_000)
        let item = try #require(result.items.first { $0.property == "opacity" })
        #expect(item.method == .dropped)
        #expect(item.reason?.contains("until 10000 s of the 12000 s exported") == true)
        #expect(result.findings.count == 1)
        #expect(result.findings.first?.kind == .cutShort)
        #expect(result.findings.first?.target == "card")
    }

    @Test("9,000 s of 0.1 s passes: unrolled to the end, exact, nothing to warn of")
    func withinTheLimit() throws {
        let result = LottieExporter.export(TimelineTracks(try bake(Self.blink), duration: 9000))
        // 90,000 passes: the last keyframe at 9,000 s, frame 540,000.
        #expect(try Self.lastOpacityFrame(result.bytes) == 540_000)
        let item = try #require(result.items.first { $0.property == "opacity" })
        #expect(item.method == .exact)
        #expect(item.keyframes == 90_001)
        #expect(result.findings.isEmpty)
    }

    @Test("CSS repeats a sole forever tween with its own iteration: nothing is cut at 12,000 s")
    func cssIterates() throws {
        let result = CSSExporter.export(TimelineTracks(try bake(Self.blink), duration: 12000), page: false)
        #expect(result.findings.isEmpty)
        #expect(result.items.allSatisfy { $0.method == .exact })
        #expect(result.text.contains("infinite"))
    }
}

/// Browsers snap border widths to whole device pixels: a CSS export reports a moving border width
/// approximated (docs/export.md §4).
@Suite("CSS border widths as browsers draw them")
struct BorderSnapTests {
    @Test("a 0 to 3 border over 1 s: approximated in CSS, largest error 0.975 (1 px drawn for 0.025 px), exact in Lottie")
    func borderWidthIsApproximated() throws {
        let timeline = try bake(
            cardDocument(
                """
                      - { add: tween, target: "#card", property: borderWidth, from: 0, to: 3, duration: 1, easing: linear }
                """, layer: "{ position: [100, 100], size: [100, 100], borderColor: \"#000000\" }",
                canvas: "canvas: { size: [200, 200], fps: 30 }"))
        let tracks = TimelineTracks(timeline)
        // Chromium draws 0 px for 0, 1 px for (0, 1), whole pixels below the width above; the
        // width at check time k / 120 s is 3k / 120 = k / 40 px.
        var expected = 0.0
        for k in 0...120 {
            let width = Double(k) / 40
            let drawn = width == 0 ? 0 : max(1, width.rounded(.down))
            expected = max(expected, abs(drawn - width))
        }
        #expect(abs(expected - 0.975) < 1e-12)
        for page in [true, false] {
            let item = try #require(CSSExporter.export(tracks, page: page).items.first { $0.property == "borderWidth" })
            #expect(item.method == .approximated)
            #expect(abs(item.maxError - expected) < 1e-12)
            #expect(item.line.hasPrefix("card borderWidth: approximated (2 keyframes, largest error 0.975; browsers snap"))
        }
        let lottie = try #require(LottieExporter.export(tracks).items.first { $0.property == "borderWidth" })
        #expect(lottie.method == .exact)
    }
}
