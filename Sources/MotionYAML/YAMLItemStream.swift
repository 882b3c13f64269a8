/// Where the composer hands over the finished items of some collections while it reads.
///
/// Their nodes then need not all be held at once.
/// A motion document's targets and operations are most of its nodes: decoded one by one as they
/// are read, each one's nodes are dropped and their space reused by the next.
///
/// An item is handed over only when nothing later can refer to it: no anchor on the way from the
/// root to the collection, none inside the item. The first item that cannot be handed over (an
/// alias, a scalar, an item with an anchor, a merge key `<<`) or that `body` declines stops
/// handing over for the rest of its collection: those items stay in the tree, after the ones
/// handed over. Items of a sequence leave the tree; the pairs of a mapping stay, each value an
/// empty collection, so that duplicate keys and merges are still checked.
///
/// Items are handed over in batches of about ``batchNodes`` nodes, each batch once read:
/// reading and decoding alternate less often, which keeps both fast.
public struct YAMLItemStream {
    /// The paths to the collections whose items (sequences) or values (mappings) are handed over.
    ///
    /// Each path goes from the root mapping: a key steps into a mapping's value, nil into any item
    /// of a sequence (`["transactions", nil, "ops"]`).
    public var paths: [[String?]]
    /// Gets the tree read so far and finished items, in document order.
    ///
    /// The tree and the items' nodes are valid only during the call: do not keep them.
    public var body: (YAMLTree, [YAMLStreamedItem]) -> Void

    /// About how many nodes of a sequence's items are read before they are handed over.
    public static let batchNodes = 8192

    /// Hands the items of the collections at `paths` to `body`.
    public init(paths: [[String?]], body: @escaping (YAMLTree, [YAMLStreamedItem]) -> Void) {
        self.paths = paths
        self.body = body
    }
}

/// One item a ``YAMLItemStream`` hands over.
public struct YAMLStreamedItem: Sendable {
    /// The index in ``YAMLItemStream/paths`` of the path it was found at.
    public var path: Int
    /// Its key, when the collection is a mapping.
    public var key: YAMLNodeID?
    /// The item: a mapping or a sequence (scalars are not handed over).
    public var node: YAMLNodeID
    /// The collection holding it.
    public var collection: YAMLNodeID
}

/// Where the arena stood when an item of a streamed collection began: what to drop once it is handed over.
struct StreamCheckpoint {
    var node: UInt32
    var children: Int
    var text: Int
    var overflowMarks: Int
    var anchorsDefined: Int
}

extension Composer {
    /// The index of the stream path the collection just opened (the innermost frame) is at, or -1.
    ///
    /// - Complexity: O(path) per path of its depth; run only for collections at a path's depth.
    func streamedPath(_ stream: YAMLItemStream) -> Int8 {
        for (index, path) in stream.paths.enumerated() where frames.count == path.count + 1 {
            guard frames.allSatisfy({ $0.anchorSlot < 0 }) else { return -1 }
            if matches(path) { return Int8(truncatingIfNeeded: index) }
        }
        return -1
    }

    /// Whether the open frames lead down `path` from the root.
    func matches(_ path: [String?]) -> Bool {
        for (i, step) in path.enumerated() {
            let parent = frames[i]
            let child = frames[i + 1]
            guard let key = step else {
                guard !parent.isMapping else { return false }
                continue
            }
            let keyIndex = child.pendingStart - 1
            guard parent.isMapping, keyIndex >= parent.pendingStart, (keyIndex - parent.pendingStart) & 1 == 0 else { return false }
            let record = nodes[Int(pending[keyIndex].index)]
            guard record.kind == .scalar, withKeyView({ $0.bytes[record].elementsEqual(key.utf8) }) else { return false }
        }
        return true
    }

    /// Whether a collection opening now in the innermost frame is an item to hand over: an item
    /// of a streamed sequence, or a value of a streamed mapping.
    @inline(__always)
    func opensStreamedItem() -> Bool {
        let top = frames.count - 1
        guard top >= 0, frames[top].streamPath >= 0 else { return false }
        return !frames[top].isMapping || (pending.count - frames[top].pendingStart) & 1 == 1
    }

