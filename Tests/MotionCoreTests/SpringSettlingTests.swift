import Testing

@testable import MotionCore

/// The settling time of multi-component springs (the duration of every ``SpringAnimation`` the
/// runtime emits), against a plain bisection written here and against dense sampling.
struct SpringSettlingTests {
    /// A deterministic sequence of numbers in [0, 1) (a 64-bit LCG), so that the cases are fixed.
    struct Numbers {
        var state: UInt64

        mutating func next() -> Double {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Double(state >> 11) / Double(1 << 53)
        }

        mutating func between(_ a: Double, _ b: Double) -> Double { a + (b - a) * next() }
    }

    /// Springs over every regime and kind, with thresholds from fine to coarse.
    static func cases() -> [(SpringAnimation, threshold: Double)] {
        var numbers = Numbers(state: 17)
        let kinds: [ValueKind] = [.scalar, .point, .size, .color]
        var result: [(SpringAnimation, Double)] = []
        for n in 0..<600 {
            let kind = kinds[n % kinds.count]
            let stiffness = numbers.between(1, 2000)
            let mass = numbers.between(0.1, 10)
            let critical = 2 * (stiffness * mass).squareRoot()
            // Under-, critically and over-damped, in turn.
            let damping = [numbers.between(0.05, 0.95), 1, numbers.between(1.05, 20)][n % 3] * critical
            func value() -> MotionValue {
                var v = MotionValue(kind: kind, components: .zero)
                for c in 0..<kind.componentCount { v[c] = numbers.between(-500, 500) }
                return v
            }
            let animation = SpringAnimation(
                from: value(), to: value(), initialVelocity: value(), stiffness: stiffness, damping: damping,
                mass: mass, beginTime: 0, duration: 0)
            result.append((animation, [0.001, 0.01, 0.5, 2][n % 4]))
        }
        return result
    }

    /// The energy measure summed over the components, as the format's rest measure squared.
    static func energy(_ solutions: [SpringSolution], _ t: Double) -> Double {
        solutions.reduce(0) { sum, s in
            let (y, v) = s.state(at: t)
            let w = v * s.velocityWeight
            return sum + (y * y + w * w)
        }
    }

    /// The plain bisection: a bracket doubled from `min(1 / rate, 1)`, halved to 1e-9 s, every
    /// sample evaluated.
    static func bisection(_ solutions: [SpringSolution], threshold: Double) -> Double {
        let h2 = threshold * threshold
        func atRest(_ t: Double) -> Bool { energy(solutions, t) <= h2 }
        guard !atRest(0), let first = solutions.first else { return 0 }
        let rate = first.decayRate
        var lo = 0.0
        var hi = rate > 0 && rate.isFinite ? min(1 / rate, 1) : 1
        while !atRest(hi) {
            lo = hi
            hi *= 2
        }
        while hi - lo > 1e-9 {
            let mid = lo + (hi - lo) / 2
            if mid <= lo || mid >= hi { break }
            if atRest(mid) { hi = mid } else { lo = mid }
        }
        return hi
    }

    @Test func settlingTimeIsThePlainBisectionsExactly() {
        for (animation, threshold) in Self.cases() {
            let solutions = animation.solutions
            let fast = SpringAnimation.settlingTime(solutions, threshold: threshold)
            let plain = Self.bisection(solutions, threshold: threshold)
            #expect(fast.bitPattern == plain.bitPattern, "\(animation) threshold \(threshold): \(fast) vs \(plain)")
        }
    }

    @Test func settlingTimeIsTheFirstRestTimeByDenseSampling() {
        for (animation, threshold) in Self.cases().prefix(200) {
            let solutions = animation.solutions
            let ts = SpringAnimation.settlingTime(solutions, threshold: threshold)
            let h2 = threshold * threshold
            #expect(Self.energy(solutions, ts) <= h2)
            // Not at rest anywhere on a dense grid up to 2e-9 s before it.
            let end = ts - 2e-9
            let samples = 4000
            var lastAbove = true
            for i in 0...samples {
                let t = end * Double(i) / Double(samples)
                lastAbove = lastAbove && Self.energy(solutions, t) > h2
            }
            #expect(lastAbove, "\(animation) threshold \(threshold): at rest before \(ts)")
        }
    }

    @Test func theBandHoldsTheCrossing() {
        var found = 0
        for (animation, threshold) in Self.cases().prefix(100) {
            let solutions = animation.solutions
            let ts = Self.bisection(solutions, threshold: threshold)
            guard ts > 0,
                let band = SpringAnimation.crossingBand(solutions, thresholdSquared: threshold * threshold)
            else { continue }
            found += 1
            #expect(band.lowerBound < ts && ts - 1e-9 <= band.upperBound, "\(band) misses \(ts)")
        }
        // The band is what saves the samples: it is found nearly always.
        #expect(found >= 90)
    }
}
