import CYAML
import MotionDiagnostics

/// What ``YAMLParser/parse(_:file:limits:)`` returns: the tree and every problem found.
public struct YAMLParseResult: Sendable {
    /// The document. After an error it may be partial or empty: decode it only when
    /// ``diagnostics`` holds no error.
    public var tree: YAMLTree
    /// The problems found, codes Y001 to Y006, each with `file` set, in the order found.
    public var diagnostics: [Diagnostic]

    /// Creates a result.
    public init(tree: YAMLTree, diagnostics: [Diagnostic]) {
        self.tree = tree
        self.diagnostics = diagnostics
    }
}

/// The YAML front end: libyaml events into a ``YAMLTree``, with limits and diagnostics.
public enum YAMLParser {
    /// Parses one YAML document. Never crashes, never hangs; every problem is a Diagnostic
    /// (codes Y001-Y006) with `file` set.
    ///
    /// - Y001: libyaml's syntax errors (its own message, with context), undefined aliases, a merge
    ///   key whose value is not a mapping or a list of mappings.
    /// - Y002: a key twice in one mapping, at the second, with a note at the first.
    /// - Y003: alias expansion above `limits.maxAliasExpansion`; parsing stops.
    /// - Y004: nesting deeper than `limits.maxDepth`; parsing stops.
    /// - Y005: input larger than `limits.maxFileBytes` (not parsed), or not UTF-8.
    /// - Y006: a second document; the first is kept.
    ///
    /// - Parameters:
    ///   - bytes: the file's contents, UTF-8.
    ///   - file: the file name to put in diagnostics.
    ///   - limits: the limits to enforce.
    /// - Complexity: O(bytes.count) time, memory proportional to the document (aliases are not
    ///   copied).
    public static func parse(_ bytes: [UInt8], file: String, limits: YAMLLimits = .default) -> YAMLParseResult {
        // Offsets and counts in the arena are 29 bits; scalar text never outgrows its input.
        let hardLimit = Int(YAMLNodeRecord.countMask)
        if bytes.count > limits.maxFileBytes || bytes.count > hardLimit {
            let limit = min(limits.maxFileBytes, hardLimit)
            let diagnostic = Diagnostic(
                .Y005, "file is \(bytes.count) bytes, larger than the limit of \(limit) bytes",
                file: file, at: .fileStart,
                help: "split the document into smaller files")
            return YAMLParseResult(tree: YAMLTree(), diagnostics: [diagnostic])
        }
        if bytes.isEmpty { return YAMLParseResult(tree: YAMLTree(), diagnostics: []) }
        var composer = Composer(file: file, limits: limits, inputCount: bytes.count)
        let ran: Void? = LibYAML.withParser(bytes) { parser, event in
            composer.run(parser: parser, event: event, bytes: bytes)
        }
        if ran == nil {
            composer.diagnostics.append(
                Diagnostic(.Y001, "libyaml could not start: out of memory", file: file, at: .fileStart))
        }
        return composer.finish()
    }
}

/// An open collection while its children are read.
private struct Frame {
    var node: UInt32
    var pendingStart: Int
    var mergeSiteStart: Int
    var expanded: Int
    var anchorSlot: Int32
    var isMapping: Bool
    var hasMerge: Bool
    var mergeValueNext: Bool
}

/// Where a `<<` value was written (for an alias: the alias, not the anchor).
private struct MergeSite {
    var pendingIndex: Int
    var range: SourceRange?
}

/// Builds the arena from libyaml events: one pass, children buffered on a scratch stack.
private struct Composer {
    let file: String
    let limits: YAMLLimits
    var diagnostics: [Diagnostic] = []

    var nodes: [YAMLNodeRecord] = []
    var text: [UInt8] = []
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

    /// Scratch hash table of keys for duplicate detection in large mappings and for merging.
    var table = KeyTable()

    static let smallMapping = 8

