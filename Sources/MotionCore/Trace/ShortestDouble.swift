/// Shortest round-trip text for `Double`s, written straight into a byte buffer.
///
/// The text is exactly what Swift's `description` prints (`1.0`, `0.1`, `1e-05`,
/// `1.2345678901234567e+20`, `-0.0`, `inf`, `nan`): the fewest significant digits that read
/// back as the same `Double`, and among those the closest to the exact binary value. Whole
/// numbers below 2^53 are written from their integer; the digits of other normal values come from
/// Junekey Jeon's Dragonbox (`nearest(_:digits:)`), or at powers of two from Raffaello Giulietti's
/// Schubfach (`shortest(_:digits:)`), each with a table of scaled powers of ten built once with
/// exact integer arithmetic. For subnormals, NaN and infinities the text is `description`'s own.
/// No `String` is built on the fast path.
public enum ShortestDouble {
    /// The longest text ``append(_:to:integralSuffix:)`` writes (`-2.2250738585072014e-308` is 24).
    public static let maximumLength = 32

    /// Appends `value`'s shortest round-trip text, as `value.description` spells it.
    ///
    /// - Parameters:
    ///   - value: the number to write.
    ///   - bytes: the buffer the text is appended to.
    ///   - integralSuffix: when false, integral values written without an exponent drop their
    ///     `.0` (`1`, `-40`, `0`, `-0`).
    /// - Complexity: O(1); no allocation besides `bytes` growing.
    public static func append(_ value: Double, to bytes: inout [UInt8], integralSuffix: Bool = true) {
        withText(value, integralSuffix: integralSuffix) { bytes.append(contentsOf: $0) }
    }

    /// `value`'s shortest round-trip text as a `String` (see ``append(_:to:integralSuffix:)``).
    ///
    /// - Complexity: O(1); written on the stack, so only the string allocates (short ones do not).
    public static func text(_ value: Double, integralSuffix: Bool = true) -> String {
        withText(value, integralSuffix: integralSuffix) { String(decoding: $0, as: UTF8.self) }
    }

