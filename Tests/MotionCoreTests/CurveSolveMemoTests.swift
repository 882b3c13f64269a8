import Foundation
import Synchronization
import Testing

@testable import MotionCore

/// The memo of cubic-bezier solves answers every solve bit for bit as a fresh solve does, whether
/// it remembers it, has had it replaced, or never saw it; and a trace sampled through it prints
/// the values sampled one by one without it.
@Suite struct CurveSolveMemoTests {
    typealias Generator = PresentationModelTests.Generator

    /// `y` where `x = u` on the curve, from the control-point (Bernstein) form by bisection to
    /// 1e-15 on x: independent of `UnitBezier`'s polynomial coefficients and Halley steps.
    static func bisected(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double, _ u: Double) -> Double {
        func bernstein(_ p1: Double, _ p2: Double, _ s: Double) -> Double {
            let r = 1 - s
            return 3 * r * r * s * p1 + 3 * r * s * s * p2 + s * s * s
        }
        var lo = 0.0
        var hi = 1.0
        for _ in 0..<200 where hi - lo > 1e-15 {
            let mid = (lo + hi) / 2
            if bernstein(x1, x2, mid) < u { lo = mid } else { hi = mid }
        }
        return bernstein(y1, y2, (lo + hi) / 2)
    }

    @Test("remembered, replaced and new solves are the fresh solves, bit for bit, and near the exact curve")
    func solvesMatchFreshOnes() {
        var g = Generator(state: 17)
        // A few curves (named ones and random ones) and a few progresses, solved in random
        // order many times: first 2 curves x 10 progresses (mostly remembered), then 7 x 40
        // pairs, more than the 64 slots hold (many replaced).
        var curves: [(Double, Double, Double, Double)] = [
            (0.4, 0, 0.2, 1), (0.05, 0.7, 0.1, 1), (0.42, 0, 0.58, 1), (0.3, 0, 0.8, 0.15),
        ]
        for _ in 0..<3 { curves.append((g.unit(), g.unit() * 2 - 0.5, g.unit(), g.unit() * 2 - 0.5)) }
        let progresses = (0..<40).map { _ in g.unit() }
        let pool = curves
        var memo = CurveSolveMemo()
        func solve(curves: Int, progresses count: Int, times: Int) {
            for _ in 0..<times {
                let (x1, y1, x2, y2) = pool[g.int(curves)]
                let u = progresses[g.int(count)]
                let curve = UnitBezier(x1: x1, y1: y1, x2: x2, y2: y2)
                let remembered = memo.solve(curve, u)
                #expect(remembered.bitPattern == UnitBezier(x1: x1, y1: y1, x2: x2, y2: y2).solve(u).bitPattern)
                #expect(abs(remembered - Self.bisected(x1, y1, x2, y2, u)) < 1e-9)
            }
        }
        solve(curves: 2, progresses: 10, times: 2_000)
        let few = memo.hits
        #expect(few > 1_500)
        solve(curves: curves.count, progresses: progresses.count, times: 3_000)
        // Some of the wider set were remembered, far from all.
        #expect(memo.hits > few)
        #expect(memo.hits - few < 2_000)
    }

    @Test("a curve that differs in one coefficient's last bit, or a progress one ulp away, is solved afresh")
    func nearbyInputsAreNotConfused() {
        var memo = CurveSolveMemo()
        let u = 0.37
        let a = UnitBezier(x1: 0.4, y1: 0, x2: 0.2, y2: 1)
        let b = UnitBezier(ax: a.ax.nextUp, bx: a.bx, cx: a.cx, ay: a.ay, by: a.by, cy: a.cy)
        let c = UnitBezier(ax: a.ax, bx: a.bx, cx: a.cx, ay: a.ay, by: a.by, cy: a.cy.nextUp)
        _ = memo.solve(a, u)
        #expect(memo.solve(b, u).bitPattern == b.solve(u).bitPattern)
        #expect(memo.solve(c, u).bitPattern == c.solve(u).bitPattern)
        #expect(memo.solve(a, u.nextUp).bitPattern == a.solve(u.nextUp).bitPattern)
        #expect(memo.solve(a, u).bitPattern == a.solve(u).bitPattern)
    }

