#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// How an animation shows outside its active time, as Core Animation's `fillMode` says it.
///
/// motionc's animations always fill both ways (docs/format.md §2.2): during a delay the first value
/// shows, and after the end the last moment's value holds until something replaces it.
public enum FillMode: String, Hashable, Sendable, CaseIterable {
    /// The first value shows before the animation starts and the last moment's value after it ends.
    case both
}

/// A keyframe animation as the render server plays it (Core Animation's `CAKeyframeAnimation`).
public struct KeyframeAnimation: Hashable, Sendable {
    /// The keyframe values, of the animated path's kind.
    public var values: [MotionValue]
    /// One time per value in [0, 1] (Core Animation's `keyTimes`).
    public var keyTimes: [Double]
    /// One curve per segment (or one for a single value).
    public var timingFunctions: [TimingCurve]
    /// When the first pass starts, on the clock the animation was added on (commit + delay).
    public var beginTime: Double
    /// Seconds of one pass.
    public var duration: Double
    /// Passes; may be fractional or infinite.
    public var repeatCount: Double
    /// Whether each repeat plays forwards, then backwards (docs/format.md §2.2).
    public var autoreverses: Bool
    /// What shows outside the active time; always ``FillMode/both``.
    public var fillMode: FillMode
    /// Whether values add to the model value. motionc writes absolute values: always false.
    public var additive: Bool

    /// Creates a keyframe animation; the defaults play one pass forwards with absolute values.
    public init(
        values: [MotionValue], keyTimes: [Double], timingFunctions: [TimingCurve], beginTime: Double, duration: Double,
        repeatCount: Double = 1, autoreverses: Bool = false, fillMode: FillMode = .both, additive: Bool = false
    ) {
        self.values = values
        self.keyTimes = keyTimes
        self.timingFunctions = timingFunctions
        self.beginTime = beginTime
        self.duration = duration
        self.repeatCount = repeatCount
        self.autoreverses = autoreverses
        self.fillMode = fillMode
        self.additive = additive
    }

    /// The sampling form of the animation, added at `addedTime`.
    ///
    /// The first pass starts at `beginTime` even when that lies before `addedTime` (an animation
    /// re-added for fewer components keeps its timing, docs/format.md §2.6).
    public func sampler(addedTime: Double) -> (timing: TweenTiming, keyframes: Keyframes) {
        (
            TweenTiming(
                commitTime: addedTime, start: beginTime, duration: duration, repeatCount: repeatCount, autoreverses: autoreverses),
            Keyframes(values: values, offsets: keyTimes, curves: timingFunctions)
        )
    }
}

/// A spring animation as the render server plays it (Core Animation's `CASpringAnimation`).
///
/// Every component follows the closed-form spring of docs/format.md §2.3 from `from` with `initialVelocity`.
/// The animation comes to rest at `beginTime + duration`, the first moment when
/// `sqrt(|x - d|^2 + m |v|^2 / stiffness) <= threshold` over all components, and shows `to` from
/// then on.
public struct SpringAnimation: Hashable, Sendable {
    /// The value the spring starts from (the presented value when it was added).
    public var from: MotionValue
    /// The value the spring settles at, and shows once at rest.
    public var to: MotionValue
    /// In the property's units per second.
    public var initialVelocity: MotionValue
    /// The spring constant k: higher is faster.
    public var stiffness: Double
    /// Spring damping plus any friction on the property.
    public var damping: Double
    /// The mass m on the spring: heavier is slower and swings further.
    public var mass: Double
    /// When the spring starts, on the clock the animation was added on.
    public var beginTime: Double
    /// Seconds until rest (the settling time for the rest threshold).
    public var duration: Double

