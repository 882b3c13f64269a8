#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// When a tween plays: its commit time, start, duration and repetition (docs/format.md §2.2).
///
/// `TweenTiming` turns a clock time into a keyframe progress with Core Animation's rules: the tween
/// starts at `start` (its commit plus its delay), shows its first keyframe before that (fill
/// backwards), plays `repeatCount` passes (fractional allowed, `.infinity` for `forever`), and when
/// `autoreverses` each repeat is a forward and then a backward pass. After its end the progress of
/// its last moment holds.
///
/// Its times are decimal sums (``Seconds/sum(_:_:)``): the start is the commit plus the delay, pass
/// k begins at the start plus k durations and the tween ends at the start plus its active
/// duration, each moved to the whole nanosecond that binary rounding left it next to. A tween
/// committed at 0.1 s for 0.2 s then ends at the frame at 0.3 s, not at 0.30000000000000004 s
/// (a frame later), as a Core Animation or CSS user reads it.
///
/// Input that the validator rejects is still handled without trapping: a negative or NaN duration
/// counts as 0, a non-positive or NaN repeat count as 1 (as Core Animation treats 0), a NaN delay
/// as 0.
public struct TweenTiming: Hashable, Sendable {
    /// The clock time of the transaction that added the tween, in seconds.
    public var commitTime: Double
    /// The clock time the first pass begins.
    ///
    /// The commit plus the delay, as a decimal sum, or an animation's `beginTime` as it was added.
    public var start: Double
    /// Seconds of one pass.
    public var duration: Double
    /// How many times the tween plays: 1 by default, fractional allowed, `.infinity` for `forever`.
    public var repeatCount: Double
    /// Whether each repeat plays forward and then backward.
    public var autoreverses: Bool

    /// Seconds from the commit to the start.
    @inlinable public var delay: Double { start - commitTime }

    /// Creates a timing that starts `delay` seconds after `commitTime`, at their decimal sum.
    public init(
        commitTime: Double, delay: Double = 0, duration: Double, repeatCount: Double = 1,
        autoreverses: Bool = false
    ) {
        self.init(
            commitTime: commitTime, start: Seconds.sum(commitTime, delay.isNaN ? 0 : delay), duration: duration,
            repeatCount: repeatCount, autoreverses: autoreverses)
    }

    /// Creates a timing whose first pass begins at `start`, taken as it is.
    ///
    /// `start` is an animation's `beginTime`, already a sum (NaN counts as `commitTime`).
    /// Rebuilding the start as `commitTime + (start - commitTime)` can land it next to `start`,
    /// which puts a change on the frame after the one at `start`.
    public init(commitTime: Double, start: Double, duration: Double, repeatCount: Double = 1, autoreverses: Bool = false) {
        self.commitTime = commitTime
        self.start = start.isNaN ? commitTime : start
        self.duration = duration
        self.repeatCount = repeatCount
        self.autoreverses = autoreverses
    }

    /// The duration used for sampling: `duration`, or 0 when it is negative or NaN.
    @inlinable var passDuration: Double { duration > 0 ? duration : 0 }

    /// The number of passes: `repeatCount` (1 when it is not positive), doubled when autoreversing.
    @inlinable var passCount: Double {
        let repeats = repeatCount > 0 ? repeatCount : 1
        return autoreverses ? repeats * 2 : repeats
    }

    /// How long the tween plays after its start: duration x repeats (x 2 when autoreversing).
    ///
    /// `.infinity` for `forever`; 0 when the duration is 0.
    @inlinable public var activeDuration: Double {
        let d = passDuration
        return d == 0 ? 0 : d * passCount
    }

    /// The time the tween's last moment is reached: `start + activeDuration`, as a decimal sum.
    ///
    /// `.infinity` for `forever`, `start` when the duration is 0.
    @inlinable public var end: Double {
        let active = activeDuration
        return active == 0 ? start : Seconds.sum(start, active)
    }

