import CYAML
import MotionDiagnostics

/// Builds the arena from libyaml events: one pass, children buffered on a scratch stack.
struct Composer {
    let file: String
    let limits: YAMLLimits
    var diagnostics: [Diagnostic] = []

    var nodes: [YAMLNodeRecord] = []
    /// The input: scalars written verbatim there are not copied (``verbatimOffset(_:)``).
    let source: [UInt8]
    var text: [UInt8] = []
    var overflowMarks: [YAMLMarks] = []
    /// A character index of libyaml's marks and the byte offset of that character in the input,
    /// the last place where both are known; they move forwards only.
    var syncCharacter = 0
    var syncByte = 0
    var children: [YAMLNodeID] = []
    var root: YAMLNodeID?

    var pending: [YAMLNodeID] = []
    var frames: [Frame] = []
    /// Each anchor's node and the node count of its subtree with aliases expanded (saturating):
    /// what an alias to it costs.
    var anchors: [String: (node: UInt32, expanded: UInt32)] = [:]
    var frameAnchors: [String] = []
    var mergeSites: [MergeSite] = []
    var expansion = 0
    var documents = 0
    /// Where finished items of some sequences go instead of the tree, if anywhere.
    var streaming: YAMLItemStream?
    /// Where the arena stood when the open item of a streamed sequence began.
    var checkpoint: StreamCheckpoint?
    /// Items of a streamed sequence read but not yet handed over, and where the first began.
    var batch: [YAMLStreamedItem] = []
    var batchStart = StreamCheckpoint(node: 0, children: 0, text: 0, overflowMarks: 0, anchorsDefined: 0)
    /// Anchors defined so far: an item that defines one stays in the tree.
    var anchorsDefined = 0
    /// Bit `n` set when a stream path opens a collection at `n` open frames: the cheap test
    /// before ``streamedPath(_:)``.
    let streamDepths: UInt64

    /// Scratch hash table of keys for duplicate detection in large mappings and for merging.
    var table = KeyTable()

    static let smallMapping = 8

    init(file: String, limits: YAMLLimits, source: [UInt8], streaming: YAMLItemStream? = nil) {
        self.file = file
        self.limits = limits
        self.source = source
        self.streaming = streaming
        var depths: UInt64 = 0
        for path in streaming?.paths ?? [] where path.count + 1 < 64 { depths |= 1 << UInt64(path.count + 1) }
        streamDepths = depths
        // libyaml's character 0 is the first after a byte-order mark.
        syncByte = SourceLines.byteOrderMarkLength(source)
        let inputCount = source.count
        // Reserved, not touched: pages that stay unused cost no memory, and a buffer that never
        // grows is never copied (a copy would hold the old and the new buffer at once). A node
        // takes at least 2 bytes of input (`1,`) and scalar text is never longer than its input
        // (most of it is not copied at all: it is read in the input).
        nodes.reserveCapacity(inputCount / 2 + 16)
        text.reserveCapacity(inputCount + 16)
        children.reserveCapacity(inputCount / 2 + 16)
        pending.reserveCapacity(256)
        frames.reserveCapacity(64)
    }

    mutating func finish() -> YAMLParseResult {
        YAMLParseResult(
            tree: YAMLTree(
                root: root, nodes: nodes, source: source, text: text, children: children, overflowMarks: overflowMarks),
            diagnostics: diagnostics)
    }

    // MARK: Events

    /// Reads events until the stream ends, an error stops it, or a limit is hit.
    mutating func run(
        parser: UnsafeMutablePointer<yaml_parser_t>, event: UnsafeMutablePointer<yaml_event_t>, bytes: [UInt8]
    ) {
        while true {
            guard yaml_parser_parse(parser, event) != 0 else {
                reportLibYAMLError(parser, bytes: bytes)
                salvage()
                return
            }
            let proceed = handle(event)
            yaml_event_delete(event)
            if !proceed {
                salvage()
                return
            }
        }
    }

    /// ``run(parser:event:bytes:)`` with the events read on another thread (``YAMLEventPipe``):
    /// the same events are handled in the same order, and an error reported after the same ones.
    mutating func run(pipe: YAMLEventPipe, bytes: [UInt8]) {
        while true {
            let slot = pipe.take()
            var handled = 0
            var proceed = true
            // The reading thread deletes the events when it reuses the buffer: what libyaml
            // allocates is freed on the thread that allocated it.
            while proceed, handled < slot.count {
                proceed = handle(slot.events + handled)
                handled += 1
            }
            pipe.release()
            guard proceed else { break }
            switch slot.end {
            case .more: continue
            case .streamEnd: break
            case .error(var parser):
                reportLibYAMLError(&parser, bytes: bytes)
            case .couldNotStart:
                diagnostics.append(Diagnostic(.Y001, "libyaml could not start: out of memory", file: file, at: .fileStart))
                return
            }
            break
        }
        salvage()
    }

