import Foundation
import MotionCore
import Testing

@testable import MotionExport

/// rlottie and lottie-ios read a Lottie keyframe's first easing handle for all of a property's
/// dimensions (docs/export.md §3): every keyframe must carry one easing.
@Suite("One easing per Lottie keyframe")
struct SharedEasingExportTests {
    /// Dimension `d` of the first layer's transform property `key` at `frame`, as rlottie plays
    /// it: the first handle of each keyframe eases every dimension.
    static func firstHandleValue(_ bytes: [UInt8], key: String, dimension d: Int, at frame: Double) throws -> Double {
        let lottie = try #require(try JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any])
        let layer = try #require((lottie["layers"] as? [[String: Any]])?.first)
        let animated = try #require((layer["ks"] as? [String: Any])?[key] as? [String: Any])
        let keyframes = try #require(animated["k"] as? [[String: Any]])
        let times = keyframes.compactMap { $0["t"] as? Double }
        let k = try #require(times.lastIndex { $0 <= frame })
        let from = try #require((keyframes[k]["s"] as? [Double])?[d])
        guard k + 1 < keyframes.count, keyframes[k]["h"] as? Int != 1 else { return from }
        let to = try #require((keyframes[k + 1]["s"] as? [Double])?[d])
        let out = try #require(keyframes[k]["o"] as? [String: [Double]])
        let into = try #require(keyframes[k]["i"] as? [String: [Double]])
        let (x1, y1) = try (#require(out["x"]?.first), #require(out["y"]?.first))
        let (x2, y2) = try (#require(into["x"]?.first), #require(into["y"]?.first))
        let u = (frame - times[k]) / (times[k + 1] - times[k])
        return from + (to - from) * cssBezier(x1, y1, x2, y2, u)
    }

    @Test("a still scale.x takes the easing of the moving scale.y: exact in rlottie at every frame")
    func stillDimensionTakesTheMovingEasing() throws {
        let timeline = try bake(
            cardDocument(
                """
                      - { add: tween, target: "#card", property: scale.y, to: 0.2, duration: 1, easing: easeInOut }
                """, canvas: "canvas: { size: [200, 200], fps: 30 }"))
        let result = LottieExporter.export(TimelineTracks(timeline))
        for frame in 0...30 {
            let u = Double(frame) / 30
            // easeInOut is cubic-bezier(0.42, 0, 0.58, 1); scale 1 -> 0.2, in percent.
            let expected = 100 + (20 - 100) * cssBezier(0.42, 0, 0.58, 1, u)
            let shown = try Self.firstHandleValue(result.bytes, key: "s", dimension: 1, at: Double(frame))
            #expect(abs(shown - expected) < 1e-9, "frame \(frame): \(shown), not \(expected)")
            #expect(try Self.firstHandleValue(result.bytes, key: "s", dimension: 0, at: Double(frame)) == 100)
        }
        // Frame 5: 95.5 (the trace), where a linear handle on the still x made rlottie show 86.7.
        #expect(abs(try Self.firstHandleValue(result.bytes, key: "s", dimension: 1, at: 5) - 95.50953444964234) < 1e-9)
        let item = try #require(result.items.first { $0.property == "scale.y" })
        #expect(item.method == .exact)
    }

    @Test("scale.x and scale.y moving on different curves share fitted easings, within the budget, and say so")
    func differentCurvesShareFittedEasings() throws {
        let timeline = try bake(
            cardDocument(
                """
                      - { add: tween, target: "#card", property: scale.x, to: 2, duration: 1, easing: easeIn }
                      - { add: tween, target: "#card", property: scale.y, to: 0.5, duration: 1, easing: easeOut }
                """, canvas: "canvas: { size: [200, 200], fps: 30 }"))
        let result = LottieExporter.export(TimelineTracks(timeline))
        // easeIn is cubic-bezier(0.42, 0, 1, 1), easeOut cubic-bezier(0, 0, 0.58, 1); the budget
        // is 1e-3 of each range (1 and 0.5: below 1, so 1e-3), checked four times a frame.
        var largest = [0.0, 0.0]
        for quarter in 0...120 {
            let u = Double(quarter) / 120
            let expected = [1 + (2 - 1) * cssBezier(0.42, 0, 1, 1, u), 1 + (0.5 - 1) * cssBezier(0, 0, 0.58, 1, u)]
            for d in 0..<2 {
                let shown = try Self.firstHandleValue(result.bytes, key: "s", dimension: d, at: 30 * u) / 100
                largest[d] = max(largest[d], abs(shown - expected[d]))
            }
        }
        #expect(largest.allSatisfy { $0 <= 1e-3 }, "largest differences \(largest)")
        for (d, path) in ["scale.x", "scale.y"].enumerated() {
            let item = try #require(result.items.first { $0.property == path })
            #expect(item.method == .fitted)
            #expect(item.reason == LottieExporter.sharedEasingNote)
            #expect(item.maxError <= 1e-3)
            // The report's error is measured more densely than the check above: at least as large.
            #expect(item.maxError >= largest[d] * 0.99)
        }
    }

    @Test("keyframes whose still dimensions take the moving one's easing are otherwise unchanged")
    func stillDimensionsOnly() {
        let easeOut = TimingCurve.cubicBezier(x1: 0, y1: 0, x2: 0.58, y2: 1)
        let keyframes = [
            PlayerKeyframe(time: 0, values: [0, 1, 2, 1], easings: [.linear, .linear, easeOut, .linear], hold: false),
            PlayerKeyframe(time: 1, values: [0, 1, 5, 1], easings: [.linear, easeOut, .linear, .linear], hold: true),
            PlayerKeyframe(time: 2, values: [0, 1, 5, 1], easings: [], hold: false),
        ]
        let (shared, errors) = PlayerKeyframes.sharingEasings(keyframes, tolerances: [1e-3, 1e-3, 1e-3, 1e-3], checkStep: 1.0 / 120)
        #expect(errors == [0, 0, 0, 0])
        #expect(shared.count == 3)
        #expect(shared[0].easings == [easeOut, easeOut, easeOut, easeOut])
        // A hold keeps its own.
        #expect(shared[1] == keyframes[1])
        #expect(shared[2] == keyframes[2])
    }
    @Test("values whose differences overflow share an easing without trapping, in at most 4096 pieces")
    func overflowingValues() {
        let easeIn = TimingCurve.cubicBezier(x1: 0.42, y1: 0, x2: 1, y2: 1)
        let easeOut = TimingCurve.cubicBezier(x1: 0, y1: 0, x2: 0.58, y2: 1)
        let keyframes = [
            PlayerKeyframe(time: 0, values: [-1e308, 0], easings: [easeIn, easeOut], hold: false),
            PlayerKeyframe(time: 1, values: [1e308, 1], easings: [], hold: false),
        ]
        let (shared, errors) = PlayerKeyframes.sharingEasings(keyframes, tolerances: [1e305, 1e-3], checkStep: 1.0 / 240)
        #expect(errors.count == 2)
        #expect(shared.count >= 2 && shared.count <= 4097)
        #expect(shared.first?.values == [-1e308, 0])
        #expect(shared.last == keyframes[1])
        #expect(shared.dropLast().allSatisfy { Set($0.easings).count == 1 })
    }
}
