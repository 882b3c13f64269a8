import Foundation
import Testing

@testable import MotionCore

/// A spring configuration to check: m x'' = -k (x - d) - c x' from (x0, v0).
struct SpringCase: Sendable, CustomTestStringConvertible {
    var x0: Double, v0: Double, d: Double, k: Double, c: Double, m: Double
    var testDescription: String { "x0=\(x0) v0=\(v0) d=\(d) k=\(k) c=\(c) m=\(m)" }
    var solution: SpringSolution {
        SpringSolution(initialValue: x0, initialVelocity: v0, destination: d, stiffness: k, damping: c, mass: m)
    }

    /// Classical RK4 on (x, v) with a fixed step, written here independently of the closed form.
    /// Returns the state at each requested time (ascending).
    func integrate(to times: [Double], step h: Double = 1e-4) -> [(x: Double, v: Double)] {
        func accel(_ x: Double, _ v: Double) -> Double { (-k * (x - d) - c * v) / m }
        var x = x0, v = v0, t = 0.0
        var out: [(Double, Double)] = []
        for target in times {
            while t < target - 1e-12 {
                let dt = min(h, target - t)
                let k1x = v, k1v = accel(x, v)
                let k2x = v + 0.5 * dt * k1v, k2v = accel(x + 0.5 * dt * k1x, v + 0.5 * dt * k1v)
                let k3x = v + 0.5 * dt * k2v, k3v = accel(x + 0.5 * dt * k2x, v + 0.5 * dt * k2v)
                let k4x = v + dt * k3v, k4v = accel(x + dt * k3x, v + dt * k3v)
                x += dt / 6 * (k1x + 2 * k2x + 2 * k3x + k4x)
                v += dt / 6 * (k1v + 2 * k2v + 2 * k3v + k4v)
                t += dt
            }
            out.append((x, v))
        }
        return out
    }
}

let springCases: [SpringCase] = [
    // docs/format.md defaults (under-damped, ζ ≈ 0.81).
    SpringCase(x0: 0, v0: 0, d: 1, k: 342, c: 30, m: 1),
    // Under-damped with mass and a velocity away from the destination.
    SpringCase(x0: 100, v0: 500, d: 0, k: 1000, c: 50, m: 3),
    // Critically damped: c² = 4km.
    SpringCase(x0: 0, v0: 5, d: 10, k: 100, c: 20, m: 1),
    // Over-damped.
    SpringCase(x0: 3, v0: -4, d: -1, k: 100, c: 50, m: 2),
    // Undamped.
    SpringCase(x0: 1, v0: 0, d: 0, k: 4, c: 0, m: 1),
    // Barely under- and over-damped around the critical tolerance.
    SpringCase(x0: 0, v0: 0, d: 1, k: 100, c: 19.999, m: 1),
    SpringCase(x0: 0, v0: 0, d: 1, k: 100, c: 20.001, m: 1),
]

@Suite struct SpringSolutionTests {
    /// The closed form matches a fine RK4 integration (step 1e-4 s: error ~ (ω h)^4, far below the
    /// tolerance) at several times.
    @Test(arguments: springCases)
    func matchesRK4(_ s: SpringCase) {
        let times = [0.01, 0.05, 0.1, 0.3, 0.7, 1.5, 3.0]
        let reference = s.integrate(to: times)
        let solution = s.solution
        let scale = max(abs(s.x0 - s.d), abs(s.v0) * (s.m / s.k).squareRoot(), 1)
        let vscale = scale * (s.k / s.m).squareRoot()
        for (t, r) in zip(times, reference) {
            #expect(abs(solution.value(at: t) - r.x) < 1e-8 * scale, "x at \(t)")
            #expect(abs(solution.velocity(at: t) - r.v) < 1e-8 * vscale, "v at \(t)")
        }
        #expect(solution.value(at: 0) == s.x0)
        #expect(solution.velocity(at: 0) == s.v0)
    }

