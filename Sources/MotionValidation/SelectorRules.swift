import MotionDiagnostics
import MotionPlans
import MotionSelectors

/// T001-T003: every operation's and input's `target` is a selector that parses and matches.
enum SelectorRules {
    static func check(_ context: inout ValidationContext) {
        let document = context.document
        document.forEachOperation { _, operation in
            checkSelector(operation.pointee.target, plain: operation.pointee.targetIsPlain, &context)
        }
        for input in document.inputs {
            checkSelector(input.target, plain: input.targetIsPlain, &context)
        }
    }

    /// T001-T003 for one selector; `plain` is false when it was written quoted, so that columns
    /// inside it step over the quote.
    static func checkSelector(_ selector: Located<String>, plain: Bool, _ context: inout ValidationContext) {
        let text = selector.value
        // Most selectors resolve (from the cache, or the `#id` fast path): only a selector that
        // fails to parse or matches nothing needs the parser's details, and a list only to check
        // each of its alternatives.
        if let targets = context.targets(of: text), !targets.isEmpty {
            if text.utf8.contains(UInt8(ascii: ",")) { checkAlternatives(selector, plain: plain, &context) }
            return
        }
        switch Selector.parse(text) {
        case .failure(let error):
            switch error.kind {
            case .empty:
                context.report(
                    .T001, "the target selector is empty", at: selector.range,
                    help: "name a target, e.g. target: \"#card\"")
            case .invalid:
                let start = context.document.contentStart(of: selector.range, plain: plain)
                let column = start.column + error.offset
                let range = SourceRange(line: start.line, column: column, endColumn: column + max(1, error.length))
                context.report(.T002, "invalid selector \"\(text)\": \(error.message)", at: range)
            }
        case .success(let parsed):
            context.report(
                .T003, "selector \"\(text)\" matches no target", at: selector.range,
                help: suggestion(for: parsed, &context))
        }
    }

    /// T003 for each alternative of a selector list that matches nothing, while others match: a
    /// typo in `"#card, #crad"` would otherwise go unnoticed. The range covers the alternative.
    static func checkAlternatives(_ selector: Located<String>, plain: Bool, _ context: inout ValidationContext) {
        guard case .success(let parsed) = Selector.parse(selector.value), parsed.groups.count > 1 else { return }
        for group in parsed.groups {
            guard let alone = Selector(groups: [group]), context.tree.matches(alone).isEmpty,
                let first = group.compounds.first?.span, let last = group.compounds.last?.span
            else { continue }
            let start = context.document.contentStart(of: selector.range, plain: plain)
            let column = start.column + first.offset
            let range = SourceRange(line: start.line, column: column, endColumn: start.column + last.offset + max(1, last.length))
            context.report(
                .T003, "\"\(group)\" in the selector list \"\(selector.value)\" matches no target", at: range,
                help: suggestion(for: alone, &context))
        }
    }

    /// Did-you-mean for the first name in the selector that no target has: the same name of
    /// another kind (`card` for the id `#card`), else the closest name of its kind.
    ///
    /// Its searches count against the run's budget (``ValidationContext/suggestionBudget``): once
    /// that is spent, there is none.
    static func suggestion(for selector: Selector, _ context: inout ValidationContext) -> String? {
        let tree = context.tree
        func names(_ kind: SelectorName.Kind) -> [String] {
            switch kind {
            case .id: tree.ids
            case .type: tree.types
            case .class: tree.classes
            }
        }
        guard context.suggestionBudget > 0 else { return nil }
        context.suggestionBudget -= tree.ids.count + tree.types.count + tree.classes.count
        for name in selector.names {
            let candidates = names(name.kind)
            guard !candidates.contains(name.name) else { continue }
            for other in [SelectorName.Kind.id, .class, .type] where other != name.kind && names(other).contains(name.name) {
                return "did you mean \"\(other.sigil)\(name.name)\"? a target has the \(other.rawValue) \(name.name), "
                    + "while \"\(name.description)\" selects by \(name.kind.rawValue)"
            }
            guard let match = context.closest(to: name.name, { candidates }) else {
                return "no target has \(name.kind == .type ? "the type" : "the \(name.kind.rawValue)") \(name.description)"
            }
            return "did you mean \"\(name.kind.sigil)\(match)\"?"
        }
        return nil
    }
}