    /// Handles one event; false when reading stops (the stream ended, a limit was reached).
    @inline(__always)
    mutating func handle(_ event: UnsafeMutablePointer<yaml_event_t>) -> Bool {
        switch event.pointee.type {
        case YAML_SCALAR_EVENT: return scalar(event)
        case YAML_SEQUENCE_START_EVENT: return startCollection(event, mapping: false)
        case YAML_MAPPING_START_EVENT: return startCollection(event, mapping: true)
        case YAML_SEQUENCE_END_EVENT, YAML_MAPPING_END_EVENT:
            endCollection(end: event.pointee.end_mark, checked: true)
            return true
        case YAML_ALIAS_EVENT: return alias(event)
        case YAML_DOCUMENT_START_EVENT: return documentStart(event)
        case YAML_STREAM_END_EVENT: return false
        default: return true
        }
    }

    /// A record of the node `event` starts, its marks packed or kept in ``overflowMarks``.
    @inline(__always)
    mutating func record(
        _ event: UnsafeMutablePointer<yaml_event_t>, kind: YAMLNodeKind, flags: UInt8, offset: UInt32, count: Int
    ) -> YAMLNodeRecord {
        let s = event.pointee.start_mark
        let e = event.pointee.end_mark
        var record = YAMLNodeRecord(
            marks: 0, offset: offset, count: UInt32(truncatingIfNeeded: count), kind: kind, flags: flags)
        let marks = YAMLMarks(
            startLine: UInt32(truncatingIfNeeded: s.line), startColumn: UInt32(truncatingIfNeeded: s.column),
            endLine: UInt32(truncatingIfNeeded: e.line), endColumn: UInt32(truncatingIfNeeded: e.column))
        // The side table is touched only for the rare marks that do not fit.
        record.setMarks(marks, &overflowMarks)
        return record
    }

    static func range(_ event: UnsafeMutablePointer<yaml_event_t>) -> SourceRange {
        range(event.pointee.start_mark, event.pointee.end_mark)
    }

    static func range(_ s: yaml_mark_t, _ e: yaml_mark_t) -> SourceRange {
        SourceRange(
            start: SourcePosition(line: Int(s.line) + 1, column: Int(s.column) + 1),
            end: SourcePosition(line: Int(e.line) + 1, column: Int(e.column) + 1))
    }

    func nodeRange(_ id: YAMLNodeID) -> SourceRange {
        nodes[Int(id.index)].marks(overflowMarks).range
    }

    mutating func scalar(_ event: UnsafeMutablePointer<yaml_event_t>) -> Bool {
        let s = event.pointee.data.scalar
        let length = Int(s.length)
        let plain = s.style == YAML_PLAIN_SCALAR_STYLE
        var offset = UInt32(truncatingIfNeeded: text.count)
        var isMergeKey = false
        if length > 0, let value = s.value {
            let bytes = UnsafeBufferPointer(start: value, count: length)
            // A quoted scalar's text starts after its quote.
            let quoted = s.style == YAML_SINGLE_QUOTED_SCALAR_STYLE || s.style == YAML_DOUBLE_QUOTED_SCALAR_STYLE
            let character = Int(event.pointee.start_mark.index) + (quoted ? 1 : 0)
            if let start = verbatimOffset(of: bytes, at: character) {
                offset = UInt32(truncatingIfNeeded: start) | YAMLNodeRecord.inSourceFlag
            } else {
                text.append(contentsOf: bytes)
            }
            isMergeKey = plain && length == 2 && bytes[0] == UInt8(ascii: "<") && bytes[1] == UInt8(ascii: "<")
        }
        let id = YAMLNodeID(index: UInt32(truncatingIfNeeded: nodes.count))
        nodes.append(
            record(event, kind: .scalar, flags: plain ? YAMLNodeRecord.plainFlag : 0, offset: offset, count: length))
        if let anchor = s.anchor {
            anchors[String(cString: anchor)] = (id.index, 1)
            anchorsDefined += 1
            // An anchored key of a streamed mapping (`&k b: {...}`): an alias may name it later,
            // so the pairs must keep their nodes where they are, and handing over ends here.
            if let top = frames.indices.last, frames[top].streamPath >= 0 {
                flushBatch(dropping: false)
                frames[top].streamPath = -1
            }
        }
        // A plain `<<` in key position is a merge key.
        if isMergeKey, let top = frames.indices.last, frames[top].isMapping,
            (pending.count - frames[top].pendingStart) & 1 == 0
        {
            attach(id, expanded: 1)
            // What a merge brings in is decided when the mapping ends: nothing more is handed over.
            if frames[top].streamPath >= 0 { flushBatch(dropping: false) }
            frames[top].streamPath = -1
            frames[top].hasMerge = true
            frames[top].mergeValueNext = true
            return true
        }
        attach(id, expanded: 1)
        return true
    }