    init(file: String, limits: YAMLLimits, inputCount: Int) {
        self.file = file
        self.limits = limits
        // Reserved, not touched: pages that stay unused cost no memory, and a buffer that never
        // grows is never copied (a copy would hold the old and the new buffer at once). A node
        // takes at least 2 bytes of input (`1,`) and scalar text is never longer than its input.
        nodes.reserveCapacity(inputCount / 2 + 16)
        text.reserveCapacity(inputCount + 16)
        children.reserveCapacity(inputCount / 2 + 16)
        pending.reserveCapacity(256)
        frames.reserveCapacity(64)
    }

    mutating func finish() -> YAMLParseResult {
        YAMLParseResult(
            tree: YAMLTree(root: root, nodes: nodes, text: text, children: children),
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
            let proceed: Bool
            switch event.pointee.type {
            case YAML_SCALAR_EVENT: proceed = scalar(event)
            case YAML_SEQUENCE_START_EVENT: proceed = startCollection(event, mapping: false)
            case YAML_MAPPING_START_EVENT: proceed = startCollection(event, mapping: true)
            case YAML_SEQUENCE_END_EVENT, YAML_MAPPING_END_EVENT:
                endCollection(end: event.pointee.end_mark, checked: true)
                proceed = true
            case YAML_ALIAS_EVENT: proceed = alias(event)
            case YAML_DOCUMENT_START_EVENT: proceed = documentStart(event)
            case YAML_STREAM_END_EVENT: proceed = false
            default: proceed = true
            }
            yaml_event_delete(event)
            if !proceed {
                salvage()
                return
            }
        }
    }

    @inline(__always)
    static func record(
        _ event: UnsafeMutablePointer<yaml_event_t>, kind: YAMLNodeKind, flags: UInt8, offset: Int, count: Int
    ) -> YAMLNodeRecord {
        let s = event.pointee.start_mark
        let e = event.pointee.end_mark
        return YAMLNodeRecord(
            startLine: UInt32(truncatingIfNeeded: s.line), startColumn: UInt32(truncatingIfNeeded: s.column),
            endLine: UInt32(truncatingIfNeeded: e.line), endColumn: UInt32(truncatingIfNeeded: e.column),
            offset: UInt32(truncatingIfNeeded: offset), count: UInt32(truncatingIfNeeded: count),
            kind: kind, flags: flags)
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
        let r = nodes[Int(id.index)]
        return SourceRange(
            start: SourcePosition(line: Int(r.startLine) + 1, column: Int(r.startColumn) + 1),
            end: SourcePosition(line: Int(r.endLine) + 1, column: Int(r.endColumn) + 1))
    }

    mutating func scalar(_ event: UnsafeMutablePointer<yaml_event_t>) -> Bool {
        let s = event.pointee.data.scalar
        let length = Int(s.length)
        let offset = text.count
        if length > 0, let value = s.value {
            text.append(contentsOf: UnsafeBufferPointer(start: value, count: length))
        }
        let plain = s.style == YAML_PLAIN_SCALAR_STYLE
        let id = YAMLNodeID(index: UInt32(truncatingIfNeeded: nodes.count))
        nodes.append(
            Self.record(
                event, kind: .scalar, flags: plain ? YAMLNodeRecord.plainFlag : 0, offset: offset, count: length))
        if let anchor = s.anchor {
            anchors[String(cString: anchor)] = (id.index, 1)
        }
        // A plain `<<` in key position is a merge key.
        if plain, length == 2, let top = frames.indices.last, frames[top].isMapping,
            (pending.count - frames[top].pendingStart) & 1 == 0, text[offset] == UInt8(ascii: "<"),
            text[offset + 1] == UInt8(ascii: "<")
        {
            attach(id, expanded: 1)
            frames[top].hasMerge = true
            frames[top].mergeValueNext = true
            return true
        }
        attach(id, expanded: 1)
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
        nodes.append(
            Self.record(event, kind: mapping ? .mapping : .sequence, flags: 0, offset: children.count, count: 0))
        frames.append(
            Frame(
                node: node, pendingStart: pending.count, mergeSiteStart: mergeSites.count, expanded: 1,
                anchorSlot: slot, isMapping: mapping, hasMerge: false, mergeValueNext: false))
        return true
    }

