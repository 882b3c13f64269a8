/// Adding document times as a designer reads them.
public enum Seconds {
    /// `a + b`, cleared of the binary rounding that decimal times pick up when added.
    ///
    /// A sum within 1e-12 s of a whole number of nanoseconds is that number of nanoseconds: 0.1 +
    /// 0.2 is then the 0.3 the frame at 0.3 s is sampled at, not 0.30000000000000004, which would
    /// put a change written for 0.3 s on the next frame. Other sums (and sums of 1e6 s or more)
    /// are left as they are.
    ///
    /// - Complexity: O(1).
    @inlinable
    public static func sum(_ a: Double, _ b: Double) -> Double {
        let sum = a + b
        guard sum.isFinite, abs(sum) < 1e6 else { return sum }
        let snapped = (sum * 1e9).rounded() / 1e9
        return abs(snapped - sum) <= 1e-12 ? snapped : sum
    }
}