    /// Whether attaching `id` to the innermost frame keeps it streaming: a scalar key of a
    /// streamed mapping does (merge keys end streaming themselves).
    @inline(__always)
    func keepsStreaming(_ id: YAMLNodeID) -> Bool {
        guard let top = frames.last else { return false }
        return top.isMapping && (pending.count - top.pendingStart) & 1 == 0 && nodes[Int(id.index)].kind == .scalar
    }

    /// Hands the item `frame` closed to the stream when it may be, with its batch; false when
    /// the item stays in the tree as it is.
    mutating func handOver(_ frame: Frame, expanded: UInt32) -> Bool {
        guard let top = frames.indices.last, frames[top].streamPath >= 0, let mark = checkpoint, mark.node == frame.node,
            frame.anchorSlot < 0, anchorsDefined == mark.anchorsDefined
        else { return false }
        checkpoint = nil
        let isMapping = frames[top].isMapping
        if batch.isEmpty { batchStart = mark }
        batch.append(
            YAMLStreamedItem(
                path: Int(frames[top].streamPath), key: isMapping ? pending.last : nil, node: YAMLNodeID(index: frame.node),
                collection: YAMLNodeID(index: frames[top].node)))
        frames[top].expanded &+= Int(expanded)
        // A mapping's pair stays whole until the batch goes (``flushBatch(dropping:)``).
        if isMapping { pending.append(YAMLNodeID(index: frame.node)) }
        if nodes.count - Int(batchStart.node) >= YAMLItemStream.batchNodes { flushBatch(dropping: true) }
        return true
    }

    /// Hands the batch to the stream; with `dropping`, then drops its nodes, only when nothing
    /// was read after the batch. A mapping's pairs stay: each key, and its value's own record,
    /// emptied, are written again after the drop (``keepPairs(_:)``).
    mutating func flushBatch(dropping: Bool) {
        guard !batch.isEmpty, let body = streaming?.body else { return }
        body(YAMLTree(root: nil, nodes: nodes, source: source, text: text, children: children, overflowMarks: overflowMarks), batch)
        let isMapping = batch[0].key != nil
        defer { batch.removeAll(keepingCapacity: true) }
        guard dropping else { return }
        // The view above is gone: the buffers are unique again and shrink in place.
        let kept = isMapping ? keptPairs() : []
        let mark = batchStart
        nodes.removeLast(nodes.count - Int(mark.node))
        children.removeLast(children.count - mark.children)
        text.removeLast(text.count - mark.text)
        overflowMarks.removeLast(overflowMarks.count - mark.overflowMarks)
        if isMapping { keepPairs(kept) }
    }

    /// One node of a streamed mapping's pairs to write again after its batch is dropped.
    struct KeptNode {
        var record: YAMLNodeRecord
        var marks: YAMLMarks
        /// A key's text, when it is not the input's.
        var text: [UInt8]
    }

    /// The batch's pairs as they must stay: the first key (read before the batch, not dropped),
    /// then each value emptied and each later key.
    func keptPairs() -> [KeptNode] {
        var kept: [KeptNode] = []
        kept.reserveCapacity(batch.count * 2)
        for (i, item) in batch.enumerated() {
            if i > 0, let key = item.key {
                let record = nodes[Int(key.index)]
                let bytes =
                    record.isInSource || record.kind != .scalar ? [] : Array(text[record.textStart..<record.textStart + Int(record.count)])
                kept.append(KeptNode(record: record, marks: record.marks(overflowMarks), text: bytes))
            }
            var value = nodes[Int(item.node.index)]
            value.count = 0
            kept.append(KeptNode(record: value, marks: value.marks(overflowMarks), text: []))
        }
        return kept
    }

    /// Writes `kept` (``keptPairs()``) after the arena's end and points the open mapping's last
    /// pending entries (all but the first key) at them.
    mutating func keepPairs(_ kept: [KeptNode]) {
        let firstEntry = pending.count - kept.count
        for (i, node) in kept.enumerated() {
            var record = node.record
            record.marks = 0
            record.setMarks(node.marks, &overflowMarks)
            if record.kind == .scalar {
                if !record.isInSource {
                    record.offset = UInt32(truncatingIfNeeded: text.count)
                    text.append(contentsOf: node.text)
                }
            } else {
                record.offset = UInt32(truncatingIfNeeded: children.count)
            }
            pending[firstEntry + i] = YAMLNodeID(index: UInt32(truncatingIfNeeded: nodes.count))
            nodes.append(record)
        }
    }
}
