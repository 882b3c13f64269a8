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
    }

    struct Node: Hashable {
        var target: Int
        var property: LayerProperty
    }

    static func check(_ context: inout ValidationContext) {
        var edges: [Edge] = []
        let document = context.document
        document.forEachOperation { _, operation in
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
                        to: Node(target: source, property: link.sourceProperty.property), operation: operation.pointee))
            }
        }
        checkCycles(edges, &context)
    }

    /// L001 at the first link, in document order, that closes a cycle of links.
    ///
    /// The links written so far form no cycle until one closes it: the reported link is the
    /// first whose document prefix holds a cycle, found by a binary search over prefix lengths
    /// (a prefix with a cycle stays cyclic as it grows). Validation stops there, as at any first
    /// cycle: every later link reads through it.
    ///
    /// - Complexity: O((targets + links) log links): one linear cycle test of the whole graph,
    ///   and O(log links) more only when it has a cycle; a document may hold thousands of links.
    static func checkCycles(_ edges: [Edge], _ context: inout ValidationContext) {
        var ids: [Node: Int] = [:]
        let pairs = edges.map { edge in
            let from = ids[edge.from] ?? ids.count
            ids[edge.from] = from
            let to = ids[edge.to] ?? ids.count
            ids[edge.to] = to
            return (from: from, to: to)
        }
        guard let index = firstClosingEdge(pairs, nodeCount: ids.count) else { return }
        let edge = edges[index]
        let name = context.name(ofTarget: edge.from.target)
        context.report(
            .L001, "this link makes \(edge.from.property.rawValue) on \(name) depend on itself through a cycle of links",
            at: edge.operation.head, help: "a link reads another property; remove one link of the cycle")
    }

    /// The index of the first edge whose prefix `edges[...index]` holds a cycle (the first edge
    /// whose target reaches its source through it and the edges before it), or nil when the
    /// graph is acyclic; nodes are `0..<nodeCount`.
    ///
    /// - Complexity: O((nodes + edges) log edges).
    static func firstClosingEdge(_ edges: [(from: Int, to: Int)], nodeCount: Int) -> Int? {
        guard hasCycle(edges[...], nodeCount: nodeCount) else { return nil }
        // The smallest prefix length with a cycle: cyclic(edges.count) holds, cyclic(0) does not.
        var lo = 1
        var hi = edges.count
        while lo < hi {
            let mid = lo + (hi - lo) / 2
            if hasCycle(edges[..<mid], nodeCount: nodeCount) { hi = mid } else { lo = mid + 1 }
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