    /// Creates a spring animation whose duration is the settling time for `threshold`.
    public init(
        from: MotionValue, to: MotionValue, initialVelocity: MotionValue, stiffness: Double, damping: Double, mass: Double,
        beginTime: Double, threshold: Double
    ) {
        self.init(
            from: from, to: to, initialVelocity: initialVelocity, stiffness: stiffness, damping: damping, mass: mass,
            beginTime: beginTime, duration: 0)
        // The solutions on the stack: the settling time is found at every spring's commit, and
        // an array of them was made and freed for it.
        let count = from.kind.componentCount
        duration = withUnsafeTemporaryAllocation(of: SpringSolution.self, capacity: count) { buffer in
            for c in 0..<count { buffer.initializeElement(at: c, to: solution(c)) }
            return Self.settlingTime(UnsafeBufferPointer(buffer), threshold: threshold)
        }
    }

    /// Creates a spring animation with a known duration (as read from a timeline).
    public init(
        from: MotionValue, to: MotionValue, initialVelocity: MotionValue, stiffness: Double, damping: Double, mass: Double,
        beginTime: Double, duration: Double
    ) {
        self.from = from
        self.to = to
        self.initialVelocity = initialVelocity
        self.stiffness = stiffness
        self.damping = damping
        self.mass = mass
        self.beginTime = beginTime
        self.duration = duration
    }

    /// One closed-form solution per component.
    public var solutions: [SpringSolution] {
        (0..<from.kind.componentCount).map(solution)
    }

    /// The closed-form solution of component `c`.
    @inlinable @inline(__always)
    func solution(_ c: Int) -> SpringSolution {
        SpringSolution(
            initialValue: from[c], initialVelocity: initialVelocity[c], destination: to[c], stiffness: stiffness,
            damping: damping, mass: mass)
    }

    /// The value at absolute time `t` (the destination from `beginTime + duration` on).
    ///
    /// - Complexity: O(components); builds no array of solutions.
    public func value(at t: Double) -> MotionValue {
        guard t < beginTime + duration else { return to }
        var value = to
        for i in 0..<from.kind.componentCount { value[i] = solution(i).value(at: t - beginTime) }
        return value
    }

    /// The velocity at absolute time `t` (zero once at rest).
    public func velocity(at t: Double) -> MotionValue {
        var velocity = MotionValue(kind: to.kind, components: .zero)
        guard t < beginTime + duration else { return velocity }
        for i in 0..<from.kind.componentCount { velocity[i] = solution(i).velocity(at: t - beginTime) }
        return velocity
    }

    /// The first local time at which the combined rest measure is at most `threshold`.
    ///
    /// The measure is the square root of the summed per-component measures squared: the spring's
    /// energy, which never increases, so bisection finds the crossing. The components share one
    /// stiffness, damping and mass, so one decay rate brackets them all; the sums of squares are
    /// compared with the threshold squared (no square roots) while that square is a normal number.
    ///
    /// The result is the bisection's: a bracket doubled from `min(1 / rate, 1)`, then halved until
    /// narrower than 1e-9 s, keeping its at-rest end. Most of its samples are not taken, though:
    /// ``crossingBand(_:thresholdSquared:)`` first finds the crossing by a few Newton
    /// steps and a band around it outside which every sample's answer is certain, and only samples
    /// inside the band are evaluated. The answers, so the result, are those of the plain bisection.
    /// - Complexity: O(1) samples of every component in the common case (about 10-15, each one
    ///   `exp` and one `cos`/`sin` pair per component); at worst the plain bisection's
    ///   O(log(T / 1e-9)) for a settling time T.
    static func settlingTime<Solutions: RandomAccessCollection<SpringSolution>>(
        _ solutions: Solutions, threshold: Double
    ) -> Double {
        let thresholdSquared = threshold * threshold
        let squares = thresholdSquared.isNormal && thresholdSquared.isFinite
        func atRest(_ t: Double) -> Bool {
            if squares { return energy(solutions, at: t).sum <= thresholdSquared }
            var sum = 0.0
            for s in solutions {
                let m = s.restMeasure(at: t)
                sum += m * m
            }
            return sum.squareRoot() <= threshold
        }
        guard threshold > 0, !atRest(0), let first = solutions.first else { return 0 }
        guard first.damping > 0 else { return .infinity }
        let rate = first.decayRate
        let band = squares ? crossingBand(solutions, thresholdSquared: thresholdSquared) : nil
        /// The bisection's sample: certain outside the band, evaluated inside it.
        func rests(_ t: Double) -> Bool {
            if let band {
                if t <= band.lowerBound { return false }
                if t >= band.upperBound { return true }
            }
            return atRest(t)
        }
        var lo = 0.0
        var hi = rate > 0 && rate.isFinite ? min(1 / rate, 1) : 1
        var found = rests(hi)
        var steps = 0
        while !found, steps < 2100 {
            lo = hi
            hi *= 2
            steps += 1
            guard hi.isFinite else { return .infinity }
            found = rests(hi)
        }
        guard found else { return .infinity }
        // Stops once the bracket is narrow enough (a `where` clause would run out all 200 steps,
        // doing nothing after that).
        let (certainlyMoving, certainlyResting) = band.map { ($0.lowerBound, $0.upperBound) } ?? (-.infinity, .infinity)
        for _ in 0..<200 {
            if hi - lo <= 1e-9 { break }
            let mid = lo + (hi - lo) / 2
            if mid <= lo || mid >= hi { break }
            if mid > certainlyMoving, mid < certainlyResting {
                if atRest(mid) { hi = mid } else { lo = mid }
                continue
            }
            // Outside the band the answer is certain, and which end moves follows no pattern a
            // branch predictor could learn: both ends chosen without a branch.
            let rests = mid >= certainlyResting
            hi = rests ? mid : hi
            lo = rests ? lo : mid
        }
        return hi
    }

