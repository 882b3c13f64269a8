import Foundation
import MotionTestSupport
import Testing

@testable import MotionCore

/// ShortestDouble must print what Swift's `description` prints (shortest round-trip, closest,
/// the same layout), checked against `description` itself and against parsing the text back,
/// on seeded random values (``SeededRandom``).
@Suite struct ShortestDoubleTests {
    /// Checks one value; returns a description of the mismatch, if any.
    static func mismatch(_ value: Double) -> String? {
        let text = ShortestDouble.text(value)
        if text != value.description { return "\(value.bitPattern): \(text) != \(value.description)" }
        if value.isFinite, Double(text) != value { return "\(value.bitPattern): \(text) does not read back" }
        return nil
    }

    @Test(
        "edge cases print exactly as description",
        arguments: [
            0.0, -0.0, 1, -1, 0.1, 0.2, 0.3, 1.0 / 3, 2.0 / 3, 100, 1e-7, 1e-5, 1e-4, 0.000_123, 1e21, 1e22, 1e23, 1e15, 1e16,
            1e17, 123_456.789, 9_007_199_254_740_992, 9_007_199_254_740_994, 18_014_398_509_481_984, 4_503_599_627_370_496.5,
            Double.leastNonzeroMagnitude, -Double.leastNonzeroMagnitude, Double.leastNormalMagnitude, Double.leastNormalMagnitude.nextDown,
            Double.greatestFiniteMagnitude, -Double.greatestFiniteMagnitude, Double.ulpOfOne, 1 + Double.ulpOfOne,
            0.015625, 2.5, 1.5, 0.5, 12_345_678_901_234_567_168, 1e300, 1.7976931348623157e308, 2.2250738585072014e-308,
            Double.infinity, -Double.infinity, Double.nan, -Double.nan, 60, 1.0 / 60, 0.016_667, 180, -40,
            9_007_199_254_740_991, -9_007_199_254_740_991, 123_456_789_012_345, 1_000_000, 1e20, 4096,
        ] as [Double])
    func edgeCases(value: Double) {
        #expect(Self.mismatch(value) == nil)
    }

    @Test("every integer from -100,000 to 100,000 and every power of two and ten")
    func integersAndPowers() {
        var failures: [String] = []
        for i in -100_000...100_000 {
            if let m = Self.mismatch(Double(i)) { failures.append(m) }
        }
        for e in -1074...1023 {
            let v = Double(sign: .plus, exponent: e, significand: 1)
            if let m = Self.mismatch(v) { failures.append(m) }
            if let m = Self.mismatch(v.nextUp) { failures.append(m) }
            if let m = Self.mismatch(v.nextDown) { failures.append(m) }
        }
        for e in -323...308 {
            if let v = Double("1e\(e)"), let m = Self.mismatch(v) { failures.append(m) }
        }
        #expect(failures.prefix(10) == [])
    }

    @Test("2,000,000 seeded random doubles: random bit patterns and typical trace values")
    func randomDoubles() {
        var generator = SeededRandom(seed: 0x5EED_0017)
        var failures: [String] = []
        for _ in 0..<1_000_000 {
            let bits = Double(bitPattern: generator.next())
            if let m = Self.mismatch(bits) { failures.append(m) }
        }
        // Values like a trace's: positions, angles, opacities, with a few decimals or none.
        for i in 0..<1_000_000 {
            let scale = [1.0, 10, 1000, 1e-3][i % 4]
            let raw = (generator.unit() * 2 - 1) * scale
            let v = i % 3 == 0 ? (raw * 1000).rounded() / 1000 : raw
            if let m = Self.mismatch(v) { failures.append(m) }
            // Whole numbers of every size below 2^53 and a little beyond.
            let whole = Double(Int64(bitPattern: generator.next()) >> (10 + Int(generator.next() % 50)))
            if let m = Self.mismatch(whole) { failures.append(m) }
        }
        #expect(failures.prefix(10) == [])
    }

    @Test("integralSuffix false drops .0 only from integral decimal text")
    func integralSuffix() {
        #expect(ShortestDouble.text(180, integralSuffix: false) == "180")
        #expect(ShortestDouble.text(-0.0, integralSuffix: false) == "-0")
        #expect(ShortestDouble.text(1e16, integralSuffix: false) == "1e+16")
        #expect(ShortestDouble.text(0.5, integralSuffix: false) == "0.5")
        #expect(ShortestDouble.text(.infinity, integralSuffix: false) == "inf")
    }

    @Test("every normal double is decided by Dragonbox or Schubfach; only subnormals, NaN and infinities go to description")
    func fastPathShare() {
        var generator = SeededRandom(seed: 42)
        var undecided = 0
        let scratch = UnsafeMutablePointer<UInt8>.allocate(capacity: ShortestDouble.scratchSize)
        defer { scratch.deallocate() }
        for _ in 0..<100_000 {
            let v = Double(bitPattern: generator.next() & ~(0x7FF << 52) | ((1 + generator.next() % 2046) << 52))
            if ShortestDouble.write(v, to: scratch, integralSuffix: true) == 0 { undecided += 1 }
        }
        #expect(undecided == 0)
        #expect(ShortestDouble.write(Double.leastNormalMagnitude.nextDown, to: scratch, integralSuffix: true) == 0)
    }

