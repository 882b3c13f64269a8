import MotionDiagnostics
import MotionSelectors

extension MotionDocument {
    /// The target tree as selectors see it: ids, types, classes and parents in pre-order.
    ///
    /// - Complexity: O(n) in the number of targets and classes.
    public var selectorTree: SelectorTree {
        SelectorTree(nodes: targets.map { SelectorTree.Node(id: $0.id.value, type: $0.type, classes: $0.classes, parent: $0.parent) })
    }

    /// Where a string value's text begins inside its range.
    ///
    /// It is one column later unless the value was written `plain` (for a quoted or block scalar).
    /// Selector errors point at a column inside the string; quotes must not shift them.
    public func contentStart(of range: SourceRange, plain: Bool = true) -> SourcePosition {
        var start = range.start
        if !plain { start.column += 1 }
        return start
    }
}
