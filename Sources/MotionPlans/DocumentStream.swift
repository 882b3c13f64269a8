import MotionDiagnostics
import MotionYAML

/// The ops of one `ops` sequence decoded while the document was read, and what decoding them reported.
struct StreamedOperations {
    /// The decoded ops, companions included, in document order.
    var operations: [OperationSpec] = []
    /// The diagnostics decoding them reported, in the order found.
    var diagnostics: [Diagnostic] = []
    /// How many items of the sequence were decoded (and dropped from the tree).
    var items = 0
}

/// The top-level targets decoded while the document was read, and what decoding them reported.
struct StreamedTargets {
    /// The index of the `targets` mapping.
    var mapping: UInt32
    /// The targets, children included, in pre-order.
    var targets: [TargetNode] = []
    /// Their ids, with their indices in ``targets``.
    var seen = TargetIDIndex()
    /// The diagnostics decoding them reported, in the order found.
    var diagnostics: [Diagnostic] = []
    /// How many pairs of the mapping were decoded (their values are empty in the tree).
    var pairs = 0
}

/// Decodes the top-level targets and each item of `transactions[*].ops` as soon as the YAML
/// front end has read them, so that the tree never holds them all at once (they are most of a
/// document's nodes).
///
/// The document decoder later splices what was decoded in where it decodes those collections,
/// so what it reports and in what order is the same as decoding the whole tree.
/// A class: the front end calls ``take(_:_:)`` from a closure while the loader waits.
final class DocumentStream {
    /// The paths streamed: top-level targets, then ops.
    static let paths: [[String?]] = [["targets"], ["transactions", nil, "ops"]]

    /// Decodes the items; its document collects the targets and the ops' key ranges.
    var decoder: DocumentDecoder
    /// The sequence being decoded and its ops so far.
    var currentSequence: UInt32?
    var current = StreamedOperations()
    /// The sequences done, by node index.
    var finished: [UInt32: StreamedOperations] = [:]
    /// The `targets` mapping, once one is streamed, and what its pairs reported.
    var targetsMapping: UInt32?
    var targetDiagnostics: [Diagnostic] = []
    var targetPairs = 0

    init(file: String, source: [UInt8]) {
        decoder = DocumentDecoder(tree: YAMLTree(), file: file, name: "", source: source)
    }

    /// The front end's hook.
    var itemStream: YAMLItemStream {
        YAMLItemStream(paths: Self.paths) { [self] tree, items in take(tree, items) }
    }

    /// Decodes targets and ops. Ops past the list limit are only counted: the decoder then
    /// reports D005 with the whole count and keeps none of them.
    /// - Complexity: O(nodes of the items).
    func take(_ tree: YAMLTree, _ items: [YAMLStreamedItem]) {
        decoder.context.tree = tree
        for item in items {
            if item.path == 0 {
                // The one `targets` mapping (a second `targets` key is a Y002 error).
                guard let key = item.key else { continue }
                targetsMapping = item.collection.index
                decoder.decodeTarget(YAMLPair(key: key, value: item.node), parent: nil, depth: 0)
                targetDiagnostics += decoder.context.diagnostics
                targetPairs += 1
            } else {
                if currentSequence != item.collection.index {
                    if let done = currentSequence { finished[done] = current }
                    currentSequence = item.collection.index
                    current = StreamedOperations()
                }
                current.items += 1
                guard current.items <= DecodingContext.maximumListCount else { continue }
                decoder.decodeOperation(item.node, into: &current.operations)
                current.diagnostics += decoder.context.diagnostics
            }
            decoder.context.diagnostics = []
        }
        // Let go of the front end's buffers before it drops the items' nodes.
        decoder.context.tree = YAMLTree()
    }

    /// Hands what was decoded to the decoder of the whole document.
    func handOver(to document: inout DocumentDecoder) {
        if let done = currentSequence { finished[done] = current }
        currentSequence = nil
        current = StreamedOperations()
        document.streamedOperations = finished
        finished = [:]
        document.document.operationKeyRanges = decoder.document.operationKeyRanges
        decoder.document.operationKeyRanges = []
        if let targetsMapping {
            document.streamedTargets = StreamedTargets(
                mapping: targetsMapping, targets: decoder.document.targets, seen: decoder.seenTargets,
                diagnostics: targetDiagnostics, pairs: targetPairs)
            decoder.document.targets = []
            decoder.seenTargets = TargetIDIndex()
            targetDiagnostics = []
        }
    }
}
