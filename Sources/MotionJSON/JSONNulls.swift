/// Finding the `null` a JSON writer puts for a number it cannot write.
public enum JSONNulls {
    /// The byte offset of the first `null` outside strings in JSON text, or nil.
    ///
    /// ``JSONNumber/format(_:)`` spells a number that is not finite `null`: in a file that holds
    /// no null of its own (a Lottie export), one found is a number that overflowed. `"null"` in a
    /// string, escaped quotes included, is text and not counted.
    ///
    /// - Complexity: O(n) in the length of `bytes`.
    public static func first(in bytes: [UInt8]) -> Int? {
        var inString = false
        var escaped = false
        var i = 0
        while i < bytes.count {
            let byte = bytes[i]
            if inString {
                if escaped {
                    escaped = false
                } else if byte == UInt8(ascii: "\\") {
                    escaped = true
                } else if byte == UInt8(ascii: "\"") {
                    inString = false
                }
            } else if byte == UInt8(ascii: "\"") {
                inString = true
            } else if byte == UInt8(ascii: "n"), bytes[i...].starts(with: "null".utf8) {
                return i
            }
            i += 1
        }
        return nil
    }
}
