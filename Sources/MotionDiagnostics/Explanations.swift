/// What a diagnostic code means, why it matters, and a document that triggers it with its fix.
///
/// `motionc explain CODE` prints ``DiagnosticCode/explainText()``; SARIF carries the same text as
/// each rule's help.
public struct DiagnosticExplanation: Hashable, Sendable {
    /// What the rule checks, in one or two sentences.
    public var summary: String
    /// Why it matters to a motion designer or app engineer.
    public var rationale: String
    /// A small motion document that triggers the diagnostic.
    public var failingExample: String
    /// The same document, fixed.
    public var fixedExample: String

    /// Creates an explanation.
    public init(summary: String, rationale: String, failingExample: String, fixedExample: String) {
        self.summary = summary
        self.rationale = rationale
        self.failingExample = failingExample
        self.fixedExample = fixedExample
    }
}

extension DiagnosticCode {
    /// The explanation of this code: the table's summary and rationale, and its two example documents.
    ///
    /// The examples are the files `Examples/<code>.fail.yaml` and `Examples/<code>.fixed.yaml`
    /// (their final newline dropped), embedded in the module by `Examples/embed`. A file missing
    /// there becomes a YAML comment saying so, which the tests rule out for every code.
    public var explanation: DiagnosticExplanation {
        let facts = facts
        return DiagnosticExplanation(
            summary: facts.summary, rationale: facts.rationale, failingExample: example(.failing),
            fixedExample: example(.fixed))
    }

    /// Which of a code's two example documents.
    public enum ExampleKind: String, Sendable, CaseIterable {
        /// The document that triggers the code.
        case failing = "fail"
        /// The same document, fixed.
        case fixed

        /// The example file's name for `code`, such as `D001.fail.yaml`.
        func fileName(_ code: DiagnosticCode) -> String { "\(code.rawValue).\(rawValue).yaml" }
    }

    /// The text of one example document, embedded from `Examples/`.
    public func example(_ kind: ExampleKind) -> String {
        let name = kind.fileName(self)
        return exampleDocuments[name] ?? "# the example file Examples/\(name) is missing from motionc's embedded examples"
    }

    /// The text `motionc explain CODE` prints: title, severity, summary, rationale and both examples.
    ///
    /// ```
    /// N004 (warning): remove of a name the target does not hold
    ///
    /// <summary>
    ///
    /// Why it matters: <rationale>
    ///
    /// This document triggers N004:
    ///
    ///     <failing example, indented by 4>
    ///
    /// Fixed:
    ///
    ///     <fixed example, indented by 4>
    /// ```
    public func explainText() -> String {
        let explanation = explanation
        return """
            \(rawValue) (\(severity.rawValue)): \(title)

            \(explanation.summary)

            Why it matters: \(explanation.rationale)

            This document triggers \(rawValue):

            \(Self.indented(explanation.failingExample))

            Fixed:

            \(Self.indented(explanation.fixedExample))

            """
    }

    /// The explanation as Markdown, with the examples in fenced YAML blocks (SARIF rule help).
    public func explainMarkdown() -> String {
        let explanation = explanation
        return """
            **\(rawValue)** (\(severity.rawValue)): \(title)

            \(explanation.summary)

            Why it matters: \(explanation.rationale)

            This document triggers \(rawValue):

            ```yaml
            \(explanation.failingExample)
            ```

            Fixed:

            ```yaml
            \(explanation.fixedExample)
            ```

            """
    }

    private static func indented(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false)
            .map { $0.isEmpty ? "" : "    " + $0 }
            .joined(separator: "\n")
    }
}
