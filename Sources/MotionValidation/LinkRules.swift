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
            guard let link = operation.intention?.value(as: Link.self) else { return }
            let range = document.range(of: "source.target", in: operation)
            let selector = Located(link.sourceTarget, at: range)
            SelectorRules.checkSelector(selector, plain: true, &context)
            guard let sources = context.targets(of: link.sourceTarget), let source = sources.first,
                let targets = context.targets(of: operation.target.value)
            else { return }
            for target in targets {
                edges.append(
                    Edge(
                        from: Node(target: target, property: link.property.property),
                        to: Node(target: source, property: link.sourceProperty.property), operation: operation))
            }
        }
        checkCycles(edges, &context)
    }

    /// L001 at the link that closes each cycle, in document order.
    ///
    /// - Complexity: O(links^2) at worst; documents hold a handful of links.
    static func checkCycles(_ edges: [Edge], _ context: inout ValidationContext) {
        var reported = Set<Int>()
        for (index, edge) in edges.enumerated() {
            // Follow what the source reads, through the links written so far and this one.
            var seen: Set<Node> = [edge.from]
            var frontier = [edge.to]
            var closes = false
            while let node = frontier.popLast() {
                if node == edge.from {
                    closes = true
                    break
                }
                guard seen.insert(node).inserted else { continue }
                frontier += edges[...index].filter { $0.from == node }.map(\.to)
            }
            guard closes, reported.insert(index).inserted else { continue }
            let name = context.name(ofTarget: edge.from.target)
            context.report(
                .L001, "this link makes \(edge.from.property.rawValue) on \(name) depend on itself through a cycle of links",
                at: edge.operation.head, help: "a link reads another property; remove one link of the cycle")
            return
        }
    }
}
