import MotionTestSupport
import Testing

@testable import MotionCore

/// Reference outputs of CSS cubic-bezier curves, computed independently by a python3 script with
/// mpmath at 50 digits: solve x(s) = u by 200 bisection steps on the Bernstein form
/// x(s) = 3(1-s)²s x1 + 3(1-s)s² x2 + s³, then print y(s) to 17 digits. The solver stops when
/// |x(s) - u| <= 1e-12 (docs/format.md), so y agrees to 1e-9.
let bezierReference: [(String, Double, Double)] = [
    ("standard", 0.1, 0.025863014891412996),
    ("standard", 0.25, 0.2365873604677816),
    ("standard", 0.5, 0.77556131111619777),
    ("standard", 0.75, 0.95936773673937598),
    ("standard", 0.9, 0.99435392873687617),
    ("deceleration", 0.1, 0.30384757729336812),
    ("deceleration", 0.25, 0.57757292783582359),
    ("deceleration", 0.5, 0.83924505770850303),
    ("deceleration", 0.75, 0.96421636613632698),
    ("deceleration", 0.9, 0.99460141820935988),
    ("acceleration", 0.1, 0.018372884200351227),
    ("acceleration", 0.25, 0.0986265613755389),
    ("acceleration", 0.5, 0.32481461060063759),
    ("acceleration", 0.75, 0.63008531716362304),
    ("acceleration", 0.9, 0.84375),
    ("sharp", 0.1, 0.021337392660261758),
    ("sharp", 0.25, 0.13530716500902964),
    ("sharp", 0.5, 0.5),
    ("sharp", 0.75, 0.86469283499097036),
    ("sharp", 0.9, 0.97866260733973824),
    ("easeIn", 0.1, 0.017026609651562942),
    ("easeIn", 0.25, 0.093464650718824859),
    ("easeIn", 0.5, 0.3153568125725393),
    ("easeIn", 0.75, 0.6218618691748902),
    ("easeIn", 0.9, 0.83942784576246653),
    ("easeOut", 0.1, 0.16057215423753347),
    ("easeOut", 0.25, 0.3781381308251098),
    ("easeOut", 0.5, 0.6846431874274607),
    ("easeOut", 0.75, 0.90653534928117514),
    ("easeOut", 0.9, 0.98297339034843706),
    ("easeInOut", 0.1, 0.019722453548311196),
    ("easeInOut", 0.25, 0.12916193104731981),
    ("easeInOut", 0.5, 0.5),
    ("easeInOut", 0.75, 0.87083806895268019),
    ("easeInOut", 0.9, 0.9802775464516888),
    ("default", 0.1, 0.094796305716043246),
    ("default", 0.25, 0.40851059135539587),
    ("default", 0.5, 0.80240338758485699),
    ("default", 0.75, 0.96045897834897408),
    ("default", 0.9, 0.99431647748455637),
    ("emphasizedDecelerate", 0.1, 0.6213843955771871),
    ("emphasizedDecelerate", 0.25, 0.83152974648711205),
    ("emphasizedDecelerate", 0.5, 0.95024747532402183),
    ("emphasizedDecelerate", 0.75, 0.99051095692814998),
    ("emphasizedDecelerate", 0.9, 0.99866634598919062),
    ("emphasizedAccelerate", 0.1, 0.0055382483962873147),
    ("emphasizedAccelerate", 0.25, 0.035342649087999069),
    ("emphasizedAccelerate", 0.5, 0.15399819195884146),
    ("emphasizedAccelerate", 0.75, 0.40558550892245492),
    ("emphasizedAccelerate", 0.9, 0.68330092471574567),
    ("[0.3,-0.5,0.7,1.5]", 0.1, -0.080791609824601948),
    ("[0.3,-0.5,0.7,1.5]", 0.5, 0.5),
    ("[0.3,-0.5,0.7,1.5]", 0.9, 1.0807916098246019),
]

/// Reference keyframe values for values [0, 10, 30, 50, 100], offsets [0, 0.2, 0.5, 0.5, 1] and
/// curves [linear, standard, easeIn, easeOut], computed by the same python3/mpmath script
/// (docs/format.md §2.2 formula, exact bezier solve). Tolerance 1e-4 (values span 100).
let keyframeReference: [(Double, Double)] = [
    (0.1, 5.0),
    (0.2, 10.0),
    (0.35, 25.511226222323955),
    (0.49, 29.988122033114811),
    (0.5, 50.0),
    (0.6, 65.418303334034343),
    (0.75, 84.232159371373035),
    (0.99, 99.963039541544943),
]