    /// Written-out analytic forms, independent of the implementation's coefficient layout.
    @Test func analyticForms() {
        // Undamped: x = cos(2t).
        let undamped = SpringSolution(initialValue: 1, initialVelocity: 0, destination: 0, stiffness: 4, damping: 0, mass: 1)
        for t in [0.1, 1.0, 10.0, 100.0] {
            #expect(abs(undamped.value(at: t) - cos(2 * t)) < 1e-12)
            #expect(abs(undamped.velocity(at: t) + 2 * sin(2 * t)) < 1e-12)
        }
        // Critical (ω = 10): x - 10 = (-10 + (5 - 100) t) e^{-10 t}.
        let critical = SpringSolution(initialValue: 0, initialVelocity: 5, destination: 10, stiffness: 100, damping: 20, mass: 1)
        for t in [0.05, 0.2, 1.0] {
            #expect(abs(critical.value(at: t) - (10 + (-10 - 95 * t) * exp(-10 * t))) < 1e-12)
        }
        // Under-damped in amplitude-phase form: y = R e^{-ζω t} cos(ω_d t - φ), defaults k 342 c 30.
        let zw = 15.0, wd = (342.0 - 225).squareRoot()
        let y0 = -1.0, v0 = 0.0
        let r = (y0 * y0 + pow((v0 + zw * y0) / wd, 2)).squareRoot()
        let phi = atan2((v0 + zw * y0) / wd, y0)
        let spring = SpringSolution(initialValue: 0, initialVelocity: 0, destination: 1)
        for t in [0.02, 0.1, 0.25, 0.6] {
            #expect(abs(spring.value(at: t) - (1 + r * exp(-zw * t) * cos(wd * t - phi))) < 1e-12)
        }
        // Over-damped: roots of s² + 25 s + 50 = 0 (k 100, c 50, m 2).
        let s1 = (-25 + (625.0 - 200).squareRoot()) / 2, s2 = (-25 - (625.0 - 200).squareRoot()) / 2
        let b = (-4 - s1 * 4) / (s2 - s1), a = 4 - b
        let over = SpringSolution(initialValue: 3, initialVelocity: -4, destination: -1, stiffness: 100, damping: 50, mass: 2)
        for t in [0.05, 0.5, 2.0] {
            #expect(abs(over.value(at: t) - (-1 + a * exp(s1 * t) + b * exp(s2 * t))) < 1e-12)
        }
    }

    /// The rest measure is an energy: it never increases (docs/format.md §2.3 relies on it).
    @Test(arguments: springCases)
    func restMeasureNeverIncreases(_ s: SpringCase) {
        let solution = s.solution
        var previous = solution.restMeasure(at: 0)
        var worstIncrease = 0.0
        for i in 1...4000 {
            let m = solution.restMeasure(at: Double(i) * 0.001)
            worstIncrease = max(worstIncrease, m - previous)
            previous = m
        }
        #expect(worstIncrease <= 1e-12 * max(1, solution.restMeasure(at: 0)))
    }

    /// The settling time is the first time the measure reaches the threshold: at rest there, not at
    /// rest 2e-9 s before, and within one step of a dense scan of the RK4 trajectory.
    @Test(arguments: springCases.filter { $0.c > 0 })
    func settlingTimeIsFirstRestTime(_ s: SpringCase) {
        let threshold = 0.001
        let solution = s.solution
        let ts = solution.settlingTime(threshold: threshold)
        #expect(ts.isFinite && ts > 0)
        #expect(solution.restMeasure(at: ts) <= threshold)
        #expect(solution.restMeasure(at: ts - 2e-9) > threshold)
        // Dense scan of the RK4 trajectory, 1 ms apart.
        let h = 0.001
        let times = (1...20_000).map { Double($0) * h }
        let states = s.integrate(to: times)
        let firstIndex = states.firstIndex { st in
            ((st.x - s.d) * (st.x - s.d) + s.m * st.v * st.v / s.k).squareRoot() <= threshold
        }
        let scanned = firstIndex.map { times[$0] } ?? .infinity
        #expect(scanned - h - 1e-6 <= ts && ts <= scanned + 1e-6)
    }

    @Test func settlingEdgeCases() {
        let atRest = SpringSolution(initialValue: 1, initialVelocity: 0, destination: 1)
        #expect(atRest.settlingTime(threshold: 0.01) == 0)
        #expect(atRest.value(at: 1e9) == 1)
        let undamped = SpringSolution(initialValue: 0, initialVelocity: 0, destination: 1, stiffness: 4, damping: 0)
        #expect(undamped.settlingTime(threshold: 0.01) == .infinity)
        let near = SpringSolution(initialValue: 0.995, initialVelocity: 0, destination: 1)
        #expect(near.settlingTime(threshold: 0.01) == 0)
        // A velocity alone (zero displacement) still moves the spring and must settle.
        let kicked = SpringSolution(initialValue: 1, initialVelocity: 50, destination: 1)
        #expect(kicked.settlingTime(threshold: 0.01) > 0)
        // A threshold never reached.
        let spring = SpringSolution(initialValue: 0, initialVelocity: 0, destination: 1)
        #expect(spring.settlingTime(threshold: -1) == .infinity)
    }

