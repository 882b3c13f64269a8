import Testing

@testable import MotionCore

@Suite struct KeyframesTests {
    let fiveKeyframes = Keyframes(
        values: [0, 10, 30, 50, 100].map { MotionValue.scalar($0) },
        offsets: [0, 0.2, 0.5, 0.5, 1],
        curves: [
            .linear, .cubicBezier(x1: 0.4, y1: 0, x2: 0.2, y2: 1), .cubicBezier(x1: 0.42, y1: 0, x2: 1, y2: 1),
            .cubicBezier(x1: 0, y1: 0, x2: 0.58, y2: 1),
        ])

    @Test(arguments: keyframeReference)
    func matchesIndependentEvaluation(p: Double, expected: Double) {
        #expect(abs(fiveKeyframes.value(atProgress: p)[0] - expected) < 1e-4)
        #expect(abs(fiveKeyframes.scalarValue(atProgress: p, component: 0) - expected) < 1e-4)
    }

    /// A zero-length segment (offsets 0.5, 0.5) jumps: just before it the segment before holds,
    /// at it the later keyframe's value.
    @Test func zeroLengthSegmentJumps() {
        #expect(fiveKeyframes.value(atProgress: 0.5) == .scalar(50))
        #expect(abs(fiveKeyframes.value(atProgress: 0.5.nextDown)[0] - 30) < 1e-6)
        let allEqual = Keyframes(values: [.scalar(1), .scalar(2), .scalar(3)], offsets: [0.5, 0.5, 0.5])
        #expect(allEqual.value(atProgress: 0.49) == .scalar(1))
        #expect(allEqual.value(atProgress: 0.5) == .scalar(3))
        #expect(allEqual.value(atProgress: 1) == .scalar(3))
    }

    @Test(arguments: [(-1.0, 1.0), (0.0, 1.0), (0.19, 1.0), (0.2, 1.0), (0.5, 2.0), (0.8, 3.0), (0.95, 3.0), (2.0, 3.0)])
    func holdsOutsideOffsets(p: Double, expected: Double) {
        // Offsets [0.2, 0.8]: linear from 1 to 3 between them, first/last value outside.
        let k = Keyframes(values: [.scalar(1), .scalar(3)], offsets: [0.2, 0.8])
        #expect(abs(k.value(atProgress: p)[0] - expected) < 1e-12)
    }

    @Test func defaultsAreFilledIn() {
        let k = Keyframes(values: [.scalar(0), .scalar(1), .scalar(2), .scalar(3), .scalar(4)])
        #expect(k.offsets == [0, 0.25, 0.5, 0.75, 1])
        #expect(k.curves == Array(repeating: .linear, count: 4))
        let one = Keyframes(values: [.scalar(7)], curves: [.cubicBezier(x1: 0.4, y1: 0, x2: 0.2, y2: 1)])
        #expect(one.offsets == [0])
        #expect(one.curves.count == 1)
        for p in [-1.0, 0, 0.5, 1, 2, .nan] { #expect(one.value(atProgress: p) == .scalar(7)) }
        let shared = Keyframes(values: [.scalar(0), .scalar(1), .scalar(2)], curves: [.cubicBezier(x1: 0.4, y1: 0, x2: 0.2, y2: 1)])
        #expect(shared.curves == Array(repeating: .cubicBezier(x1: 0.4, y1: 0, x2: 0.2, y2: 1), count: 2))
        #expect(Keyframes.defaultOffsets(count: 3) == [0, 0.5, 1])
        #expect(Keyframes.defaultOffsets(count: 0) == [])
    }

    @Test func invalidInputIsNormalisedNotTrapped() {
        let empty = Keyframes(values: [])
        #expect(empty.value(atProgress: 0.5) == .scalar(0))
        #expect(empty.scalarValue(atProgress: 0.5, component: 0) == 0)
        // Mismatched offsets fall back to defaults; decreasing, NaN and out-of-range ones are repaired.
        #expect(Keyframes(values: [.scalar(0), .scalar(1)], offsets: [0]).offsets == [0, 1])
        #expect(Keyframes(values: [.scalar(0), .scalar(1), .scalar(2)], offsets: [0.6, 0.2, 3]).offsets == [0.6, 0.6, 1])
        #expect(Keyframes(values: [.scalar(0), .scalar(1), .scalar(2)], offsets: [-1, .nan, 1]).offsets == [0, 0.5, 1])
        let k = Keyframes(values: [.scalar(0), .scalar(1)])
        #expect(k.value(atProgress: .nan) == .scalar(0))
        #expect(k.scalarValue(atProgress: 0.5, component: 9) == 0)
        #expect(k.scalarValue(atProgress: 0.5, component: -1) == 0)
    }

    @Test func multiComponentValuesInterpolatePerComponent() {
        let k = Keyframes(from: .color(1, 0, 0, 1), to: .color(0, 0, 1, 0.5))
        #expect(k.value(atProgress: 0.25) == .color(0.75, 0, 0.25, 0.875))
        #expect(k.value(atProgress: 0.25).kind == .color)
        #expect(k.scalarValue(atProgress: 0.25, component: 3) == 0.875)
    }

    /// With a million keyframes sampling must use a logarithmic search (a linear scan would take
    /// minutes for these samples). Values i at offsets i / (n - 1) make the value p (n - 1).
    @Test func millionKeyframesSampleQuickly() {
        let n = 1_000_000
        let k = Keyframes(values: (0..<n).map { .scalar(Double($0)) })
        var worst = 0.0
        for i in 0..<20_000 {
            let p = Double(i) / 20_000
            worst = max(worst, abs(k.scalarValue(atProgress: p, component: 0) - p * Double(n - 1)))
        }
        #expect(worst < 1e-6)
        #expect(k.value(atProgress: 1) == .scalar(Double(n - 1)))
    }
}
