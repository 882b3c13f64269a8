import MotionDiagnostics
import MotionYAML
import Testing

@Suite struct DuplicateKeyTests {
    @Test func duplicateKeyPointsAtTheSecondWithANoteAtTheFirst() throws {
        let result = parse("motion: 1\ncanvas:\n  fps: 60\n  size: [1, 2]\n  fps: 30\n")
        #expect(result.diagnostics.map(\.code) == [.Y002])
        let d = try #require(result.diagnostics.first)
        #expect(d.message == "duplicate key \"fps\"")
        #expect(d.range.at == "5:3")
        #expect(d.notes.map(\.message) == ["first defined here"])
        #expect(d.notes.first?.range?.at == "3:3")
    }

    @Test(arguments: [
        ("{ a: 1, 'a': 2 }", 1),  // same text, different style: still the same key
        ("{ a: 1, b: 2, c: 3 }", 0),
        ("{ a: 1, a: 2, a: 3 }", 2),
        ("{ 1: x, 1.0: y }", 0),  // keys are text, not numbers
        ("{ [a]: 1, [a]: 2 }", 0),  // non-scalar keys compare by identity
        ("{ ? &k [a] : 1, ? *k : 2 }", 1),
        ("{ \"\": 1, ? '' : 2 }", 1),
    ])
    func duplicatesInSmallMappings(text: String, expected: Int) {
        let result = parse("m: \(text)\n")
        #expect(result.diagnostics.filter { $0.code == .Y002 }.count == expected)
        #expect(result.diagnostics.allSatisfy { $0.code == .Y002 })
    }

    @Test func largeMappingWithOneDuplicateIsFoundFast() throws {
        var text = ""
        for i in 0..<20_000 { text += "key\(i): \(i)\n" }
        text += "key12345: again\n"
        for i in 20_000..<20_010 { text += "key\(i): \(i)\n" }
        var result = YAMLParseResult(tree: YAMLTree(), diagnostics: [])
        let seconds = cpuSeconds { result = parse(text) }
        #expect(result.diagnostics.map(\.code) == [.Y002])
        let d = try #require(result.diagnostics.first)
        #expect(d.range.at == "20001:1")
        #expect(d.notes.first?.range?.at == "12346:1")
        #expect(result.tree.count(try #require(result.tree.root)) == 20_011)
        #expect(seconds < 0.5)
    }

    @Test func largeMappingWithoutDuplicatesIsClean() {
        var text = ""
        for i in 0..<5_000 { text += "k\(i): [\(i)]\n" }
        #expect(parse(text).diagnostics.isEmpty)
    }
}
