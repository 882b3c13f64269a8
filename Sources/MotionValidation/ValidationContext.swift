import MotionDiagnostics
import MotionPlans
import MotionRuntime
import MotionSelectors

/// Shared state of one validation run: the document, its selector tree, resolved selectors and
/// the diagnostics found so far.
struct ValidationContext {
    let document: MotionDocument
    /// How many `add` ops add a tween: the tween rules' tables reserve this much.
    let tweenCount: Int
    /// How many `add` ops give a name: the named-plan rules' table reserves this much.
    let namedCount: Int
    /// The selector tree, built on first use: documents whose selectors are all `#id` never
    /// need it.
    private var cachedTree: SelectorTree?
    var diagnostics: [Diagnostic] = []
    /// Resolved targets by selector text; nil for a selector that failed to parse.
    private var resolved: [String: ResolvedTargets?] = [:]
    /// Target indices by id, for the common `#id` selector, which needs no parser.
    private let idIndex: TargetIDIndex
    /// Whether no two targets share an id: then a target ``idCursor`` finds is the one.
    private let idsAreUnique: Bool
    /// Where the last plain `#id` found its target: each rule walks the operations in document
    /// order, and so mostly finds the next id a few targets on.
    private var idCursor = TargetIDCursor()
    /// The last plain `#id` selector looked up and what it found: a card's operations mostly
    /// name one target one after another, compared again without looking anything up.
    private var lastPlainID: (selector: String, target: Int?)?

    init(document: MotionDocument) {
        self.document = document
        self.idIndex = document.targetIDIndex
        self.idsAreUnique = idIndex.count == document.targets.count
        var tweens = 0
        var named = 0
        document.forEachOperation { _, operation in
            guard let type = operation.pointee.addedType else { return }
            if type == .tween { tweens += 1 }
            if operation.pointee.name != nil { named += 1 }
        }
        tweenCount = tweens
        namedCount = named
    }

    mutating func report(
        _ code: DiagnosticCode, _ message: String, at range: SourceRange, notes: [DiagnosticNote] = [], help: String? = nil
    ) {
        diagnostics.append(Diagnostic(code, message, file: document.file, at: range, notes: notes, help: help))
    }

    /// The targets `selector` resolves to in document order; nil when it does not parse.
    ///
    /// - Complexity: amortised O(1) for a selector text seen before.
    mutating func targets(of selector: String) -> ResolvedTargets? {
        if let last = lastPlainID, last.selector == selector { return last.target.map(ResolvedTargets.one) ?? .many([]) }
        // A plain `#id` is one lookup, cheaper than the cache, which it would only fill.
        if let id = Selector.plainID(selector) {
            let target = plainTarget(String(id))
            lastPlainID = (selector, target)
            return target.map(ResolvedTargets.one) ?? .many([])
        }
        if let cached = resolved[selector] { return cached }
        let result: ResolvedTargets?
        switch Selector.parse(selector) {
        case .success(let parsed): result = .many(tree.matches(parsed))
        case .failure: result = nil
        }
        resolved[selector] = result
        return result
    }

    /// The target with `id` (the first, where ids repeat), if any.
    /// - Complexity: O(1) on average.
    private mutating func plainTarget(_ id: String) -> Int? {
        let targets = document.targets
        if idsAreUnique, let near = idCursor.nearby(id, in: targets) { return near }
        guard let found = idIndex.index(of: id, in: targets) else { return nil }
        idCursor.found(found)
        return found
    }

    /// The target tree as selectors see it.
    var tree: SelectorTree {
        mutating get {
            if let cachedTree { return cachedTree }
            let tree = document.selectorTree
            cachedTree = tree
            return tree
        }
    }

    /// `#id` for a target index, as messages show targets.
    func name(ofTarget index: Int) -> String { "#" + document.targets[index].id.value }

    /// How many more names the run's did-you-mean searches may look at.
    ///
    /// Suggestions are help, not checks: a document with thousands of misspelt names gets them
    /// for the first ones only (docs/format.md §4), so that the help never makes validation
    /// take time in proportion to misspellings times names.
    var suggestionBudget = ValidationContext.suggestionNames

    /// How many names one validation's did-you-mean searches look at in all, at most.
    static let suggestionNames = 500_000

    /// `did you mean "x"?` for `word` among the names `candidates` makes, or nil; nil too once the
    /// budget is spent (``suggestionBudget``).
    ///
    /// `looked` is how many names making the candidates looks at (default: as many as it makes).
    mutating func didYouMean(_ word: String, looking looked: Int? = nil, _ candidates: () -> [String]) -> String? {
        closest(to: word, looking: looked, candidates).map { "did you mean \"\($0)\"?" }
    }

    /// The name `candidates` makes that is closest to `word` (``Suggestions/closest(to:in:)``),
    /// while the budget lasts.
    mutating func closest(to word: String, looking looked: Int? = nil, _ candidates: () -> [String]) -> String? {
        guard suggestionBudget > 0 else { return nil }
        let names = candidates()
        suggestionBudget -= max(1, looked ?? names.count)
        return Suggestions.closest(to: word, in: names)
    }
}

extension MotionDocument {
    /// Calls `body` with each operation in document order and the index of its transaction.
    ///
    /// The operations are read in place, each transaction's list without a copy of it; handing
    /// one on costs a retain of its intention's box.
    /// - Complexity: O(operations).
    ///
    /// The operation comes as a pointer into the document, read field by field: a value handed
    /// to the body was copied whole (each of its references retained, then released) wherever
    /// the body called a function, so that no call could change it under the body.
    func forEachOperation(_ body: (_ transaction: Int, _ operation: UnsafePointer<OperationSpec>) -> Void) {
        for transaction in transactions.indices {
            transactions[transaction].operations.withUnsafeBufferPointer { operations in
                guard let first = operations.baseAddress else { return }
                for index in operations.indices { body(transaction, first + index) }
            }
        }
    }
}

extension UnsafePointer<OperationSpec> {
    /// Whether the operation may add an intention whose value is a `T`: false when it certainly
    /// does not, answered from its ``OperationSpec/addedType`` without touching the intention's
    /// box (each rule walks every op, and the boxes of a large document are not in the cache).
    ///
    /// A planned intention's type describes its value (`PlannedIntention.init(_:_:)`), so for the
    /// built-in intentions this is exactly whether the op's intention holds a `T`.
    /// - Complexity: O(1).
    func mayAdd<T: Intention>(_: T.Type) -> Bool {
        pointee.addedType?.intention == T.self
    }
}

/// The targets a selector resolves to, in document order. Most selectors name one target (`#id`),
/// which is kept without an array so that resolving it allocates nothing.
enum ResolvedTargets: RandomAccessCollection {
    case one(Int)
    case many([Int])

    var startIndex: Int { 0 }

    var endIndex: Int {
        switch self {
        case .one: 1
        case .many(let targets): targets.count
        }
    }

    subscript(position: Int) -> Int {
        switch self {
        case .one(let target): target
        case .many(let targets): targets[position]
        }
    }
}
