/// The target tree selectors resolve against: targets in document pre-order, each knowing its parent.
///
/// Build it once per document and ask it to resolve many selectors. Names are interned when the
/// tree is built, so matching compares integers, and ids are indexed, so `#card` costs no scan.
public struct SelectorTree: Sendable {
    /// One target as selectors see it.
    public struct Node: Hashable, Sendable {
        /// The target's id, selected with `#id`.
        public var id: String
        /// The target's type name, such as `Photo` (the document's default is `Layer`).
        public var type: String
        /// The target's classes, selected with `.class`.
        public var classes: [String]
        /// The index of the parent node in the tree, or `nil` for a top-level target.
        public var parent: Int?

        /// Creates a node.
        public init(id: String, type: String, classes: [String] = [], parent: Int? = nil) {
            self.id = id
            self.type = type
            self.classes = classes
            self.parent = parent
        }
    }

    /// The nodes, in document pre-order.
    public let nodes: [Node]

    /// Interned parent index per node, or -1 for top-level nodes.
    private let parents: [Int]
    /// Interned type symbol per node.
    private let typeSymbols: [Int]
    /// Interned class symbols per node, sorted and unique.
    private let classSymbols: [[Int]]
    /// Every type, id and class name, interned.
    private let symbols: [String: Int]
    /// Node indices per id, in document order (more than one only for duplicate ids).
    private let idIndex: [String: [Int]]

    /// Every distinct id in the tree, sorted: candidates for "did you mean" on `#id`.
    public let ids: [String]
    /// Every distinct type name in the tree, sorted.
    public let types: [String]
    /// Every distinct class in the tree, sorted.
    public let classes: [String]

    /// Creates a tree from nodes in document pre-order.
    ///
    /// A node's parent must come before it. A `parent` that does not (out of range, or not smaller
    /// than the node's own index) is treated as `nil`, so a malformed tree cannot make matching loop.
    /// Duplicate ids are kept (the validator reports them as D006); `#id` then matches each of them.
    ///
    /// - Complexity: O(*n* + *c*) for *n* nodes holding *c* classes in all.
    public init(nodes: [Node]) {
        self.nodes = nodes
        var symbols: [String: Int] = [:]
        func intern(_ name: String) -> Int {
            if let symbol = symbols[name] { return symbol }
            let symbol = symbols.count
            symbols[name] = symbol
            return symbol
        }
        var parents: [Int] = []
        var typeSymbols: [Int] = []
        var classSymbols: [[Int]] = []
        var idIndex: [String: [Int]] = [:]
        var types = Set<String>()
        var classes = Set<String>()
        parents.reserveCapacity(nodes.count)
        typeSymbols.reserveCapacity(nodes.count)
        classSymbols.reserveCapacity(nodes.count)
        for (index, node) in nodes.enumerated() {
            if let parent = node.parent, parent >= 0, parent < index {
                parents.append(parent)
            } else {
                parents.append(-1)
            }
            typeSymbols.append(intern(node.type))
            classSymbols.append(Array(Set(node.classes.map(intern))).sorted())
            idIndex[node.id, default: []].append(index)
            types.insert(node.type)
            classes.formUnion(node.classes)
        }
        self.parents = parents
        self.typeSymbols = typeSymbols
        self.classSymbols = classSymbols
        self.symbols = symbols
        self.idIndex = idIndex
        self.ids = idIndex.keys.sorted()
        self.types = types.sorted()
        self.classes = classes.sorted()
    }

    /// The number of nodes.
    public var count: Int { nodes.count }

    /// The names of one kind the tree holds, sorted: candidates for "did you mean".
    public func names(of kind: SelectorName.Kind) -> [String] {
        switch kind {
        case .type: types
        case .id: ids
        case .class: classes
        }
    }

    /// Whether the tree holds a name of this kind.
    public func contains(_ name: SelectorName) -> Bool {
        switch name.kind {
        case .id: idIndex[name.name] != nil
        case .type: types.contains(name.name)
        case .class: classes.contains(name.name)
        }
    }

    /// The names in `selector` that no target in the tree has, in source order, each once.
    ///
    /// When a selector matches nothing, these are the likely typos: pair each with the closest of
    /// ``names(of:)`` for its kind to say "did you mean" (`#crad` → `#card`).
    public func unknownNames(in selector: Selector) -> [SelectorName] {
        var seen = Set<String>()
        return selector.names.filter { name in !contains(name) && seen.insert(name.description).inserted }
    }

