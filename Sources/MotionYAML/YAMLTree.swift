import MotionDiagnostics

/// A node of a ``YAMLTree``: an index into the tree's arena.
///
/// Ids are only meaningful for the tree that made them. An alias is not a node of its own: it
/// yields the id of the node its anchor names, so one id may appear in several places.
public struct YAMLNodeID: Hashable, Sendable, CustomStringConvertible {
    /// The position of the node in the arena, in document (pre-order) order of first appearance.
    public let index: UInt32

    /// Creates an id from an arena index.
    @inlinable
    public init(index: UInt32) { self.index = index }

    /// The index, for debugging.
    public var description: String { "#\(index)" }
}

/// What a YAML node is: a scalar, a sequence or a mapping.
public enum YAMLNodeKind: UInt8, Sendable, Hashable {
    /// A scalar: text, in any style (plain, quoted, literal, folded).
    case scalar
    /// A sequence of nodes.
    case sequence
    /// A mapping of key nodes to value nodes.
    case mapping
}

/// One key-value pair of a mapping.
public struct YAMLPair: Sendable, Hashable {
    /// The key node.
    public let key: YAMLNodeID
    /// The value node.
    public let value: YAMLNodeID

    /// Creates a pair.
    @inlinable
    public init(key: YAMLNodeID, value: YAMLNodeID) {
        self.key = key
        self.value = value
    }
}

/// Where a node was written: libyaml's 0-based start and end line and column (Unicode scalars).
@usableFromInline
struct YAMLMarks: Sendable, Equatable {
    @usableFromInline var startLine: UInt32
    @usableFromInline var startColumn: UInt32
    @usableFromInline var endLine: UInt32
    @usableFromInline var endColumn: UInt32

    @inlinable
    init(startLine: UInt32, startColumn: UInt32, endLine: UInt32, endColumn: UInt32) {
        self.startLine = startLine
        self.startColumn = startColumn
        self.endLine = endLine
        self.endColumn = endColumn
    }

    /// The 1-based range diagnostics show.
    @inlinable
    var range: SourceRange {
        SourceRange(
            start: SourcePosition(line: Int(startLine) + 1, column: Int(startColumn) + 1),
            end: SourcePosition(line: Int(endLine) + 1, column: Int(endColumn) + 1))
    }

    // The packed form: start line in bits 0-24, start column in bits 25-37, the end line's
    // distance from the start line in bits 38-49, the end column in bits 50-62. Marks that do not
    // fit (line 2^25, column 8192, a node over 4096 lines) go to a side table, bit 63 set and the
    // low bits holding their index there.
    @usableFromInline static let overflowFlag: UInt64 = 1 << 63

    /// The packed form of these marks, or nil when a field does not fit.
    @inlinable
    var packed: UInt64? {
        guard startLine < 1 << 25, startColumn < 1 << 13, endLine >= startLine, endLine - startLine < 1 << 12,
            endColumn < 1 << 13
        else { return nil }
        return UInt64(startLine) | UInt64(startColumn) << 25 | UInt64(endLine - startLine) << 38 | UInt64(endColumn) << 50
    }

    /// Marks from their packed form.
    @inlinable
    init(packed v: UInt64) {
        startLine = UInt32(truncatingIfNeeded: v & (1 << 25 - 1))
        startColumn = UInt32(truncatingIfNeeded: v >> 25 & (1 << 13 - 1))
        endLine = startLine + UInt32(truncatingIfNeeded: v >> 38 & (1 << 12 - 1))
        endColumn = UInt32(truncatingIfNeeded: v >> 50 & (1 << 13 - 1))
    }
}

/// One node of the arena: 16 bytes, no references.
///
/// `marks` holds the node's position, packed (``YAMLMarks``), or the index of its marks in the
/// tree's side table. For a scalar, `offset` and `count` locate its bytes: in the input itself
/// when the scalar is written there verbatim (``inSourceFlag`` set), else in the tree's text
/// buffer; for a collection they locate its children (items, or keys and values interleaved) in
/// the children buffer, `count` being the number of items or pairs. The kind and the plain flag
/// share a word with the count, which ``YAMLParser/parse(_:file:limits:)`` keeps below 2^29 by
/// refusing larger inputs.
@usableFromInline
struct YAMLNodeRecord: Sendable {
    @usableFromInline var marks: UInt64
    @usableFromInline var offset: UInt32
    /// The count in the low 29 bits, the plain flag in bit 29, the kind in bits 30 and 31.
    @usableFromInline var packed: UInt32

