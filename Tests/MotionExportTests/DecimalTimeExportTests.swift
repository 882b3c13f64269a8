import Foundation
import MotionCore
import MotionTimeline
import Testing

@testable import MotionExport

/// Exports change on the frame a decimal sum of times names, as run and play do (docs/format.md §2.2).
@Suite("Exports at decimal sums of times")
struct DecimalTimeExportTests {
    /// A tween from 160 to 120 over 0.1 s, three times, after a delay of 0.1 s: its passes start
    /// at 0.2 and 0.3 s (frames 12 and 18 at 60 fps), though 0.1 + 2 x 0.1 is 0.30000000000000004.
    @Test("each pass of a repeat starts on the frame of its decimal start")
    func passesStartOnTheirFrames() throws {
        let timeline = try bake(
            cardDocument(
                """
                      - { add: tween, target: "#card", property: position.y, from: 160, to: 120, duration: 0.1, delay: 0.1, repeat: 3 }
                """))
        let curve = TimelineTracks(timeline).curve(layer: 0, property: .position, component: 1)
        for frame in [12, 18] {
            let t = Double(frame) / 60
            #expect(curve.value(at: t) == 160, "frame \(frame)")
            #expect(abs(curve.value(at: Double(frame - 1) / 60) - (160 - 40 * (1 - 1.0 / 6))) < 1e-9, "frame \(frame - 1)")
        }
        #expect(curve.value(at: 0.4) == 120)
        #expect(curve.method == .exact)
    }