    /// The indices of the nodes `selector` matches, in document (pre-order) order, each once.
    ///
    /// A single-compound group with an id is answered from the id index. Every other group is
    /// matched in one pass over the nodes in order, keeping per node which prefixes of the group
    /// it (or an ancestor) completes, so descendant and child combinators cost no walk up the tree.
    ///
    /// - Complexity: O(*n* × *k*) for *n* nodes and *k* compounds over all groups (times the few
    ///   classes a compound names), and O(*m*) for a lone `#id` matching *m* nodes.
    public func matches(_ selector: Selector) -> [Int] {
        if selector.groups.count == 1, let fast = idMatches(selector.groups[0]) { return fast }
        var matched = [Bool](repeating: false, count: nodes.count)
        for group in selector.groups {
            if let fast = idMatches(group) {
                for index in fast { matched[index] = true }
            } else {
                mark(group, into: &matched)
            }
        }
        var result: [Int] = []
        for (index, isMatch) in matched.enumerated() where isMatch { result.append(index) }
        return result
    }

    /// Whether any node matches `selector`.
    ///
    /// - Complexity: as ``matches(_:)``.
    public func hasMatch(_ selector: Selector) -> Bool { !matches(selector).isEmpty }

    // MARK: Matching

    /// A compound resolved against the tree's symbols.
    private struct ResolvedCompound {
        var type: Int?
        var id: String?
        var classes: [Int]
        /// Whether some name the compound needs is absent from the tree, so it matches nothing.
        var isImpossible: Bool
    }

    private func resolve(_ compound: CompoundSelector) -> ResolvedCompound {
        var resolved = ResolvedCompound(type: nil, id: compound.id, classes: [], isImpossible: false)
        if let type = compound.type {
            if let symbol = symbols[type] { resolved.type = symbol } else { resolved.isImpossible = true }
        }
        for name in compound.classes {
            if let symbol = symbols[name] { resolved.classes.append(symbol) } else { resolved.isImpossible = true }
        }
        if let id = compound.id, idIndex[id] == nil { resolved.isImpossible = true }
        return resolved
    }

    private func node(_ index: Int, matches compound: ResolvedCompound) -> Bool {
        if compound.isImpossible { return false }
        if let type = compound.type, typeSymbols[index] != type { return false }
        if let id = compound.id, nodes[index].id != id { return false }
        let held = classSymbols[index]
        for symbol in compound.classes where !Self.sortedContains(held, symbol) { return false }
        return true
    }

    private static func sortedContains(_ sorted: [Int], _ value: Int) -> Bool {
        var low = 0
        var high = sorted.count
        while low < high {
            let mid = (low + high) / 2
            if sorted[mid] < value { low = mid + 1 } else { high = mid }
        }
        return low < sorted.count && sorted[low] == value
    }

    /// The matches of a group that is one compound with an id, from the id index; `nil` otherwise.
    private func idMatches(_ group: SelectorGroup) -> [Int]? {
        guard group.compounds.count == 1, let id = group.compounds[0].id else { return nil }
        let compound = resolve(group.compounds[0])
        return (idIndex[id] ?? []).filter { node($0, matches: compound) }
    }

    /// Marks the nodes one group matches, in a single pre-order pass.
    ///
    /// For node *i* and compound *j*: `ends[i][j]` says compounds 0...j match a chain ending at *i*;
    /// `within[i][j]` says *i* or one of its ancestors has `ends[·][j]`. Then compound *j* > 0 holds
    /// at *i* when *i* matches it and, for a child combinator, `ends[parent][j-1]`, or, for a
    /// descendant combinator, `within[parent][j-1]`. Parents come first, so one pass suffices.
    private func mark(_ group: SelectorGroup, into matched: inout [Bool]) {
        let compounds = group.compounds.map(resolve)
        if compounds.contains(where: \.isImpossible) { return }
        let width = compounds.count
        let last = width - 1
        var ends = [Bool](repeating: false, count: nodes.count * width)
        var within = [Bool](repeating: false, count: nodes.count * width)
        for index in nodes.indices {
            let parent = parents[index]
            let row = index * width
            let parentRow = parent * width
            for j in 0..<width {
                var holds = node(index, matches: compounds[j])
                if holds, j > 0 {
                    if parent < 0 {
                        holds = false
                    } else if group.combinators[j - 1] == .child {
                        holds = ends[parentRow + j - 1]
                    } else {
                        holds = within[parentRow + j - 1]
                    }
                }
                ends[row + j] = holds
                within[row + j] = holds || (parent >= 0 && within[parentRow + j])
            }
            if ends[row + last] { matched[index] = true }
        }
    }
}