    /// Closes the innermost collection: checks its keys, resolves merges, copies its children out.
    /// Unchecked closing (after a fatal error) only makes the partial tree consistent.
    mutating func endCollection(end: yaml_mark_t, checked: Bool) {
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
        nodes[index].endLine = UInt32(truncatingIfNeeded: end.line)
        nodes[index].endColumn = UInt32(truncatingIfNeeded: end.column)
        if frame.anchorSlot >= 0 {
            // Registered only now: an alias inside its own anchor is undefined, so no cycles.
            anchors[frameAnchors[Int(frame.anchorSlot)]] = (frame.node, expanded)
            frameAnchors.removeLast()
        }
        attach(YAMLNodeID(index: frame.node), expanded: expanded)
    }

    mutating func alias(_ event: UnsafeMutablePointer<yaml_event_t>) -> Bool {
        let name = event.pointee.data.alias.anchor.map { String(cString: $0) } ?? ""
        guard let (target, expanded) = anchors[name] else {
            diagnostics.append(
                Diagnostic(
                    .Y001, "found undefined alias", file: file, at: Self.range(event),
                    help: "define the anchor &\(name) before this alias *\(name)"))
            // Stand in an empty null so the rest of the document can still be checked.
            let id = YAMLNodeID(index: UInt32(truncatingIfNeeded: nodes.count))
            nodes.append(
                Self.record(event, kind: .scalar, flags: YAMLNodeRecord.plainFlag, offset: text.count, count: 0))
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
            let r = nodes[Int(top.node)]
            var mark = yaml_mark_t()
            mark.line = Int(r.startLine)
            mark.column = Int(r.startColumn)
            endCollection(end: mark, checked: false)
        }
        if let r = root, nodes[Int(r.index)].kind == .scalar, nodes[Int(r.index)].count == 0,
            nodes[Int(r.index)].flags & YAMLNodeRecord.plainFlag != 0
        {
            root = nil  // `---` alone: a document with no content
        }
    }

    // MARK: libyaml errors

