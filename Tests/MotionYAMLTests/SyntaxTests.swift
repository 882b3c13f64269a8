import MotionDiagnostics
import MotionYAML
import Testing

@Suite struct SyntaxTests {
    @Test(arguments: [
        // bad indentation: a key less indented than its siblings
        ("a:\n  b: 1\n c: 2\n", "while parsing a block mapping: did not find expected key", "3:2"),
        // a tab where indentation is expected
        ("a:\n\tb: 1\n", "while scanning for the next token: found character that cannot start any token", "2:1"),
        // unclosed double quote: reported where the stream ends
        ("a: \"abc\nb: 1\n", "while scanning a quoted scalar: found unexpected end of stream", "3:1"),
        // unclosed flow sequence
        ("a: [1, 2\nb: 3\n", "while parsing a flow sequence: did not find expected ',' or ']'", "2:2"),
        ("a: b: c\n", "mapping values are not allowed in this context", "1:5"),
    ])
    func libyamlErrors(text: String, message: String, at: String) {
        let result = parse(text)
        #expect(result.diagnostics.map(\.code) == [.Y001])
        #expect(result.diagnostics.first?.message == message)
        #expect(result.diagnostics.first?.range.at == at)
        #expect(result.diagnostics.first?.file == "test.yaml")
    }

    @Test func contextNotePointsAtTheConstructStart() {
        let result = parse("a: 1\nb: \"abc\nc: 2\n")
        let note = result.diagnostics.first?.notes.first
        #expect(note?.message == "the quoted scalar starts here")
        #expect(note?.range?.at == "2:4")
    }

    @Test func aTabInTheIndentationSaysSoWithoutAGarbledNote() {
        let result = parse("motion: 1\ntargets:\n\tcard: {}\n")
        let diagnostic = result.diagnostics.first
        #expect(diagnostic?.range.at == "3:1")
        #expect(diagnostic?.help == "YAML indents with spaces only: replace the tab at the start of line 3 with spaces")
        #expect(diagnostic?.notes.allSatisfy { !$0.message.contains("the for") } ?? false)
        #expect(diagnostic?.notes.isEmpty == true, "the scan started where it failed: no second caret")
        // Other scanner errors get no tab help.
        #expect(parse("a: @b\n").diagnostics.first?.help == nil)
    }

    @Test("an unquoted #RRGGBB or #id in a flow collection is named as the comment it starts")
    func commentInAFlowCollection() {
        let colour = parse("targets:\n  card: { layer: { size: [10, 10], backgroundColor: #6200EE } }\nnext: 1\n")
        #expect(colour.diagnostics.map(\.code) == [.Y001])
        #expect(
            colour.diagnostics.first?.help
                == "`#6200EE` on line 2 starts a comment (a `#` after a space does), so the rest of that line was not read: "
                + "quote it, \"#6200EE\"")
        // A whole-line comment before it is no culprit.
        let selector = parse("# ops\nops:\n  - { add: tween, target: #card, property: opacity }\n")
        #expect(selector.diagnostics.first?.help?.hasPrefix("`#card` on line 3 starts a comment") == true)
        // Quoted, a `#` is text; in a plain word (`a#b`) it starts no comment.
        #expect(parse("a: { b: \"x #y\", c: d#e }\n").diagnostics.isEmpty)
        #expect(parse("a: { b: \"x #y\", c: [1, 2 }\n").diagnostics.first?.help == nil)
    }

    @Test func nulByte() {
        let result = YAMLParser.parse(Array("a: 1\nb: x".utf8) + [0] + Array("y\n".utf8), file: "nul.yaml")
        #expect(result.diagnostics.map(\.code) == [.Y001])
        #expect(result.diagnostics.first?.message == "control characters are not allowed")
        #expect(result.diagnostics.first?.range.at == "2:5")
    }

    @Test func partialTreeAfterAnErrorIsConsistent() throws {
        let result = parse("a:\n  b: [1, 2\n  c: {x: 1\n")
        #expect(result.diagnostics.containsErrors)
        // Whatever was read is a well-formed tree: walking it must not trap.
        func walk(_ n: YAMLNodeID, _ tree: YAMLTree) -> Int {
            switch tree.kind(n) {
            case .scalar: 1
            case .sequence: 1 + tree.items(n).reduce(0) { $0 + walk($1, tree) }
            case .mapping: 1 + tree.pairs(n).reduce(0) { $0 + walk($1.key, tree) + walk($1.value, tree) }
            }
        }
        if let root = result.tree.root { #expect(walk(root, result.tree) > 0) }
    }
}