    @Test(
        "the table of scaled powers of ten: each entry g is the least integer above 10^e x 2^(125 - floor(e log2 10)), between 2^125 and 2^126"
    )
    func powersTable() {
        // Checked here with Double for the leading bits and with exact products for e >= 0.
        let table = ShortestDouble.Powers.table
        #expect(table.count == 2 * (ShortestDouble.Powers.highestK - ShortestDouble.Powers.lowestK + 1))
        for (n, k) in (ShortestDouble.Powers.lowestK...ShortestDouble.Powers.highestK).enumerated() {
            let (g1, g0) = (table[2 * n], table[2 * n + 1])
            #expect(g0 >> 63 == 0)
            // g is in [2^125, 2^126): g1 in [2^62, 2^63).
            #expect(g1 >> 62 == 1)
            // log2(g) = 125 + frac(e log2 10) up to rounding: compare g1 / 2^62 with 10^e / 2^floor.
            let e = -k
            let expected = pow(10, Double(e) - Double(ShortestDouble.floorLog2(pow10: e)) * log10(2.0))
            let actual = Double(g1) / 0x1p62
            #expect(abs(actual - expected) < 1e-12)
        }
        // 10^0 x 2^125 + 1 exactly.
        let zero = 2 * (0 - ShortestDouble.Powers.lowestK)
        #expect(table[zero] == 1 << 62 && table[zero + 1] == 1)
        // 10^1 x 2^122 + 1 = 5 x 2^123 + 1 exactly (k = -1).
        let one = 2 * (-1 - ShortestDouble.Powers.lowestK)
        #expect(table[one] == 5 << 60 && table[one + 1] == 1)
    }

    @Test("Dragonbox and Schubfach lay out the same digits for random doubles, short decimals and their neighbours")
    func dragonboxAgreesWithSchubfach() {
        var generator = SeededRandom(seed: 0xD2A6_0B0C)
        let a = UnsafeMutablePointer<UInt8>.allocate(capacity: ShortestDouble.scratchSize)
        let b = UnsafeMutablePointer<UInt8>.allocate(capacity: ShortestDouble.scratchSize)
        defer {
            a.deallocate()
            b.deallocate()
        }
        var failures: [UInt64] = []
        func compare(_ v: Double) {
            let x = ShortestDouble.nearest(v, digits: a)
            let y = ShortestDouble.shortest(v, digits: b)
            guard let x, let y else {
                if (x == nil) != (y == nil) { failures.append(v.bitPattern) }
                return
            }
            let same =
                x.count == y.count && x.exponent10 == y.exponent10
                && (0..<x.count).allSatisfy { a[x.first + $0] == b[y.first + $0] }
            if !same { failures.append(v.bitPattern) }
        }
        for _ in 0..<300_000 {
            compare(Double(bitPattern: generator.next() & ~(1 << 63)))
            // m x 10^e with few digits: the candidates with fewer digits, ties and exact ends.
            let m = Double(generator.next() % 1_000_000)
            let e = Int(generator.next() % 60) - 30
            if let v = Double("\(Int(m))e\(e)"), v > 0 {
                compare(v)
                compare(v.nextUp)
                compare(v.nextDown)
            }
        }
        #expect(failures.prefix(5) == [])
    }

    @Test("Dragonbox's powers: each entry is the least integer at or above 10^k x 2^(127 - floor(k log2 10)), between 2^127 and 2^128")
    func scaledPowersTable() {
        let table = ShortestDouble.ScaledPowers.table
        let lowest = ShortestDouble.ScaledPowers.lowestK
        #expect(table.count == 2 * (ShortestDouble.ScaledPowers.highestK - lowest + 1))
        for k in lowest...ShortestDouble.ScaledPowers.highestK {
            let high = table[2 * (k - lowest)]
            #expect(high >> 63 == 1)
            let expected = pow(10, Double(k) - Double(ShortestDouble.floorLog2(pow10: k)) * log10(2.0))
            #expect(abs(Double(high) / 0x1p63 - expected) < 1e-12)
        }
        // 10^k for k <= 27 is 5^k x 2^k with 5^k below 2^64: exact, 5^k shifted to the top.
        var five: UInt64 = 1
        for k in 0...27 {
            if k > 0 { five *= 5 }
            let i = 2 * (k - lowest)
            let shift = five.leadingZeroBitCount
            #expect(table[i] == five << UInt64(shift) && table[i + 1] == 0, "k = \(k)")
        }
    }

    @Test("eight digits at once: every byte is the digit of the decimal text, first digit lowest")
    func eightDigits() {
        var failures: [UInt32] = []
        for x in Array(stride(from: UInt32(0), to: 100_000_000, by: 997)) + [0, 9, 10, 99, 100, 9_999, 10_000, 99_999_999] {
            let text = String(x)
            let expected = Array(repeating: UInt8(ascii: "0"), count: 8 - text.utf8.count) + Array(text.utf8)
            let word = ShortestDouble.eightDigits(x)
            let bytes = (0..<8).map { UInt8(truncatingIfNeeded: word >> UInt64(8 * $0)) + UInt8(ascii: "0") }
            if bytes != expected { failures.append(x) }
        }
        #expect(failures.prefix(5) == [])
    }
}