    mutating func reportLibYAMLError(_ parser: UnsafeMutablePointer<yaml_parser_t>, bytes: [UInt8]) {
        let p = parser.pointee
        let problem = p.problem.map { String(cString: $0) } ?? "unknown error"
        switch p.error {
        case YAML_READER_ERROR:
            var offset = min(Int(p.problem_offset), bytes.count)
            if problem == "invalid trailing UTF-8 octet" {
                // libyaml points at the trailing byte; the sequence is bad from its leading byte.
                var lead = offset - 1
                while lead > 0, bytes[lead] & 0xC0 == 0x80 { lead -= 1 }
                if lead >= 0, bytes[lead] >= 0xC0 { offset = lead }
            }
            let position = SourceOffsets.position(of: offset, in: bytes)
            let at = SourceRange(start: position)
            if problem == "control characters are not allowed" {
                let value = UInt32(bitPattern: p.problem_value)
                let hex = String(value, radix: 16, uppercase: true)
                diagnostics.append(
                    Diagnostic(
                        .Y001, problem, file: file, at: at,
                        help: "found U+\(String(repeating: "0", count: max(0, 4 - hex.count)))\(hex); remove it"))
            } else {
                let byte = offset < bytes.count ? bytes[offset] : 0
                let hex = String(byte, radix: 16, uppercase: true)
                diagnostics.append(
                    Diagnostic(
                        .Y005, "file is not valid UTF-8: \(problem)", file: file, at: at,
                        help:
                            "found byte 0x\(hex.count < 2 ? "0" : "")\(hex) at byte offset \(offset); save the file as UTF-8"
                    ))
            }
        case YAML_SCANNER_ERROR, YAML_PARSER_ERROR:
            let mark = p.problem_mark
            let at = Self.range(mark, mark)
            var message = problem
            var notes: [DiagnosticNote] = []
            if let contextPointer = p.context {
                let context = String(cString: contextPointer)
                message = "\(context): \(problem)"
                var subject = context
                for prefix in ["while parsing ", "while scanning "] where subject.hasPrefix(prefix) {
                    subject.removeFirst(prefix.count)
                }
                for article in ["a ", "an "] where subject.hasPrefix(article) {
                    subject.removeFirst(article.count)
                }
                // "while scanning for the next token" names a search, not a thing that starts.
                let note = subject.hasPrefix("for ") ? "the scan \(subject) started here" : "the \(subject) starts here"
                if p.context_mark.index != mark.index {
                    notes.append(DiagnosticNote(note, at: Self.range(p.context_mark, p.context_mark)))
                }
            }
            var help: String?
            if problem == "found character that cannot start any token", Self.leadingWhitespaceHasTab(bytes, line: Int(mark.line)) {
                help = "YAML indents with spaces only: replace the tab at the start of line \(Int(mark.line) + 1) with spaces"
            }
            diagnostics.append(
                Diagnostic(.Y001, message, file: file, at: SourceRange(start: at.start), notes: notes, help: help))
        case YAML_MEMORY_ERROR:
            diagnostics.append(Diagnostic(.Y001, "libyaml ran out of memory", file: file, at: .fileStart))
        default:
            let mark = p.problem_mark
            diagnostics.append(
                Diagnostic(.Y001, problem, file: file, at: SourceRange(start: Self.range(mark, mark).start)))
        }
    }

    /// Whether the indentation of line `line` (0-based) holds a tab.
    static func leadingWhitespaceHasTab(_ bytes: [UInt8], line: Int) -> Bool {
        var current = 0
        var i = 0
        while i < bytes.count, current < line {
            if bytes[i] == UInt8(ascii: "\n") { current += 1 }
            i += 1
        }
        while i < bytes.count, bytes[i] == UInt8(ascii: " ") || bytes[i] == UInt8(ascii: "\t") {
            if bytes[i] == UInt8(ascii: "\t") { return true }
            i += 1
        }
        return false
    }

    // MARK: Keys

    /// Whether two keys are equal (see ``KeyView/equal(_:_:)``), reading the arrays directly.
    @inline(__always)
    func smallKeysEqual(_ a: YAMLNodeID, _ b: YAMLNodeID) -> Bool {
        if a == b { return true }
        let ra = nodes[Int(a.index)]
        let rb = nodes[Int(b.index)]
        guard ra.kind == .scalar, rb.kind == .scalar, ra.count == rb.count else { return false }
        var i = Int(ra.offset)
        var j = Int(rb.offset)
        let end = i &+ Int(ra.count)
        while i < end {
            if text[i] != text[j] { return false }
            i &+= 1
            j &+= 1
        }
        return true
    }

    /// Runs `body` with read-only views of the nodes and text for comparing keys.
    func withKeyView<R>(_ body: (KeyView) -> R) -> R {
        nodes.withUnsafeBufferPointer { n in text.withUnsafeBufferPointer { t in body(KeyView(nodes: n, text: t)) } }
    }

    mutating func reportDuplicate(_ key: YAMLNodeID, first: YAMLNodeID) {
        let r = nodes[Int(key.index)]
        var message = "duplicate key"
        if r.kind == .scalar {
            var name = String(decoding: text[Int(r.offset)..<Int(r.offset + r.count)], as: UTF8.self)
            if name.count > 60 { name = String(name.prefix(57)) + "..." }
            message = "duplicate key \"\(name)\""
        }
        diagnostics.append(
            Diagnostic(
                .Y002, message, file: file, at: nodeRange(key),
                notes: [DiagnosticNote("first defined here", at: nodeRange(first))],
                help: "a mapping holds each key once; remove or rename one of them"))
    }