    /// The spring's energy measure `sum (x - d)² + m v² / k` over the components at local time
    /// `t`, and its rate of change `-2 (c / k) sum v²` (it never increases).
    ///
    /// The components share one stiffness, damping and mass, so an oscillating spring's
    /// components share their decay and phase: these are computed once per sample, and each
    /// component's state from them is what ``SpringSolution/state(at:)`` computes, bit for bit.
    ///
    /// - Complexity: O(components), with one `exp` and one `cos`/`sin` pair per sample (per
    ///   component for the other regimes).
    @inline(__always)
    private static func energy<Solutions: RandomAccessCollection<SpringSolution>>(
        _ solutions: Solutions, at t: Double
    ) -> (sum: Double, slope: Double) {
        var sum = 0.0
        var speeds = 0.0
        if let first = solutions.first, first.regime == .oscillating, t > 0, t < .infinity,
            solutions.allSatisfy({ $0.regime == .oscillating && $0.c0 == first.c0 && $0.c1 == first.c1 })
        {
            let e = exp(-first.c0 * t)
            let phase = first.c1 * t
            let cosine = e == 0 ? 0 : cos(phase)
            let sine = e == 0 ? 0 : sin(phase)
            for s in solutions {
                let (y, v) = e == 0 ? (0, 0) : (e * (s.c2 * cosine + s.c3 * sine), e * (s.c4 * cosine + s.c5 * sine))
                let w = v * s.velocityWeight
                sum += y * y + w * w
                speeds += v * v
            }
            return (sum, -2 * first.damping / first.stiffness * speeds)
        }
        for s in solutions {
            let (y, v) = s.state(at: t)
            let w = v * s.velocityWeight
            sum += y * y + w * w
            speeds += v * v
        }
        guard let first = solutions.first else { return (sum, 0) }
        return (sum, -2 * first.damping / first.stiffness * speeds)
    }

