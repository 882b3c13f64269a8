import MotionCore
import MotionJSON

/// The number text of every export: JSON's (``JSONNumber/format(_:)``), written by MotionCore's
/// `ShortestDouble` straight into the output's bytes.
///
/// The text is the shortest that reads back as the same `Double`, whole numbers without a
/// fraction (`-0` as `0`), `null` when not finite: `ShortestDouble` spells every finite value
/// below 2^53 as `description` does, and the rest (rare in an export) go to `JSONNumber` itself.
enum ExportNumber {
    /// Appends `value`'s text.
    ///
    /// - Complexity: O(1); no allocation besides `bytes` growing.
    static func append(_ value: Double, to bytes: inout [UInt8]) {
        if value == 0 {
            bytes.append(UInt8(ascii: "0"))
        } else if value.isFinite, abs(value) < 9_007_199_254_740_992 {
            ShortestDouble.append(value, to: &bytes, integralSuffix: false)
        } else {
            JSONNumber.append(value, to: &bytes)
        }
    }

    /// `value`'s text as a string, as ``append(_:to:)`` writes it.
    static func text(_ value: Double) -> String {
        guard value != 0, value.isFinite, abs(value) < 9_007_199_254_740_992 else { return JSONNumber.format(value) }
        return ShortestDouble.text(value, integralSuffix: false)
    }
}
