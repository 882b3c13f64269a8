import Foundation
import MotionCore
import MotionTimeline
import Testing

@testable import MotionExport

/// Short passes whose easing cannot be cut exactly at the jump lead (docs/export.md, "Jumps").
///
/// Before a jump a pass of a few milliseconds is cut 20 µs before its end. For an easing such as
/// `cubic-bezier(1, 0, 0, 1)` the part up to there is no timing curve (its x handles leave 0...1);
/// its keyframes were then played 20 µs faster, which moved a 4 ms pass by up to 23% of its range,
/// while the report called it exact. Every expected value here comes from ``cssBezier(_:_:_:_:_:)``
/// (bisection of the bezier), never from the exporter's curve maths.
@Suite("Exports of short passes with extreme easings")
struct ExtremeCurveExportTests {
    /// Easings whose part up to the lead of a 4 ms pass is no timing curve: x1 = 1 leaves the curve
    /// along x faster than the part's own end (checked by the first test).
    static let extremes: [[Double]] = [[1, 0, 0, 1], [1, -0.5, 0, 1.5], [1, 0.2, 0.2, 1], [1, 0, 0.3, 1], [1, 0.5, 0, 0.5]]

    /// The share of a value's range an export judge allows a value shown exactly, halved
    /// (``PlayerKeyframes/leadTolerance``): 1/2000.
    static let allowed = 1.0 / 2000

    /// The value of a segment's easing at `u`, solved independently: `cssBezier` of its handles.
    static func eased(_ easing: [Double], _ u: Double) -> Double {
        cssBezier(easing[0], easing[1], easing[2], easing[3], u)
    }

    @Test("these easings cannot be split exactly at the lead of a 4 ms pass", arguments: extremes)
    func theCurvesAreExtreme(easing: [Double]) {
        let segment = CurveSegment(
            start: 0.1, end: 0.104, from: 1, to: 0,
            easing: .curve(.cubicBezier(x1: easing[0], y1: easing[1], x2: easing[2], y2: easing[3])))
        #expect(segment.exactSplit(at: 0.104 - 2 * PlayerKeyframes.jumpLead) == nil)
    }

    /// A 4 ms turn by 90° repeated 30 times from 0.1 s: every pass jumps back to 0° at its end. At
    /// each cut (20 µs before a pass ends) the held keyframe is the easing's value there, and
    /// between the keyframes a player shows the easing's own value, within 1/2000 of the range;
    /// the report calls the rotation exact and counts the keyframes written (or, were it not
    /// shown exactly, says so with at least the error found here).
    @Test("Lottie shows the passes of a 4 ms repeat of an extreme easing at their own times", arguments: extremes)
    func extremePassesInLottie(easing: [Double]) throws {
        let timeline = try bake(
            cardDocument(
                """
                      - { add: tween, target: "#card", property: rotation, values: [0, 90], duration: 0.004, delay: 0.1, repeat: 30, easing: \(easing) }
                """, canvas: "canvas: { size: [200, 200], fps: 60 }"))
        let export = LottieExporter.export(TimelineTracks(timeline))
        let rotation = try LottieKeyframes(export.bytes, key: "r")
        let item = try #require(export.items.first { $0.property == "rotation" })
        let range = 90.0
        #expect(item.keyframes == rotation.keyframes.count)
        // The held value at each cut: 90 x E(u) at u = 1 - 20 µs / 4 ms.
        let lead = PlayerKeyframes.jumpLead
        let cutShare = 1 - 2 * lead / 0.004
        for pass in 0..<29 {
            let cut = (0.1 + Double(pass + 1) * 0.004 - 2 * lead) * 60
            guard item.method == .exact else { break }
            let k = try #require(rotation.times.firstIndex { abs($0 - cut) < 1e-6 }, "no keyframe at the cut of pass \(pass)")
            #expect(rotation.keyframes[k]["h"] as? Int == 1)
            let held = try #require((rotation.keyframes[k]["s"] as? [Double])?.first)
            #expect(abs(held - 90 * Self.eased(easing, cutShare)) <= Self.allowed * range, "pass \(pass): held \(held)")
        }
        // Within each pass, and at every frame and quarter frame.
        var samples: [(seconds: Double, expected: Double)] = []
        for pass in 0..<30 {
            for u in [0.05, 0.25, 0.4, 0.5, 0.6, 0.75, 0.9, 0.99, 0.995] {
                samples.append((0.1 + (Double(pass) + u) * 0.004, 90 * Self.eased(easing, u)))
            }
        }
        for quarter in 24...56 {
            let passes = (Double(quarter) / 240 - 0.1) / 0.004
            let pass = (passes + 1e-9).rounded(.down)
            let u = pass >= 30 ? 1 : max(passes - pass, 0)
            samples.append((Double(quarter) / 240, u < 1e-9 ? 0 : 90 * Self.eased(easing, u)))
        }
        var worst = 0.0
        for (seconds, expected) in samples {
            let got = try rotation.value(at: seconds * 60)
            worst = max(worst, abs(got - expected))
        }
        if item.method == .exact {
            #expect(worst <= Self.allowed * range, "off by \(worst / range) of the range")
        } else {
            // Not shown exactly: the report must say so, with at least the error found here.
            #expect(item.maxError >= worst * 0.99, "off by \(worst), reported \(item.maxError)")
        }
    }

