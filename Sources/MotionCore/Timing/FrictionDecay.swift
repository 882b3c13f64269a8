#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The closed-form motion of a value under friction alone (docs/format.md §2.3).
///
/// Solves `m v' = -c v` from `x(0) = initialValue`, `v(0) = initialVelocity`:
/// `v(t) = v0 e^(-c t / m)` and `x(t) = x0 + v0 (m / c) (1 - e^(-c t / m))`. Times before 0 (and
/// NaN) sample as time 0. A coefficient that is not positive (which the validator rejects) counts
/// as 0, i.e. no friction: the value moves at constant velocity. A mass that is not positive and
/// finite counts as 1.
public struct FrictionDecay: Hashable, Sendable {
    /// The value at local time 0.
    public let initialValue: Double
    /// The velocity at local time 0, in units per second.
    public let initialVelocity: Double
    /// The friction coefficient `c`, per second for unit mass.
    public let coefficient: Double
    /// The mass `m`.
    public let mass: Double
    /// `c / m`, the decay rate per second.
    @usableFromInline let rate: Double

    /// Creates the decay of a velocity from its state at local time 0.
    ///
    /// - Complexity: O(1).
    public init(initialValue: Double, initialVelocity: Double, coefficient: Double, mass: Double = 1) {
        let m = mass > 0 && mass.isFinite ? mass : 1
        let c = coefficient > 0 ? coefficient : 0
        self.initialValue = initialValue
        self.initialVelocity = initialVelocity
        self.coefficient = c
        self.mass = m
        self.rate = c / m
    }

    /// The value `x(t)` at local time `t` seconds.
    ///
    /// - Complexity: O(1).
    @inlinable
    public func value(at t: Double) -> Double {
        guard t > 0 else { return initialValue }
        guard rate > 0 else { return initialValue + initialVelocity * t }
        guard rate.isFinite else { return initialValue }
        // (1 - e^(-r t)) / r, with expm1 for accuracy when r t is small.
        return initialValue + initialVelocity * (-expm1(-rate * t) / rate)
    }

    /// The velocity `v(t)` at local time `t` seconds.
    ///
    /// - Complexity: O(1).
    @inlinable
    public func velocity(at t: Double) -> Double {
        guard t > 0 else { return initialVelocity }
        let e = exp(-rate * t)
        return e == 0 ? 0 : initialVelocity * e
    }

    /// The value the motion approaches: `x0 + v0 m / c`.
    ///
    /// `x0` when `v0 = 0`; infinite without friction.
    public var restingValue: Double {
        if initialVelocity == 0 { return initialValue }
        return rate > 0 ? initialValue + initialVelocity * (1 / rate) : initialVelocity * .infinity
    }

    /// The first local time at which `|v(t)| <= threshold`.
    ///
    /// 0 when already so, `.infinity` when never (no friction, or a threshold that is not
    /// positive).
    ///
    /// Computed in closed form, `(m / c) ln(|v0| / threshold)`, then nudged up by at most a few
    /// ulps so that `abs(velocity(at: result)) <= threshold` holds for the returned time.
    ///
    /// - Complexity: O(1).
    public func settlingTime(threshold: Double) -> Double {
        let speed = abs(initialVelocity)
        if speed <= threshold { return 0 }
        guard rate > 0, threshold > 0 else { return .infinity }
        var t = log(speed / threshold) / rate
        guard t.isFinite else { return .infinity }
        for _ in 0..<64 where abs(velocity(at: t)) > threshold {
            t = t.nextUp
        }
        return t
    }
}