    /// Large times and extreme parameters give finite values (the destination), never NaN.
    @Test(arguments: [
        SpringCase(x0: 0, v0: 0, d: 1, k: 342, c: 30, m: 1),
        SpringCase(x0: 0, v0: 1e6, d: 1, k: 1, c: 1e6, m: 1),
        SpringCase(x0: 0, v0: 0, d: 1, k: 1e300, c: 1e300, m: 1e-300),
        SpringCase(x0: 0, v0: 0, d: 1, k: 1, c: 1e300, m: 1),
        SpringCase(x0: 1e300, v0: -1e300, d: 0, k: 100, c: 20, m: 1),
        SpringCase(x0: 0, v0: 0, d: 1, k: 1e-300, c: 1e-300, m: 1e300),
    ])
    func robustForLargeTimesAndExtremeParameters(_ s: SpringCase) {
        let solution = s.solution
        for t in [0.0, 1e-300, 1e-3, 1, 1e3, 1e9, 1e300, .infinity] {
            #expect(!solution.value(at: t).isNaN, "x at \(t)")
            #expect(!solution.velocity(at: t).isNaN, "v at \(t)")
            #expect(!solution.restMeasure(at: t).isNaN, "measure at \(t)")
        }
        #expect(!solution.settlingTime(threshold: 0.01).isNaN)
        // At rest long before 1e9 s unless the slow over-damped rate k / c is tiny (c = 1e300 creeps).
        if s.c > 0 && s.k >= 1 && s.c <= 1e6 {
            #expect(solution.value(at: 1e9) == s.d)
        }
    }

    @Test func invalidParametersAreMadeUsable() {
        let s = SpringSolution(initialValue: 0, initialVelocity: 0, destination: 1, stiffness: -5, damping: -1, mass: 0)
        #expect(s.stiffness == 1 && s.damping == 0 && s.mass == 1)
        #expect(s.value(at: .nan) == 0)
        #expect(s.value(at: -3) == 0)
    }
}

@Suite struct FrictionDecayTests {
    /// Against RK4 of m v' = -c v, x' = v, written in the test.
    @Test(arguments: [(10.0, 200.0, 4.0, 1.0), (-3.0, -50.0, 0.5, 2.0), (0.0, 1000.0, 30.0, 1.0)])
    func matchesRK4(x0: Double, v0: Double, c: Double, m: Double) {
        let f = FrictionDecay(initialValue: x0, initialVelocity: v0, coefficient: c, mass: m)
        var x = x0, v = v0
        let h = 1e-4
        for step in 1...20_000 {
            // x' = v, v' = -(c/m) v: RK4 on the linear system.
            let r = -c / m
            let k1v = r * v, k1x = v
            let k2v = r * (v + 0.5 * h * k1v), k2x = v + 0.5 * h * k1v
            let k3v = r * (v + 0.5 * h * k2v), k3x = v + 0.5 * h * k2v
            let k4v = r * (v + h * k3v), k4x = v + h * k3v
            x += h / 6 * (k1x + 2 * k2x + 2 * k3x + k4x)
            v += h / 6 * (k1v + 2 * k2v + 2 * k3v + k4v)
            if step % 2000 == 0 {
                let t = Double(step) * h
                #expect(abs(f.value(at: t) - x) < 1e-8 * max(1, abs(v0)))
                #expect(abs(f.velocity(at: t) - v) < 1e-8 * max(1, abs(v0)))
            }
        }
        #expect(abs(f.restingValue - (x0 + v0 * m / c)) < 1e-9 * max(1, abs(x0 + v0 * m / c)))
    }

    @Test(arguments: [0.01, 1.0, 1e-9])
    func settlingTimeIsFirstTimeBelowThreshold(threshold: Double) {
        let f = FrictionDecay(initialValue: 0, initialVelocity: 300, coefficient: 4)
        let ts = f.settlingTime(threshold: threshold)
        #expect(abs(f.velocity(at: ts)) <= threshold)
        #expect(abs(f.velocity(at: ts - 1e-9)) > threshold)
        #expect(abs(ts - log(300 / threshold) / 4) < 1e-9)
    }

    @Test func edgeCases() {
        #expect(FrictionDecay(initialValue: 1, initialVelocity: 0.001, coefficient: 1).settlingTime(threshold: 0.01) == 0)
        let free = FrictionDecay(initialValue: 1, initialVelocity: 2, coefficient: 0)
        #expect(free.settlingTime(threshold: 0.01) == .infinity)
        #expect(free.value(at: 3) == 7)
        let strong = FrictionDecay(initialValue: 1, initialVelocity: 2, coefficient: 1e300, mass: 1e-300)
        #expect(strong.value(at: 1) == 1)
        #expect(strong.velocity(at: 1) == 0)
        let f = FrictionDecay(initialValue: 1, initialVelocity: 2, coefficient: 3)
        #expect(f.value(at: 1e300) == f.restingValue)
        #expect(f.value(at: -1) == 1 && f.velocity(at: .nan) == 2)
    }
}
