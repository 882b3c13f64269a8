#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Finding the `null` a JSON writer puts for a number it cannot write.
public enum JSONNulls {
    /// The byte offset of the first `null` outside strings in JSON text, or nil.
    ///
    /// ``JSONNumber/format(_:)`` spells a number that is not finite `null`: in a file that holds
    /// no null of its own (a Lottie export), one found is a number that overflowed. `"null"` in a
    /// string, escaped quotes included, is text and not counted.
    ///
    /// - Complexity: O(n) in the length of `bytes`: a `memchr` search for the `u` of a `null`,
    ///   and the exact scan (which tracks strings byte by byte) only when one is there. Most
    ///   files hold none, and the exact scan over a 37 MB export was 6% of the export.
    public static func first(in bytes: [UInt8]) -> Int? {
        guard mayHoldNull(bytes) else { return nil }
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

    /// Whether `null` occurs anywhere in `bytes`, strings included: found from its `u`, rare in
    /// JSON keys and absent from numbers, by `memchr`.
    static func mayHoldNull(_ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return false }
            var start = 1
            while start + 2 < buffer.count {
                guard let hit = memchr(base + start, Int32(UInt8(ascii: "u")), buffer.count - 2 - start) else { return false }
                let i = base.distance(to: hit.assumingMemoryBound(to: UInt8.self))
                if buffer[i - 1] == UInt8(ascii: "n"), buffer[i + 1] == UInt8(ascii: "l"), buffer[i + 2] == UInt8(ascii: "l") {
                    return true
                }
                start = i + 1
            }
            return false
        }
    }
}