@Suite struct TimingCurveTests {
    @Test(arguments: bezierReference)
    func namedCurveMatchesIndependentSolve(name: String, u: Double, expected: Double) throws {
        let curve: TimingCurve
        if name.hasPrefix("[") {
            curve = .cubicBezier(x1: 0.3, y1: -0.5, x2: 0.7, y2: 1.5)
        } else {
            curve = try #require(TimingCurve.named(name))
        }
        #expect(abs(curve.value(at: u) - expected) < 1e-9)
    }

    @Test(arguments: TimingCurve.names)
    func endpointsAreExact(name: String) throws {
        let curve = try #require(TimingCurve.named(name))
        #expect(curve.value(at: 0) == 0)
        #expect(curve.value(at: 1) == 1)
        #expect(curve.value(at: -3) == 0)
        #expect(curve.value(at: 7) == 1)
        #expect(curve.value(at: .nan) == 0)
    }

    @Test func namesResolveAndUnknownNamesDoNot() {
        #expect(TimingCurve.names.count == 11)
        for name in TimingCurve.names { #expect(TimingCurve.named(name) != nil) }
        #expect(TimingCurve.named("linear") == .linear)
        #expect(TimingCurve.named("standard") == .cubicBezier(x1: 0.4, y1: 0, x2: 0.2, y2: 1))
        #expect(TimingCurve.named("Standard") == nil)
        #expect(TimingCurve.named("ease-in") == nil)
        #expect(TimingCurve.named("") == nil)
    }

    @Test func controlPointsAndReversal() {
        #expect(TimingCurve.linear.controlPoints == (0, 0, 1, 1))
        #expect(TimingCurve.linear.reversed == .linear)
        let c = TimingCurve.cubicBezier(x1: 0.4, y1: 0, x2: 0.2, y2: 1)
        #expect(c.controlPoints == (0.4, 0, 0.2, 1))
        let r = c.reversed
        let (x1, y1, x2, y2) = r.controlPoints
        #expect(abs(x1 - 0.8) < 1e-15 && y1 == 0 && abs(x2 - 0.6) < 1e-15 && y2 == 1)
        let (a1, b1, a2, b2) = r.reversed.controlPoints
        #expect(abs(a1 - 0.4) < 1e-15 && b1 == 0 && abs(a2 - 0.2) < 1e-15 && b2 == 1)
    }

    /// Playing a curve backwards: reversed(u) = 1 - curve(1 - u), by the curve's point symmetry.
    @Test(arguments: TimingCurve.names)
    func reversedCurveIsPointReflection(name: String) throws {
        let curve = try #require(TimingCurve.named(name))
        for i in 0...20 {
            let u = Double(i) / 20
            #expect(abs(curve.reversed.value(at: u) - (1 - curve.value(at: 1 - u))) < 2e-9)
        }
    }

    @Test func linearLikeBezierIsIdentity() {
        let c = TimingCurve.cubicBezier(x1: 0.25, y1: 0.25, x2: 0.75, y2: 0.75)
        for i in 0...100 {
            let u = Double(i) / 100
            #expect(abs(c.value(at: u) - u) < 1e-12)
            #expect(TimingCurve.linear.value(at: u) == u)
        }
    }

    /// Flat ends (x1 = 0 or x2 = 1 with a steep y) make Newton's slope vanish; bisection must still
    /// find x within 1e-12 and the output must be monotone for a monotone y.
    @Test func degenerateSlopesStayMonotone() {
        let curves: [TimingCurve] = [
            .cubicBezier(x1: 0, y1: 1, x2: 1, y2: 0), .cubicBezier(x1: 1, y1: 0, x2: 0, y2: 1),
            .cubicBezier(x1: 1, y1: 0, x2: 1, y2: 0), .cubicBezier(x1: 0, y1: 0, x2: 0, y2: 1),
        ]
        for c in curves {
            var previous = -1.0
            for i in 0...1000 {
                let y = c.value(at: Double(i) / 1000)
                #expect(y.isFinite)
                #expect(y >= previous - 1e-6)
                previous = y
            }
        }
    }

    /// The solver's own promise, on many curves: `|x(s) - u| <= 1e-12` with `s` in 0...1.
    @Test func solverReachesItsTolerance() {
        var random = SeededRandom(seed: 7)
        for curve in randomCurves(&random, count: 400) {
            guard case let .cubicBezier(x1, y1, x2, y2) = curve else { continue }
            let bezier = UnitBezier(x1: x1, y1: y1, x2: x2, y2: y2)
            for _ in 0..<50 {
                let u = random.unit()
                let s = bezier.solveCurveX(u)
                #expect(s >= 0 && s <= 1)
                #expect(abs(bezier.sampleX(s) - u) <= 1e-12, "x1 \(x1), x2 \(x2), u \(u): s \(s)")
            }
        }
    }

    /// Against an independent solver (dense bisection on the Bernstein form, written here), over
    /// named and random curves and many u: the outputs agree to 1e-9. Where the curve is nearly
    /// vertical (dy/dx above 1000, at u near an end of a curve with x1 or x2 near 0 or 1) any
    /// x-tolerance allows |dy/dx| x 1e-12 more.
    @Test func curvesAgreeWithAnIndependentSolver() {
        var random = SeededRandom(seed: 11)
        let named = TimingCurve.names.compactMap(TimingCurve.named)
        for curve in named + randomCurves(&random, count: 400) {
            let (x1, y1, x2, y2) = curve.controlPoints
            var us = (0...200).map { Double($0) / 200 }
            for _ in 0..<50 { us.append(random.unit()) }
            us += [1e-9, 1e-6, 1 - 1e-6, 1 - 1e-9]
            for u in us {
                let (expected, slope) = referenceBezier(x1, y1, x2, y2, at: u)
                let tolerance = 1e-9 + abs(slope) * 2e-12
                #expect(
                    abs(curve.value(at: u) - expected) <= tolerance,
                    "cubic-bezier(\(x1), \(y1), \(x2), \(y2)) at \(u): \(curve.value(at: u)) vs \(expected)")
            }
        }
    }