    @usableFromInline static let plainFlag: UInt8 = 1
    /// The largest count a record holds.
    @usableFromInline static let countMask: UInt32 = (1 << 29) - 1
    /// Set in a scalar's `offset` when its bytes are the input's, at `offset & countMask`.
    @usableFromInline static let inSourceFlag: UInt32 = 1 << 31

    @inlinable
    init(marks: UInt64, offset: UInt32, count: UInt32, kind: YAMLNodeKind, flags: UInt8) {
        self.marks = marks
        self.offset = offset
        packed = min(count, Self.countMask) | UInt32(flags & 1) << 29 | UInt32(kind.rawValue) << 30
    }

    /// The number of text bytes, items or pairs.
    @inlinable var count: UInt32 {
        get { packed & Self.countMask }
        set { packed = packed & ~Self.countMask | min(newValue, Self.countMask) }
    }

    /// What the node is.
    @inlinable var kind: YAMLNodeKind {
        switch packed >> 30 {
        case 1: .sequence
        case 2: .mapping
        default: .scalar
        }
    }

    /// ``plainFlag`` for a plain scalar, else 0.
    @inlinable var flags: UInt8 { UInt8(truncatingIfNeeded: packed >> 29) & 1 }

    /// Whether a scalar's bytes are the input's rather than the text buffer's.
    @inlinable var isInSource: Bool { offset & Self.inSourceFlag != 0 }

    /// Where a scalar's bytes start in the input or in the text buffer (``isInSource``).
    @inlinable var textStart: Int { Int(offset & Self.countMask) }

    /// The node's marks, looked up in `overflow` when they did not fit in the record.
    @inlinable
    func marks(_ overflow: [YAMLMarks]) -> YAMLMarks {
        if marks & YAMLMarks.overflowFlag == 0 { return YAMLMarks(packed: marks) }
        return overflow[Int(truncatingIfNeeded: marks & ~YAMLMarks.overflowFlag)]
    }

    /// Stores `new` in the record, or in `overflow` when it does not fit.
    @inlinable
    mutating func setMarks(_ new: YAMLMarks, _ overflow: inout [YAMLMarks]) {
        if let packed = new.packed {
            marks = packed
        } else if marks & YAMLMarks.overflowFlag != 0 {
            overflow[Int(truncatingIfNeeded: marks & ~YAMLMarks.overflowFlag)] = new
        } else {
            marks = YAMLMarks.overflowFlag | UInt64(overflow.count)
            overflow.append(new)
        }
    }
}

/// The bytes of scalars: the input, and a buffer for the text that is not written verbatim in it
/// (quoted with escapes, folded, block scalars).
@usableFromInline
struct YAMLScalarBytes {
    @usableFromInline let source: UnsafeBufferPointer<UInt8>
    @usableFromInline let text: UnsafeBufferPointer<UInt8>

    @inlinable
    init(source: UnsafeBufferPointer<UInt8>, text: UnsafeBufferPointer<UInt8>) {
        self.source = source
        self.text = text
    }

    /// The bytes of the scalar `r`.
    @inlinable
    subscript(r: YAMLNodeRecord) -> UnsafeBufferPointer<UInt8> {
        let start = r.textStart
        let all = r.isInSource ? source : text
        return UnsafeBufferPointer(rebasing: all[start..<start &+ Int(r.count)])
    }
}

/// A parsed YAML document: an immutable arena of nodes with their source positions.
///
/// Nodes live in one flat array of small records; scalar text lives in one shared byte buffer;
/// the children of each collection are contiguous in one children buffer. Aliases share the id of
/// the node they name (the tree is a DAG, never copied), and merge keys (`<<`) are already
/// resolved: ``pairs(_:)`` yields the merged pairs, without the `<<` entries.
///
/// Every accessor expects an id made by this tree.
public struct YAMLTree: Sendable {
    /// The document's top node, or `nil` for an empty file or a document with no content.
    public var root: YAMLNodeID?

    @usableFromInline var nodes: [YAMLNodeRecord]
    /// The input the tree was parsed from: scalars written verbatim are read there (shared with
    /// the caller's array, not copied).
    @usableFromInline var source: [UInt8]
    /// The text of the scalars not written verbatim in the input.
    @usableFromInline var text: [UInt8]
    @usableFromInline var children: [YAMLNodeID]
    /// The marks of the nodes whose marks do not fit in their record (``YAMLMarks``).
    @usableFromInline var overflowMarks: [YAMLMarks]

