#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A synthetic gesture input: samples spaced evenly over a duration, joined by straight lines.
///
/// See docs/format.md §2.4.
///
/// Sample i lies at `start + i * duration / (n - 1)`. The value before `start` is the first sample
/// and after `start + duration` the last. The velocity is the slope of the segment holding t: at an
/// interior sample the segment that starts there, at the very end the last segment, and zero
/// outside the gesture. A time within 1e-9 of a segment length of a sample counts as that sample's
/// time, so clock times computed as `k / fps` land on the intended segment.
///
/// Degenerate inputs do not trap: no samples read as `.scalar(0)`; one sample, or a duration that
/// is not positive, holds the first sample before `start` and the last from `start` on, with zero
/// velocity.
public struct PiecewiseLinearInput: Hashable, Sendable {
    /// The samples, in time order.
    public let samples: [MotionValue]
    /// The clock time of the first sample, in seconds.
    public let start: Double
    /// Seconds from the first sample to the last.
    public let duration: Double

    /// Creates an input from samples spaced evenly over `duration` seconds from `start`.
    ///
    /// - Complexity: O(1).
    public init(samples: [MotionValue], start: Double, duration: Double) {
        self.samples = samples
        self.start = start
        self.duration = duration
    }

    /// The clock time of the last sample: `start + duration`.
    public var end: Double { Seconds.sum(start, Swift.max(duration, 0)) }

    /// Seconds between samples; 0 for fewer than two samples or a duration that is not positive.
    @inlinable var step: Double {
        samples.count >= 2 && duration > 0 ? duration / Double(samples.count - 1) : 0
    }

    /// The zero value of the samples' kind.
    @inlinable var zero: MotionValue {
        MotionValue(kind: samples.first?.kind ?? .scalar, components: .zero)
    }

    /// The segment index holding `t` and the position in it (0..<1), for `start <= t <= end`
    /// and a positive step; at `end` the last segment with position 1.
    @inlinable
    func segment(at t: Double, step: Double) -> (index: Int, fraction: Double) {
        let last = samples.count - 2
        var x = (t - start) / step
        let nearest = x.rounded()
        if abs(x - nearest) <= 1e-9 * Swift.max(1, nearest) { x = nearest }
        guard x < Double(last + 1) else { return (last, 1) }
        guard x > 0 else { return (0, 0) }
        let index = Int(x)  // floor: x is positive and below last + 1
        return (index, x - Double(index))
    }

    /// The input's value at clock time `t`.
    ///
    /// - Complexity: O(1).
    @inlinable
    public func value(at t: Double) -> MotionValue {
        guard let first = samples.first, let last = samples.last else { return .scalar(0) }
        let step = self.step
        guard step > 0 else { return t >= start ? last : first }
        if !(t > start) { return first }
        if t >= end { return last }
        let (i, u) = segment(at: t, step: step)
        return samples[i].interpolated(to: samples[i + 1], by: u)
    }

    /// The input's velocity at clock time `t`, in units per second.
    ///
    /// The slope of the segment holding `t`; zero before `start` and after `end`.
    ///
    /// - Complexity: O(1).
    @inlinable
    public func velocity(at t: Double) -> MotionValue {
        let step = self.step
        guard step > 0, t >= start, t <= end else { return zero }
        let (i, _) = segment(at: t, step: step)
        return slope(ofSegment: i, step: step)
    }

    /// The velocity the gesture ends with: the last segment's slope.
    ///
    /// Zero for a single sample or a duration that is not positive.
    ///
    /// - Complexity: O(1).
    public var releaseVelocity: MotionValue {
        let step = self.step
        guard step > 0 else { return zero }
        return slope(ofSegment: samples.count - 2, step: step)
    }

    @inlinable
    func slope(ofSegment i: Int, step: Double) -> MotionValue {
        let rise = samples[i + 1].components - samples[i].components
        return MotionValue(kind: samples[i].kind, components: rise / step)
    }
}