    /// Keyframes with delays, as run and play sample them (a keyframe animation in a presentation
    /// channel, begun after it was added), against the format's formula written out here with the
    /// independent solver: the first value during the delay, then segment by segment.
    @Test(arguments: [0.0, 0.25, 1.5])
    func delayedKeyframesAgreeWithAnIndependentEvaluation(delay: Double) {
        var random = SeededRandom(seed: 23)
        let values = [0.0, 10, 30, 100]
        let keyTimes = [0.0, 0.3, 0.6, 1]
        for trial in 0..<40 {
            let curves = randomCurves(&random, count: 3)
            let added = Double(trial) * 0.125
            let duration = 0.4 + random.unit()
            let animation = KeyframeAnimation(
                values: values.map { .scalar($0) }, keyTimes: keyTimes, timingFunctions: curves, beginTime: added + delay,
                duration: duration)
            var channel = PropertyChannel(model: .scalar(-1))
            channel.add(.keyframe(animation), key: "k", component: nil, at: added)
            for k in 0...120 {
                let t = added + Double(k) / 120 * (delay + duration * 1.1)
                let p = (t - added - delay) / duration
                var expected = values[0]
                if p >= 1 {
                    expected = values[3]
                } else if p > 0 {
                    let i = p < keyTimes[1] ? 0 : p < keyTimes[2] ? 1 : 2
                    let u = (p - keyTimes[i]) / (keyTimes[i + 1] - keyTimes[i])
                    let (x1, y1, x2, y2) = curves[i].controlPoints
                    expected = values[i] + (values[i + 1] - values[i]) * referenceBezier(x1, y1, x2, y2, at: u).y
                }
                let actual = channel.value(at: t)[0]
                #expect(abs(actual - expected) <= 1e-7, "delay \(delay), t \(t): \(actual) vs \(expected)")
            }
        }
    }
}

/// Random valid cubic-beziers: x1, x2 in [0, 1] (a sixth of them exactly 0 or 1), y1, y2 in [-1, 2].
func randomCurves(_ random: inout SeededRandom, count: Int) -> [TimingCurve] {
    (0..<count).map { _ in
        func x() -> Double {
            let r = random.unit()
            return r < 1.0 / 12 ? 0 : r < 1.0 / 6 ? 1 : random.unit()
        }
        let x1 = x()
        let x2 = x()
        return .cubicBezier(x1: x1, y1: random.unit() * 3 - 1, x2: x2, y2: random.unit() * 3 - 1)
    }
}

/// An independent CSS cubic-bezier: solves x(s) = u by 200 bisection steps on the Bernstein form
/// (x(s) is non-decreasing for x1, x2 in [0, 1]) and returns y(s) and dy/dx there.
func referenceBezier(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double, at u: Double) -> (y: Double, slope: Double) {
    func bernstein(_ p1: Double, _ p2: Double, _ s: Double) -> Double {
        let r = 1 - s
        return 3 * r * r * s * p1 + 3 * r * s * s * p2 + s * s * s
    }
    func derivative(_ p1: Double, _ p2: Double, _ s: Double) -> Double {
        let r = 1 - s
        return 3 * r * r * p1 + 6 * r * s * (p2 - p1) + 3 * s * s * (1 - p2)
    }
    if u <= 0 { return (0, 0) }
    if u >= 1 { return (1, 0) }
    var lo = 0.0
    var hi = 1.0
    for _ in 0..<200 {
        let mid = (lo + hi) / 2
        if bernstein(x1, x2, mid) < u { lo = mid } else { hi = mid }
    }
    let s = (lo + hi) / 2
    let dx = derivative(x1, x2, s)
    let dy = derivative(y1, y2, s)
    return (bernstein(y1, y2, s), dx == 0 ? .infinity : dy / dx)
}
