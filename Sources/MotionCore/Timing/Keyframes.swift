/// A tween's keyframes: values at offsets, joined by easing curves (docs/format.md §2.2).
///
/// `Keyframes` maps a progress `p` (what ``TweenTiming/progress(at:)`` returns) to a value. The
/// initialiser normalises its input so that sampling never traps and never divides by zero:
///
/// - `offsets` always has one entry per value, clamped to 0...1 and made non-decreasing. Missing
///   or mismatched offsets become the defaults `i / (n - 1)`; for a single value the default is
///   `[0]`.
/// - `curves` always has `max(n - 1, 1)` entries: a single curve is used for every segment, an
///   empty list means linear, and a list of any other length than `n - 1` repeats its first curve.
///
/// A single value (n = 1) holds at every progress. docs/format.md's "`to` alone" tween runs from the
/// presented value: the caller builds `[presented, to]` before creating the keyframes. An empty
/// value list (which the validator rejects, W001) samples as `MotionValue.scalar(0)`.
public struct Keyframes: Hashable, Sendable {
    /// The keyframe values, in order.
    public private(set) var values: [MotionValue]
    /// One offset in 0...1 per value, non-decreasing.
    public private(set) var offsets: [Double]
    /// The easing of each segment: `max(values.count - 1, 1)` curves.
    public private(set) var curves: [TimingCurve]

    /// Creates keyframes, filling in default offsets and curves as the type's overview describes.
    ///
    /// - Parameters:
    ///   - values: the values, n >= 1.
    ///   - offsets: n offsets in 0...1, non-decreasing; nil (or a list of another length) for the
    ///     evenly spaced default.
    ///   - curves: one curve for every segment, or n - 1 curves, one per segment.
    /// - Complexity: O(n).
    public init(values: [MotionValue], offsets: [Double]? = nil, curves: [TimingCurve] = [.linear]) {
        let n = values.count
        self.values = values
        var normalized: [Double]
        if let offsets, offsets.count == n {
            normalized = offsets
        } else {
            normalized = Self.defaultOffsets(count: n)
        }
        var running = 0.0
        for i in normalized.indices {
            var o = normalized[i]
            if o.isNaN { o = n > 1 ? Double(i) / Double(n - 1) : 0 }
            o = Swift.min(Swift.max(o, 0), 1)
            running = Swift.max(running, o)
            // Written only when it changes: offsets already in order (the usual case) keep
            // sharing the caller's array instead of being copied.
            if normalized[i].bitPattern != running.bitPattern { normalized[i] = running }
        }
        self.offsets = normalized
        let segments = Swift.max(n - 1, 1)
        if curves.count == segments {
            self.curves = curves
        } else {
            self.curves = Array(repeating: curves.first ?? .linear, count: segments)
        }
    }

    /// Creates two keyframes `[from, to]` joined by one curve.
    ///
    /// - Complexity: O(1).
    public init(from: MotionValue, to: MotionValue, curve: TimingCurve = .linear) {
        self.init(values: [from, to], offsets: [0, 1], curves: [curve])
    }

    /// The evenly spaced offsets `i / (n - 1)` for n values; `[0]` for one value.
    ///
    /// - Complexity: O(n).
    public static func defaultOffsets(count n: Int) -> [Double] {
        if n <= 0 { return [] }
        if n == 1 { return [0] }
        let last = Double(n - 1)
        return (0..<n).map { $0 == n - 1 ? 1 : Double($0) / last }
    }

    /// The first value (what the tween shows before it starts); `.scalar(0)` when there are none.
    public var firstValue: MotionValue { values.first ?? .scalar(0) }

    /// The last value (what the tween shows after a forward pass); `.scalar(0)` when there are none.
    public var lastValue: MotionValue { values.last ?? .scalar(0) }

    /// The index `i` of the segment `offsets[i]..<offsets[i+1]` that holds progress `p`, and `p`'s
    /// eased fraction within it; nil when `p` lies before the first or at/after the last offset.
    ///
    /// Zero-length segments are never chosen: at an offset shared by several keyframes the value
    /// jumps to the last of them.
    ///
    /// - Complexity: O(log n).
    @inlinable
    func segment(atProgress p: Double) -> (index: Int, fraction: Double)? {
        let n = offsets.count
        guard n >= 2, p >= offsets[0], p < offsets[n - 1] else { return nil }
        // Largest i in 0..<(n-1) with offsets[i] <= p.
        var lo = 0
        var hi = n - 1  // offsets[hi] > p
        while hi - lo > 1 {
            let mid = lo &+ (hi &- lo) / 2
            if offsets[mid] <= p { lo = mid } else { hi = mid }
        }
        // offsets[lo] <= p < offsets[lo + 1], so the segment has positive length.
        let u = (p - offsets[lo]) / (offsets[lo + 1] - offsets[lo])
        return (lo, curves[lo].value(at: u))
    }

    /// The value at progress `p` (docs/format.md §2.2).
    ///
    /// Before the first offset the first value holds; at or after the last offset the last value
    /// holds; in segment `i`, `v[i] + (v[i+1] - v[i]) * curve_i(u)` with
    /// `u = (p - offsets[i]) / (offsets[i+1] - offsets[i])`. A NaN progress gives the first value.
    ///
    /// - Complexity: O(log n) for the segment search, plus one curve solve.
    @inlinable
    public func value(atProgress p: Double) -> MotionValue {
        guard let (i, e) = segment(atProgress: p) else {
            return p >= (offsets.last ?? 0) ? lastValue : firstValue
        }
        return values[i].interpolated(to: values[i + 1], by: e)
    }

    /// Component `component` of ``value(atProgress:)``, without building the whole value.
    ///
    /// A component outside 0..<4 reads as 0.
    ///
    /// - Complexity: O(log n), plus one curve solve.
    @inlinable
    public func scalarValue(atProgress p: Double, component: Int) -> Double {
        guard (0..<4).contains(component) else { return 0 }
        guard let (i, e) = segment(atProgress: p) else {
            return (p >= (offsets.last ?? 0) ? lastValue : firstValue).components[component]
        }
        let a = values[i].components[component]
        let b = values[i + 1].components[component]
        return a + (b - a) * e
    }
}
