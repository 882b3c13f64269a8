import MotionDiagnostics
import MotionYAML
import Testing

@Suite struct RobustnessTests {
    static let sample = """
        motion: 1
        base: &base { anchorPoint: [0.5, 0.5], opacity: 1 }
        targets:
          card:
            <<: *base
            layer: { position: [180, 320], backgroundColor: "#6200EE" }
            children:
              photo: { type: Photo, class: [a, b] }
        transactions:
          - at: 0
            ops:
              - add: tween
                target: '#card'
                duration: 300ms
                easing: |
                  standard
        """

    /// Counts the nodes reachable from `n`, visiting every accessor on the way.
    static func walk(_ n: YAMLNodeID, _ tree: YAMLTree, depth: Int = 0) -> Int {
        _ = tree.range(n)
        _ = tree.double(n)
        _ = tree.isNull(n)
        _ = tree.string(n)
        switch tree.kind(n) {
        case .scalar: return 1
        case .sequence: return 1 + tree.items(n).reduce(0) { $0 + walk($1, tree, depth: depth + 1) }
        case .mapping:
            return 1 + tree.pairs(n).reduce(0) { $0 + walk($1.key, tree) + walk($1.value, tree, depth: depth + 1) }
        }
    }

    @Test func mutatedDocumentsNeverTrap() {
        let original = Array(Self.sample.utf8)
        let alphabet = Array("[]{}:-,&*<>|'\"#\t\n ?!%@`~0123456789.".utf8) + [0, 0xFF, 0xC3]
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
        for _ in 0..<600 {
            var bytes = original
            for _ in 0..<(1 + next(4)) {
                let at = next(bytes.count)
                switch next(3) {
                case 0: bytes[at] = alphabet[next(alphabet.count)]
                case 1: bytes.insert(alphabet[next(alphabet.count)], at: at)
                default: bytes.remove(at: at)
                }
            }
            let result = YAMLParser.parse(bytes, file: "fuzz.yaml")
            for d in result.diagnostics {
                #expect(d.file == "fuzz.yaml")
                #expect(d.range.start.line >= 1 && d.range.start.column >= 1)
            }
            if let root = result.tree.root { #expect(Self.walk(root, result.tree) > 0) }
        }
    }

    @Test func sampleParsesClean() throws {
        let result = parse(Self.sample)
        #expect(result.diagnostics.isEmpty)
        let root = try #require(result.tree.root)
        #expect(Self.walk(root, result.tree) > 20)
        #expect(result.tree.flatPairs(["targets", "card"]).prefix(2) == ["anchorPoint=", "opacity=1"])
    }
}
