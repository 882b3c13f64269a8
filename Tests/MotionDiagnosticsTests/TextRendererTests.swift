import Testing

@testable import MotionDiagnostics

@Suite("Text rendering")
struct TextRendererTests {
    static let cardText = """
        motion: 1
        targets:
          card: { type: Card }
        transactions:
          - ops:
              - add: draggable
                target: "#card"
                name: drag
          - at: 1.5
            ops:
              - remove: drgg
                target: "#card"
        """
    static let sources = ["Plans/card.yaml": SourceFile(path: "Plans/card.yaml", text: cardText)]

    static let n004 = Diagnostic(
        .N004, "remove of \"drgg\" on #card, but #card holds no plan by that name",
        file: "Plans/card.yaml", at: SourceRange(line: 11, column: 17, endColumn: 21),
        help: "did you mean \"drag\"?")

    @Test func matchesTheFormatExample() {
        let output = DiagnosticRenderer.render([Self.n004], format: .text, sources: Self.sources, fileCount: 3)
        #expect(
            output == """
                Plans/card.yaml:11:17: warning[N004]: remove of "drgg" on #card, but #card holds no plan by that name
                   11 |       - remove: drgg
                      |                 ^^^^
                   help: did you mean "drag"?

                1 warning in 3 files

                """)
    }

    @Test func notesQuoteTheirOwnLineAndBlankLinesSeparateDiagnostics() {
        let duplicate = Diagnostic(
            .D006, "duplicate target id \"card\"", file: "Plans/card.yaml",
            at: SourceRange(line: 7, column: 19, endColumn: 23),
            notes: [
                DiagnosticNote("first defined here", at: SourceRange(line: 3, column: 3, endColumn: 7)),
                DiagnosticNote("ids are unique across the whole tree"),
            ])
        let output = DiagnosticRenderer.render(
            [Self.n004, duplicate], format: .text, sources: Self.sources, fileCount: 1)
        #expect(
            output == """
                Plans/card.yaml:7:19: error[D006]: duplicate target id "card"
                    7 |         target: "#card"
                      |                   ^^^^
                   note: Plans/card.yaml:3:3: first defined here
                    3 |   card: { type: Card }
                      |   ^^^^
                   note: ids are unique across the whole tree

                Plans/card.yaml:11:17: warning[N004]: remove of "drgg" on #card, but #card holds no plan by that name
                   11 |       - remove: drgg
                      |                 ^^^^
                   help: did you mean "drag"?

                1 error, 1 warning in 1 file

                """)
    }

    @Test(arguments: [
        // (line, range, caret line after the gutter)
        ("\tkey: value", SourceRange(line: 1, column: 7, endColumn: 12), "\t     ^^^^^"),
        ("key: value", SourceRange(line: 1, column: 1), "^"),
        ("key: value", SourceRange(line: 1, column: 6, endColumn: 6), "     ^"),
        ("key: value", SourceRange(line: 1, column: 6, endColumn: 2), "     ^"),
        ("key: value", SourceRange(start: .init(line: 1, column: 6), end: .init(line: 3, column: 2)), "     ^^^^^"),
        ("ab", SourceRange(line: 1, column: 4), "   ^"),
        ("e\u{301}: x", SourceRange(line: 1, column: 5), "   ^"),
        ("é: x", SourceRange(line: 1, column: 4), "   ^"),
        // Wide characters take two columns on a terminal, before the span and in it.
        ("a: \"カード🎉\" #zz", SourceRange(line: 1, column: 11, endColumn: 14), String(repeating: " ", count: 14) + "^^^"),
        ("名前: x", SourceRange(line: 1, column: 1, endColumn: 3), "^^^^"),
    ])
    func caretsLineUp(line: String, range: SourceRange, carets: String) {
        let source = SourceFile(path: "f.yaml", text: line)
        let snippet = DiagnosticRenderer.snippet(range, in: source)
        #expect(snippet == ["    1 | " + line, "      | " + carets])
    }

    @Test func missingSourceOrLineLeavesOutTheSnippet() {
        let beyond = Diagnostic(
            .Y001, "did not find expected node content", file: "Plans/card.yaml", at: .init(line: 99, column: 1))
        let elsewhere = Diagnostic(.Y005, "the file is not valid UTF-8", file: "other.yaml", at: .fileStart)
        let output = DiagnosticRenderer.render([beyond, elsewhere], format: .text, sources: Self.sources, fileCount: 2)
        #expect(
            output == """
                Plans/card.yaml:99:1: error[Y001]: did not find expected node content

                other.yaml:1:1: error[Y005]: the file is not valid UTF-8

                2 errors in 2 files

                """)
    }

    @Test func wideLineNumbersWidenTheGutter() {
        let text = String(repeating: "\n", count: 123_455) + "x: 1"
        let source = SourceFile(path: "big.yaml", text: text)
        #expect(
            DiagnosticRenderer.snippet(.init(line: 123_456, column: 1), in: source) == ["123456 | x: 1", "       | ^"])
    }

    @Test(arguments: [
        ([Severity](), 3, "no problems found in 3 files"),
        ([], 1, "no problems found in 1 file"),
        ([.error], 1, "1 error in 1 file"),
        ([.error, .error, .warning], 3, "2 errors, 1 warning in 3 files"),
        ([.warning, .warning], 2, "2 warnings in 2 files"),
        ([.note, .error], 1, "1 error, 1 note in 1 file"),
    ])
    func summaryLine(severities: [Severity], files: Int, expected: String) {
        // Distinct messages: the same diagnostic twice at one place is shown once.
        let diagnostics = severities.enumerated().map {
            Diagnostic(.D002, "m\($0.offset)", file: "f", at: .fileStart, severity: $0.element)
        }
        #expect(DiagnosticRenderer.summary(of: diagnostics, fileCount: files) == expected)
        #expect(DiagnosticRenderer.render(diagnostics, format: .text, fileCount: files).hasSuffix(expected + "\n"))
    }

    @Test func outputIsSortedWhateverTheInputOrder() {
        let a = Diagnostic(.D002, "a", file: "a.yaml", at: .init(line: 2, column: 1))
        let b = Diagnostic(.D002, "b", file: "a.yaml", at: .init(line: 1, column: 5))
        let c = Diagnostic(.D001, "c", file: "0.yaml", at: .init(line: 9, column: 1))
        for format in DiagnosticFormat.allCases {
            #expect(
                DiagnosticRenderer.render([a, b, c], format: format, fileCount: 2)
                    == DiagnosticRenderer.render([c, a, b], format: format, fileCount: 2))
        }
        let text = DiagnosticRenderer.render([a, b, c], format: .text, fileCount: 2)
        #expect(text.hasPrefix("0.yaml:9:1: error[D001]: c\n\na.yaml:1:5: error[D002]: b\n\na.yaml:2:1"))
    }
}

