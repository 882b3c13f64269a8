import MotionCore
import Testing

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

    @Test("a set of codes decodes to the components that made them, in trace order")
    func componentsInTraceOrder() {
        var bits = AnimatedComponentSet()
        let made = [
            AnimatedComponent(target: 3, property: .opacity, component: 0),
            AnimatedComponent(target: 0, property: .backgroundColor, component: 2),
            AnimatedComponent(target: 3, property: .position, component: 1),
        ]
        for c in made { bits.insert(AnimatedComponent.code(layer: c.target, c.property, c.component)) }
        #expect(bits.components() == made.sorted())
        #expect(bits.contains(AnimatedComponent.code(layer: 3, .opacity, 0)))
        #expect(!bits.contains(AnimatedComponent.code(layer: 3, .opacity, 1)))
        #expect(!bits.contains(-1))
    }

    @Test("codes of every layer, negative ones included, decode to their component; others to nil")
    func codesDecode() {
        for layer in [-70, -1, 0, 1, 999] {
            for property in LayerProperty.allCases {
                for component in 0..<4 {
                    let code = AnimatedComponent.code(layer: layer, property, component)
                    let decoded = AnimatedComponent(code: code)
                    #expect(decoded == AnimatedComponent(target: layer, property: property, component: component))
                }
            }
        }
        // Properties beyond the last one have no code: 16 slots per layer, fewer properties.
        let unused = LayerProperty.allCases.count * 4
        #expect(AnimatedComponent(code: unused) == nil)
        #expect(AnimatedComponent(code: -64 + unused) == nil)
    }
}
