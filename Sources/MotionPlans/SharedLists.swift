import MotionCore

/// Lists the decoder made, kept so that a later list with the same bits shares their storage.
///
/// Documents repeat lists: the same classes on many targets, the same `values`, `offsets` and
/// `easing` on many tweens. An array shares its storage when copied, so each repeat costs a
/// reference instead of an allocation of its own. Elements are compared bit for bit (`-0` and `0`
/// differ, strings by their UTF-8), so a shared list is the very list the document wrote.
struct SharedLists {
    var classes = ListInterner<String>()
    var values = ListInterner<MotionValue>()
    var offsets = ListInterner<Double>()
    var curves = ListInterner<TimingCurve>()
}

/// An element a ``ListInterner`` can compare bit for bit.
protocol BitwiseComparable {
    /// Feeds the element's bits to `hasher`.
    func hashBits(into hasher: inout Hasher)
    /// Whether `other` has the same bits.
    func hasSameBits(as other: Self) -> Bool
}

/// The lists of one element type seen so far, at most one per hash.
struct ListInterner<Element: BitwiseComparable> {
    private var lists: [Int: [Element]] = [:]
    /// Lists longer than this are not kept: repeats are short lists, and hashing a long one costs.
    static var longest: Int { 16 }
    /// How many lists are kept at most, so that a document of distinct lists costs a bounded table.
    static var capacity: Int { 4096 }

    /// `list`, or an earlier list with the same bits.
    /// - Complexity: O(n) in the length of the list.
    mutating func share(_ list: [Element]) -> [Element] {
        guard !list.isEmpty, list.count <= Self.longest else { return list }
        var hasher = Hasher()
        hasher.combine(list.count)
        for element in list { element.hashBits(into: &hasher) }
        let key = hasher.finalize()
        if let earlier = lists[key] {
            guard earlier.count == list.count else { return list }
            for i in list.indices where !list[i].hasSameBits(as: earlier[i]) { return list }
            return earlier
        }
        if lists.count < Self.capacity { lists[key] = list }
        return list
    }
}

extension Double: BitwiseComparable {
    func hashBits(into hasher: inout Hasher) { hasher.combine(bitPattern) }
    func hasSameBits(as other: Double) -> Bool { bitPattern == other.bitPattern }
}

extension MotionValue: BitwiseComparable {
    func hashBits(into hasher: inout Hasher) {
        // The kind by its number: hashing the enum would hash its raw text.
        let kindNumber: UInt8 =
            switch kind {
            case .scalar: 0
            case .point: 1
            case .size: 2
            case .color: 3
            }
        hasher.combine(kindNumber)
        let c = components
        for k in 0..<4 { hasher.combine(c[k].bitPattern) }
    }

    func hasSameBits(as other: MotionValue) -> Bool {
        let (a, b) = (components, other.components)
        return kind == other.kind && (0..<4).allSatisfy { a[$0].bitPattern == b[$0].bitPattern }
    }
}

extension TimingCurve: BitwiseComparable {
    func hashBits(into hasher: inout Hasher) {
        switch self {
        case .linear: hasher.combine(0)
        case .cubicBezier(let x1, let y1, let x2, let y2):
            hasher.combine(1)
            hasher.combine(x1.bitPattern)
            hasher.combine(y1.bitPattern)
            hasher.combine(x2.bitPattern)
            hasher.combine(y2.bitPattern)
        }
    }

    func hasSameBits(as other: TimingCurve) -> Bool {
        switch (self, other) {
        case (.linear, .linear): true
        case (.cubicBezier(let a1, let b1, let c1, let d1), .cubicBezier(let a2, let b2, let c2, let d2)):
            a1.bitPattern == a2.bitPattern && b1.bitPattern == b2.bitPattern && c1.bitPattern == c2.bitPattern
                && d1.bitPattern == d2.bitPattern
        default: false
        }
    }
}

extension String: BitwiseComparable {
    func hashBits(into hasher: inout Hasher) {
        var text = self
        // In place for a native string (what decoding makes).
        text.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
        hasher.combine(0xFF as UInt8)
    }

    func hasSameBits(as other: String) -> Bool { utf8.elementsEqual(other.utf8) }
}
