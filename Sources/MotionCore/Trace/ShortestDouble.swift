/// Shortest round-trip text for `Double`s, written straight into a byte buffer.
///
/// The text is exactly what Swift's `description` prints (`1.0`, `0.1`, `1e-05`,
/// `1.2345678901234567e+20`, `-0.0`, `inf`, `nan`): the fewest significant digits that read
/// back as the same `Double`, and among those the closest to the exact binary value. The digits
/// come from Florian Loitsch's Grisu3 ("Printing Floating-Point Numbers Quickly and Accurately
/// with Integers", 2010) with 64-bit integers and a table of 87 cached powers of ten; in the
/// about 0.5% of cases where Grisu3 cannot prove its digits shortest and closest, and for NaN
/// and infinities, the text is `description`'s own. No `String` is built on the fast path.
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
        let appended = withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 64) { scratch -> Bool in
            guard let base = scratch.baseAddress else { return false }
            let count = write(value, to: base, integralSuffix: integralSuffix)
            guard count > 0 else { return false }
            bytes.append(contentsOf: UnsafeBufferPointer(start: base, count: count))
            return true
        }
        if !appended {
            // NaN, infinities, and values Grisu3 leaves undecided: Swift's own text.
            var text = value.description
            if !integralSuffix, text.hasSuffix(".0") { text.removeLast(2) }
            bytes.append(contentsOf: text.utf8)
        }
    }

    /// `value`'s shortest round-trip text as a `String` (see ``append(_:to:integralSuffix:)``).
    public static func text(_ value: Double, integralSuffix: Bool = true) -> String {
        var bytes: [UInt8] = []
        append(value, to: &bytes, integralSuffix: integralSuffix)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The scratch space ``write(_:to:integralSuffix:)`` needs: the text, then the digits.
    static let scratchSize = 64  // the literal in append(_:to:integralSuffix:), for a stack allocation

    /// Writes the text at `out` (at least ``scratchSize`` bytes) and returns its length, or 0
    /// for NaN, infinities and values Grisu3 cannot decide.
    static func write(_ value: Double, to out: UnsafeMutablePointer<UInt8>, integralSuffix: Bool) -> Int {
        guard value.isFinite else { return 0 }
        var n = 0
        if value.sign == .minus {
            out[0] = UInt8(ascii: "-")
            n = 1
        }
        // Digits first, after the room for the text, then laid out in front of them.
        let digits = out + maximumLength
        var count = 1
        var exponent10 = 0
        let magnitude = abs(value)
        if magnitude < 9_007_199_254_740_992, magnitude.rounded(.towardZero) == magnitude {
            // Whole numbers below 2^53 (rest values, pixel positions, angles): their digits,
            // with trailing zeros dropped into the exponent as Grisu3 would give them.
            var whole = UInt64(magnitude)
            var end = 20
            repeat {
                end -= 1
                digits[end] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: whole % 10)
                whole /= 10
            } while whole > 0
            count = 20 - end
            digits.update(from: digits + end, count: count)
            while count > 1, digits[count - 1] == UInt8(ascii: "0") {
                count -= 1
                exponent10 += 1
            }
        } else {
            guard let decided = grisu3(magnitude, digits: digits) else { return 0 }
            (count, exponent10) = decided
        }
        // The exponent of the first digit: value = d.ddd × 10^scientific.
        let scientific = exponent10 + count - 1
        // Swift writes integers above 2^53 and values below 10^-4 in exponential form.
        if scientific < -4 || magnitude > 9_007_199_254_740_992 {
            out[n] = digits[0]
            n += 1
            if count > 1 {
                out[n] = UInt8(ascii: ".")
                n += 1
                (out + n).update(from: digits + 1, count: count - 1)
                n += count - 1
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
            // 0.000ddd
            out[n] = UInt8(ascii: "0")
            out[n + 1] = UInt8(ascii: ".")
            n += 2
            (out + n).update(repeating: UInt8(ascii: "0"), count: -scientific - 1)
            n += -scientific - 1
            (out + n).update(from: digits, count: count)
            return n + count
        }
        if scientific + 1 < count {
            // ddd.ddd
            (out + n).update(from: digits, count: scientific + 1)
            n += scientific + 1
            out[n] = UInt8(ascii: ".")
            n += 1
            (out + n).update(from: digits + scientific + 1, count: count - scientific - 1)
            return n + count - scientific - 1
        }
        // ddd000 (and .0): at most 16 digits here, since the value is at most 2^53.
        (out + n).update(from: digits, count: count)
        n += count
        (out + n).update(repeating: UInt8(ascii: "0"), count: scientific + 1 - count)
        n += scientific + 1 - count
        if integralSuffix {
            out[n] = UInt8(ascii: ".")
            out[n + 1] = UInt8(ascii: "0")
            n += 2
        }
        return n
    }

    // MARK: Grisu3

    /// A 64-bit significand and a binary exponent: `f × 2^e`.
    private struct DiyFp {
        var f: UInt64
        var e: Int

        /// The product rounded to 64 bits (half up), an error of at most half a unit.
        @inline(__always)
        func times(_ o: DiyFp) -> DiyFp {
            let (high, low) = f.multipliedFullWidth(by: o.f)
            return DiyFp(f: high &+ (low >> 63), e: e + o.e + 64)
        }
    }

    /// The shortest digits of a positive finite `v` that read back as `v`, closest to it, as
    /// ASCII at `digits` (at most 17), and the decimal exponent of the last one; nil when
    /// Grisu3 cannot prove them shortest and closest.
    private static func grisu3(_ v: Double, digits: UnsafeMutablePointer<UInt8>) -> (count: Int, exponent10: Int)? {
        let bits = v.bitPattern
        let biased = Int((bits >> 52) & 0x7FF)
        let fraction = bits & ((1 << 52) - 1)
        let f = biased == 0 ? fraction : fraction | (1 << 52)
        let e = biased == 0 ? -1074 : biased - 1075
        // w, and the boundaries halfway to the neighbouring doubles, with the same exponent.
        let wShift = f.leadingZeroBitCount
        let w = DiyFp(f: f << wShift, e: e - wShift)
        let plusShift = (f << 1 | 1).leadingZeroBitCount
        let plus = DiyFp(f: (f << 1 | 1) << plusShift, e: e - 1 - plusShift)
        let lowerIsCloser = fraction == 0 && biased > 1
        let minusF = lowerIsCloser ? (f << 2) - 1 : (f << 1) - 1
        let minusE = lowerIsCloser ? e - 2 : e - 1
        let minus = DiyFp(f: minusF << (minusE - plus.e), e: plus.e)
        // A cached 10^k that brings the scaled exponent into -60...-32.
        let minimumExponent = -60 - (w.e + 64)
        let k = Int((Double(minimumExponent + 63) * 0.301_029_995_663_981_14).rounded(.up))
        let index = (348 + k - 1) / 8 + 1
        guard index >= 0, index < cachedPowers.count else { return nil }
        let cached = cachedPowers[index]
        let tenMK = DiyFp(f: cached.f, e: cached.e)
        let scaledW = w.times(tenMK)
        let low = minus.times(tenMK)
        let high = plus.times(tenMK)
        guard let (count, kappa) = generateDigits(low: low, w: scaledW, high: high, digits: digits) else { return nil }
        return (count, kappa - cached.k)
    }

    /// Grisu3's digit generation: the digits of the scaled upper boundary, stopped as soon as
    /// they are inside the interval, then weeded towards `w`.
    private static func generateDigits(
        low: DiyFp, w: DiyFp, high: DiyFp, digits: UnsafeMutablePointer<UInt8>
    ) -> (count: Int, kappa: Int)? {
        var unit: UInt64 = 1
        let tooLow = low.f &- unit
        let tooHigh = high.f &+ unit
        var unsafeInterval = tooHigh &- tooLow
        let shift = UInt64(-w.e)
        let one: UInt64 = 1 << shift
        // The scaled exponent is in -60...-32, so the integral part fits 32 bits (cheap divisions).
        var integrals = UInt32(truncatingIfNeeded: tooHigh >> shift)
        var fractionals = tooHigh & (one - 1)
        var divisor: UInt32 = 1
        var kappa = 0
        if integrals > 0 {
            kappa = 1
            while UInt64(divisor) * 10 <= UInt64(integrals) {
                divisor *= 10
                kappa += 1
            }
        }
        // All the integral digits first, with divisions by the constant 10 (multiplications),
        // not by the running divisor; the loop below keeps as many as it needs.
        var n = integrals
        var i = kappa
        while i > 0 {
            i -= 1
            digits[i] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: n % 10)
            n /= 10
        }
        var count = 0
        while kappa > 0 {
            let digit = UInt32(digits[count] &- UInt8(ascii: "0"))
            count += 1
            integrals &-= digit &* divisor
            kappa -= 1
            let rest = (UInt64(integrals) << shift) &+ fractionals
            if rest < unsafeInterval {
                let ok = roundWeed(
                    digits, count, distanceTooHighW: tooHigh &- w.f, unsafeInterval: unsafeInterval, rest: rest,
                    tenKappa: UInt64(divisor) << shift, unit: unit)
                return ok ? (count, kappa) : nil
            }
            divisor /= 10
        }
        while count < 18 {
            fractionals &*= 10
            unit &*= 10
            unsafeInterval &*= 10
            digits[count] = UInt8(ascii: "0") + UInt8(truncatingIfNeeded: fractionals >> shift)
            count += 1
            fractionals &= one - 1
            kappa -= 1
            if fractionals < unsafeInterval {
                let ok = roundWeed(
                    digits, count, distanceTooHighW: (tooHigh &- w.f) &* unit, unsafeInterval: unsafeInterval,
                    rest: fractionals, tenKappa: one, unit: unit)
                return ok ? (count, kappa) : nil
            }
        }
        return nil
    }

    /// Moves the last digit towards `w` while that stays inside the interval and gets closer,
    /// and says whether the result is provably the closest shortest one.
    @inline(__always)
    private static func roundWeed(
        _ digits: UnsafeMutablePointer<UInt8>, _ count: Int, distanceTooHighW: UInt64, unsafeInterval: UInt64,
        rest: UInt64, tenKappa: UInt64, unit: UInt64
    ) -> Bool {
        var rest = rest
        let smallDistance = distanceTooHighW &- unit
        let bigDistance = distanceTooHighW &+ unit
        while rest < smallDistance, unsafeInterval &- rest >= tenKappa,
            rest &+ tenKappa < smallDistance || smallDistance - rest >= rest &+ tenKappa &- smallDistance
        {
            digits[count - 1] &-= 1
            rest &+= tenKappa
        }
        if rest < bigDistance, unsafeInterval &- rest >= tenKappa,
            rest &+ tenKappa < bigDistance || bigDistance - rest > rest &+ tenKappa &- bigDistance
        {
            return false
        }
        return unit &* 2 <= rest && rest <= unsafeInterval &- unit &* 4
    }

    /// 10^k for k = -348, -340, ... 340 as a 64-bit significand (rounded to nearest) and a binary
    /// exponent: `f × 2^e`.
    private static let cachedPowers: [(f: UInt64, e: Int, k: Int)] = [
        (0xfa8f_d5a0_081c_0288, -1220, -348), (0xbaae_e17f_a23e_bf76, -1193, -340), (0x8b16_fb20_3055_ac76, -1166, -332),
        (0xcf42_894a_5dce_35ea, -1140, -324), (0x9a6b_b0aa_5565_3b2d, -1113, -316), (0xe61a_cf03_3d1a_45df, -1087, -308),
        (0xab70_fe17_c79a_c6ca, -1060, -300), (0xff77_b1fc_bebc_dc4f, -1034, -292), (0xbe56_91ef_416b_d60c, -1007, -284),
        (0x8dd0_1fad_907f_fc3c, -980, -276), (0xd351_5c28_3155_9a83, -954, -268), (0x9d71_ac8f_ada6_c9b5, -927, -260),
        (0xea9c_2277_23ee_8bcb, -901, -252), (0xaecc_4991_4078_536d, -874, -244), (0x823c_1279_5db6_ce57, -847, -236),
        (0xc210_9436_4dfb_5637, -821, -228), (0x9096_ea6f_3848_984f, -794, -220), (0xd774_85cb_2582_3ac7, -768, -212),
        (0xa086_cfcd_97bf_97f4, -741, -204), (0xef34_0a98_172a_ace5, -715, -196), (0xb238_67fb_2a35_b28e, -688, -188),
        (0x84c8_d4df_d2c6_3f3b, -661, -180), (0xc5dd_4427_1ad3_cdba, -635, -172), (0x936b_9fce_bb25_c996, -608, -164),
        (0xdbac_6c24_7d62_a584, -582, -156), (0xa3ab_6658_0d5f_daf6, -555, -148), (0xf3e2_f893_dec3_f126, -529, -140),
        (0xb5b5_ada8_aaff_80b8, -502, -132), (0x8762_5f05_6c7c_4a8b, -475, -124), (0xc9bc_ff60_34c1_3053, -449, -116),
        (0x964e_858c_91ba_2655, -422, -108), (0xdff9_7724_7029_7ebd, -396, -100), (0xa6df_bd9f_b8e5_b88f, -369, -92),
        (0xf8a9_5fcf_8874_7d94, -343, -84), (0xb944_7093_8fa8_9bcf, -316, -76), (0x8a08_f0f8_bf0f_156b, -289, -68),
        (0xcdb0_2555_6531_31b6, -263, -60), (0x993f_e2c6_d07b_7fac, -236, -52), (0xe45c_10c4_2a2b_3b06, -210, -44),
        (0xaa24_2499_6973_92d3, -183, -36), (0xfd87_b5f2_8300_ca0e, -157, -28), (0xbce5_0864_9211_1aeb, -130, -20),
        (0x8cbc_cc09_6f50_88cc, -103, -12), (0xd1b7_1758_e219_652c, -77, -4), (0x9c40_0000_0000_0000, -50, 4),
        (0xe8d4_a510_0000_0000, -24, 12), (0xad78_ebc5_ac62_0000, 3, 20), (0x813f_3978_f894_0984, 30, 28),
        (0xc097_ce7b_c907_15b3, 56, 36), (0x8f7e_32ce_7bea_5c70, 83, 44), (0xd5d2_38a4_abe9_8068, 109, 52),
        (0x9f4f_2726_179a_2245, 136, 60), (0xed63_a231_d4c4_fb27, 162, 68), (0xb0de_6538_8cc8_ada8, 189, 76),
        (0x83c7_088e_1aab_65db, 216, 84), (0xc45d_1df9_4271_1d9a, 242, 92), (0x924d_692c_a61b_e758, 269, 100),
        (0xda01_ee64_1a70_8dea, 295, 108), (0xa26d_a399_9aef_774a, 322, 116), (0xf209_787b_b47d_6b85, 348, 124),
        (0xb454_e4a1_79dd_1877, 375, 132), (0x865b_8692_5b9b_c5c2, 402, 140), (0xc835_53c5_c896_5d3d, 428, 148),
        (0x952a_b45c_fa97_a0b3, 455, 156), (0xde46_9fbd_99a0_5fe3, 481, 164), (0xa59b_c234_db39_8c25, 508, 172),
        (0xf6c6_9a72_a398_9f5c, 534, 180), (0xb7dc_bf53_54e9_bece, 561, 188), (0x88fc_f317_f222_41e2, 588, 196),
        (0xcc20_ce9b_d35c_78a5, 614, 204), (0x9816_5af3_7b21_53df, 641, 212), (0xe2a0_b5dc_971f_303a, 667, 220),
        (0xa8d9_d153_5ce3_b396, 694, 228), (0xfb9b_7cd9_a4a7_443c, 720, 236), (0xbb76_4c4c_a7a4_4410, 747, 244),
        (0x8bab_8eef_b640_9c1a, 774, 252), (0xd01f_ef10_a657_842c, 800, 260), (0x9b10_a4e5_e991_3129, 827, 268),
        (0xe710_9bfb_a19c_0c9d, 853, 276), (0xac28_20d9_623b_f429, 880, 284), (0x8044_4b5e_7aa7_cf85, 907, 292),
        (0xbf21_e440_03ac_dd2d, 933, 300), (0x8e67_9c2f_5e44_ff8f, 960, 308), (0xd433_179d_9c8c_b841, 986, 316),
        (0x9e19_db92_b4e3_1ba9, 1013, 324), (0xeb96_bf6e_badf_77d9, 1039, 332), (0xaf87_023b_9bf0_ee6b, 1066, 340),
    ]
}