/// What documents hold, quoted in messages, cannot steer the terminal or the CI log.
@Suite struct PrintableMessageTests {
    static let hostile = Diagnostic(
        .D009, "unknown property \"\u{1B}[2Jx\n::warning file=evil.yaml::injected\u{2028}\"", file: "a.yaml",
        at: SourceRange(line: 1, column: 1), notes: [DiagnosticNote("first\r\u{7}")], help: "did you mean \"\u{1B}]0;t\u{7}\"?")

    @Test("control characters and line breaks in text and GitHub output are escapes, tabs stay")
    func escapes() {
        let text = DiagnosticRenderer.render([Self.hostile], format: .text, sources: [:], fileCount: 1)
        #expect(!text.unicodeScalars.contains { $0 == "\u{1B}" || $0 == "\u{7}" || $0 == "\r" || $0 == "\u{2028}" })
        #expect(!text.split(separator: "\n").contains { $0.hasPrefix("::") })
        #expect(text.contains("unknown property \"\\u{1B}[2Jx\\n::warning file=evil.yaml::injected\\u{2028}\""))
        #expect(text.contains("   note: first\\r\\u{7}\n"))
        #expect(text.contains("   help: did you mean \"\\u{1B}]0;t\\u{7}\"?"))
        let github = DiagnosticRenderer.render([Self.hostile], format: .github, sources: [:], fileCount: 1)
        #expect(github.split(separator: "\n").count == 1, "line breaks are %0A")
        #expect(!github.unicodeScalars.contains { $0 == "\u{1B}" || $0 == "\u{7}" })
        let named = Diagnostic(
            .D002, "m", file: "x\n::error file=a::b.yaml", at: SourceRange(line: 2, column: 1),
            notes: [DiagnosticNote("n", at: SourceRange(line: 1, column: 1))])
        let lines = DiagnosticRenderer.render([named], format: .text, sources: [:], fileCount: 1).split(separator: "\n")
        #expect(lines.first == "x\\n::error file=a::b.yaml:2:1: error[D002]: m")
        #expect(lines.contains("   note: x\\n::error file=a::b.yaml:1:1: n"))
        #expect(DiagnosticRenderer.printable("a\tb") == "a\tb")
        // The ASCII fast path ends before DEL, which is a control character too.
        #expect(DiagnosticRenderer.printable("card opacity: exact (2 keyframes)~") == "card opacity: exact (2 keyframes)~")
        #expect(DiagnosticRenderer.printable("a\u{7F}") == "a\\u{7F}")
        #expect(DiagnosticRenderer.printable("a\nb", keepingLineBreaks: true) == "a\nb")
        let line = "x: \"\u{1B}]0;t\u{7}\"\tz\u{80}\u{7F}"
        let quoted = DiagnosticRenderer.snippet(
            SourceRange(line: 1, column: 13, endColumn: 14), in: SourceFile(path: "a.yaml", text: line))
        #expect(quoted == ["    1 | x: \"\u{241B}]0;t\u{2407}\"\tz\u{FFFD}\u{2421}", "      |            \t^"])
        #expect(DiagnosticRenderer.printable("a\u{202E}b\u{2066}c\u{200D}") == "a\\u{202E}b\\u{2066}c\u{200D}", "joiners stay")
        // A quoted line shows bidirectional controls as one-column pictures, and the caret stays
        // under the span.
        let bidi = DiagnosticRenderer.snippet(
            SourceRange(line: 1, column: 7, endColumn: 8), in: SourceFile(path: "a.yaml", text: "x: \"a\u{202E}bc\""))
        #expect(bidi == ["    1 | x: \"a\u{FFFD}bc\"", "      |       ^"])
    }

