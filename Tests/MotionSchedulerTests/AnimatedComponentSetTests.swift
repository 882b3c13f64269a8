import Testing

@testable import MotionScheduler

/// The bit set of animated component codes, against a plain `Set<Int>`.
@Suite struct AnimatedComponentSetTests {
    @Test("codes inserted in any order, repeated, come out as a set's sorted codes")
    func matchesASet() {
        var bits = AnimatedComponentSet()
        var plain = Set<Int>()
        var state: UInt64 = 7
        for _ in 0..<5000 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let code = Int(state >> 40) % 20_000
            bits.insert(code)
            plain.insert(code)
        }
        for code in [0, 63, 64, 127, 19_999, -5] {
            bits.insert(code)
            if code >= 0 { plain.insert(code) }
        }
        #expect(bits.count == plain.count)
        #expect(bits.sorted() == plain.sorted())
    }
}
