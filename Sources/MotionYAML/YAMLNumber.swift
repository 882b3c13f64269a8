/// YAML 1.2 core-schema numbers read straight from scalar bytes.
enum YAMLNumber {
    /// Exact powers of ten that a Double holds: 1e0 ... 1e22.
    private static let powersOfTen: [Double] = [
        1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11,
        1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
    ]

    @inline(__always)
    private static func isDigit(_ c: UInt8) -> Bool { c &- UInt8(ascii: "0") < 10 }

    /// Reads `b` as a core-schema int or float; `nil` when it is neither.
    ///
    /// Decimals with at most 15 significant digits and a small exponent are converted exactly
    /// (Clinger's fast path: one correctly rounded multiply or divide); longer ones go through the
    /// standard library's correctly rounded parser.
    /// - Complexity: O(b.count).
    static func parse(_ b: UnsafeBufferPointer<UInt8>) -> Double? {
        let n = b.count
        guard n > 0 else { return nil }
        var i = 0
        var negative = false
        var signed = false
        if b[0] == UInt8(ascii: "-") || b[0] == UInt8(ascii: "+") {
            negative = b[0] == UInt8(ascii: "-")
            signed = true
            i = 1
        }
        // .inf .Inf .INF (signed or not), .nan .NaN .NAN (unsigned)
        if n - i == 4, b[i] == UInt8(ascii: ".") {
            let (c1, c2, c3) = (b[i + 1], b[i + 2], b[i + 3])
            if (c1, c2, c3) == (0x69, 0x6E, 0x66) || (c1, c2, c3) == (0x49, 0x6E, 0x66)
                || (c1, c2, c3) == (0x49, 0x4E, 0x46)
            {  // inf Inf INF
                return negative ? -Double.infinity : Double.infinity
            }
            if !signed,
                (c1, c2, c3) == (0x6E, 0x61, 0x6E) || (c1, c2, c3) == (0x4E, 0x61, 0x4E)
                    || (c1, c2, c3) == (0x4E, 0x41, 0x4E)
            {  // nan NaN NAN
                return Double.nan
            }
        }
        // 0x... and 0o... (unsigned in the core schema)
        if !signed, n > 2, b[0] == UInt8(ascii: "0"), b[1] == UInt8(ascii: "x") || b[1] == UInt8(ascii: "o") {
            let hex = b[1] == UInt8(ascii: "x")
            var value = 0.0
            for k in 2..<n {
                let c = b[k]
                let digit: Int
                if isDigit(c) {
                    digit = Int(c &- UInt8(ascii: "0"))
                    if !hex && digit > 7 { return nil }
                } else if hex, c | 0x20 >= UInt8(ascii: "a"), c | 0x20 <= UInt8(ascii: "f") {
                    digit = Int((c | 0x20) - UInt8(ascii: "a")) + 10
                } else {
                    return nil
                }
                value = value * (hex ? 16 : 8) + Double(digit)
            }
            return value
        }
        // [-+]? ( \.[0-9]+ | [0-9]+ ( \. [0-9]* )? ) ( [eE] [-+]? [0-9]+ )?
        var mantissa: UInt64 = 0
        var significant = 0  // digits accumulated into mantissa, leading zeros excluded
        var dropped = false  // more than 19 significant digits: not exact
        var scale = 0  // decimal exponent adjustment from fraction digits
        var intDigits = 0
        while i < n, isDigit(b[i]) {
            accumulate(b[i], &mantissa, &significant, &dropped, &scale, fraction: false)
            intDigits += 1
            i += 1
        }
        var fracDigits = 0
        if i < n, b[i] == UInt8(ascii: ".") {
            i += 1
            while i < n, isDigit(b[i]) {
                accumulate(b[i], &mantissa, &significant, &dropped, &scale, fraction: true)
                fracDigits += 1
                i += 1
            }
        }
        guard intDigits > 0 || fracDigits > 0 else { return nil }
        var exponent = 0
        if i < n, b[i] | 0x20 == UInt8(ascii: "e") {
            i += 1
            var expNegative = false
            if i < n, b[i] == UInt8(ascii: "-") || b[i] == UInt8(ascii: "+") {
                expNegative = b[i] == UInt8(ascii: "-")
                i += 1
            }
            var expDigits = 0
            while i < n, isDigit(b[i]) {
                if exponent < 100_000 { exponent = exponent * 10 + Int(b[i] &- UInt8(ascii: "0")) }
                expDigits += 1
                i += 1
            }
            guard expDigits > 0 else { return nil }
            if expNegative { exponent = -exponent }
        }
        guard i == n else { return nil }

        let e = exponent + scale
        if !dropped, significant <= 15, e >= -22, e <= 22 {
            var v = Double(mantissa)
            if e >= 0 { v *= powersOfTen[e] } else { v /= powersOfTen[-e] }
            return negative ? -v : v
        }
        if mantissa == 0 && !dropped { return negative ? -0.0 : 0.0 }
        // Slow path: correctly rounded by the standard library. Strings of up to 15 bytes are
        // stored inline, so even this allocates nothing for short text.
        let text = String(decoding: b, as: UTF8.self)
        return Double(text)
    }

    @inline(__always)
    private static func accumulate(
        _ c: UInt8, _ mantissa: inout UInt64, _ significant: inout Int, _ dropped: inout Bool,
        _ scale: inout Int, fraction: Bool
    ) {
        let d = UInt64(c &- UInt8(ascii: "0"))
        if significant == 0 && d == 0 {
            if fraction { scale -= 1 }
            return
        }
        if significant < 19 {
            mantissa = mantissa &* 10 &+ d
            significant += 1
            if fraction { scale -= 1 }
        } else {
            if d != 0 { dropped = true }
            if !fraction { scale += 1 }
        }
    }
}
