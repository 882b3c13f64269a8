import Foundation
import Testing

@testable import MotionCore

/// A dense polyline through a path's segments, built here from the Bernstein form, so that the
/// path's arc length, positions and angles are checked against an independent computation.
struct DensePolyline {
    var points: [SIMD2<Double>] = []
    /// Cumulative length at each point.
    var lengths: [Double] = []

    init(_ controls: [SIMD2<Double>], stepsPerSegment n: Int = 20_000) {
        for i in stride(from: 0, to: controls.count - 1, by: 3) {
            let (a, b, c, d) = (controls[i], controls[i + 1], controls[i + 2], controls[i + 3])
            for k in (i == 0 ? 0 : 1)...n {
                let s = Double(k) / Double(n)
                let r = 1 - s
                let p = r * r * r * a + 3 * r * r * s * b + 3 * r * s * s * c + s * s * s * d
                if let last = points.last {
                    let delta = p - last
                    lengths.append((lengths.last ?? 0) + (delta * delta).sum().squareRoot())
                } else {
                    lengths.append(0)
                }
                points.append(p)
            }
        }
    }

    var length: Double { lengths.last ?? 0 }

    /// The point at arc length `d`, interpolated between the two dense points around it.
    func point(atDistance d: Double) -> SIMD2<Double> {
        var lo = 0
        var hi = lengths.count - 1
        while hi - lo > 1 {
            let mid = (lo + hi) / 2
            if lengths[mid] <= d { lo = mid } else { hi = mid }
        }
        let span = lengths[hi] - lengths[lo]
        let f = span > 0 ? (d - lengths[lo]) / span : 0
        return points[lo] + f * (points[hi] - points[lo])
    }
}

func distance(_ a: SIMD2<Double>, _ b: SIMD2<Double>) -> Double { ((a - b) * (a - b)).sum().squareRoot() }

@Suite("Motion paths")
struct MotionPathTests {
    /// An S-curve of two segments with uneven speeds (control points bunched at one end).
    static let sCurve: [SIMD2<Double>] = [
        SIMD2(40, 300), SIMD2(40, 100), SIMD2(280, 100), SIMD2(280, 40),
        SIMD2(280, -20), SIMD2(100, 10), SIMD2(60, 20),
    ]

    @Test func arcLengthMatchesDenseSampling() throws {
        let path = try #require(MotionPath(points: Self.sCurve))
        let dense = DensePolyline(Self.sCurve)
        #expect(abs(path.length - dense.length) <= 1e-6 * dense.length, "\(path.length) vs \(dense.length)")
        // A straight segment's length is its chord, whatever its (collinear) control points.
        let line = try #require(MotionPath(points: [SIMD2(0, 0), SIMD2(3, 4), SIMD2(6, 8), SIMD2(30, 40)]))
        #expect(abs(line.length - 50) <= 1e-9)
    }

    @Test func positionsFollowArcLength() throws {
        let path = try #require(MotionPath(points: Self.sCurve))
        let dense = DensePolyline(Self.sCurve)
        var worst = 0.0
        for k in 0...200 {
            let e = Double(k) / 200
            worst = max(worst, distance(path.point(atFraction: e), dense.point(atDistance: e * dense.length)))
        }
        #expect(worst <= 1e-4, "largest distance \(worst)")
        #expect(path.point(atFraction: 0) == Self.sCurve[0])
        #expect(distance(path.point(atFraction: 1), Self.sCurve[6]) <= 1e-12)
    }

    /// Equal steps of progress cover equal distances (paced), however uneven the Bézier's own speed.
    @Test func equalProgressStepsAreEqualDistances() throws {
        let path = try #require(MotionPath(points: Self.sCurve))
        let dense = DensePolyline(Self.sCurve, stepsPerSegment: 50_000)
        let n = 50
        for k in 0..<n {
            let a = path.point(atFraction: Double(k) / Double(n))
            let b = path.point(atFraction: Double(k + 1) / Double(n))
            // The chord is at most the arc; for short arcs it is within the arc's bend.
            let arc = dense.length / Double(n)
            #expect(distance(a, b) <= arc * (1 + 1e-6) && distance(a, b) >= arc * 0.9)
        }
    }

