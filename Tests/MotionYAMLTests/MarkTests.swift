import MotionDiagnostics
import MotionYAML
import Testing

@Suite struct MarkTests {
    static let block = """
        motion: 1
        canvas:
          size: [360, 640]
          background: "#F5F5F5"
        targets:
          card: { type: Card, layer: { position: [180, 320] } }
        list:
          - a
          -   b
        """

    @Test(arguments: [
        (["motion"] as [YAMLPathPart], "1:9", "1:10"),
        (["canvas"], "3:3", "5:1"),  // a block collection ends where the next token starts
        (["canvas", "size"], "3:9", "3:19"),
        (["canvas", "size", 1], "3:15", "3:18"),
        (["canvas", "background"], "4:15", "4:24"),
        (["targets", "card"], "6:9", "6:56"),
        (["targets", "card", "type"], "6:17", "6:21"),
        (["targets", "card", "layer", "position", 0], "6:43", "6:46"),
        (["list", 0], "8:5", "8:6"),
        (["list", 1], "9:7", "9:8"),
    ])
    func valueRanges(path: [YAMLPathPart], start: String, end: String) throws {
        let result = parse(Self.block)
        #expect(result.diagnostics.isEmpty)
        let node = try #require(result.tree.node(path))
        let range = result.tree.range(node)
        #expect(range.at == start)
        #expect("\(range.end.line):\(range.end.column)" == end)
    }

    @Test(arguments: [
        ("motion", [] as [YAMLPathPart], "1:1"),
        ("background", ["canvas"], "4:3"),
        ("card", ["targets"], "6:3"),
        ("type", ["targets", "card"], "6:11"),
        ("position", ["targets", "card", "layer"], "6:32"),
    ])
    func keyRanges(key: String, path: [YAMLPathPart], start: String) throws {
        let result = parse(Self.block)
        let node = try #require(result.tree.keyNode(key, in: path))
        #expect(result.tree.range(node).at == start)
    }

    @Test func multiByteCharactersCountAsOneColumn() throws {
        // "é" is 2 bytes, "€" 3 bytes, "𝄞" 4 bytes: each is one column.
        let result = parse("name: \"é€𝄞\"\nx: { a: é€𝄞, b: 2 }\n")
        #expect(result.diagnostics.isEmpty)
        let b = try #require(result.tree.node(["x", "b"]))
        #expect(result.tree.range(b).at == "2:17")
        let bKey = try #require(result.tree.keyNode("b", in: ["x"]))
        #expect(result.tree.range(bKey).at == "2:14")
        let name = try #require(result.tree.node(["name"]))
        #expect(result.tree.string(name) == "é€𝄞")
    }

    @Test func blockScalarsKeepTheirStart() throws {
        let result = parse("a: |\n  line one\n  line two\nb: >-\n  folded\n  text\n")
        let a = try #require(result.tree.node(["a"]))
        let b = try #require(result.tree.node(["b"]))
        #expect(result.tree.string(a) == "line one\nline two\n")
        #expect(result.tree.string(b) == "folded text")
        #expect(result.tree.range(a).at == "1:4")
        #expect(!result.tree.isPlain(a))
    }
}
