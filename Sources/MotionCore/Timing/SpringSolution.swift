#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The closed-form motion of a damped spring (docs/format.md §2.3).
///
/// Solves `m x'' = -k (x - d) - c x'` from `x(0) = initialValue`, `x'(0) = initialVelocity`, where
/// `k` is the stiffness, `c` the total damping (spring damping plus any friction coefficient on the
/// property) and `m` the mass. The solution is exact at every time (no step-size error), so it is
/// frame-rate independent, and both the scheduler and the render server sample it.
///
/// All four regimes are handled: under-damped (`c² < 4km`), critically damped (`c²` within a
/// relative 1e-9 of `4km`), over-damped and undamped (`c = 0`). Exponentials are only ever taken of
/// non-positive numbers, so large times underflow to the destination instead of overflowing.
/// Times before 0 (and NaN) sample as time 0; time `.infinity` samples as the destination at rest
/// (or, undamped, which has no limit, as time 0).
///
/// Parameters the validator rejects (P001) are made usable rather than trapping: a stiffness or
/// mass that is not positive and finite counts as 1, a negative or NaN damping as 0.
public struct SpringSolution: Hashable, Sendable {
    /// The value at local time 0.
    public let initialValue: Double
    /// The velocity at local time 0, in units per second.
    public let initialVelocity: Double
    /// The value the spring pulls toward.
    public let destination: Double
    /// The spring constant `k` (> 0).
    public let stiffness: Double
    /// The damping coefficient `c` (>= 0), friction included.
    public let damping: Double
    /// The mass `m` (> 0).
    public let mass: Double

    /// Which closed form applies.
    @usableFromInline
    enum Regime: Hashable, Sendable {
        /// `y = e^(-a t) (A cos(w t) + B sin(w t))`; undamped when a = 0.
        case oscillating
        /// `y = (A + B t) e^(-r t)`.
        case critical
        /// `y = C1 e^(r1 t) + C2 e^(r2 t)`, r2 < r1 < 0.
        case overdamped
    }

    @usableFromInline let regime: Regime
    // Precomputed coefficients; their meaning depends on `regime`:
    // oscillating: c0 = a (decay rate), c1 = w, c2 = A, c3 = B, c4 = velocity cos factor,
    //   c5 = velocity sin factor.
    // critical: c0 = r, c2 = A, c3 = B.
    // overdamped: c0 = r1, c1 = r2, c2 = C1, c3 = C2.
    @usableFromInline let c0: Double
    @usableFromInline let c1: Double
    @usableFromInline let c2: Double
    @usableFromInline let c3: Double
    @usableFromInline let c4: Double
    @usableFromInline let c5: Double
    /// `sqrt(m / k)`, to weigh velocity in ``restMeasure(at:)``.
    @usableFromInline let velocityWeight: Double

    /// Creates the solution of a spring from its state at local time 0.
    ///
    /// - Parameters:
    ///   - initialValue: x(0).
    ///   - initialVelocity: x'(0), in units per second.
    ///   - destination: d, where the spring is at rest.
    ///   - stiffness: k > 0 (default 342, docs/format.md §2.1).
    ///   - damping: c >= 0, the spring's damping plus any friction coefficient (default 30).
    ///   - mass: m > 0 (default 1).
    /// - Complexity: O(1); all per-sample coefficients are computed here.
    public init(
        initialValue: Double, initialVelocity: Double, destination: Double, stiffness: Double = 342,
        damping: Double = 30, mass: Double = 1
    ) {
        let k = stiffness > 0 && stiffness.isFinite ? stiffness : 1
        let m = mass > 0 && mass.isFinite ? mass : 1
        let c = damping > 0 ? damping : 0
        self.initialValue = initialValue
        self.initialVelocity = initialVelocity
        self.destination = destination
        self.stiffness = k
        self.damping = c
        self.mass = m

        let y0 = initialValue - destination
        let v0 = initialVelocity
        let sqrtK = k.squareRoot()
        let sqrtM = m.squareRoot()
        let omega0 = sqrtK / sqrtM  // natural angular frequency
        let zeta = c / sqrtK / sqrtM / 2  // damping ratio, without overflowing sqrt(k m)
        velocityWeight = sqrtM / sqrtK

        if abs(zeta - 1) <= 1e-9 {
            // c² = 4km to a relative 1e-9 (|c² - 4km| / 4km = |ζ² - 1| ≈ 2|ζ - 1|).
            let r = omega0
            regime = .critical
            c0 = r
            c1 = 0
            c2 = y0
            c3 = v0 + r * y0
            c4 = 0
            c5 = 0
        } else if zeta < 1 {
            let a = zeta * omega0
            let w = omega0 * ((1 - zeta) * (1 + zeta)).squareRoot()
            let amplitudeA = y0
            let amplitudeB = (v0 + a * y0) / w
            regime = .oscillating
            c0 = a
            c1 = w
            c2 = amplitudeA
            c3 = amplitudeB
            // y' = e^(-a t) ((B w - a A) cos + (-A w - a B) sin)
            c4 = amplitudeB * w - a * amplitudeA
            c5 = -amplitudeA * w - a * amplitudeB
        } else {
            // Roots -ω0 (ζ ± sqrt(ζ² - 1)); written without ζ² so huge ζ cannot overflow, and the
            // slow root from the product r1 r2 = ω0² to avoid cancellation.
            let inverse = 1 / zeta
            let q = zeta * ((1 - inverse) * (1 + inverse)).squareRoot()  // sqrt(ζ² - 1)
            let sum = zeta + q
            let r2 = -omega0 * sum  // fast root
            let r1 = -omega0 / sum  // slow root
            let coefficient2: Double
            if r2.isFinite {
                coefficient2 = (v0 - r1 * y0) / (r2 - r1)
            } else {
                coefficient2 = 0
            }
            regime = .overdamped
            c0 = r1
            c1 = r2
            c2 = y0 - coefficient2
            c3 = coefficient2
            c4 = 0
            c5 = 0
        }
    }

