import MotionDiagnostics

/// Whether two keys are the same: the same node, or scalars with the same bytes. The one
/// comparison of keys, over the arena's arrays or over views of them.
///
/// - Complexity: O(length of the keys).
@inline(__always)
func keysEqual<Nodes: RandomAccessCollection<YAMLNodeRecord>, Text: RandomAccessCollection<UInt8>>(
    _ a: YAMLNodeID, _ b: YAMLNodeID, nodes: Nodes, text: Text
) -> Bool where Nodes.Index == Int, Text.Index == Int {
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

/// Duplicate keys (Y002): a linear scan for small mappings, a hash table for large ones.
extension Composer {
    /// Whether two keys are equal (``keysEqual(_:_:nodes:text:)``), reading the arrays directly.
    @inline(__always)
    func smallKeysEqual(_ a: YAMLNodeID, _ b: YAMLNodeID) -> Bool { keysEqual(a, b, nodes: nodes, text: text) }

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
}

/// Read-only views of the arena under construction, for comparing and hashing keys.
struct KeyView {
    let nodes: UnsafeBufferPointer<YAMLNodeRecord>
    let text: UnsafeBufferPointer<UInt8>

    /// Whether two keys are the same (``keysEqual(_:_:nodes:text:)``).
    @inline(__always)
    func equal(_ a: YAMLNodeID, _ b: YAMLNodeID) -> Bool { keysEqual(a, b, nodes: nodes, text: text) }

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
struct KeyTable {
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
