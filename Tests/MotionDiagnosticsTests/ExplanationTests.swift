import Foundation
import Testing

@testable import MotionDiagnostics

@Suite("Explanations")
struct ExplanationTests {
    @Test(arguments: DiagnosticCode.allCases)
    func everyCodeIsExplained(code: DiagnosticCode) {
        let explanation = code.explanation
        #expect(!explanation.summary.isEmpty)
        #expect(!explanation.rationale.isEmpty)
        #expect(!explanation.failingExample.isEmpty)
        #expect(!explanation.fixedExample.isEmpty)
        #expect(explanation.failingExample != explanation.fixedExample)
        // Every example is a motion document; only D001's mistake is leaving the version out.
        #expect(explanation.failingExample.contains("motion: 1") == (code != .D001))
        #expect(explanation.fixedExample.contains("motion: 1"))
        // Examples are YAML: block indentation uses spaces, never tabs.
        #expect(!explanation.failingExample.contains("\t"))
        #expect(!explanation.fixedExample.contains("\t"))
    }

    /// Each code's examples are its two files in Sources/MotionDiagnostics/Examples, as embedded:
    /// a code without them, a file no code owns, or an edit not embedded again (run
    /// `Sources/MotionDiagnostics/Examples/embed`) fails here.
    @Test func examplesAreTheExampleFiles() throws {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Sources/MotionDiagnostics/Examples")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".yaml") }.sorted()
        let expected = DiagnosticCode.allCases.flatMap { code in
            DiagnosticCode.ExampleKind.allCases.map { $0.fileName(code) }
        }
        #expect(names == expected.sorted())
        #expect(exampleDocuments.keys.sorted() == expected.sorted())
        for code in DiagnosticCode.allCases {
            for kind in DiagnosticCode.ExampleKind.allCases {
                let file = try String(contentsOf: folder.appendingPathComponent(kind.fileName(code)), encoding: .utf8)
                #expect(file.hasSuffix("\n") && !file.hasSuffix("\n\n"), "\(kind.fileName(code)) ends in one newline")
                #expect(code.example(kind) + "\n" == file, "\(kind.fileName(code)) differs from the embedded text: run Examples/embed")
            }
        }
    }

    @Test(arguments: DiagnosticCode.allCases)
    func explainTextHasEverything(code: DiagnosticCode) {
        let text = code.explainText()
        let explanation = code.explanation
        #expect(text.hasPrefix("\(code.rawValue) (\(code.severity.rawValue)): \(code.title)\n\n"))
        #expect(text.contains(explanation.summary))
        #expect(text.contains("Why it matters: " + explanation.rationale))
        #expect(text.hasSuffix("\n"))
        // Examples are indented by four spaces, line by line.
        let firstLine = explanation.fixedExample.split(separator: "\n").first.map(String.init) ?? ""
        #expect(text.contains("\n    " + firstLine + "\n"))
        #expect(code.explainMarkdown().contains("```yaml\n" + explanation.failingExample + "\n```"))
    }

    @Test func examplesShowTheDocumentedMistakes() {
        #expect(DiagnosticCode.N004.explanation.failingExample.contains("remove: drgg"))
        #expect(DiagnosticCode.N004.explanation.fixedExample.contains("remove: drag"))
        #expect(DiagnosticCode.T003.explanation.failingExample.contains("target: \"#crad\""))
        #expect(DiagnosticCode.D002.explanation.failingExample.contains("duraton: 300ms"))
        #expect(DiagnosticCode.D008.explanation.failingExample.contains("add: twen\n"))
        #expect(DiagnosticCode.Y004.explanation.failingExample.contains(String(repeating: "[", count: 257)))
        #expect(
            DiagnosticCode.Y002.explanation.failingExample.split(
                separator: "duration:", omittingEmptySubsequences: false
            ).count == 3)
    }

    @Test func explainTextLayout() {
        let text = DiagnosticCode.N002.explainText()
        #expect(
            text == """
                N002 (error): empty name on remove

                A `remove:` has an empty name, as `remove: #fade` has: YAML reads a `#` after a space as a comment.

                Why it matters: Only named plans can be removed, and no plan can be added under an empty name, so this remove can never do anything.

                This document triggers N002:

                    motion: 1
                    targets:
                      card: { type: Card }
                    transactions:
                      - ops:
                          - add: draggable
                            target: "#card"
                            name: drag
                          - remove: ""
                            target: "#card"

                Fixed:

                    motion: 1
                    targets:
                      card: { type: Card }
                    transactions:
                      - ops:
                          - add: draggable
                            target: "#card"
                            name: drag
                      - at: 1
                        ops:
                          - remove: drag
                            target: "#card"

                """)
    }
}
