import MotionDiagnostics

/// Whether two keys are the same: the same node, or scalars with the same bytes. The one
/// comparison of keys.
///
/// - Complexity: O(length of the keys).
@inline(__always)
func keysEqual(_ a: YAMLNodeID, _ b: YAMLNodeID, nodes: UnsafeBufferPointer<YAMLNodeRecord>, bytes: YAMLScalarBytes) -> Bool {
    if a == b { return true }
    let ra = nodes[Int(a.index)]
    let rb = nodes[Int(b.index)]
    guard scalarsOfOneLength(ra, rb) else { return false }
    let x = bytes[ra]
    let y = bytes[rb]
    var i = 0
    while i < x.count {
        if x[i] != y[i] { return false }
        i &+= 1
    }
    return true
}

/// Whether two records are scalars of the same length: the cheap test before comparing bytes.
@inline(__always)
func scalarsOfOneLength(_ a: YAMLNodeRecord, _ b: YAMLNodeRecord) -> Bool {
    a.kind == .scalar && b.kind == .scalar && a.count == b.count
}

/// Duplicate keys (Y002): a linear scan for small mappings, a hash table for large ones.
extension Composer {
    /// Whether two keys are equal (``keysEqual(_:_:nodes:bytes:)``), opening the views over the
    /// arena only for keys that may be.
    @inline(__always)
    func smallKeysEqual(_ a: YAMLNodeID, _ b: YAMLNodeID) -> Bool {
        a == b || (scalarsOfOneLength(nodes[Int(a.index)], nodes[Int(b.index)]) && withKeyView { $0.equal(a, b) })
    }

    /// Runs `body` with read-only views of the nodes and scalar bytes for comparing keys.
    func withKeyView<R>(_ body: (KeyView) -> R) -> R {
        nodes.withUnsafeBufferPointer { n in
            source.withUnsafeBufferPointer { s in
                text.withUnsafeBufferPointer { t in body(KeyView(nodes: n, bytes: YAMLScalarBytes(source: s, text: t))) }
            }
        }
    }

    /// The bytes of the scalar `r`, copied.
    func scalarBytes(_ r: YAMLNodeRecord) -> [UInt8] {
        source.withUnsafeBufferPointer { s in text.withUnsafeBufferPointer { t in Array(YAMLScalarBytes(source: s, text: t)[r]) } }
    }

    mutating func reportDuplicate(_ key: YAMLNodeID, first: YAMLNodeID) {
        let r = nodes[Int(key.index)]
        var message = "duplicate key"
        if r.kind == .scalar {
            var name = String(decoding: scalarBytes(r), as: UTF8.self)
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
    let bytes: YAMLScalarBytes

    /// Whether two keys are the same (``keysEqual(_:_:nodes:bytes:)``).
    @inline(__always)
    func equal(_ a: YAMLNodeID, _ b: YAMLNodeID) -> Bool { keysEqual(a, b, nodes: nodes, bytes: bytes) }

    /// A hash consistent with ``equal(_:_:)``: FNV-1a of a scalar's bytes, or of a collection's id.
    func hash(_ k: YAMLNodeID) -> Int {
        let r = nodes[Int(k.index)]
        guard r.kind == .scalar else { return Int(truncatingIfNeeded: UInt64(k.index) &* 0x9E37_79B9_7F4A_7C15) }
        var h: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in bytes[r] {
            h = (h ^ UInt64(byte)) &* 0x100_0000_01B3
        }
        return Int(truncatingIfNeeded: h ^ (h >> 29))
    }

    /// Whether `k` is a plain `<<` scalar: a merge key.
    func isMergeKey(_ k: YAMLNodeID) -> Bool {
        let r = nodes[Int(k.index)]
        guard r.kind == .scalar, r.flags & YAMLNodeRecord.plainFlag != 0, r.count == 2 else { return false }
        let b = bytes[r]
        return b[0] == UInt8(ascii: "<") && b[1] == UInt8(ascii: "<")
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
