import MotionDiagnostics
import Testing

@testable import MotionYAML

/// libyaml's events read on a second thread (``YAMLEventPipe``) build the same tree, with the
/// same diagnostics, as reading them on the composer's thread: whole documents, documents that
/// stop early at an error or a limit anywhere in a buffer of events, and streamed items.
@Suite struct EventPipeTests {
    /// Every node from the root, in document order: kind, range, text.
    func dump(_ tree: YAMLTree) -> [String] {
        var lines: [String] = []
        func visit(_ n: YAMLNodeID, _ depth: Int) {
            guard depth < 300 else { return }
            let r = tree.range(n)
            let place = "\(r.start.line):\(r.start.column)-\(r.end.line):\(r.end.column)"
            switch tree.kind(n) {
            case .scalar: lines.append("\(depth) s \(place) \(tree.string(n)) \(tree.isPlain(n))")
            case .sequence:
                lines.append("\(depth) q \(place) \(tree.count(n))")
                for item in tree.items(n) { visit(item, depth + 1) }
            case .mapping:
                lines.append("\(depth) m \(place) \(tree.count(n))")
                for pair in tree.pairs(n) {
                    visit(pair.key, depth + 1)
                    visit(pair.value, depth + 1)
                }
            }
        }
        if let root = tree.root { visit(root, 0) }
        return lines
    }

    /// The parse of `text` both ways, with the items of `list[*].items` streamed and what the
    /// stream saw.
    func both(_ text: [UInt8], limits: YAMLLimits = .default) -> [(YAMLParseResult, [String], [String])] {
        [false, true].map { piped in
            let seen = Seen()
            let stream = YAMLItemStream(paths: [["list", nil, "items"], ["map"]]) { tree, items in
                for item in items { seen.values.append(contentsOf: dump(tree, item.node)) }
            }
            let result = YAMLParser.parse(text, file: "p.yaml", limits: limits, streaming: stream, readingOnAnotherThread: piped)
            return (result, dump(result.tree), seen.values)
        }
    }

    final class Seen: @unchecked Sendable {
        var values: [String] = []
    }

    func dump(_ tree: YAMLTree, _ node: YAMLNodeID) -> [String] {
        var copy = tree
        copy.root = node
        return dump(copy)
    }

    /// A document of several buffers of events: a list of streamed items, a mapping, anchors,
    /// aliases, merge keys and a duplicate key.
    static func document(items: Int) -> String {
        var text = "top: &t { a: 1, b: [x, y] }\nlist:\n  - items:\n"
        for i in 0..<items { text += "      - { v: \(i), w: \"\\u00e9\(i)\", <<: *t, b: 2 }\n" }
        text += "map:\n"
        for i in 0..<items / 4 { text += "  k\(i): { v: \(i) }\n" }
        text += "  k1: { v: dup }\nafter: *t\n"
        return text
    }

    static let cases: [(String, YAMLLimits)] = {
        let base = document(items: 400)
        var cases: [(String, YAMLLimits)] = [(base, .default), ("", .default), ("a: 1", .default), ("\u{FEFF}a: [1, 2]\n", .default)]
        // A syntax error, an undefined alias, a second document and limits at several places.
        for cut in [7, 600, 3001, base.count / 2, base.count - 3] {
            let index = base.utf8.index(base.utf8.startIndex, offsetBy: cut)
            let head = String(base.utf8[..<index]) ?? ""
            cases.append((head + "\n  ]: [\n" + base, .default))
            cases.append((head + "\nzz: *undefined\n" + base, .default))
            cases.append((head + "\n---\nb: 1\n", .default))
        }
        cases.append((base, YAMLLimits(maxDepth: 3)))
        cases.append((base, YAMLLimits(maxAliasExpansion: 500)))
        return cases
    }()

    @Test(arguments: 0..<cases.count) func sameTreeAndDiagnostics(_ index: Int) {
        let (text, limits) = Self.cases[index]
        let results = both(Array(text.utf8), limits: limits)
        #expect(results[1].0.diagnostics == results[0].0.diagnostics)
        #expect(results[1].1 == results[0].1)
        #expect(results[1].2 == results[0].2)
    }

    @Test func invalidUTF8AfterManyEvents() {
        var bytes = Array(Self.document(items: 300).utf8)
        bytes.insert(0xFF, at: bytes.count / 2)
        let results = both(bytes)
        #expect(results[0].0.diagnostics.map(\.code) == [.Y005])
        #expect(results[1].0.diagnostics == results[0].0.diagnostics)
        #expect(results[1].1 == results[0].1)
    }

    @Test func manyParsesInARow() {
        // Every reading thread ends, whether the composer reads to the end or stops early.
        let whole = Array(Self.document(items: 200).utf8)
        let stopped = Array((Self.document(items: 200) + "---\n").utf8)
        let once = YAMLParser.parse(whole, file: "p.yaml", limits: .default, streaming: nil, readingOnAnotherThread: false)
        #expect(once.diagnostics.map(\.code) == [.Y002])
        let wholeOnce = dump(once.tree)
        for _ in 0..<20 {
            let piped = YAMLParser.parse(whole, file: "p.yaml", limits: .default, streaming: nil, readingOnAnotherThread: true)
            #expect(piped.diagnostics == once.diagnostics)
            #expect(dump(piped.tree) == wholeOnce)
            #expect(
                YAMLParser.parse(stopped, file: "p.yaml", limits: YAMLLimits(maxDepth: 2), streaming: nil, readingOnAnotherThread: true)
                    .diagnostics.map(\.code) == [.Y004])
        }
    }
}
