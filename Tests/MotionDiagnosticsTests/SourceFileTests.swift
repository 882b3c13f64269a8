import Testing

@testable import MotionDiagnostics

@Suite("Source files")
struct SourceFileTests {
    @Test(arguments: [
        ("a\nb", ["a", "b"]),
        ("a\nb\n", ["a", "b", ""]),
        ("a\r\nb\r\n", ["a", "b", ""]),
        ("a\rb", ["a", "b"]),
        ("a\r\n\r\nb", ["a", "", "b"]),
        ("", [""]),
        ("é\ntab\there", ["é", "tab\there"]),
        ("a\u{85}b\u{2028}c\u{2029}d", ["a", "b", "c", "d"]),
        ("\u{FEFF}a\nb", ["a", "b"]),
    ])
    func splitsLines(text: String, lines: [String]) {
        let file = SourceFile(path: "x.yaml", text: text)
        #expect(file.lineCount == lines.count)
        #expect((1...file.lineCount).map { file.line($0).map(String.init) ?? "?" } == lines)
        #expect(file.line(0) == nil)
        #expect(file.line(lines.count + 1) == nil)
    }
}