    /// An empty tree: no nodes, no root.
    public init() {
        root = nil
        nodes = []
        source = []
        text = []
        children = []
        overflowMarks = []
    }

    @usableFromInline
    init(
        root: YAMLNodeID?, nodes: [YAMLNodeRecord], source: [UInt8], text: [UInt8], children: [YAMLNodeID],
        overflowMarks: [YAMLMarks]
    ) {
        self.root = root
        self.nodes = nodes
        self.source = source
        self.text = text
        self.children = children
        self.overflowMarks = overflowMarks
    }

    /// The number of nodes in the arena (aliases are not nodes).
    public var nodeCount: Int { nodes.count }

    /// What the node is.
    /// - Complexity: O(1).
    @inlinable
    public func kind(_ n: YAMLNodeID) -> YAMLNodeKind { nodes[Int(n.index)].kind }

    /// Where the node is in the source: 1-based line and column (Unicode scalars), end exclusive.
    ///
    /// For a node reached through an alias, this is where the anchored node is.
    /// - Complexity: O(1).
    public func range(_ n: YAMLNodeID) -> SourceRange {
        nodes[Int(n.index)].marks(overflowMarks).range
    }

    /// The text of a scalar; `""` for a collection.
    /// - Complexity: O(length of the text); allocates a String. Prefer ``scalarEquals(_:_:)`` or
    ///   ``withScalarBytes(_:_:)`` on hot paths.
    public func string(_ n: YAMLNodeID) -> String {
        withScalarBytes(n) { String(decoding: $0, as: UTF8.self) }
    }

    /// Calls `body` with the UTF-8 bytes of a scalar (empty for a collection), without allocating.
    ///
    /// The buffer is valid only during the call.
    /// - Complexity: O(1) plus `body`.
    @inlinable
    public func withScalarBytes<R>(
        _ n: YAMLNodeID, _ body: (UnsafeBufferPointer<UInt8>) throws -> R
    ) rethrows -> R {
        let r = nodes[Int(n.index)]
        guard r.kind == .scalar, r.count > 0 else {
            return try body(UnsafeBufferPointer(start: nil, count: 0))
        }
        return try (r.isInSource ? source : text).withUnsafeBufferPointer { all in
            try body(UnsafeBufferPointer(rebasing: all[r.textStart..<r.textStart &+ Int(r.count)]))
        }
    }

    /// Whether the node is a scalar whose text is exactly `s`; makes no String.
    /// - Complexity: O(length of `s`).
    @inlinable
    public func scalarEquals(_ n: YAMLNodeID, _ s: StaticString) -> Bool {
        let r = nodes[Int(n.index)]
        guard r.kind == .scalar else { return false }
        return s.withUTF8Buffer { key in
            guard key.count == Int(r.count) else { return false }
            if key.isEmpty { return true }
            return (r.isInSource ? source : text).withUnsafeBufferPointer { all in
                let start = r.textStart
                var i = 0
                while i < key.count {
                    if all[start &+ i] != key[i] { return false }
                    i &+= 1
                }
                return true
            }
        }
    }

    /// Whether the node is a plain scalar: unquoted, and neither literal (`|`) nor folded (`>`).
    /// - Complexity: O(1).
    @inlinable
    public func isPlain(_ n: YAMLNodeID) -> Bool {
        let r = nodes[Int(n.index)]
        return r.kind == .scalar && r.flags & YAMLNodeRecord.plainFlag != 0
    }

    /// Whether the node is a YAML 1.2 core-schema null: a plain `""`, `~`, `null`, `Null` or `NULL`.
    ///
    /// A quoted `"null"` is a string, not a null.
    ///
    /// - Complexity: O(1).
    public func isNull(_ n: YAMLNodeID) -> Bool {
        guard isPlain(n) else { return false }
        return withScalarBytes(n) { b in
            switch b.count {
            case 0: return true
            case 1: return b[0] == UInt8(ascii: "~")
            case 4:
                let (c0, c1, c2, c3) = (b[0], b[1], b[2], b[3])
                if c0 == UInt8(ascii: "n") || c0 == UInt8(ascii: "N") {
                    if c1 == UInt8(ascii: "u"), c2 == UInt8(ascii: "l"), c3 == UInt8(ascii: "l") { return true }
                    if c0 == UInt8(ascii: "N"), c1 == UInt8(ascii: "U"), c2 == UInt8(ascii: "L"),
                        c3 == UInt8(ascii: "L")
                    {
                        return true
                    }
                }
                return false
            default: return false
            }
        }
    }