    /// `coefficient * e^(rate t)` for rate <= 0 and t >= 0, as 0 once the exponential underflows
    /// (so an infinite rate or coefficient cannot produce NaN).
    @inlinable
    static func decaying(_ coefficient: Double, _ rate: Double, _ t: Double) -> Double {
        let e = exp(rate * t)
        return e == 0 || coefficient == 0 ? 0 : coefficient * e
    }

    /// The displacement `x(t) - d` and velocity `x'(t)` at local time `t`.
    ///
    /// - Complexity: O(1): one `exp` (two when over-damped) and one `cos`/`sin` pair.
    @inlinable
    public func state(at t: Double) -> (displacement: Double, velocity: Double) {
        guard t > 0 else { return (initialValue - destination, initialVelocity) }
        guard t < .infinity else {
            // The limit: at rest when damped; an undamped spring has none, so keep its start.
            return damping > 0 ? (0, 0) : (initialValue - destination, initialVelocity)
        }
        switch regime {
        case .oscillating:
            let e = exp(-c0 * t)
            if e == 0 { return (0, 0) }
            let phase = c1 * t
            let cosine = cos(phase)
            let sine = sin(phase)
            return (e * (c2 * cosine + c3 * sine), e * (c4 * cosine + c5 * sine))
        case .critical:
            let e = exp(-c0 * t)
            if e == 0 { return (0, 0) }
            let y = (c2 + c3 * t) * e
            return (y, c3 * e - c0 * y)
        case .overdamped:
            let slow = Self.decaying(c2, c0, t)
            let fast = Self.decaying(c3, c1, t)
            let fastVelocity = fast == 0 ? 0 : c1 * fast
            return (slow + fast, c0 * slow + fastVelocity)
        }
    }

    /// The value `x(t)` at local time `t` seconds.
    ///
    /// - Complexity: O(1): one `exp` (two when over-damped) and one `cos`/`sin` pair.
    @inlinable
    public func value(at t: Double) -> Double {
        guard t > 0, t < .infinity, regime == .oscillating else {
            return destination + state(at: t).displacement
        }
        // The common case without the velocity's arithmetic.
        let e = exp(-c0 * t)
        if e == 0 { return destination }
        let phase = c1 * t
        return destination + e * (c2 * cos(phase) + c3 * sin(phase))
    }

    /// The velocity `x'(t)` at local time `t` seconds, in units per second.
    ///
    /// - Complexity: O(1).
    @inlinable
    public func velocity(at t: Double) -> Double { state(at: t).velocity }

    /// The rest measure `sqrt((x - d)² + m v² / k)` at local time `t`.
    ///
    /// It is the square root of twice the spring's energy over `k`, so it never increases while
    /// `c >= 0`; docs/format.md §2.3 calls the spring at rest once it is at most the threshold.
    ///
    /// - Complexity: O(1).
    @inlinable
    public func restMeasure(at t: Double) -> Double {
        let (y, v) = state(at: t)
        return hypot(y, v * velocityWeight)
    }

    /// The slowest rate at which the rest measure decays, like e^(-rate t): what brackets a
    /// settling time.
    var decayRate: Double {
        switch regime {
        case .oscillating, .critical: c0
        case .overdamped: -c0
        }
    }

    /// The first local time at which ``restMeasure(at:)`` is at most `threshold`.
    ///
    /// 0 when the spring starts at rest; `.infinity` when it never comes to rest (undamped, or a
    /// threshold that is not positive and is never reached). Because the measure never increases,
    /// the time is found by doubling a bracket and then bisecting it to about 1e-9 s; the result
    /// is always on the at-rest side: `restMeasure(at: settlingTime(threshold: h)) <= h`.
    ///
    /// The scheduler snaps a spring at the first frame where it is at rest and the render server
    /// plays a spring for this duration, so both agree on when a spring ends.
    ///
    /// - Complexity: O(log(T / 1e-9)) samples for a settling time T: about 40-60.
    public func settlingTime(threshold: Double) -> Double {
        if restMeasure(at: 0) <= threshold { return 0 }
        guard damping > 0 else { return .infinity }
        // Bracket: the measure decays like e^(-rate t) with rate the slowest decay rate.
        let rate = decayRate
        var lo = 0.0
        var hi = rate > 0 && rate.isFinite ? Swift.min(1 / rate, 1) : 1
        var found = false
        for _ in 0..<2100 {
            if restMeasure(at: hi) <= threshold {
                found = true
                break
            }
            lo = hi
            hi *= 2
            if !hi.isFinite { break }
        }
        guard found else { return .infinity }
        // Bisect: restMeasure(lo) > threshold >= restMeasure(hi).
        for _ in 0..<200 {
            if hi - lo <= 1e-9 { break }
            let mid = lo + (hi - lo) * 0.5
            if mid <= lo || mid >= hi { break }
            if restMeasure(at: mid) <= threshold { hi = mid } else { lo = mid }
        }
        return hi
    }
}
