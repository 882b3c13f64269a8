#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension MotionValue {
    /// Parses a hex colour, `"#RGB"`, `"#RRGGBB"` or `"#RRGGBBAA"` (docs/format.md §1.1).
    ///
    /// A colour value for valid text; nil for any other text.
    ///
    /// Digits may be upper or lower case. Each long-form pair is divided by 255, each short-form
    /// digit by 15 (so `#F00` equals `#FF0000`); alpha is 1 when absent.
    ///
    /// - Complexity: O(1).
    public static func parseHexColor(_ s: String) -> MotionValue? {
        var digits: [Int] = []
        var iterator = s.utf8.makeIterator()
        guard iterator.next() == UInt8(ascii: "#") else { return nil }
        while let byte = iterator.next() {
            guard digits.count < 8, let digit = hexDigit(byte) else { return nil }
            digits.append(digit)
        }
        switch digits.count {
        case 3:
            return .color(
                Double(digits[0]) / 15, Double(digits[1]) / 15, Double(digits[2]) / 15, 1)
        case 6, 8:
            var c = [Double](repeating: 1, count: 4)
            for i in 0..<(digits.count / 2) {
                c[i] = Double(digits[2 * i] * 16 + digits[2 * i + 1]) / 255
            }
            return .color(c[0], c[1], c[2], c[3])
        default:
            return nil
        }
    }

    /// The value of an ASCII hex digit, or nil.
    private static func hexDigit(_ byte: UInt8) -> Int? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): Int(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): Int(byte - UInt8(ascii: "a")) + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): Int(byte - UInt8(ascii: "A")) + 10
        default: nil
        }
    }

    /// The value as an upper-case hex colour: `"#RRGGBB"` when alpha is 1, else `"#RRGGBBAA"`.
    ///
    /// Reads the first four components whatever the kind (for a colour: r, g, b, a); each is
    /// clamped to 0...1 and rounded to the nearest of 256 levels (NaN reads as 0). Parsing the
    /// result with ``parseHexColor(_:)`` gives back a colour within 1/510 per component.
    public var hexString: String {
        let levels = (0..<4).map { i -> Int in
            let c = components[i]
            guard c > 0 else { return 0 }
            return Int((Swift.min(c, 1) * 255).rounded())
        }
        let hex = Array("0123456789ABCDEF")
        var text = "#"
        for level in levels.prefix(levels[3] == 255 ? 3 : 4) {
            text.append(hex[level / 16])
            text.append(hex[level % 16])
        }
        return text
    }
}