    /// Where the input holds `bytes` verbatim, starting at libyaml's character index `character`;
    /// nil when it does not (escapes, folding, block scalars): the scalar's text is then copied.
    ///
    /// libyaml counts characters, not bytes: the byte offset is the character index plus the
    /// extra bytes of the multi-byte characters before it, counted forwards from the last place
    /// known, so the whole input is counted at most once. What is found is compared byte by byte.
    /// - Complexity: O(bytes.count) amortised.
    @inline(__always)
    mutating func verbatimOffset(of bytes: UnsafeBufferPointer<UInt8>, at character: Int) -> Int? {
        guard character >= syncCharacter else { return nil }
        return source.withUnsafeBufferPointer { input -> Int? in
            var start = syncByte &+ (character &- syncCharacter)
            if !Self.holds(input, bytes, at: start) {
                // Multi-byte characters since the last place known, or text not written verbatim.
                var byte = syncByte
                var count = syncCharacter
                while count < character, byte < input.count {
                    byte &+= 1
                    while byte < input.count, input[byte] & 0xC0 == 0x80 { byte &+= 1 }
                    count &+= 1
                }
                guard count == character else { return nil }
                syncCharacter = count
                syncByte = byte
                start = byte
                guard Self.holds(input, bytes, at: start) else { return nil }
            }
            return start
        }
    }

    /// Whether `input` holds `bytes` at `start`.
    @inline(__always)
    static func holds(_ input: UnsafeBufferPointer<UInt8>, _ bytes: UnsafeBufferPointer<UInt8>, at start: Int) -> Bool {
        guard start >= 0, start <= input.count &- bytes.count else { return false }
        var i = 0
        while i < bytes.count {
            if input[start &+ i] != bytes[i] { return false }
            i &+= 1
        }
        return true
    }

    /// Adds a finished node to the open collection, or makes it the root.
    @inline(__always)
    mutating func attach(_ id: YAMLNodeID, expanded: UInt32, aliasRange: SourceRange? = nil) {
        guard let top = frames.indices.last else {
            if root == nil, documents <= 1 { root = id }
            return
        }
        frames[top].expanded &+= Int(expanded)
        // An item that is not handed over ends handing over in its collection: items keep their order.
        if frames[top].streamPath >= 0, !keepsStreaming(id) {
            // The batch's nodes lie before this item's: they stay, unused.
            flushBatch(dropping: false)
            frames[top].streamPath = -1
        }
        if frames[top].mergeValueNext {
            frames[top].mergeValueNext = false
            mergeSites.append(MergeSite(pendingIndex: pending.count, range: aliasRange))
        }
        pending.append(id)
    }

    mutating func startCollection(_ event: UnsafeMutablePointer<yaml_event_t>, mapping: Bool) -> Bool {
        if frames.count >= limits.maxDepth {
            diagnostics.append(
                Diagnostic(
                    .Y004, "nesting deeper than the limit of \(limits.maxDepth) collections",
                    file: file, at: Self.range(event.pointee.start_mark, event.pointee.start_mark),
                    help: "flatten the document: a motion document needs only a few levels"))
            return false
        }
        let anchorPointer = mapping ? event.pointee.data.mapping_start.anchor : event.pointee.data.sequence_start.anchor
        var slot: Int32 = -1
        if let anchorPointer {
            slot = Int32(truncatingIfNeeded: frameAnchors.count)
            frameAnchors.append(String(cString: anchorPointer))
        }
        let node = UInt32(truncatingIfNeeded: nodes.count)
        if opensStreamedItem() {
            checkpoint = StreamCheckpoint(
                node: node, children: children.count, text: text.count, overflowMarks: overflowMarks.count,
                anchorsDefined: anchorsDefined)
        }
        nodes.append(
            record(
                event, kind: mapping ? .mapping : .sequence, flags: 0, offset: UInt32(truncatingIfNeeded: children.count),
                count: 0))
        frames.append(
            Frame(
                node: node, pendingStart: pending.count, mergeSiteStart: mergeSites.count, expanded: 1,
                anchorSlot: slot, isMapping: mapping, hasMerge: false, mergeValueNext: false, streamPath: -1))
        if streamDepths & 1 << UInt64(truncatingIfNeeded: frames.count) != 0, let streaming {
            frames[frames.count - 1].streamPath = streamedPath(streaming)
        }
        return true
    }