    /// The scalar read as a YAML 1.2 core-schema number, or `nil` if it is not one.
    ///
    /// Accepts integers (`12`, `-3`, `+4`), decimals (`1.5`, `.5`, `5.`), exponents (`1e3`),
    /// `0x1F`, `0o17`, `.inf`/`.Inf`/`.INF` with an optional sign, and `.nan`/`.NaN`/`.NAN`. The
    /// style is ignored: a quoted `"1"` is 1.0. Too large a number (`1e400`) is infinite: callers
    /// report non-finite values. `300ms`, `""` and collections are `nil`.
    /// - Complexity: O(length of the text); allocates nothing for up to 15 significant digits.
    public func double(_ n: YAMLNodeID) -> Double? {
        guard nodes[Int(n.index)].kind == .scalar else { return nil }
        return withScalarBytes(n) { YAMLNumber.parse($0) }
    }

    /// The number of items of a sequence or pairs of a mapping (after merging); 0 for a scalar.
    /// - Complexity: O(1).
    @inlinable
    public func count(_ n: YAMLNodeID) -> Int {
        let r = nodes[Int(n.index)]
        return r.kind == .scalar ? 0 : Int(r.count)
    }

    /// The items of a sequence, in document order; empty for a scalar or a mapping.
    /// - Complexity: O(1).
    @inlinable
    public func items(_ n: YAMLNodeID) -> YAMLItems {
        let r = nodes[Int(n.index)]
        guard r.kind == .sequence else { return YAMLItems(children: children, start: 0, count: 0) }
        return YAMLItems(children: children, start: Int(r.offset), count: Int(r.count))
    }

    /// The pairs of a mapping after merge-key resolution, in document order; empty otherwise.
    ///
    /// A `<<` entry is replaced, where it stood, by the pairs it merges that the mapping does not
    /// define itself; among several merged mappings the earlier one wins.
    /// - Complexity: O(1).
    @inlinable
    public func pairs(_ n: YAMLNodeID) -> YAMLPairs {
        let r = nodes[Int(n.index)]
        guard r.kind == .mapping else { return YAMLPairs(children: children, start: 0, count: 0) }
        return YAMLPairs(children: children, start: Int(r.offset), count: Int(r.count))
    }

    /// The value of the first pair of `mapping` whose key is the scalar `key`, if any.
    /// - Complexity: O(number of pairs): a linear search, for convenience.
    @inlinable
    public func value(forKey key: StaticString, in mapping: YAMLNodeID) -> YAMLNodeID? {
        for pair in pairs(mapping) where scalarEquals(pair.key, key) {
            return pair.value
        }
        return nil
    }
}

/// The items of a YAML sequence: a view into the tree's children buffer.
public struct YAMLItems: RandomAccessCollection, Sendable {
    @usableFromInline let children: [YAMLNodeID]
    @usableFromInline let base: Int
    /// The number of items.
    public let count: Int

    @inlinable
    init(children: [YAMLNodeID], start: Int, count: Int) {
        self.children = children
        self.base = start
        self.count = count
    }

    /// The position of the first item: 0.
    @inlinable public var startIndex: Int { 0 }
    /// One past the last item: `count`.
    @inlinable public var endIndex: Int { count }

    /// The item at `i`, counted from 0.
    /// - Complexity: O(1).
    @inlinable
    public subscript(i: Int) -> YAMLNodeID { children[base &+ i] }
}

/// The pairs of a YAML mapping: a view into the tree's children buffer.
public struct YAMLPairs: RandomAccessCollection, Sendable {
    @usableFromInline let children: [YAMLNodeID]
    @usableFromInline let base: Int
    /// The number of pairs.
    public let count: Int

    @inlinable
    init(children: [YAMLNodeID], start: Int, count: Int) {
        self.children = children
        self.base = start
        self.count = count
    }

    /// The position of the first pair: 0.
    @inlinable public var startIndex: Int { 0 }
    /// One past the last pair: `count`.
    @inlinable public var endIndex: Int { count }

    /// The pair at `i`, counted from 0.
    /// - Complexity: O(1).
    @inlinable
    public subscript(i: Int) -> YAMLPair {
        let k = base &+ 2 &* i
        return YAMLPair(key: children[k], value: children[k &+ 1])
    }
}
