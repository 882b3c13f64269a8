/// Adding document times as a designer reads them.
public enum Seconds {
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

    /// `t` moved to the whole number of nanoseconds it lies within 1e-12 s of.
    ///
    /// A whole nanosecond is the double nearest to it, the time a frame at that decimal is
    /// sampled at (`k / fps` is the double nearest to its quotient). Other times (and times of
    /// 1e6 s or more, or not finite) are left as they are.
    ///
    /// - Complexity: O(1).
    @inlinable
    public static func snapped(_ t: Double) -> Double {
        guard t.isFinite, abs(t) < 1e6 else { return t }
        let snapped = (t * 1e9).rounded() / 1e9
        return abs(snapped - t) <= 1e-12 ? snapped : t
    }
}
