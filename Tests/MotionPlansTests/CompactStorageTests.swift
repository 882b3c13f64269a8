import MotionCore
import MotionDiagnostics
import MotionRuntime
import Testing

@testable import MotionPlans

/// How a decoded document keeps what it holds by the thousand: packed layer values, shared
/// lists, 16-byte ranges. Each must give back exactly what was written.
@Suite("Compact document storage")
struct CompactStorageTests {
    /// Whether two values have the same kind and the same bits in all four components.
    static func sameBits(_ a: MotionValue, _ b: MotionValue) -> Bool {
        a.kind == b.kind && (0..<4).allSatisfy { a.components[$0].bitPattern == b.components[$0].bitPattern }
    }

    @Test func everyPropertyComesBackFromItsPackedForm() {
        var layer: [LayerProperty: MotionValue] = [:]
        for (i, property) in LayerProperty.allCases.enumerated() {
            let n = Double(i) + 0.25
            layer[property] =
                switch property.kind {
                case .scalar: .scalar(-n)
                case .point: .point(n, -n)
                case .size: .size(n, 2 * n)
                case .color: .color(n / 100, 0.5, -0.0, 1)
                }
        }
        let target = TargetNode(id: Located("a", at: .fileStart), layer: layer)
        #expect(target.layer == layer)
        for property in LayerProperty.allCases {
            let expected = layer[property] ?? property.defaultValue
            #expect(Self.sameBits(target.initialValue(property), expected), "\(property)")
        }
        #expect(TargetNode(id: Located("b", at: .fileStart)).layer.isEmpty)
        #expect(TargetNode(id: Located("b", at: .fileStart)).initialValue(.opacity) == .scalar(1))
    }

    @Test func componentsPastTheKindAndNegativeZeroKeepTheirBits() {
        let odd = MotionValue(kind: .point, components: SIMD4(1, -0.0, 3, -4))
        let zero = MotionValue.scalar(-0.0)
        var target = TargetNode(id: Located("a", at: .fileStart), layer: [.position: odd, .opacity: zero])
        #expect(Self.sameBits(target.initialValue(.position), odd))
        #expect(Self.sameBits(target.initialValue(.opacity), zero))
        // Written through the dictionary, as run and bake code may.
        target.layer[.rotation] = .scalar(2)
        #expect(target.layer.count == 3)
        #expect(target.initialValue(.rotation) == .scalar(2))
        #expect(Self.sameBits(target.initialValue(.position), odd))
    }

    /// Enough targets to fill more than one shared block (8 words each); each keeps its own values.
    @Test func manyDecodedTargetsKeepTheirOwnValues() throws {
        let count = 1_500
        var yaml = "motion: 1\ntargets:\n"
        for i in 0..<count {
            yaml += "  t\(i): { layer: { position: [\(i), \(i).5], opacity: 0.\(i % 10), backgroundColor: \"#FF0000\" } }\n"
        }
        let document = try decodeClean(yaml)
        #expect(document.targets.count == count)
        let wrong = document.targets.indices.filter { i in
            let expected: [LayerProperty: MotionValue] = [
                .position: .point(Double(i), Double(i) + 0.5), .opacity: .scalar(Double(i % 10) / 10), .backgroundColor: .color(1, 0, 0, 1),
            ]
            return document.targets[i].layer != expected
        }
        #expect(wrong.isEmpty)
    }

    @Test func equalListsShareStorageAndBitsDecide() {
        var lists = ListInterner<Double>()
        let first = lists.share([0, 0.5, 1])
        let second = lists.share([0, 0.5, 1])
        #expect(first.withUnsafeBufferPointer { $0.baseAddress } == second.withUnsafeBufferPointer { $0.baseAddress })
        // -0 equals 0 as a number, but is not the same list.
        let negative = lists.share([-0.0, 0.5, 1])
        #expect(negative[0].sign == .minus)
        var names = ListInterner<String>()
        let composed = names.share(["caf\u{E9}"])
        let decomposed = names.share(["cafe\u{301}"])
        #expect(Array(decomposed[0].utf8) == Array("cafe\u{301}".utf8))
        #expect(Array(composed[0].utf8) == Array("caf\u{E9}".utf8))
    }

    /// Tweens that write the same lists share them; the values stay those written.
    @Test func decodedTweensShareRepeatedLists() throws {
        let document = try decodeClean(
            """
            motion: 1
            targets: { a: {}, b: {} }
            transactions:
              - at: 0
                ops:
                  - { add: tween, target: "#a", property: opacity, values: [0, 0.6, 1], offsets: [0, 0.4, 1], easing: [standard, linear], duration: 1 }
                  - { add: tween, target: "#b", property: opacity, values: [0, 0.6, 1], offsets: [0, 0.4, 1], easing: [standard, linear], duration: 1 }
                  - { add: tween, target: "#b", property: rotation, values: [-0.0, 0.6, 1], offsets: [0, 0.4, 1], duration: 1 }
            """)
        let tweens = try document.transactions[0].operations.map { try #require($0.intention?.value(as: Tween.self)) }
        func address<T>(_ list: [T]) -> UnsafePointer<T>? { list.withUnsafeBufferPointer { $0.baseAddress } }
        #expect(address(tweens[0].values) == address(tweens[1].values))
        #expect(address(tweens[0].offsets ?? []) == address(tweens[1].offsets ?? []))
        #expect(address(tweens[0].easings) == address(tweens[1].easings))
        #expect(tweens[1].values == [.scalar(0), .scalar(0.6), .scalar(1)])
        #expect(tweens[1].easings == [.cubicBezier(x1: 0.4, y1: 0, x2: 0.2, y2: 1), .linear])
        #expect(tweens[2].values[0].components[0].sign == .minus)
    }

    @Test func rangesKeepTheirNumbersAndClampWhatNoInputHas() {
        let range = SourceRange(start: SourcePosition(line: 123_456, column: 7), end: SourcePosition(line: 123_457, column: 1))
        #expect(Located(1, at: range).range == range)
        let huge = SourceRange(start: SourcePosition(line: -5, column: 1), end: SourcePosition(line: Int.max, column: 2))
        let packed = Located("x", at: huge).range
        #expect(packed.start.line == 0)
        #expect(packed.end.line == Int(UInt32.max))
        var op = OperationSpec(action: .remove(name: Located("n", at: range)), target: Located("#a", at: range), head: range)
        #expect(op.head == range)
        op.head = .fileStart
        #expect(op.head == .fileStart)
    }
}