    /// The time pass `k` (0-based) begins: `start + k x duration`, as a decimal sum.
    ///
    /// - Complexity: O(1).
    @inlinable public func passStart(_ k: Double) -> Double {
        k == 0 ? start : Seconds.sum(start, k * passDuration)
    }

    /// Whether the tween covers clock time `t` for precedence: `commitTime <= t <= end`.
    ///
    /// A tween covers its delay, so a later tween shows its first value (fill backwards) over an
    /// earlier one as soon as it is committed.
    @inlinable public func covers(_ t: Double) -> Bool { commitTime <= t && t <= end }

    /// The keyframe progress (0...1) at clock time `t`.
    ///
    /// - Before `start` (or for a NaN `t`): 0, the first keyframe (fill backwards).
    /// - Duration 0: 1 at and after `start`.
    /// - During pass k (0-based, from ``passStart(_:)``): `(t - passStart(k)) / duration`, within
    ///   0...1, reversed (`1 - ...`) on odd passes when autoreversing. At a boundary between passes
    ///   the later pass's first moment applies.
    /// - At and after `end`: the progress of the last moment: 1 after forward passes, 0 after
    ///   whole autoreversed repeats, the partial pass's progress after a fractional repeat.
    ///
    /// - Complexity: O(1).
    @inlinable
    public func progress(at t: Double) -> Double {
        let start = self.start
        guard t >= start else { return 0 }
        let d = passDuration
        guard d > 0 else { return 1 }
        let passes = passCount
        guard t < end, let (k, local) = Self.pass(at: t, start: start, passDuration: d, passes: passes) else {
            return finalProgress(passes: passes)
        }
        return autoreverses && isOdd(k) ? 1 - local : local
    }

    /// The pass holding clock time `t` and the progress through it, for `start <= t < end` and a
    /// positive pass duration `d`; nil when rounding puts `t` past the last pass (the end applies).
    ///
    /// Pass k runs from ``passStart(_:)`` of k to that of k + 1, decimal sums: `(t - start) / d`
    /// alone may round to just below the pass whose decimal start is `t`. The progress through the
    /// pass is `(t - passStart(k)) / d`, within 0...1: exactly 0 at a pass's start.
    ///
    /// ``progress(at:)``, ``progressRate(at:)`` and the sampling arena's keyframe bodies all find
    /// the pass here, so they agree on every boundary.
    ///
    /// - Complexity: O(1): no decimal sum during the first pass of a tween that plays once, at
    ///   most two otherwise.
    @inlinable
    static func pass(at t: Double, start: Double, passDuration d: Double, passes: Double) -> (pass: Double, local: Double)? {
        let x = (t - start) / d
        // Rounding may put x at or past the last pass while t < end: treat that as the end.
        guard x < passes else { return nil }
        var k = floor(x)
        var begin = k == 0 ? start : Seconds.sum(start, k * d)
        if t < begin {
            k -= 1
            begin = k == 0 ? start : Seconds.sum(start, k * d)
        } else if k + 1 < passes {
            let next = Seconds.sum(start, (k + 1) * d)
            if t >= next {
                k += 1
                begin = next
            }
        }
        return (k, Swift.min(Swift.max((t - begin) / d, 0), 1))
    }

    /// The progress at the tween's last moment, after `passes` passes (finite).
    @inlinable
    func finalProgress(passes: Double) -> Double {
        guard passes.isFinite else { return 0 }
        let whole = floor(passes)
        let partial = passes - whole
        if partial > 0 {
            // The last moment lies inside pass `whole`.
            return autoreverses && isOdd(whole) ? 1 - partial : partial
        }
        // The last moment ends pass `whole - 1` at local progress 1; that pass is a backward one
        // (odd) exactly when `whole` is even. (`whole - 1` itself may not be representable.)
        return autoreverses && !isOdd(whole) ? 0 : 1
    }

    /// Whether the whole number `k` (a pass index) is odd; exact for every finite double.
    @inlinable
    func isOdd(_ k: Double) -> Bool { abs(k.truncatingRemainder(dividingBy: 2)) == 1 }
}