    /// Closes the innermost collection: checks its keys, resolves merges, copies its children out.
    /// Unchecked closing (after a fatal error) only makes the partial tree consistent.
    mutating func endCollection(end: yaml_mark_t, checked: Bool) {
        if checked, let top = frames.last, top.streamPath >= 0 {
            // The batch's nodes are the last read.
            flushBatch(dropping: true)
        }
        guard let frame = frames.popLast() else { return }
        let start = frame.pendingStart
        var n = pending.count - start
        if frame.isMapping && n & 1 == 1 {
            // A key without its value, only after a fatal error: drop it.
            pending.removeLast()
            n -= 1
        }
        let childStart = children.count
        if frame.isMapping && checked {
            if frame.hasMerge {
                resolveMerges(frame)
            } else {
                checkDuplicates(start: start, pairs: n / 2)
                children.append(contentsOf: pending[start..<start + n])
            }
        } else {
            children.append(contentsOf: pending[start..<start + n])
        }
        let written = children.count - childStart
        pending.removeLast(n)
        mergeSites.removeLast(mergeSites.count - frame.mergeSiteStart)
        let expanded = UInt32(clamping: frame.expanded)
        let index = Int(frame.node)
        nodes[index].offset = UInt32(truncatingIfNeeded: childStart)
        nodes[index].count = UInt32(truncatingIfNeeded: frame.isMapping ? written / 2 : written)
        var marks = nodes[index].marks(overflowMarks)
        marks.endLine = UInt32(truncatingIfNeeded: end.line)
        marks.endColumn = UInt32(truncatingIfNeeded: end.column)
        nodes[index].setMarks(marks, &overflowMarks)
        if frame.anchorSlot >= 0 {
            // Registered only now: an alias inside its own anchor is undefined, so no cycles.
            anchors[frameAnchors[Int(frame.anchorSlot)]] = (frame.node, expanded)
            frameAnchors.removeLast()
            anchorsDefined += 1
        }
        if checked, handOver(frame, expanded: expanded) { return }
        attach(YAMLNodeID(index: frame.node), expanded: expanded)
    }

    mutating func alias(_ event: UnsafeMutablePointer<yaml_event_t>) -> Bool {
        let name = event.pointee.data.alias.anchor.map { String(cString: $0) } ?? ""
        guard let (target, expanded) = anchors[name] else {
            // An anchor is defined once its collection ends: an alias inside it would copy itself.
            let diagnostic =
                frameAnchors.contains(name)
                ? Diagnostic(
                    .Y001, "the alias *\(name) refers back into its own anchor &\(name)", file: file, at: Self.range(event),
                    help: "an alias cannot be inside the collection its anchor names, which would hold itself: "
                        + "anchor a part of it that does not hold *\(name), or write the value out")
                : Diagnostic(
                    .Y001, "found undefined alias", file: file, at: Self.range(event),
                    help: "define the anchor &\(name) before this alias *\(name)")
            diagnostics.append(diagnostic)
            // Stand in an empty null so the rest of the document can still be checked.
            let id = YAMLNodeID(index: UInt32(truncatingIfNeeded: nodes.count))
            nodes.append(
                record(
                    event, kind: .scalar, flags: YAMLNodeRecord.plainFlag, offset: UInt32(truncatingIfNeeded: text.count),
                    count: 0))
            attach(id, expanded: 1)
            return true
        }
        expansion += Int(expanded)
        if expansion > limits.maxAliasExpansion {
            diagnostics.append(
                Diagnostic(
                    .Y003, "alias expansion exceeds the limit of \(limits.maxAliasExpansion) nodes",
                    file: file, at: Self.range(event),
                    help: "aliases expand to at least \(expansion) nodes; use fewer or smaller aliases"))
            return false
        }
        let top = frames.indices.last
        let site = top.map { frames[$0].mergeValueNext } ?? false
        attach(YAMLNodeID(index: target), expanded: expanded, aliasRange: site ? Self.range(event) : nil)
        return true
    }

    mutating func documentStart(_ event: UnsafeMutablePointer<yaml_event_t>) -> Bool {
        documents += 1
        guard documents > 1 else { return true }
        diagnostics.append(
            Diagnostic(
                .Y006, "more than one YAML document in a file", file: file,
                at: Self.range(event.pointee.start_mark, event.pointee.start_mark),
                help: "a motion file holds one document; move this one to a file of its own"))
        return false
    }

    /// After a fatal error: closes what is open so the partial tree is consistent.
    mutating func salvage() {
        while let top = frames.last {
            let marks = nodes[Int(top.node)].marks(overflowMarks)
            var mark = yaml_mark_t()
            mark.line = Int(marks.startLine)
            mark.column = Int(marks.startColumn)
            endCollection(end: mark, checked: false)
        }
        if let r = root, nodes[Int(r.index)].kind == .scalar, nodes[Int(r.index)].count == 0,
            nodes[Int(r.index)].flags & YAMLNodeRecord.plainFlag != 0
        {
            root = nil  // `---` alone: a document with no content
        }
    }
}