    /// A short interval around the time the energy first falls to `thresholdSquared`, outside
    /// which the sampled energy is certainly above it (before) or at most it (after); nil when
    /// that cannot be shown, and the caller samples everything. The energy at time 0 must be above.
    ///
    /// The crossing is estimated first (``sharedPhaseCrossing(_:target:)`` for an oscillating
    /// spring whose components share their phase, the usual spring; else Newton steps on the
    /// logarithm of the energy, exact for a pure exponential decay, from where the slowest decay
    /// rate alone would put it, keeping the bracket found on the way). How it is estimated does not
    /// change the result: a band is accepted only when the energy sampled at its ends is above and
    /// below the threshold by a relative 1e-10. The energy never increases, and a sample's
    /// rounding error is far smaller than that, so every sample before the band is above and
    /// every sample after it is below; only samples inside the band can go either way.
    ///
    /// - Complexity: O(1): 2-3 steps for a spring sharing its phase, at most 60 otherwise
    ///   (typically 4-10), and two samples per band tried (at most 7, typically 1).
    static func crossingBand<Solutions: RandomAccessCollection<SpringSolution>>(
        _ solutions: Solutions, thresholdSquared: Double
    ) -> ClosedRange<Double>? {
        guard let first = solutions.first else { return nil }
        let target = log(thresholdSquared)
        let shared =
            first.regime == .oscillating
            && solutions.allSatisfy { $0.regime == .oscillating && $0.c0 == first.c0 && $0.c1 == first.c1 }
        let sharedCrossing = shared ? sharedPhaseCrossing(solutions, target: target) : nil
        guard let t = sharedCrossing?.time ?? newtonCrossing(solutions, target: target) else { return nil }
        // The decay where the crossing's last step sampled, for both ends of every width tried.
        let near = sharedCrossing?.phase.map { (phase: $0, decay: exp(-$0.twiceRate * $0.time)) }
        // From far narrower than the bisection's 1e-9 s (then at most one of its samples falls
        // inside), wider while the ends are too close to the threshold to be certain.
        var width = 1e-11 * max(1, t)
        for _ in 0..<7 {
            let below = t - width
            let above = t + width
            // Near the last step's phase, both ends from it (the check asks for a relative
            // 1e-10 only; see ``sharedEnergy(near:decay:at:)``), else sampled.
            let ends =
                near.flatMap { near in
                    sharedEnergy(near: near.phase, decay: near.decay, at: below).flatMap { low in
                        sharedEnergy(near: near.phase, decay: near.decay, at: above).map { (low, $0) }
                    }
                } ?? (energy(solutions, at: below).sum, energy(solutions, at: above).sum)
            if ends.0 > thresholdSquared * (1 + 1e-10), ends.1 < thresholdSquared * (1 - 1e-10) {
                return below...above
            }
            width *= 16
        }
        return nil
    }

    /// Where the crossing's last step sampled an oscillating spring whose components share their
    /// phase: the time, and its energy's coefficients there (see
    /// ``sharedPhaseCrossing(_:target:)``).
    struct SharedPhase {
        /// The time sampled.
        var time: Double
        /// `cos(2 w t)` and `sin(2 w t)` at ``time``.
        var cosine: Double
        var sine: Double
        /// The coefficients of `q(t) = m + b cos(2 w t) + g sin(2 w t)`.
        var m: Double
        var b: Double
        var g: Double
        /// `2 a` and `2 w`.
        var twiceRate: Double
        var frequency: Double
    }

    /// The energy measure at `t` of an oscillating spring sharing its phase, from `phase`
    /// sampled near it and `decay`, `e^(-2 a phase.time)`: no `exp`, `cos` or `sin` call; nil
    /// when `t` is too far from it or the energy too close to a minimum of `q` to be computed so.
    ///
    /// The energy is `e^(-2 a t) q(t)`; its decay and phase at `t` come from those at
    /// `phase.time` by Taylor series in the offset (`exp(-2 a d)`, and the angle sum with `cos`
    /// and `sin` of `2 w d`), to five terms while `2 a d` and `2 w d` are at most 1e-3 (the first
    /// term left out is below 1e-17 of the result). `q` is at least 1e-4 of `m` where it is used,
    /// so its rounding is within about 1e-12 of it. The value differs from
    /// ``energy(_:at:)``'s by such roundings: a band's check, which asks for a relative 1e-10
    /// margin, may use it; a bisection's sample may not.
    private static func sharedEnergy(near phase: SharedPhase, decay base: Double, at t: Double) -> Double? {
        let offset = t - phase.time
        let x = phase.twiceRate * offset
        let d = phase.frequency * offset
        guard abs(x) <= 1e-3, abs(d) <= 1e-3, base.isNormal else { return nil }
        let x2 = x * x
        let d2 = d * d
        let decay = base * (1 - x + x2 / 2 - x2 * x / 6 + x2 * x2 / 24)
        let cosD = 1 - d2 / 2 + d2 * d2 / 24
        let sinD = d * (1 - d2 / 6 + d2 * d2 / 120)
        let cosine = phase.cosine * cosD - phase.sine * sinD
        let sine = phase.sine * cosD + phase.cosine * sinD
        let q = phase.m + phase.b * cosine + phase.g * sine
        guard q >= 1e-4 * phase.m, q.isFinite else { return nil }
        return decay * q
    }

