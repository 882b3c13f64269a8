import MotionDiagnostics
import MotionSelectors
import MotionYAML

extension MotionDocument {
    /// The target tree as selectors see it: ids, types, classes and parents in pre-order.
    ///
    /// - Complexity: O(n) in the number of targets and classes.
    public var selectorTree: SelectorTree {
        SelectorTree(nodes: targets.map { SelectorTree.Node(id: $0.id.value, type: $0.type, classes: $0.classes, parent: $0.parent) })
    }

    /// Where a string value's text begins inside its range: one column later for a quoted scalar.
    ///
    /// Selector errors point at a column inside the string; quotes must not shift them.
    public func contentStart(of range: SourceRange, node: YAMLNodeID? = nil) -> SourcePosition {
        var start = range.start
        if let tree = source, let node, tree.kind(node) == .scalar, !tree.isPlain(node) {
            start.column += 1
        }
        return start
    }

    /// The YAML node of `key`'s value in an operation, if the document came from YAML.
    public func valueNode(of key: StaticString, in operation: OperationSpec) -> YAMLNodeID? {
        guard let tree = source, let node = operation.node else { return nil }
        return tree.value(forKey: key, in: node)
    }
}
