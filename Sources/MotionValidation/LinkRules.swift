import MotionCore
import MotionDiagnostics
import MotionPlans
import MotionRuntime

/// A link's source selector matches a target (T003 otherwise), and links form no cycle (L001).
enum LinkRules {
    /// One link as the cycle check sees it: (target, property) reads (source, property).
    struct Edge {
        var from: Node
        var to: Node
        var operation: OperationSpec
        /// The op's place among the document's ops, and the name it adds the link under (nil: the
        /// link is never removed).
        var opIndex: Int
        var name: String?
    }

    /// A named op (a link's or another's): from its commit on, the name's earlier intention on
    /// the op's targets is gone.
    struct NamedChange {
        var target: String
        var name: String
        /// The op's place among the document's ops.
        var opIndex: Int
    }

    struct Node: Hashable {
        var target: Int
        var property: LayerProperty
    }

    static func check(_ context: inout ValidationContext) {
        var edges: [Edge] = []
        var opIndex = -1
        let document = context.document
        document.forEachOperation { _, operation in
            opIndex += 1
            guard operation.mayAdd(Link.self), let link = operation.pointee.intention?.value(as: Link.self) else { return }
            let range = document.range(of: "source.target", in: operation.pointee)
            let selector = Located(link.sourceTarget, at: range)
            SelectorRules.checkSelector(selector, plain: true, &context)
            guard let sources = context.targets(of: link.sourceTarget), let source = sources.first,
                let targets = context.targets(of: operation.pointee.target.value)
            else { return }
            for target in targets {
                edges.append(
                    Edge(
                        from: Node(target: target, property: link.property.property),
                        to: Node(target: source, property: link.sourceProperty.property), operation: operation.pointee,
                        opIndex: opIndex, name: operation.pointee.name?.value))
            }
        }
        checkCycles(edges, &context)
    }

    /// L001 at the first link, in document order (the commit order: D007 keeps transactions in
    /// time order), that closes a cycle of links live together.
    ///
    /// A link lives from its commit until its name is removed from its target or added there
    /// again (docs/format.md §2.5; an unnamed link is never removed), so links that never live
    /// together form no cycle. When even every link ever added forms none (the usual document),
    /// that is the whole check: one linear cycle test. Without removals, the first link whose
    /// document prefix holds a cycle is the one, found by a binary search over prefix lengths
    /// (a prefix with a cycle stays cyclic as it grows). Otherwise the links are replayed in
    /// order, epoch by epoch between the ops that end a live link: in an epoch links are only
    /// added, so its first link closing a cycle with the links live when it began is found by
    /// the same search. Validation stops at the first cycle, as every later link reads through it.
    ///
    /// - Complexity: O((targets + links) log links) without a removed link; as much again
    ///   per ending of a live link, at worst, when links are removed and all of them together hold
    ///   a cycle.
    static func checkCycles(_ edges: [Edge], _ context: inout ValidationContext) {
        var ids: [Node: Int] = [:]
        let pairs = edges.map { edge in
            let from = ids[edge.from] ?? ids.count
            ids[edge.from] = from
            let to = ids[edge.to] ?? ids.count
            ids[edge.to] = to
            return (from: from, to: to)
        }
        guard hasCycle(pairs[...], nodeCount: ids.count) else { return }
        let namedChanges = changesEndingLinks(edges, context.document)
        let index =
            namedChanges.isEmpty
            ? firstClosingEdge(pairs, nodeCount: ids.count)
            : firstLiveClosingEdge(pairs, edges, namedChanges, nodeCount: ids.count, &context)
        guard let index else { return }
        let edge = edges[index]
        let name = context.name(ofTarget: edge.from.target)
        context.report(
            .L001, "this link makes \(edge.from.property.rawValue) on \(name) depend on itself through a cycle of links",
            at: edge.operation.head, help: "a link reads another property; remove one link of the cycle")
    }

    /// The named ops that may end a named link (docs/format.md §2.5: a `remove:` of its name, or
    /// another add under it), in document order: those under a link's name after the link; empty
    /// when none is (then every link lives on). Read only for a document whose links hold a cycle.
    private static func changesEndingLinks(_ edges: [Edge], _ document: MotionDocument) -> [NamedChange] {
        var firstLink: [String: Int] = [:]
        for edge in edges {
            if let name = edge.name, firstLink[name].map({ edge.opIndex < $0 }) ?? true { firstLink[name] = edge.opIndex }
        }
        guard !firstLink.isEmpty else { return [] }
        var changes: [NamedChange] = []
        var opIndex = -1
        var endsOne = false
        document.forEachOperation { _, operation in
            opIndex += 1
            guard let name = operation.pointee.name?.value, let first = firstLink[name], opIndex >= first else { return }
            changes.append(NamedChange(target: operation.pointee.target.value, name: name, opIndex: opIndex))
            if opIndex > first { endsOne = true }
        }
        return endsOne ? changes : []
    }

