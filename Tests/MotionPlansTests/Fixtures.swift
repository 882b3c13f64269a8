import MotionCore
import MotionDiagnostics
import MotionPlans
import MotionTestSupport
import Testing

/// Severities as docs/format.md §4 gives them, written out here rather than read from
/// `DiagnosticCode.severity`, so that a wrong severity in the code fails a test.
let formatSeverity: [DiagnosticCode: Severity] = {
    var table: [DiagnosticCode: Severity] = [:]
    for code in DiagnosticCode.allCases { table[code] = .error }
    table[.N004] = .warning
    table[.N005] = .warning
    table[.W006] = .warning
    table[.D010] = .warning
    return table
}()

/// A document with targets `a` (holding child `c`) and `b`, and one transaction at 0 whose only
/// operation is `body` (lines without indentation; markers allowed).
func op(_ body: String, extra: String = "") -> String {
    ops([body], extra: extra)
}

/// Like ``op(_:extra:)`` with several operations in one transaction.
func ops(_ bodies: [String], extra: String = "") -> String {
    var text = """
        motion: 1
        targets:
          a:
            children:
              c: {}
          b: {}
        transactions:
          - at: 0
            ops:

        """
    for body in bodies {
        for (i, line) in body.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            text += (i == 0 ? "      - " : "        ") + line + "\n"
        }
    }
    return text + extra
}

/// One row of a diagnostic table: a document that must give `code` (and nothing but `all`) at 1️⃣.
struct DiagnosticCase: Sendable, CustomTestStringConvertible {
    var label: String
    var yaml: String
    var code: DiagnosticCode
    /// The expected help text; nil means the diagnostic must carry none.
    var help: String?
    /// Every code the document gives, in order; default just `code`.
    var all: [DiagnosticCode]?

    init(_ label: String, _ code: DiagnosticCode, help: String? = nil, all: [DiagnosticCode]? = nil, _ yaml: String) {
        self.label = label
        self.yaml = yaml
        self.code = code
        self.help = help
        self.all = all
    }

    var testDescription: String { "\(code) \(label)" }
}

/// Checks that `diagnostics` are exactly `expected.all` and that the `expected.code` one sits at
/// 1️⃣ with the format's severity and the expected help.
func check(
    _ diagnostics: [Diagnostic], against expected: DiagnosticCase, source: MarkedSource,
    sourceLocation: SourceLocation = #_sourceLocation
) {
    let shown = diagnostics.map { "\($0.code)@\($0.range.start) \($0.message) help: \($0.help ?? "-")" }
    #expect(codes(diagnostics) == (expected.all ?? [expected.code]), "\(shown)", sourceLocation: sourceLocation)
    guard let found = diagnostics.first(where: { $0.code == expected.code }) else {
        Issue.record("no \(expected.code): \(shown)", sourceLocation: sourceLocation)
        return
    }
    #expect(found.range.start == source["1️⃣"], "\(shown)", sourceLocation: sourceLocation)
    #expect(found.severity == formatSeverity[expected.code], sourceLocation: sourceLocation)
    #expect(found.help == expected.help, sourceLocation: sourceLocation)
    #expect(found.file == "test.motion.yaml", sourceLocation: sourceLocation)
    #expect(!found.message.isEmpty, sourceLocation: sourceLocation)
}
