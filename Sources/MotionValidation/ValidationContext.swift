import MotionDiagnostics
import MotionPlans
import MotionSelectors

/// Shared state of one validation run: the document, its selector tree, resolved selectors and
/// the diagnostics found so far.
struct ValidationContext {
    let document: MotionDocument
    let tree: SelectorTree
    var diagnostics: [Diagnostic] = []
    /// Resolved targets by selector text; nil for a selector that failed to parse.
    private var resolved: [String: [Int]?] = [:]

    init(document: MotionDocument) {
        self.document = document
        self.tree = document.selectorTree
    }

    mutating func report(
        _ code: DiagnosticCode, _ message: String, at range: SourceRange, notes: [DiagnosticNote] = [], help: String? = nil
    ) {
        diagnostics.append(Diagnostic(code, message, file: document.file, at: range, notes: notes, help: help))
    }

    /// The targets `selector` resolves to in document order; nil when it does not parse.
    ///
    /// - Complexity: amortised O(1) for a selector text seen before.
    mutating func targets(of selector: String) -> [Int]? {
        if let cached = resolved[selector] { return cached }
        let result: [Int]?
        switch Selector.parse(selector) {
        case .success(let parsed): result = tree.matches(parsed)
        case .failure: result = nil
        }
        resolved[selector] = result
        return result
    }

    /// `#id` for a target index, as messages show targets.
    func name(ofTarget index: Int) -> String { "#" + document.targets[index].id.value }

    /// `did you mean "x"?`, or nil.
    static func didYouMean(_ word: String, _ candidates: some Sequence<String>) -> String? {
        Suggestions.closest(to: word, in: candidates).map { "did you mean \"\($0)\"?" }
    }
}