    /// scale.x and scale.y repeat 4 ms passes with different extreme easings: the keyframes of a
    /// property share their times, so each dimension is cut where either needs it, and both stay
    /// exact (the Lottie `s` and a CSS `scale` row are written from these keyframes).
    @Test("two dimensions with different extreme easings are cut at the same times, exactly")
    func alignedDimensions() throws {
        let timeline = try bake(
            cardDocument(
                """
                      - { add: tween, target: "#card", property: scale.x, from: 0.8, to: 1.6, duration: 0.004, delay: 0.1, repeat: 5, easing: [1, 0, 0, 1] }
                      - { add: tween, target: "#card", property: scale.y, from: 1, to: 1.3, duration: 0.004, delay: 0.1, repeat: 5, easing: [1, 0.2, 0.2, 1] }
                """, canvas: "canvas: { size: [200, 200], fps: 60 }"))
        let tracks = TimelineTracks(timeline)
        let curves = [0, 1].map { tracks.curve(layer: 0, property: .scale, component: $0) }
        let keyframes = PlayerKeyframes.keyframes(curves)
        let easings: [[Double]] = [[1, 0, 0, 1], [1, 0.2, 0.2, 1]]
        let (from, to) = ([0.8, 1.0], [1.6, 1.3])

        /// The tween's own value of dimension `d` at `t` (the later pass at a pass's end).
        func expected(_ d: Int, at t: Double) -> Double {
            guard t > 0.1 else { return 1 }
            let passes = (t - 0.1) / 0.004
            let pass = (passes + 1e-9).rounded(.down)
            guard pass < 5 else { return to[d] }
            return from[d] + (to[d] - from[d]) * Self.eased(easings[d], max(passes - pass, 0))
        }
        /// The value of dimension `d` the keyframes show at `t`, as a player evaluates them.
        func shown(_ d: Int, at t: Double) throws -> Double {
            let k = try #require(keyframes.lastIndex { $0.time <= t })
            let keyframe = keyframes[k]
            guard k + 1 < keyframes.count, !keyframe.hold else { return keyframe.values[d] }
            let (x1, y1, x2, y2) = keyframe.easings[d].controlPoints
            let u = (t - keyframe.time) / (keyframes[k + 1].time - keyframe.time)
            return keyframe.values[d] + (keyframes[k + 1].values[d] - keyframe.values[d]) * cssBezier(x1, y1, x2, y2, u)
        }
        // Each pass but the last: its start, a cut or two inside, the held cut, the lead.
        #expect(keyframes.count > 5 * 4)
        for d in 0..<2 {
            let range = to[d] - from[d]
            for pass in 0..<5 {
                for u in [0.1, 0.3, 0.45, 0.5, 0.55, 0.7, 0.9, 0.99, 0.994] {
                    let t = 0.1 + (Double(pass) + u) * 0.004
                    let got = try shown(d, at: t)
                    #expect(abs(got - expected(d, at: t)) <= Self.allowed * range, "scale[\(d)] at t=\(t): \(got)")
                }
            }
            // Every keyframe inside a pass, but the lead's (which holds the next pass's first value),
            // has the tween's value at its own time.
            for keyframe in keyframes where keyframe.time > 0.1 && keyframe.time < 0.12 {
                let passes = (keyframe.time - 0.1) / 0.004
                let u = passes - passes.rounded(.down)
                guard u > 1e-6, u < 1 - 1.5 * PlayerKeyframes.jumpLead / 0.004 else { continue }
                #expect(abs(keyframe.values[d] - expected(d, at: keyframe.time)) <= Self.allowed * range, "t=\(keyframe.time)")
            }
        }
        for d in 0..<2 { #expect(curves[d].method == .exact) }
    }

    /// Over a grid of extreme handles and short passes, the parts a cut piece is written as start
    /// at its start, end at the cut, follow each other, and each show the piece's own easing.
    @Test("the parts up to a cut follow the easing, for a grid of extreme handles")
    func partsFollowTheEasing() throws {
        let lead = PlayerKeyframes.jumpLead
        var cutInParts = 0
        for x1 in [0.9, 0.97, 1.0] {
            for x2 in [0.0, 0.05, 0.3] {
                for y1 in [-1.0, 0, 0.5, 2] {
                    for y2 in [-0.5, 0.5, 1, 1.5] {
                        for duration in [0.002, 0.004, 0.01] {
                            let segment = CurveSegment(
                                start: 0.3, end: 0.3 + duration, from: 40, to: -60,
                                easing: .curve(.cubicBezier(x1: x1, y1: y1, x2: x2, y2: y2)))
                            let cut = segment.end - 2 * lead
                            let label = "[\(x1), \(y1), \(x2), \(y2)] over \(duration) s"
                            let parts = try #require(PlayerKeyframes.heads([segment], until: cut)?.first, "\(label)")
                            if parts.count > 1 { cutInParts += 1 }
                            #expect(parts.first?.start == segment.start && parts.first?.from == segment.from, "\(label)")
                            #expect(parts.last?.end == cut, "\(label)")
                            #expect(zip(parts, parts.dropFirst()).allSatisfy { $0.end == $1.start && $0.to == $1.from }, "\(label)")
                            var worst = 0.0
                            for part in parts {
                                guard case .curve(let curve) = part.easing else {
                                    Issue.record("\(label): a part holds")
                                    continue
                                }
                                let (px1, py1, px2, py2) = curve.controlPoints
                                #expect((0...1).contains(px1) && (0...1).contains(px2), "\(label)")
                                for k in 0...32 {
                                    let v = Double(k) / 32
                                    let t = part.start + (part.end - part.start) * v
                                    let got = part.from + (part.to - part.from) * cssBezier(px1, py1, px2, py2, v)
                                    let expected = 40 - 100 * cssBezier(x1, y1, x2, y2, (t - segment.start) / duration)
                                    worst = max(worst, abs(got - expected))
                                }
                            }
                            // A tenth of a judge's budget for a value shown exactly (1e-3 of the
                            // range): where x stands still (x1 = 1, x2 = 0 at u = 1/2), rounding u
                            // by 1e-16 alone moves y by (1e-16 / 4)^(1/3) ≈ 3e-6 of its span.
                            #expect(worst <= 1e-4 * 100, "\(label): off by \(worst)")
                        }
                    }
                }
            }
        }
        // Most of the grid cannot be split in one (x1 near 1 and x2 near 0).
        #expect(cutInParts > 100)
    }

    /// `cubic-bezier(1, 0, 0, -1)`: y = 4s³ - 3s² is 0 at s = 0 and at s = 3/4 and turns at s = 1/2,
    /// where x (x = 4s³ - 6s² + 3s, 1/2 there) also runs slowest. A part between equal values that
    /// is not flat is no timing curve (its y is scaled by the change); cut where the value turns,
    /// its pieces are, and they follow the curve.
    @Test("a part between equal values is cut where the value turns")
    func partsBetweenEqualValues() throws {
        let segment = CurveSegment(start: 0, end: 1, from: 0, to: 10, easing: .curve(.cubicBezier(x1: 1, y1: 0, x2: 0, y2: -1)))
        let cuts = try #require(BezierCuts(of: segment, until: 0.9))
        #expect(cuts.turnTimes == [0.5] && cuts.slowestTimes == [0.5])
        #expect(cuts.part(from: 0, to: 0.75) == nil)
        for (a, b) in [(0.0, 0.5), (0.5, 0.75)] {
            let part = try #require(cuts.part(from: a, to: b))
            let (x1, y1, x2, y2) = part.controlPoints
            #expect((0...1).contains(x1) && (0...1).contains(x2))
            // The part's ends, in time and value: x and y of the curve at a and b.
            let (ta, tb) = (4 * a * a * a - 6 * a * a + 3 * a, 4 * b * b * b - 6 * b * b + 3 * b)
            let (ya, yb) = (4 * a * a * a - 3 * a * a, 4 * b * b * b - 3 * b * b)
            for k in 0...16 {
                let v = Double(k) / 16
                let got = ya + (yb - ya) * cssBezier(x1, y1, x2, y2, v)
                #expect(abs(got - cssBezier(1, 0, 0, -1, ta + (tb - ta) * v)) < 1e-6, "part \(a)...\(b) at \(v)")
            }
        }
    }
}