    @Test("a trace of layers eased together prints what the model samples one value at a time")
    func traceRowsMatchPlainSampling() throws {
        let path = NSTemporaryDirectory() + "trace-curves-\(UUID().uuidString).csv"
        defer { unlink(path) }
        let count = 600
        let curves: [TimingCurve] = [
            .cubicBezier(x1: 0.4, y1: 0, x2: 0.2, y2: 1), .cubicBezier(x1: 0.05, y1: 0.7, x2: 0.1, y2: 1), .linear,
        ]
        // Opacity tweens with 5 delays and 3 curves (many layers share a curve and a progress),
        // rotation tweens of two segments with their own curve each.
        var events: [ChannelEvent] = []
        for i in 0..<count {
            let opacity = KeyframeAnimation(
                values: [.scalar(0), .scalar(Double(i % 7) / 7 + 0.1)], keyTimes: [0, 1], timingFunctions: [curves[i % 3]],
                beginTime: Double(i % 5) * 0.02, duration: 0.3)
            events.append(
                ChannelEvent(
                    time: 0, layer: i,
                    action: .add(
                        key: "o", path: PropertyPath(.opacity), animation: .keyframe(opacity), modelValue: .scalar(1),
                        initialVelocity: nil)))
            let rotation = KeyframeAnimation(
                values: [.scalar(0), .scalar(Double(i)), .scalar(-1)], keyTimes: [0, 0.3, 1],
                timingFunctions: [curves[i % 2], curves[(i + 1) % 2]], beginTime: 0.05, duration: 0.5)
            events.append(
                ChannelEvent(
                    time: 0.05, layer: i,
                    action: .add(
                        key: "r", path: PropertyPath(.rotation), animation: .keyframe(rotation), modelValue: .scalar(-1),
                        initialVelocity: nil)))
        }
        let ids = (0..<count).map { "l\($0)" }
        let writer = try TraceWriter(path: path)
        ChannelReplay.writeTrace(
            layers: Array(repeating: [:], count: count), layerIDs: ids, events: events, frames: 40, fps: 60, to: writer)
        try writer.finish()
        var replay = ChannelReplay(layers: Array(repeating: [:], count: count), events: events)
        var expected = "time,target,property,value\n"
        for k in 0..<40 {
            let t = Double(k) / 60
            replay.advance(to: t)
            let time = TraceWriter.format(time: t)
            for i in 0..<count {
                // Trace order: rotation before opacity.
                for (property, name) in [(LayerProperty.rotation, "rotation"), (.opacity, "opacity")] {
                    let value = replay.model.value(layer: i, property: property, at: t)[0]
                    expected += "\(time),\(ids[i]),\(name),\(TraceWriter.format(value: value))\n"
                }
            }
        }
        #expect(try String(contentsOfFile: path, encoding: .utf8) == expected)
    }

    @Test("values sampled one at a time on several threads at once are the channels' own, each thread with its memo")
    func threadsSampleWithTheirOwnMemos() {
        let curves: [TimingCurve] = [.cubicBezier(x1: 0.4, y1: 0, x2: 0.2, y2: 1), .cubicBezier(x1: 0.42, y1: 0, x2: 0.58, y2: 1)]
        let count = 300
        var model = PresentationModel(layers: Array(repeating: [:], count: count))
        for i in 0..<count {
            let tween = KeyframeAnimation(
                values: [.scalar(0), .scalar(Double(i) + 0.5), .scalar(3)], keyTimes: [0, 0.6, 1],
                timingFunctions: [curves[i % 2], curves[(i + 1) % 2]], beginTime: Double(i % 4) * 0.03, duration: 0.4)
            model.add(layer: i, path: PropertyPath(.opacity), key: "o", animation: .keyframe(tween), at: 0)
        }
        let shared = model
        let mismatches = Mutex(0)
        DispatchQueue.concurrentPerform(iterations: 4) { thread in
            var wrong = 0
            for k in 0..<30 {
                let t = Double(k + thread) / 60
                for i in 0..<count {
                    // The channel's authoritative form solves every curve afresh (Keyframes, TimingCurve).
                    let expected = shared.channel(layer: i, property: .opacity).value(at: t)[0]
                    if shared.value(layer: i, property: .opacity, at: t)[0].bitPattern != expected.bitPattern { wrong += 1 }
                }
            }
            mismatches.withLock { $0 += wrong }
        }
        #expect(mismatches.withLock { $0 } == 0)
    }
}