    /// Calls `body` with `value`'s text, written in scratch space on the stack.
    @inline(__always)
    static func withText<R>(_ value: Double, integralSuffix: Bool, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        let written = withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 96) { scratch -> R? in
            guard let base = scratch.baseAddress else { return nil }
            // Zeroed: the digits are laid out in 16-byte blocks, read past the text.
            base.initialize(repeating: 0, count: scratch.count)
            let count = write(value, to: base, integralSuffix: integralSuffix)
            guard count > 0 else { return nil }
            return body(UnsafeBufferPointer(start: base, count: count))
        }
        if let written { return written }
        // NaN, infinities and subnormals: Swift's own text.
        var text = value.description
        if !integralSuffix, text.hasSuffix(".0") { text.removeLast(2) }
        return text.withUTF8(body)
    }

    /// The scratch space ``write(_:to:integralSuffix:)`` needs: the text, then the digits.
    public static let scratchSize = 96  // the literal in append(_:to:integralSuffix:), for a stack allocation

    /// Writes the text at `out` and returns its length, or 0 for NaN, infinities and subnormals.
    ///
    /// `out` must have room for at least ``scratchSize`` bytes.
    ///
    /// The digits are laid out with 16-byte block copies, so the bytes of `out` past the text
    /// (up to ``scratchSize``) are overwritten.
    ///
    /// - Complexity: O(1).
    public static func write(_ value: Double, to out: UnsafeMutablePointer<UInt8>, integralSuffix: Bool) -> Int {
        guard value.isFinite else { return 0 }
        var n = 0
        if value.sign == .minus {
            out[0] = UInt8(ascii: "-")
            n = 1
        }
        // 17 digits with leading zeros after the room for the text, then laid out in front of them.
        let scratch = out + maximumLength
        let magnitude = abs(value)
        let decided: (first: Int, count: Int, exponent10: Int)
        // Whole when its integer part converts back to it (two instructions; `rounded` calls libm).
        if magnitude < 9_007_199_254_740_992, Double(Int64(magnitude)) == magnitude {
            // Whole numbers below 2^53 (rest values, pixel positions, angles): their digits,
            // with trailing zeros dropped into the exponent, as for any other value.
            decided = layOut(UInt64(magnitude), 0, scratch)
        } else {
            guard let shortest = nearest(magnitude, digits: scratch) else { return 0 }
            decided = shortest
        }
        let digits = UnsafeRawPointer(scratch + decided.first)
        let count = decided.count
        let text = UnsafeMutableRawPointer(out)
        // The exponent of the first digit: value = d.ddd × 10^scientific.
        let scientific = decided.exponent10 + count - 1
        // Swift writes integers above 2^53 and values below 10^-4 in exponential form.
        if scientific < -4 || magnitude > 9_007_199_254_740_992 {
            // d.ddde±dd: the digits after the first are at most 16.
            let rest = digits.loadUnaligned(fromByteOffset: 1, as: SIMD16<UInt8>.self)
            out[n] = digits.load(as: UInt8.self)
            n += 1
            if count > 1 {
                out[n] = UInt8(ascii: ".")
                text.storeBytes(of: rest, toByteOffset: n + 1, as: SIMD16<UInt8>.self)
                n += count
            }
            out[n] = UInt8(ascii: "e")
            out[n + 1] = scientific < 0 ? UInt8(ascii: "-") : UInt8(ascii: "+")
            n += 2
            var e = abs(scientific)
            if e >= 100 {
                out[n] = UInt8(ascii: "0") + UInt8(e / 100)
                n += 1
                e %= 100
            }
            out[n] = UInt8(ascii: "0") + UInt8(e / 10)
            out[n + 1] = UInt8(ascii: "0") + UInt8(e % 10)
            return n + 2
        }
        if scientific < 0 {
            // 0.000ddd: at most three zeros after the point, at most 17 digits.
            let head = digits.loadUnaligned(as: SIMD16<UInt8>.self)
            let last = digits.load(fromByteOffset: 16, as: UInt8.self)
            text.storeBytes(of: 0x3030_3030_3030_2E30 as UInt64, toByteOffset: n, as: UInt64.self)  // "0.000000"
            n += 1 - scientific
            text.storeBytes(of: head, toByteOffset: n, as: SIMD16<UInt8>.self)
            out[n + 16] = last
            return n + count
        }
        if scientific + 1 < count {
            // ddd.ddd: at most 16 digits before the point and 16 after.
            let head = digits.loadUnaligned(as: SIMD16<UInt8>.self)
            let tail = digits.loadUnaligned(fromByteOffset: scientific + 1, as: SIMD16<UInt8>.self)
            text.storeBytes(of: head, toByteOffset: n, as: SIMD16<UInt8>.self)
            n += scientific + 1
            out[n] = UInt8(ascii: ".")
            text.storeBytes(of: tail, toByteOffset: n + 1, as: SIMD16<UInt8>.self)
            return n + 1 + count - scientific - 1
        }
        // ddd000 (and .0): at most 16 digits here, since the value is at most 2^53.
        let head = digits.loadUnaligned(as: SIMD16<UInt8>.self)
        text.storeBytes(of: SIMD16<UInt8>(repeating: UInt8(ascii: "0")), toByteOffset: n + count, as: SIMD16<UInt8>.self)
        text.storeBytes(of: head, toByteOffset: n, as: SIMD16<UInt8>.self)
        n += scientific + 1
        if integralSuffix {
            out[n] = UInt8(ascii: ".")
            out[n + 1] = UInt8(ascii: "0")
            n += 2
        }
        return n
    }

    // MARK: Dragonbox

    /// The shortest decimal of a positive normal `v` that reads back as `v`, closest to it (ties to
    /// an even last digit), laid out as ``shortest(_:digits:)`` lays it out; nil for subnormals
    /// and non-finite values.
    ///
    /// Junekey Jeon's Dragonbox ("Dragonbox: A New Floating-Point Binary-to-Decimal Conversion
    /// Algorithm", 2020) for the usual interval: the interval's right end scaled by a power of ten
    /// to about 19 digits with one 64 x 128-bit multiplication (Schubfach needs three), its width
    /// from the power's top bits; the candidate with two digits more is then found from the
    /// remainder, with a second multiplication only when the remainder alone cannot tell (about
    /// one value in a hundred). At a power of two (the interval's lower half is half as wide)
    /// ``shortest(_:digits:)`` decides. Both give the same digits: the shortest, closest decimal.
    ///
    /// - Complexity: O(1): one or two multiplications by a table entry, no loop but the digits'.
    @inline(__always)
    static func nearest(_ v: Double, digits: UnsafeMutablePointer<UInt8>) -> (first: Int, count: Int, exponent10: Int)? {
        let biased = Int(v.exponentBitPattern)
        let fraction = v.significandBitPattern
        guard biased != 0, biased != 0x7FF, fraction != 0 else { return shortest(v, digits: digits) }
        // v = fc x 2^e; the interval of reals that round to v is v ± 2^(e-1), both ends
        // included when fc is even (round half to even reads them back as v).
        let twoFC = (fraction | (1 << 52)) << 1
        let even = fraction & 1 == 0
        let e = biased - 1075
        // Scaled by 10^k, the interval is 100 to 1000 wide: zi its right end, deltai its width.
        let minusK = floorLog10(pow2: e) - 2
        let beta = e + floorLog2(pow10: -minusK)
        let (c1, c0) = ScaledPowers.table.withUnsafeBufferPointer { table -> (UInt64, UInt64) in
            let i = 2 * (-minusK - ScaledPowers.lowestK)
            return (table[i], table[i + 1])
        }
        let u = (twoFC | 1) << UInt64(beta)
        let (zHigh, zLow) = u.multipliedFullWidth(by: c1)
        let (fractionBits, carry) = zLow.addingReportingOverflow(u.multipliedFullWidth(by: c0).high)
        let zi = zHigh &+ (carry ? 1 : 0)
        let deltai = c1 >> UInt64(63 - beta)
        // The candidate with the fewest digits: a multiple of 1000 inside the interval.
        var significand = zi / 1000
        var r = zi &- 1000 &* significand
        var fewer: Bool
        if r < deltai {
            fewer = true
            if r == 0, fractionBits == 0, !even {
                // The right end itself, excluded.
                significand &-= 1
                r = 1000
                fewer = false
            }
        } else if r > deltai {
            fewer = false
        } else {
            // The left end exactly at the multiple: inside when its fraction is, or it is included.
            let left = parity(twoFC &- 1, c1, c0, beta)
            fewer = left.odd || (left.integral && even)
        }
        if fewer { return layOut(significand, minusK + 3, digits) }
        // Otherwise the value scaled to two digits more, rounded to nearest (ties to even).
        significand = significand &* 10
        var distance = r &- deltai / 2 &+ 50
        let approximateParity = (distance ^ 50) & 1 != 0
        let hundreds = distance / 100
        let divisible = hundreds &* 100 == distance
        distance = hundreds
        significand &+= distance
        if divisible {
            let y = parity(twoFC, c1, c0, beta)
            if y.odd != approximateParity {
                significand &-= 1
            } else if y.integral, significand & 1 != 0 {
                significand &-= 1
            }
        }
        return layOut(significand, minusK + 2, digits)
    }

    /// The parity of ⌊twoF x c x 2^(beta - 128)⌋ (c = c1 x 2^64 + c0) and whether that product,
    /// read to the bits the interval's scale keeps, is an integer.
    @inline(__always)
    private static func parity(_ twoF: UInt64, _ c1: UInt64, _ c0: UInt64, _ beta: Int) -> (odd: Bool, integral: Bool) {
        let (crossHigh, low) = twoF.multipliedFullWidth(by: c0)
        let high = twoF &* c1 &+ crossHigh
        let odd = (high >> UInt64(64 - beta)) & 1 != 0
        let integral = (high << UInt64(beta)) | (low >> UInt64(64 - beta)) == 0
        return (odd, integral)
    }

    /// Dragonbox's powers of ten: for each k, ⌈10^k x 2^(127 - ⌊k log2 10⌋)⌉ (between 2^127 and
    /// 2^128), built once with exact integer arithmetic, as two words (high, low).
    enum ScaledPowers {
        /// The lowest and highest power a normal double needs (2 - ⌊e log10 2⌋ for its binary
        /// exponents e), with a little room.
        static let lowestK = -292
        static let highestK = 326

        /// `high, low` for k = lowestK... highestK.
        static let table: [UInt64] = {
            var table = [UInt64](repeating: 0, count: 2 * (highestK - lowestK + 1))
            func store(_ k: Int, _ value: BigNatural, shift: Int, exact: Bool) {
                let floor = value.bits(shiftedLeftBy: shift)
                // ⌈x⌉ = ⌊x⌋ + 1 unless x is an integer.
                let roundUp: UInt64 = exact && !value.hasBits(below: -shift) ? 0 : 1
                let (low, carry) = floor.low.addingReportingOverflow(roundUp)
                table[2 * (k - lowestK)] = floor.high &+ (carry ? 1 : 0)
                table[2 * (k - lowestK) + 1] = low
            }
            var power = BigNatural(limbs: [1])
            for k in 0...highestK {
                store(k, power, shift: 127 - floorLog2(pow10: k), exact: true)
                power.multiply(by: 10)
            }
            // k < 0: ⌊2^1200 / 10^n⌋ shifted right; 10^-n x 2^s is never an integer.
            var quotient = BigNatural(limbs: [UInt32](repeating: 0, count: Powers.dividendBits / 32 + 1))
            quotient.limbs[Powers.dividendBits / 32] = 1 << UInt32(Powers.dividendBits % 32)
            for n in 1...(-lowestK) {
                quotient.divide(by: 10)
                store(-n, quotient, shift: 127 - floorLog2(pow10: -n) - Powers.dividendBits, exact: false)
            }
            return table
        }()
    }

    // MARK: Schubfach

    /// The shortest decimal of a positive normal `v` that reads back as `v`, closest to it (ties to
    /// an even last digit), as 17 ASCII digits at `digits` with leading zeros, the first
    /// significant one at `first` and `count` of them without trailing zeros, and the decimal
    /// exponent of the last; nil for subnormals and non-finite values.
    ///
    /// Raffaello Giulietti's Schubfach ("The Schubfach way to render doubles", 2020): the
    /// rounding interval's ends and `v`, scaled by a power of ten to 17 or 18 digits with one
    /// 64 x 128-bit multiplication each, decide between the few candidates the pigeonhole
    /// principle leaves.
    ///
    /// - Complexity: O(1): three multiplications by a table entry, no loop but the digits'.
    @inline(__always)
    static func shortest(
        _ v: Double, digits: UnsafeMutablePointer<UInt8>
    ) -> (first: Int, count: Int, exponent10: Int)? {
        let bits = v.bitPattern
        let biased = Int((bits >> 52) & 0x7FF)
        guard biased != 0, biased != 0x7FF else { return nil }
        let fraction = bits & ((1 << 52) - 1)
        let c = fraction | (1 << 52)
        let q = biased - 1075
        // The interval of reals that round to v: (cbl, cbr) x 2^q / 4, its ends included when
        // c is even (round half to even reads them back as v).
        let out: UInt64 = c & 1
        let cb = c << 2
        let cbr = cb + 2
        let cbl: UInt64
        let k: Int
        if fraction != 0 || biased == 1 {
            cbl = cb - 2
            k = floorLog10(pow2: q)
        } else {
            // At a power of two the double below is half as far.
            cbl = cb - 1
            k = floorLog10(threeQuartersPow2: q)
        }
        let h = q + floorLog2(pow10: -k) + 2
        let (g1, g0) = Powers.table.withUnsafeBufferPointer { table -> (UInt64, UInt64) in
            let i = 2 * (k - Powers.lowestK)
            return (table[i], table[i + 1])
        }
        let vb = roundOdd(g1, g0, cb << h)
        let vbl = roundOdd(g1, g0, cbl << h)
        let vbr = roundOdd(g1, g0, cbr << h)
        let s = vb >> 2
        var f: UInt64
        if s >= 100 {
            // One digit fewer, when exactly one of the two neighbours is inside the interval.
            let sp10 = 10 * (s / 10)
            let tp10 = sp10 + 10
            let upin = vbl + out <= sp10 << 2
            let wpin = (tp10 << 2) + out <= vbr
            if upin != wpin {
                f = upin ? sp10 : tp10
                return layOut(f, k, digits)
            }
        }
        let t = s + 1
        let uin = vbl + out <= s << 2
        let win = (t << 2) + out <= vbr
        if uin != win {
            f = uin ? s : t
        } else {
            // Both inside: the closer one, an even digit on a tie.
            let twiceMid = (s + t) << 1
            f = vb < twiceMid || (vb == twiceMid && s & 1 == 0) ? s : t
        }
        return layOut(f, k, digits)
    }

    /// Writes `f` (below 10^17) as 17 digits with leading zeros and drops trailing zeros into
    /// the exponent: ``shortest(_:digits:)``'s result for `f` x 10^k.
    @inline(__always)
    static func layOut(_ f: UInt64, _ k: Int, _ digits: UnsafeMutablePointer<UInt8>) -> (first: Int, count: Int, exponent10: Int) {
        let high = f / 100_000_000
        let top = high / 100_000_000
        let middle = eightDigits(UInt32(truncatingIfNeeded: high &- top &* 100_000_000))
        let low = eightDigits(UInt32(truncatingIfNeeded: f &- high &* 100_000_000))
        let zeros: UInt64 = 0x3030_3030_3030_3030
        digits[0] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: top)
        let text = UnsafeMutableRawPointer(digits)
        text.storeBytes(of: middle | zeros, toByteOffset: 1, as: UInt64.self)
        text.storeBytes(of: low | zeros, toByteOffset: 9, as: UInt64.self)
        // Digit values are bytes, the first the lowest: zero bytes at the low end are leading
        // zeros, at the high end trailing zeros.
        let first: Int
        if top != 0 {
            first = 0
        } else if middle != 0 {
            first = 1 + middle.trailingZeroBitCount / 8
        } else if low != 0 {
            first = 9 + low.trailingZeroBitCount / 8
        } else {
            return (16, 1, k)  // zero
        }
        let end: Int
        if low != 0 {
            end = 17 - low.leadingZeroBitCount / 8
        } else if middle != 0 {
            end = 9 - middle.leadingZeroBitCount / 8
        } else {
            end = 1
        }
        return (first, end - first, k + 17 - end)
    }

    /// The 8 decimal digits of `x` (below 10^8, with leading zeros) as the bytes of a word, the
    /// first digit in the lowest byte (digit values, not ASCII): split in halves, quarters and
    /// digits by multiplications on all lanes at once.
    @inline(__always)
    static func eightDigits(_ x: UInt32) -> UInt64 {
        let high = x / 10_000
        var v = UInt64(high) | UInt64(x &- high &* 10_000) << 32
        // x / 100 = (x * 10486) >> 20 and x / 10 = (x * 103) >> 10 for the lane's range.
        let hundreds = ((v &* 10_486) >> 20) & 0x0000_007F_0000_007F
        v = hundreds | ((v &- hundreds &* 100) << 16)
        let tens = ((v &* 103) >> 10) & 0x000F_000F_000F_000F
        return tens | ((v &- tens &* 10) << 8)
    }

    /// ⌊g x cp / 2^127⌋ with its lowest bit set when the quotient is inexact ("round to odd"),
    /// for g = g1 x 2^63 + g0 (g0 below 2^63) and cp below 2^63.
    @inline(__always)
    private static func roundOdd(_ g1: UInt64, _ g0: UInt64, _ cp: UInt64) -> UInt64 {
        let x1 = g0.multipliedFullWidth(by: cp).high
        let (y1, y0) = g1.multipliedFullWidth(by: cp)
        let z = (y0 >> 1) &+ x1
        let vbp = y1 &+ (z >> 63)
        let mask: UInt64 = (1 << 63) - 1
        return vbp | (((z & mask) &+ mask) >> 63)
    }

    /// ⌊q log10 2⌋, exact for |q| <= 5456721.
    @inline(__always)
    static func floorLog10(pow2 q: Int) -> Int { (q &* 661_971_961_083) >> 41 }

    /// ⌊log10(3/4 x 2^q)⌋, exact for |q| <= 5456721.
    @inline(__always)
    static func floorLog10(threeQuartersPow2 q: Int) -> Int { (q &* 661_971_961_083 &- 274_743_187_321) >> 41 }

    /// ⌊e log2 10⌋, exact for |e| <= 1838394.
    @inline(__always)
    static func floorLog2(pow10 e: Int) -> Int { (e &* 913_124_641_741) >> 38 }

    /// The scaled powers of ten the digits are computed with, built once with exact integer
    /// arithmetic: for each k, g = ⌊10^-k x 2^(125 - ⌊-k log2 10⌋)⌋ + 1 (between 2^125 and
    /// 2^126), as g1 = g >> 63 and g0 = g mod 2^63.
    enum Powers {
        /// The lowest and highest decimal exponent a normal double needs.
        static let lowestK = -324
        static let highestK = 292

        /// The power of two the negative powers of ten are divided out of: 2^1200 / 10^n
        /// keeps every bit the table needs (the largest shift is below 1100).
        static let dividendBits = 1200

        /// `g1, g0` for k = lowestK... highestK, two words each.
        ///
        /// 10^n for n >= 0 grows by exact multiplications by 10; ⌊2^1200 / 10^n⌋ shrinks by exact
        /// divisions by 10 (⌊⌊x⌋ / 10⌋ = ⌊x / 10⌋), and ⌊2^s / 10^n⌋ is its top bits. Building
        /// it takes about a hundred thousand word operations, once.
        static let table: [UInt64] = {
            let count = highestK - lowestK + 1
            var table = [UInt64](repeating: 0, count: 2 * count)
            func store(_ k: Int, _ g: (high: UInt64, low: UInt64)) {
                let (low, carry) = g.low.addingReportingOverflow(1)
                let high = g.high &+ (carry ? 1 : 0)
                table[2 * (k - lowestK)] = high << 1 | low >> 63
                table[2 * (k - lowestK) + 1] = low & ((1 << 63) - 1)
            }
            // e = -k >= 0: ⌊10^e x 2^shift⌋.
            var power = BigNatural(limbs: [1])
            for e in 0...(-lowestK) {
                store(-e, power.bits(shiftedLeftBy: 125 - floorLog2(pow10: e)))
                power.multiply(by: 10)
            }
            // e = -k < 0: ⌊2^shift / 10^n⌋ = ⌊⌊2^1200 / 10^n⌋ / 2^(1200 - shift)⌋.
            var quotient = BigNatural(limbs: [UInt32](repeating: 0, count: dividendBits / 32 + 1))
            quotient.limbs[dividendBits / 32] = 1 << UInt32(dividendBits % 32)
            for n in 1...highestK {
                quotient.divide(by: 10)
                store(n, quotient.bits(shiftedLeftBy: 125 - floorLog2(pow10: -n) - dividendBits))
            }
            return table
        }()
    }

    /// A natural number in 32-bit limbs, least significant first: just enough arithmetic to
    /// build ``Powers/table`` exactly.
    struct BigNatural {
        var limbs: [UInt32]

        /// Multiplies by a small factor, exactly.
        mutating func multiply(by factor: UInt32) {
            var carry: UInt64 = 0
            for i in limbs.indices {
                let product = UInt64(limbs[i]) * UInt64(factor) + carry
                limbs[i] = UInt32(truncatingIfNeeded: product)
                carry = product >> 32
            }
            if carry > 0 { limbs.append(UInt32(carry)) }
        }

        /// Divides by a small divisor, rounding down.
        mutating func divide(by divisor: UInt32) {
            var remainder: UInt64 = 0
            for i in limbs.indices.reversed() {
                let current = remainder << 32 | UInt64(limbs[i])
                limbs[i] = UInt32(current / UInt64(divisor))
                remainder = current % UInt64(divisor)
            }
        }

        /// Whether any of the lowest `count` bits is set (false when `count` <= 0).
        func hasBits(below count: Int) -> Bool {
            (0..<max(count, 0)).contains { bit($0) != 0 }
        }

        /// Bit `i` (0 or 1).
        func bit(_ i: Int) -> UInt64 {
            guard i >= 0, i / 32 < limbs.count else { return 0 }
            return UInt64(limbs[i / 32] >> UInt32(i % 32) & 1)
        }

        /// ⌊self x 2^shift⌋ (shift may be negative) when it is below 2^128, as two words.
        func bits(shiftedLeftBy shift: Int) -> (high: UInt64, low: UInt64) {
            var high: UInt64 = 0
            var low: UInt64 = 0
            for i in 0..<128 {
                let b = bit(i - shift)
                if i >= 64 { high |= b << UInt64(i - 64) } else { low |= b << UInt64(i) }
            }
            return (high, low)
        }
    }
}
