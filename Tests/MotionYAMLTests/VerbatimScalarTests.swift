import Testing

@testable import MotionYAML

/// Which scalars the arena reads in the input instead of copying: every plain or quoted scalar
/// written without escapes or folding, also after a byte-order mark and multi-byte characters.
@Suite struct VerbatimScalarTests {
    /// The scalars of `text`, each with its value and whether it is read in the input.
    static func scalars(_ text: [UInt8]) -> [(value: String, inSource: Bool)] {
        let tree = YAMLParser.parse(text, file: "t.yaml").tree
        return tree.nodes.indices.compactMap { index in
            let id = YAMLNodeID(index: UInt32(index))
            guard tree.kind(id) == .scalar else { return nil }
            return (tree.string(id), tree.nodes[index].isInSource)
        }
    }

    static let body = "name: card\ntitle: \"Café €\"\nnote: 'plain'\nescaped: \"a\\tb\"\n"

    /// Without a byte-order mark: every scalar but the escaped one is read in the input.
    @Test func scalarsWrittenVerbatimAreNotCopied() {
        let scalars = Self.scalars(Array(Self.body.utf8))
        #expect(scalars.map(\.value) == ["name", "card", "title", "Café €", "note", "plain", "escaped", "a\tb"])
        #expect(scalars.map(\.inSource) == [true, true, true, true, true, true, true, false])
    }

    /// A UTF-8 byte-order mark, which libyaml does not count as a character, changes nothing.
    @Test func byteOrderMarkKeepsScalarsInTheInput() {
        let scalars = Self.scalars([0xEF, 0xBB, 0xBF] + Array(Self.body.utf8))
        #expect(scalars.map(\.value) == ["name", "card", "title", "Café €", "note", "plain", "escaped", "a\tb"])
        #expect(scalars.map(\.inSource) == [true, true, true, true, true, true, true, false])
    }
}