    /// Reports Y002 for the second of two equal keys among `pairs` pairs at `pending[start...]`.
    /// - Complexity: O(pairs): linear scan for small mappings, a hash table for large ones.
    mutating func checkDuplicates(start: Int, pairs: Int) {
        if pairs <= 1 { return }
        var found: [(YAMLNodeID, YAMLNodeID)] = []
        if pairs <= Self.smallMapping {
            // No closures here: capturing self would copy the whole composer per mapping.
            for i in 1..<pairs {
                let k = pending[start &+ 2 &* i]
                var j = 0
                while j < i {
                    let other = pending[start &+ 2 &* j]
                    if smallKeysEqual(other, k) {
                        found.append((k, other))
                        break
                    }
                    j &+= 1
                }
            }
        } else {
            var table = self.table
            self.table = KeyTable()
            table.reset(for: pairs)
            withKeyView { view in
                for i in 0..<pairs {
                    let k = pending[start + 2 * i]
                    if let first = table.insert(k, view) { found.append((k, first)) }
                }
            }
            self.table = table
        }
        for (key, first) in found { reportDuplicate(key, first: first) }
    }

    func isMergeKey(_ k: YAMLNodeID) -> Bool { withKeyView { $0.isMergeKey(k) } }

    /// The mappings a `<<` value merges, in priority order; `nil` (after reporting Y001) if the
    /// value is neither a mapping nor a sequence of mappings.
    mutating func mergeSources(_ value: YAMLNodeID, site: SourceRange?) -> [YAMLNodeID]? {
        let r = nodes[Int(value.index)]
        switch r.kind {
        case .mapping: return [value]
        case .sequence:
            let items = Array(children[Int(r.offset)..<Int(r.offset + r.count)])
            if items.allSatisfy({ nodes[Int($0.index)].kind == .mapping }) { return items }
        case .scalar: break
        }
        diagnostics.append(
            Diagnostic(
                .Y001, "merge key value must be a mapping or a list of mappings", file: file,
                at: site ?? nodeRange(value),
                help: "write `<<: *anchor` or `<<: [*first, *second]` with anchors on mappings"))
        return nil
    }

    /// Writes the mapping's pairs with `<<` entries replaced by the pairs they merge.
    ///
    /// Explicit keys win over merged ones, earlier merge sources over later ones; merged pairs
    /// take the place of their `<<` entry. Only explicit keys are checked for duplicates.
    mutating func resolveMerges(_ frame: Frame) {
        let start = frame.pendingStart
        let pairCount = (pending.count - start) / 2
        var sites: [Int: SourceRange?] = [:]
        for site in mergeSites[frame.mergeSiteStart...] { sites[site.pendingIndex] = site.range }
        var sources: [[YAMLNodeID]?] = []
        var candidates = pairCount
        for i in 0..<pairCount where isMergeKey(pending[start + 2 * i]) {
            let valueIndex = start + 2 * i + 1
            let list = mergeSources(pending[valueIndex], site: sites[valueIndex] ?? nil)
            for m in list ?? [] { candidates += count(m) }
            sources.append(list)
        }
        var table = self.table
        self.table = KeyTable()
        table.reset(for: candidates)
        var found: [(YAMLNodeID, YAMLNodeID)] = []
        var out: [YAMLNodeID] = []
        out.reserveCapacity(2 * candidates)
        withKeyView { view in
            for i in 0..<pairCount {
                let k = pending[start + 2 * i]
                if view.isMergeKey(k) { continue }
                if let first = table.insert(k, view) { found.append((k, first)) }
            }
            var nextSource = 0
            for i in 0..<pairCount {
                let k = pending[start + 2 * i]
                guard view.isMergeKey(k) else {
                    out.append(k)
                    out.append(pending[start + 2 * i + 1])
                    continue
                }
                let list = sources[nextSource] ?? []
                nextSource += 1
                for m in list {
                    let r = view.nodes[Int(m.index)]
                    var c = Int(r.offset)
                    let end = c + 2 * Int(r.count)
                    while c < end {
                        let key = children[c]
                        if table.insert(key, view) == nil {
                            out.append(key)
                            out.append(children[c + 1])
                        }
                        c += 2
                    }
                }
            }
        }
        self.table = table
        children.append(contentsOf: out)
        for (key, first) in found { reportDuplicate(key, first: first) }
    }