    /// Where the energy of an oscillating spring whose components share their decay `a` and
    /// frequency `w` falls to `e^target`; nil when the estimate fails (the caller then takes
    /// Newton steps on the energy itself).
    ///
    /// The energy is `e^(-2 a t) q(t)` with `q(t) = m + b cos(2 w t) + g sin(2 w t)`, its three
    /// coefficients summed over the components once, so a step costs one `cos`/`sin` pair and one
    /// `log` whatever the number of components, and nothing per component. `q` lies between
    /// `m - r` and `m + r` (`r = sqrt(b² + g²)`), so the crossing lies between where
    /// `e^(-2 a t) (m ± r)` cross, or bounds on them: a bracket from the start. The steps are Halley's on
    /// `-2 a t + log q(t) - target` (cubic convergence; `q'` and `q''` are closed forms) from
    /// where the mean `m` crosses, and one of at most a relative 1e-5 is the last (it lands within
    /// about its cube). A step that leaves the bracket bisects it instead.
    ///
    /// - Complexity: O(1): typically 2-3 steps, at most 60.
    private static func sharedPhaseCrossing<Solutions: RandomAccessCollection<SpringSolution>>(
        _ solutions: Solutions, target: Double
    ) -> (time: Double, phase: SharedPhase?)? {
        guard let first = solutions.first, first.c0 > 0, first.c0.isFinite else { return nil }
        var (m, b, g) = (0.0, 0.0, 0.0)
        for s in solutions {
            let w2 = s.velocityWeight * s.velocityWeight
            m += (s.c2 * s.c2 + s.c3 * s.c3 + w2 * (s.c4 * s.c4 + s.c5 * s.c5)) / 2
            b += (s.c2 * s.c2 - s.c3 * s.c3 + w2 * (s.c4 * s.c4 - s.c5 * s.c5)) / 2
            g += s.c2 * s.c3 + w2 * s.c4 * s.c5
        }
        let r = (b * b + g * g).squareRoot()
        let twiceRate = 2 * first.c0
        let frequency = 2 * first.c1
        let mean = (log(m) - target) / twiceRate
        // Bounds on log(m ± r) without two more logarithms: log(1 + x) <= x, and
        // log(1 - x) >= -x / (1 - x) for 0 <= x < 1. The bracket is a little wider for it, which
        // only a step leaving it would notice.
        let spread = r / m
        let latest = mean + spread / twiceRate
        let earliest = spread < 1 ? max(0, mean - spread / (1 - spread) / twiceRate) : 0
        guard mean.isFinite, latest.isFinite, earliest.isFinite, earliest <= mean, mean <= latest, mean > 0 else {
            return nil
        }
        // Widened by far more than their rounding: a bracket that missed the crossing would only
        // cost steps (the band is checked with the energy itself).
        var lo = max(0, earliest - 1e-9 * max(1, abs(earliest)))
        var hi = latest + 1e-9 * max(1, latest)
        var t = mean
        for _ in 0..<60 {
            let phase = frequency * t
            let cosine = cos(phase)
            let sine = sin(phase)
            let q = m + b * cosine + g * sine
            guard q > 0, t.isFinite else { return nil }
            let excess = -twiceRate * t + log(q) - target
            if excess > 0 { lo = t } else { hi = t }
            // Derivatives of `excess`: q'/q - 2a, and q''/q - (q'/q)² with q'' = -(2w)² (q - m).
            let ratio = frequency * (g * cosine - b * sine) / q
            let slope = ratio - twiceRate
            let curvature = -frequency * frequency * (q - m) / q - ratio * ratio
            let denominator = 2 * slope * slope - excess * curvature
            let step = 2 * excess * slope / denominator
            let halley = t - step
            if step.isFinite, halley > lo, halley < hi {
                if abs(step) <= 1e-5 * max(1, t) {
                    let phase = SharedPhase(
                        time: t, cosine: cosine, sine: sine, m: m, b: b, g: g, twiceRate: twiceRate, frequency: frequency)
                    return (halley, phase)
                }
                t = halley
            } else {
                t = lo + (hi - lo) / 2
            }
            if hi - lo <= 1e-12 * max(1, hi) { return (t, nil) }
        }
        return nil
    }

