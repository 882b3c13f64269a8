/// Adding document times as a designer reads them.
public enum Seconds {
    /// The largest time (in magnitude) that ``snapped(_:)`` moves: 200,000 s.
    ///
    /// It lies past any sum of two times within the format's one-day limit.
    public static let snapLimit = 200_000.0

    /// `a + b`, cleared of the binary rounding that decimal times pick up when added.
    ///
    /// 0.1 + 0.2 is then the 0.3 the frame at 0.3 s is sampled at, not 0.30000000000000004,
    /// which would put a change written for 0.3 s on the next frame (see ``snapped(_:)``).
    ///
    /// - Complexity: O(1).
    @inlinable
    public static func sum(_ a: Double, _ b: Double) -> Double {
        snapped(a + b)
    }

    /// `t` moved to the whole number of nanoseconds it lies within rounding error of.
    ///
    /// Rounding error is at most 1e-12 s, or 1e-15 of `t` where that is more: binary rounding
    /// grows with the time (a sum near a day is off by up to 1.5e-11 s). A whole nanosecond is
    /// the double nearest to it, the time a frame at that decimal is sampled at (`k / fps` is the
    /// double nearest to its quotient). Other times, times of ``snapLimit`` or more and times that
    /// are not finite are left as they are. Every tolerance lies below half a nanosecond, so the
    /// nanosecond a time moves to is the one nearest to it.
    ///
    /// - Complexity: O(1).
    @inlinable
    public static func snapped(_ t: Double) -> Double {
        guard t.isFinite, abs(t) < snapLimit else { return t }
        let snapped = (t * 1e9).rounded() / 1e9
        return abs(snapped - t) <= Swift.max(1e-12, abs(t) * 1e-15) ? snapped : t
    }
}
