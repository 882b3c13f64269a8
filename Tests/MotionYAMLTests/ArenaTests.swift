import MotionDiagnostics
import MotionYAML
import Testing

/// The compact arena: scalar text read in the input where it is written verbatim, and marks
/// packed into the record or kept aside when they do not fit.
@Suite struct ArenaTests {
    /// Scalars of every style, after multi-byte characters (libyaml counts characters, the input
    /// is bytes), read back as their values.
    @Test func scalarsReadBackAfterMultiByteCharacters() throws {
        let text = """
            é: "€ and 𝄞"
            plain: after é
            single: 'it''s'
            double: "tab\\there"
            escaped: "\\u00e9t\\u00e9"
            folded: >
              one
              two
            literal: |
              keep
            multi: first
              second
            last: ok
            """
        let result = parse(text)
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
        let tree = result.tree
        let expected: [(String, String)] = [
            ("é", "€ and 𝄞"), ("plain", "after é"), ("single", "it's"), ("double", "tab\there"), ("escaped", "été"),
            ("folded", "one two\n"), ("literal", "keep\n"), ("multi", "first second"), ("last", "ok"),
        ]
        let root = try #require(tree.root)
        #expect(tree.pairs(root).map { tree.string($0.key) } == expected.map(\.0))
        #expect(tree.pairs(root).map { tree.string($0.value) } == expected.map(\.1))
    }

    /// Columns past 8191, a collection over 4096 lines and lines past both still read exactly;
    /// the expected positions are counted here from the text.
    @Test func marksThatDoNotFitInTheRecord() throws {
        let wide = String(repeating: "x", count: 9_000)
        var text = "a: \(wide)\nb: [\(wide), y]\nlong:\n"
        for i in 0..<5_000 { text += "  - \(i)\n" }
        text += "after: { k: v }\n"
        let result = parse(text)
        #expect(result.diagnostics.isEmpty)
        let tree = result.tree
        // `a: ` is 3 columns: the value starts at column 4 and ends after its 9000 characters.
        let a = try #require(tree.node(["a"]))
        #expect(tree.range(a) == SourceRange(start: SourcePosition(line: 1, column: 4), end: SourcePosition(line: 1, column: 9_004)))
        // `b: [` then the wide item, `, ` then `y` at column 5 + 9000 + 2.
        let y = try #require(tree.node(["b", 1]))
        #expect(tree.range(y) == SourceRange(start: SourcePosition(line: 2, column: 9_007), end: SourcePosition(line: 2, column: 9_008)))
        // The list's items are lines 4 to 5003; a block sequence ends where the next key starts.
        let long = try #require(tree.node(["long"]))
        #expect(tree.range(long) == SourceRange(start: SourcePosition(line: 4, column: 3), end: SourcePosition(line: 5_004, column: 1)))
        #expect(tree.string(try #require(tree.node(["long", 4_999]))) == "4999")
        let k = try #require(tree.node(["after", "k"]))
        #expect(tree.range(k) == SourceRange(start: SourcePosition(line: 5_004, column: 13), end: SourcePosition(line: 5_004, column: 14)))
    }

    /// Duplicate keys are found whether their text is read in the input or copied.
    @Test func duplicateKeysAcrossStyles() {
        let result = parse("k: 1\n\"k\": 2\n")
        #expect(result.diagnostics.map(\.code) == [.Y002])
        #expect(result.diagnostics.first?.range.at == "2:1")
    }

    /// NEL, LS and PS break lines for libyaml, and the quoted line is the one its marks name.
    @Test func unicodeLineBreaksNumberLinesAsQuoted() throws {
        for separator in ["\u{85}", "\u{2028}", "\u{2029}"] {
            let text = "a: 1\(separator)b: 2\n"
            let tree = parse(text).tree
            let b = try #require(tree.node(["b"]))
            #expect(tree.range(b).start == SourcePosition(line: 2, column: 4))
            #expect(SourceLines(Array(text.utf8)).line(2) == "b: 2")
        }
    }
}
