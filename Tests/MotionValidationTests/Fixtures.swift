import MotionDiagnostics
import MotionPlans
import MotionTestSupport
import MotionValidation
import Testing

/// Severities as docs/format.md §4 gives them, written out so that a wrong severity fails a test.
let formatSeverity: [DiagnosticCode: Severity] = {
    var table: [DiagnosticCode: Severity] = [:]
    for code in DiagnosticCode.allCases { table[code] = .error }
    table[.N004] = .warning
    table[.N005] = .warning
    table[.W006] = .warning
    table[.G003] = .warning
    table[.G005] = .warning
    table[.T004] = .warning
    return table
}()

/// The targets most tests use: `a` (with child `c`, type Photo) and `b` (class round).
let standardTargets = """
    motion: 1
    targets:
      a:
        children:
          c: { type: Photo }
      b: { class: round }

    """

/// A document with the standard targets and one transaction per element of `transactions`, at
/// 0, 1, 2, ... seconds, each holding the given operations (lines without indentation; markers
/// allowed). `extra` is appended at the top level (for `inputs:`).
func document(_ transactions: [[String]], extra: String = "") -> String {
    var text = standardTargets + "transactions:\n"
    for (index, operations) in transactions.enumerated() {
        text += "  - at: \(index)\n    ops:\n"
        for body in operations {
            for (i, line) in body.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                text += (i == 0 ? "      - " : "        ") + line + "\n"
            }
        }
    }
    return text + extra
}

/// One transaction with one operation.
func op(_ body: String, extra: String = "") -> String { document([[body]], extra: extra) }

/// A tween op on `target` and `property` lasting `duration` seconds.
func tween(_ target: String = "#a", _ property: String = "opacity", duration: Double = 1, more: String = "") -> String {
    "add: tween\ntarget: \"\(target)\"\nproperty: \(property)\nto: 1\nduration: \(duration)" + (more.isEmpty ? "" : "\n" + more)
}

/// Loads `source`, which must decode cleanly (the CLI validates only then), and validates it.
func validate(_ source: MarkedSource, forBake: Bool = false, sourceLocation: SourceLocation = #_sourceLocation) -> [Diagnostic] {
    let result = source.load()
    #expect(
        result.diagnostics.isEmpty, "decoding: \(result.diagnostics.map { "\($0.code)@\($0.range.start) \($0.message)" })",
        sourceLocation: sourceLocation)
    guard let document = result.document else {
        Issue.record("no document", sourceLocation: sourceLocation)
        return []
    }
    return Validator.validate(document, options: ValidationOptions(forBake: forBake))
}

func codes(_ diagnostics: [Diagnostic]) -> [DiagnosticCode] { diagnostics.map(\.code) }

func shown(_ diagnostics: [Diagnostic]) -> [String] {
    diagnostics.map { "\($0.code)@\($0.range.start) \($0.message) help: \($0.help ?? "-")" }
}

/// One row of a diagnostic table: a document that must give `code` (and nothing but `all`) at 1️⃣,
/// with notes at 2️⃣ (and 3️⃣) when `notes` says so.
struct DiagnosticCase: Sendable, CustomTestStringConvertible {
    var label: String
    var yaml: String
    var code: DiagnosticCode
    var help: String?
    var all: [DiagnosticCode]?
    /// Markers where the diagnostic's notes must point, in order; nil means "not checked".
    var notes: [String]?
    var forBake: Bool

    init(
        _ label: String, _ code: DiagnosticCode, help: String? = nil, all: [DiagnosticCode]? = nil, notes: [String]? = nil,
        forBake: Bool = false, _ yaml: String
    ) {
        self.label = label
        self.yaml = yaml
        self.code = code
        self.help = help
        self.all = all
        self.notes = notes
        self.forBake = forBake
    }

    var testDescription: String { "\(code) \(label)" }

    func run(sourceLocation: SourceLocation = #_sourceLocation) {
        let source = MarkedSource(yaml)
        let diagnostics = validate(source, forBake: forBake, sourceLocation: sourceLocation)
        #expect(codes(diagnostics) == (all ?? [code]), "\(shown(diagnostics))", sourceLocation: sourceLocation)
        guard let found = diagnostics.first(where: { $0.code == code }) else {
            Issue.record("no \(code): \(shown(diagnostics))", sourceLocation: sourceLocation)
            return
        }
        #expect(found.range.start == source["1️⃣"], "\(shown(diagnostics))", sourceLocation: sourceLocation)
        #expect(found.severity == formatSeverity[code], sourceLocation: sourceLocation)
        #expect(found.help == help, sourceLocation: sourceLocation)
        #expect(found.file == "test.motion.yaml", sourceLocation: sourceLocation)
        if let notes {
            let expected: [SourcePosition?] = notes.map { source[$0] }
            #expect(found.notes.map(\.range?.start) == expected, sourceLocation: sourceLocation)
        }
    }
}

/// A document the validator must say nothing about.
struct SilentCase: Sendable, CustomTestStringConvertible {
    var label: String
    var yaml: String
    var forBake: Bool

    init(_ label: String, forBake: Bool = false, _ yaml: String) {
        self.label = label
        self.yaml = yaml
        self.forBake = forBake
    }

    var testDescription: String { label }

    func run(sourceLocation: SourceLocation = #_sourceLocation) {
        let diagnostics = validate(MarkedSource(yaml), forBake: forBake, sourceLocation: sourceLocation)
        #expect(diagnostics.isEmpty, "\(shown(diagnostics))", sourceLocation: sourceLocation)
    }
}