    func count(_ m: YAMLNodeID) -> Int { Int(nodes[Int(m.index)].count) }
}

/// Read-only views of the arena under construction, for comparing and hashing keys.
private struct KeyView {
    let nodes: UnsafeBufferPointer<YAMLNodeRecord>
    let text: UnsafeBufferPointer<UInt8>

    /// Whether two keys are the same: the same node, or scalars with the same bytes.
    @inline(__always)
    func equal(_ a: YAMLNodeID, _ b: YAMLNodeID) -> Bool {
        if a == b { return true }
        let ra = nodes[Int(a.index)]
        let rb = nodes[Int(b.index)]
        guard ra.kind == .scalar, rb.kind == .scalar, ra.count == rb.count else { return false }
        var i = Int(ra.offset)
        var j = Int(rb.offset)
        let end = i &+ Int(ra.count)
        while i < end {
            if text[i] != text[j] { return false }
            i &+= 1
            j &+= 1
        }
        return true
    }

    /// A hash consistent with ``equal(_:_:)``: FNV-1a of a scalar's bytes, or of a collection's id.
    func hash(_ k: YAMLNodeID) -> Int {
        let r = nodes[Int(k.index)]
        guard r.kind == .scalar else { return Int(truncatingIfNeeded: UInt64(k.index) &* 0x9E37_79B9_7F4A_7C15) }
        var h: UInt64 = 0xCBF2_9CE4_8422_2325
        var i = Int(r.offset)
        let end = i &+ Int(r.count)
        while i < end {
            h = (h ^ UInt64(text[i])) &* 0x100_0000_01B3
            i &+= 1
        }
        return Int(truncatingIfNeeded: h ^ (h >> 29))
    }

    /// Whether `k` is a plain `<<` scalar: a merge key.
    func isMergeKey(_ k: YAMLNodeID) -> Bool {
        let r = nodes[Int(k.index)]
        return r.kind == .scalar && r.flags & YAMLNodeRecord.plainFlag != 0 && r.count == 2
            && text[Int(r.offset)] == UInt8(ascii: "<") && text[Int(r.offset) + 1] == UInt8(ascii: "<")
    }
}

/// An open-addressing set of keys (linear probing), reused across mappings.
private struct KeyTable {
    var slots: [UInt32] = []
    var mask = 0

    static let empty = UInt32.max

    /// Empties the table and sizes it for `count` keys at most half full.
    /// - Complexity: O(count).
    mutating func reset(for count: Int) {
        var size = 16
        while size < count * 2 { size <<= 1 }
        if slots.count < size {
            slots = Array(repeating: Self.empty, count: size)
        } else {
            for i in 0..<size { slots[i] = Self.empty }
        }
        mask = size - 1
    }

    /// Inserts `key` unless an equal key is there; returns the equal key already there, if any.
    /// - Complexity: O(1) expected.
    mutating func insert(_ key: YAMLNodeID, _ view: KeyView) -> YAMLNodeID? {
        var i = view.hash(key) & mask
        while true {
            let s = slots[i]
            if s == Self.empty {
                slots[i] = key.index
                return nil
            }
            if view.equal(YAMLNodeID(index: s), key) { return YAMLNodeID(index: s) }
            i = (i &+ 1) & mask
        }
    }
}