    /// Where the energy falls to `e^target`, by Newton steps on its logarithm from where the
    /// slowest decay rate alone would put it; nil when they do not converge.
    ///
    /// The bracket found on the way keeps the steps: a step that leaves it bisects instead (or
    /// doubles, while no time at rest is known); a step of at most a relative 1e-7 is the last
    /// (it lands within about its square of the crossing).
    ///
    /// - Complexity: O(1): at most 60 steps, typically 4-10, each one sample of every component.
    private static func newtonCrossing<Solutions: RandomAccessCollection<SpringSolution>>(
        _ solutions: Solutions, target: Double
    ) -> Double? {
        guard let first = solutions.first else { return nil }
        let rate = first.decayRate
        let start = log(energy(solutions, at: 0).sum) - target
        var lo = 0.0
        var hi = Double.infinity
        var t = rate > 0 && rate.isFinite && start > 0 && start.isFinite ? start / (2 * rate) : 1
        for _ in 0..<60 {
            guard t > 0, t.isFinite else { return nil }
            let (sum, slope) = energy(solutions, at: t)
            let excess = log(sum) - target
            let step: Double? = sum > 0 && slope < 0 ? excess * sum / slope : nil
            if excess > 0 { lo = t } else { hi = t }
            var next = hi.isFinite ? lo + (hi - lo) / 2 : 2 * t
            if let step {
                let newton = t - step
                if newton > lo, newton < hi {
                    next = newton
                    // A Newton step this short lands within about its square of the crossing
                    // (the steps converge quadratically there): no step more to confirm it.
                    if abs(step) <= 1e-7 * max(1, t) { return next }
                }
            }
            if abs(next - t) <= 1e-10 * max(1, t) || (hi.isFinite && hi - lo <= 1e-10 * max(1, hi)) { return next }
            t = next
        }
        return nil
    }
}

/// An animation object: what a render server plays once it is added, until removed by key.
public enum Animation: Hashable, Sendable {
    /// Values at key times, eased between them (a tween).
    case keyframe(KeyframeAnimation)
    /// A closed-form spring from a value and velocity to a target (physics).
    case spring(SpringAnimation)
    /// A motion along a path (docs/format.md §7.3).
    ///
    /// Boxed: a path animation is larger than the others, and every animation (in events and
    /// presentation entries, copied as they are applied) would otherwise take its size.
    indirect case path(PathAnimation)
}

extension Animation {
    /// The animation as a render server starts it when an `add` carries `initialVelocity`.
    ///
    /// A spring of the same kind starts with that velocity (its duration is kept); anything else,
    /// or no velocity, is unchanged.
    public func startingWith(_ initialVelocity: MotionValue?) -> Animation {
        guard case .spring(var spring) = self, let initialVelocity, initialVelocity.kind == spring.from.kind else {
            return self
        }
        spring.initialVelocity = initialVelocity
        return .spring(spring)
    }
}