    @Test func anglesAreAtan2OfFiniteDifferences() throws {
        let path = try #require(MotionPath(points: Self.sCurve))
        let dense = DensePolyline(Self.sCurve)
        let h = 1e-3 * dense.length
        var previous: Double?
        for k in 1..<100 {
            let e = Double(k) / 100
            let d = e * dense.length
            let delta = dense.point(atDistance: d + h) - dense.point(atDistance: d - h)
            let expected = atan2(delta.y, delta.x) * 180 / .pi
            let angle = path.angle(atFraction: e)
            // The same direction, up to whole turns.
            let difference = remainder(angle - expected, 360)
            #expect(abs(difference) <= 0.05, "at \(e): \(angle) vs \(expected)")
            if let previous { #expect(abs(angle - previous) < 90, "jump from \(previous) to \(angle) at \(e)") }
            previous = angle
        }
    }

    /// Twice around a circle (eight quarter arcs, clockwise on the canvas): the angle unwraps to
    /// 720 degrees more at the end than at the start, never jumping.
    @Test func anglesUnwrapAroundLoops() throws {
        let k = 0.5522847498 * 100
        var points: [SIMD2<Double>] = [SIMD2(100, 0)]
        for _ in 0..<2 {
            points += [SIMD2(100, k), SIMD2(k, 100), SIMD2(0, 100)]
            points += [SIMD2(-k, 100), SIMD2(-100, k), SIMD2(-100, 0)]
            points += [SIMD2(-100, -k), SIMD2(-k, -100), SIMD2(0, -100)]
            points += [SIMD2(k, -100), SIMD2(100, -k), SIMD2(100, 0)]
        }
        let path = try #require(MotionPath(points: points))
        #expect(abs(path.startAngle - 90) <= 1e-9)
        #expect(abs(path.endAngle - (90 + 720)) <= 1e-9)
        var previous = path.angle(atFraction: 0)
        for i in 1...400 {
            let angle = path.angle(atFraction: Double(i) / 400)
            #expect(angle > previous && angle - previous < 5)
            previous = angle
        }
    }

    @Test func extrapolationContinuesAlongTheEndTangents() throws {
        let path = try #require(MotionPath(points: Self.sCurve))
        let startTangent = Self.sCurve[1] - Self.sCurve[0]
        let endTangent = Self.sCurve[6] - Self.sCurve[5]
        let unitStart = startTangent / (startTangent * startTangent).sum().squareRoot()
        let unitEnd = endTangent / (endTangent * endTangent).sum().squareRoot()
        let after = path.point(atFraction: 1.25)
        #expect(distance(after, Self.sCurve[6] + 0.25 * path.length * unitEnd) <= 1e-9)
        let before = path.point(atFraction: -0.1)
        #expect(distance(before, Self.sCurve[0] - 0.1 * path.length * unitStart) <= 1e-9)
        let endAngle = atan2(endTangent.y, endTangent.x) * 180 / .pi
        #expect(abs(remainder(path.angle(atFraction: 1.25) - endAngle, 360)) <= 1e-9)
        #expect(path.angle(atFraction: 1.25) == path.angle(atFraction: 1))
        #expect(path.angle(atFraction: -0.1) == path.startAngle)
    }

    /// A control point on its end point leaves the derivative zero there: the direction comes
    /// from the curve's next control point.
    @Test func degenerateTangentsUseTheNextControlPoint() throws {
        let path = try #require(MotionPath(points: [SIMD2(0, 0), SIMD2(0, 0), SIMD2(0, 50), SIMD2(50, 50)]))
        #expect(abs(path.startAngle - 90) <= 1e-9)
        #expect(abs(path.endAngle - 0) <= 1e-9)
        let point = try #require(MotionPath(points: [SIMD2(5, 5), SIMD2(5, 5), SIMD2(5, 5), SIMD2(5, 5)]))
        #expect(point.length == 0 && point.point(atFraction: 0.5) == SIMD2(5, 5) && point.angle(atFraction: 0.5) == 0)
    }

    @Test func malformedPointListsAreRefused() {
        #expect(MotionPath(points: [SIMD2(0, 0)]) == nil)
        #expect(MotionPath(points: [SIMD2(0, 0), SIMD2(1, 1)]) == nil)
        #expect(MotionPath(points: Array(repeating: SIMD2(0, 0), count: 5)) == nil)
        #expect(MotionPath(points: [SIMD2(0, 0), SIMD2(.nan, 1), SIMD2(1, 1), SIMD2(2, 2)]) == nil)
    }

    /// A path animation in a channel: the start point during the delay, eased progress as arc
    /// length, and the angle offset added; the end holds.
    @Test func pathAnimationsPresentThroughAChannel() throws {
        let path = try #require(MotionPath(points: Self.sCurve))
        let curve = TimingCurve.cubicBezier(x1: 0.4, y1: 0, x2: 0.2, y2: 1)
        let move = PathAnimation(path: path, output: .position, timingFunction: curve, beginTime: 0.5, duration: 2)
        var channel = PropertyChannel(model: .point(0, 0))
        channel.add(.path(move), key: "m", component: nil, at: 0)
        #expect(channel.value(at: 0.2) == .point(40, 300))
        let dense = DensePolyline(Self.sCurve)
        for t in stride(from: 0.5, through: 2.5, by: 0.1) {
            let e = curve.value(at: (t - 0.5) / 2)
            let v = channel.value(at: t)
            #expect(distance(SIMD2(v[0], v[1]), dense.point(atDistance: e * dense.length)) <= 1e-4)
        }
        #expect(channel.value(at: 9) == channel.value(at: 2.5))
        var angle = move
        angle.output = .angle
        angle.angleOffset = 30
        var rotation = PropertyChannel(model: .scalar(0))
        rotation.add(.path(angle), key: "r", component: nil, at: 0)
        #expect(abs(rotation.value(at: 1.5)[0] - (30 + path.angle(atFraction: curve.value(at: 0.5)))) <= 1e-12)
        #expect(rotation.value(at: 9)[0] == 30 + path.endAngle)
    }
}