    /// A jump that is the last thing to happen: at 0.03 + 0.27 s (the frame at 0.3 s ends the
    /// timeline), and at 0.5 s from the start.
    @Test("a jump on the last frame is in every export", arguments: [("0.03", "0.27", 18), ("0", "0.5", 30)])
    func aJumpOnTheLastFrameIsExported(at: String, delay: String, frame: Int) throws {
        let timeline = try bake(
            """
            motion: 1
            canvas: { size: [200, 200], fps: 60 }
            targets: { box: { layer: { position: [100, 100], size: [40, 40] } } }
            transactions:
              - at: \(at)
                ops: [{ add: tween, target: "#box", property: opacity, from: 0.2, to: 0.5, duration: 0, delay: \(delay) }]
            """)
        let end = Double(frame) / 60
        #expect(timeline.end == end)
        let tracks = TimelineTracks(timeline)
        let curve = tracks.curve(layer: 0, property: .opacity, component: 0, limit: 0...1)
        #expect(curve.value(at: Double(frame - 1) / 60) == 0.2)
        #expect(curve.value(at: end) == 0.5)
        // The keyframes players get: 0.2 held until a jump lead before the end, then 0.5.
        let keyframes = PlayerKeyframes.keyframes([curve])
        #expect(keyframes.last?.time == end && keyframes.last?.values == [0.5])
        #expect(keyframes.contains { $0.values == [0.2] && $0.hold && $0.time > Double(frame - 1) / 60 })
        // Lottie: opacity x 100 at the last keyframe, on the last frame.
        let lottie = try #require(
            try JSONSerialization.jsonObject(with: Data(LottieExporter.export(tracks).bytes)) as? [String: Any])
        let layer = try #require((lottie["layers"] as? [[String: Any]])?.first)
        let opacity = try #require((layer["ks"] as? [String: Any])?["o"] as? [String: Any])
        let last = try #require((opacity["k"] as? [[String: Any]])?.last)
        #expect(last["t"] as? Double == Double(frame) && last["s"] as? [Double] == [50])
    }

    /// CSS repeats a tween with the browser's own iteration. Where its passes jump (from 120 back
    /// to 160), the browser starts it 10 us early, so that its rounding of (0.3 - 0.1) / 0.1 to
    /// just below 2 cannot show the end of the second pass on the frame at 0.3 s where the third
    /// starts; a repeat that turns back (autoreverse) or ends where it starts keeps its delay.
    @Test(
        "CSS starts an iterated repeat whose passes jump a jump lead early",
        arguments: [
            ("from: 160, to: 120", "m0-translate 0.1s linear 0.09999s 3 normal both"),
            ("from: 160, to: 120, autoreverse: true", "m0-translate 0.1s linear 0.1s 6 alternate both"),
            ("values: [160, 120, 160]", "m0-translate 0.1s linear 0.1s 3 normal both"),
        ])
    func iteratedJumpsStartALeadEarly(values: String, entry: String) throws {
        let timeline = try bake(
            cardDocument(
                """
                      - { add: tween, target: "#card", property: position.y, \(values), duration: 0.1, delay: 0.1, repeat: 3 }
                """))
        let css = CSSExporter.export(TimelineTracks(timeline), page: false).text
        #expect(css.contains("animation: \(entry);"), "\(css.split(separator: "\n").filter { $0.contains("animation:") })")
    }
    /// The lead shifts every value of the animation by 10 us of its motion: a pass of 4 ms moves
    /// an eased opacity by 0.43% of its range in that time, more than a judge allows a value shown
    /// exactly (0.1%), so such a repeat keeps its delay; a pass of 0.1 s over 40 px moves 0.007 px.
    @Test("CSS leads a repeat only where the lead moves no value by more than a small share of its range")
    func shortPassesKeepTheirDelay() throws {
        let timeline = try bake(
            cardDocument(
                """
                      - { add: tween, target: "#card", property: opacity, values: [1, 0], duration: 0.004, repeat: 30, easing: easeIn }
                      - { add: tween, target: "#card", property: position.y, from: 160, to: 120, duration: 0.1, repeat: 3, easing: easeIn }
                """))
        let css = CSSExporter.export(TimelineTracks(timeline), page: false).text
        let entries = css.split(separator: "\n").filter { $0.contains("animation:") }.joined()
        #expect(entries.contains("m0-opacity 0.004s linear 0s 30 normal both"), "\(entries)")
        #expect(entries.contains("m0-translate 0.1s linear -1e-05s 3 normal both"), "\(entries)")
        // easeIn's steepest slope is 1.724 (dense sampling of cubic-bezier(0.42, 0, 1, 1)): the
        // lead moves the opacity by 1.724 x 1e-5 / 0.004 of its range.
        let animation = KeyframeAnimation(
            values: [.scalar(1), .scalar(0)], keyTimes: [0, 1], timingFunctions: [.named("easeIn") ?? .linear], beginTime: 0,
            duration: 0.004)
        let shift = CSSExporter.leadShift(animation, slots: [0]) * CSSExporter.leadTolerance
        #expect(abs(shift - 1.7241339 * 1e-5 / 0.004) < 1e-4)
    }

    /// Lottie's keyframes around the jumps of a 4 ms eased fade: played two leads faster and
    /// started a lead early, its passes would be off by 0.7% of the range (the judges allow 0.1%);
    /// cut at the lead instead, and held until their own start, they show easeIn exactly.
    @Test("Lottie shows the passes of a 4 ms repeat at their own times")
    func shortPassesInLottie() throws {
        let timeline = try bake(
            cardDocument(
                """
                      - { add: tween, target: "#card", property: opacity, values: [1, 0], duration: 0.004, delay: 0.1, repeat: 30, easing: easeIn }
                """, canvas: "canvas: { size: [200, 200], fps: 60 }"))
        let export = LottieExporter.export(TimelineTracks(timeline))
        // As written (in frames, rounded): in order, and as many as the report says.
        let opacity = try LottieKeyframes(export.bytes, key: "o")
        #expect(export.items.first { $0.property == "opacity" }?.keyframes == opacity.keyframes.count)
        #expect(export.items.first { $0.property == "opacity" }?.method == .exact)
        // Within each pass, and at every frame: 100 x (1 - easeIn(u)).
        var samples: [(seconds: Double, expected: Double)] = []
        for pass in 0..<30 {
            for u in [0.05, 0.25, 0.5, 0.75, 0.9, 0.99] {
                samples.append((0.1 + (Double(pass) + u) * 0.004, 100 * (1 - cssBezier(0.42, 0, 1, 1, u))))
            }
        }
        for frame in 6...14 {
            let passes = (Double(frame) / 60 - 0.1) / 0.004
            let pass = (passes + 1e-9).rounded(.down)
            let u = pass >= 30 ? 1 : max(passes - pass, 0)
            samples.append((Double(frame) / 60, u < 1e-9 ? 100 : 100 * (1 - cssBezier(0.42, 0, 1, 1, u))))
        }
        for (seconds, expected) in samples {
            let got = try opacity.value(at: seconds * 60)
            #expect(abs(got - expected) < 5e-3, "t=\(seconds): expected \(expected), got \(got)")
        }
    }
}
