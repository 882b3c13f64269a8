/// Reads durations as documents write them (docs/format.md §1.1): the one duration grammar.
///
/// A duration text is a decimal number (optional sign, digits with an optional fraction, optional
/// exponent such as `1e3`) followed directly by `ms`, `s` or nothing. No spaces, other units, hex
/// numbers, `inf` or `nan`. The decoder reads durations with ``seconds(from:)``, and the schema's
/// pattern is ``schemaPattern``; a test keeps the two equal on text without a leading `-`.
public enum DurationParser {
    /// The JSON Schema pattern of a duration string: the grammar without the `-` sign.
    ///
    /// A negative duration is never valid; the decoder reads it only to report it as out of range.
    public static let schemaPattern = "^\\+?([0-9]+(\\.[0-9]*)?|\\.[0-9]+)([eE][+-]?[0-9]+)?(ms|s)?$"

    /// The seconds in `"300ms"`, `"0.3s"` or `"2"` (a plain number is seconds).
    ///
    /// Nil for text outside the grammar.
    ///
    /// Text in the grammar always reads: a number too large for a double (`"1e400s"`) reads as
    /// infinity and a negative one as negative seconds, so that the decoder reports both as out of
    /// range (D005) rather than as text it cannot read (D003).
    ///
    /// - Complexity: O(length of `text`).
    public static func seconds(from text: String) -> Double? {
        let bytes = Array(text.utf8)
        var unitScale = 1.0
        var numberEnd = bytes.count
        if bytes.count >= 2, bytes[bytes.count - 2] == UInt8(ascii: "m"),
            bytes[bytes.count - 1] == UInt8(ascii: "s")
        {
            unitScale = 1.0 / 1000
            numberEnd -= 2
        } else if bytes.last == UInt8(ascii: "s") {
            numberEnd -= 1
        }
        let number = bytes[0..<numberEnd]
        guard isDecimalNumber(number), let value = Double(String(decoding: number, as: UTF8.self)) else {
            return nil
        }
        return unitScale == 1 ? value : value / 1000
    }

    /// Whether `bytes` is `[+-]? (digits ('.' digits?)? | '.' digits) ([eE] [+-]? digits)?`.
    private static func isDecimalNumber(_ bytes: ArraySlice<UInt8>) -> Bool {
        var i = bytes.startIndex
        let end = bytes.endIndex
        func isDigit(_ b: UInt8) -> Bool { b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9") }
        func skipDigits() -> Int {
            let begin = i
            while i < end, isDigit(bytes[i]) { i += 1 }
            return i - begin
        }
        if i < end, bytes[i] == UInt8(ascii: "+") || bytes[i] == UInt8(ascii: "-") { i += 1 }
        var mantissaDigits = skipDigits()
        if i < end, bytes[i] == UInt8(ascii: ".") {
            i += 1
            mantissaDigits += skipDigits()
        }
        guard mantissaDigits > 0 else { return false }
        if i < end, bytes[i] == UInt8(ascii: "e") || bytes[i] == UInt8(ascii: "E") {
            i += 1
            if i < end, bytes[i] == UInt8(ascii: "+") || bytes[i] == UInt8(ascii: "-") { i += 1 }
            guard skipDigits() > 0 else { return false }
        }
        return i == end
    }
}