    @Test("many diagnostics on one long line quote it as each alone would, decoded once")
    func manyDiagnosticsOnOneLongLine() {
        // A minified document: one line of 3,000 keys, a diagnostic on every tenth.
        let line = (0..<3_000).map { "k\($0): [1, 2]" }.joined(separator: ", ")
        let text = "{" + line + "}"
        let source = SourceFile(path: "min.yaml", text: text)
        var column = 2
        var diagnostics: [Diagnostic] = []
        for k in 0..<3_000 {
            let key = "k\(k)"
            if k % 10 == 0 {
                diagnostics.append(
                    Diagnostic(
                        .D002, "unknown key", file: "min.yaml", at: SourceRange(line: 1, column: column, endColumn: column + key.count)))
            }
            column += key.count + ": [1, 2], ".count
        }
        let output = DiagnosticRenderer.render(diagnostics, format: .text, sources: ["min.yaml": source], fileCount: 1)
        var expected = ""
        for diagnostic in diagnostics {
            let start = diagnostic.range.start
            expected += "min.yaml:1:\(start.column): error[D002]: unknown key\n"
            expected += DiagnosticRenderer.snippet(diagnostic.range, in: source).joined(separator: "\n") + "\n\n"
        }
        expected += "300 errors in 1 file\n"
        #expect(output == expected)
        // Each quote is a window of the line around its key, not the whole line.
        #expect(output.split(separator: "\n").allSatisfy { $0.count < 200 })
    }
}