    /// The replay of ``checkCycles(_:_:)``: the index of the first edge, in document order, that
    /// closes a cycle of edges live together, or nil.
    private static func firstLiveClosingEdge(
        _ pairs: [(from: Int, to: Int)], _ edges: [Edge], _ namedChanges: [NamedChange], nodeCount: Int,
        _ context: inout ValidationContext
    ) -> Int? {
        /// One step of the replay: a named op's change (ending the name's links on its targets),
        /// or an edge's commit, in document order (a change before the edges its own op adds).
        enum Step {
            case change(NamedChange)
            case edge(Int)
        }
        var steps: [Step] = []
        var nextChange = 0
        for i in edges.indices {
            while nextChange < namedChanges.count, namedChanges[nextChange].opIndex <= edges[i].opIndex {
                steps.append(.change(namedChanges[nextChange]))
                nextChange += 1
            }
            steps.append(.edge(i))
        }
        // Between two endings of live links, links are only added: the replay goes epoch by
        // epoch, each searched as a document without removals (the links live when it starts,
        // acyclic, and the links it adds in order).
        var live = [Bool](repeating: false, count: edges.count)
        var added: [Int] = []
        var named: [TweenRules.Named: [Int]] = [:]
        /// The first link of the epoch that closes a cycle, or nil.
        func closingInEpoch() -> Int? {
            guard !added.isEmpty else { return nil }
            var inEpoch = [Bool](repeating: false, count: edges.count)
            for i in added { inEpoch[i] = true }
            let before = edges.indices.filter { live[$0] && !inEpoch[$0] }.map { pairs[$0] }
            return firstClosingEdge(added.map { pairs[$0] }, after: before, nodeCount: nodeCount).map { added[$0] }
        }
        for step in steps {
            switch step {
            case .change(let change):
                guard let targets = context.targets(of: change.target) else { continue }
                var ended: [Int] = []
                for target in targets {
                    ended += (named.removeValue(forKey: TweenRules.Named(target: target, name: change.name)) ?? []).filter { live[$0] }
                }
                guard !ended.isEmpty else { continue }
                if let found = closingInEpoch() { return found }
                added = []
                for i in ended { live[i] = false }
            case .edge(let i):
                live[i] = true
                added.append(i)
                if let name = edges[i].name { named[TweenRules.Named(target: edges[i].from.target, name: name), default: []].append(i) }
            }
        }
        return closingInEpoch()
    }

    /// The index of the first edge whose prefix `edges[...index]`, with the acyclic `base`, holds
    /// a cycle (the first edge whose target reaches its source through it, the edges before it
    /// and `base`), or nil when they are acyclic together; nodes are `0..<nodeCount`.
    ///
    /// - Complexity: O((nodes + base + edges) log edges).
    static func firstClosingEdge(
        _ edges: [(from: Int, to: Int)], after base: [(from: Int, to: Int)] = [], nodeCount: Int
    ) -> Int? {
        func cyclic(_ count: Int) -> Bool {
            base.isEmpty
                ? hasCycle(edges[..<count], nodeCount: nodeCount) : hasCycle((base + edges[..<count])[...], nodeCount: nodeCount)
        }
        guard cyclic(edges.count) else { return nil }
        // The smallest prefix length with a cycle: cyclic(edges.count) holds, cyclic(0) does not.
        var lo = 1
        var hi = edges.count
        while lo < hi {
            let mid = lo + (hi - lo) / 2
            if cyclic(mid) { hi = mid } else { lo = mid + 1 }
        }
        return lo - 1
    }

    /// Whether `edges` hold a directed cycle (a self-loop counts): Kahn's algorithm, which
    /// removes nodes without incoming edges until none is left, with an explicit list rather
    /// than recursion, so a long chain costs no stack.
    ///
    /// - Complexity: O(nodes + edges).
    static func hasCycle(_ edges: ArraySlice<(from: Int, to: Int)>, nodeCount: Int) -> Bool {
        // Adjacency in compressed rows: the targets of node n are targets[start[n]..<start[n + 1]].
        var start = [Int](repeating: 0, count: nodeCount + 1)
        var incoming = [Int](repeating: 0, count: nodeCount)
        for edge in edges {
            start[edge.from + 1] += 1
            incoming[edge.to] += 1
        }
        for n in 0..<nodeCount { start[n + 1] += start[n] }
        var fill = start
        var targets = [Int](repeating: 0, count: edges.count)
        for edge in edges {
            targets[fill[edge.from]] = edge.to
            fill[edge.from] += 1
        }
        var ready = (0..<nodeCount).filter { incoming[$0] == 0 }
        var removed = 0
        while let node = ready.popLast() {
            removed += 1
            for next in targets[start[node]..<start[node + 1]] {
                incoming[next] -= 1
                if incoming[next] == 0 { ready.append(next) }
            }
        }
        return removed < nodeCount
    }
}
