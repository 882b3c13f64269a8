import MotionCore

/// A target's initial layer values (`layer:`), packed as numbers in a block that many targets share.
///
/// A decoded document holds one per target, and validation reads a few (W010): a dictionary per
/// target cost ~320 bytes where these take a word per component and a word per value. Each value
/// is a head word, `ordinal × 8 + kind` (+ 4 when all four components are kept), then its
/// components: the kind's count, or four when a component past the kind's count is not zero (only
/// code makes such values). ``dictionary`` gives them back exactly as written.
package struct LayerValues: Sendable {
    /// The block holding the words; nil when there are no values.
    private let block: LayerValueBlock?
    /// Where the words start in the block.
    private let start: UInt32
    /// How many words there are.
    private let wordCount: UInt32

    /// No values.
    package init() {
        block = nil
        start = 0
        wordCount = 0
    }

    init(block: LayerValueBlock, start: Int, wordCount: Int) {
        self.block = block
        self.start = UInt32(truncatingIfNeeded: start)
        self.wordCount = UInt32(truncatingIfNeeded: wordCount)
    }

    /// The values of `dictionary`, in a block of their own.
    package init(_ dictionary: [LayerProperty: MotionValue]) {
        guard !dictionary.isEmpty else {
            self.init()
            return
        }
        var words: [Double] = []
        words.reserveCapacity(dictionary.count * 5)
        // In property order, so that equal dictionaries pack to equal words.
        for property in LayerProperty.allCases {
            if let value = dictionary[property] { Self.append(value, of: property, to: &words) }
        }
        var writer = LayerValueWriter(blockWords: words.count)
        self = writer.append(words)
    }

    /// Appends the words of `property`'s `value` to `words`.
    /// - Complexity: O(1).
    package static func append(_ value: MotionValue, of property: LayerProperty, to words: inout [Double]) {
        let kind = kindIndex(value.kind)
        let count = value.kind.componentCount
        let c = value.components
        var full = false
        for k in count..<4 where c[k].bitPattern != 0 { full = true }
        words.append(Double(property.ordinal * 8 + kind + (full ? 4 : 0)))
        for k in 0..<(full ? 4 : count) { words.append(c[k]) }
    }

    private static func kindIndex(_ kind: ValueKind) -> Int {
        switch kind {
        case .scalar: 0
        case .point: 1
        case .size: 2
        case .color: 3
        }
    }

    private static let kinds: [ValueKind] = [.scalar, .point, .size, .color]
    private static let properties = LayerProperty.allCases.sorted { $0.ordinal < $1.ordinal }

    /// Calls `body` with each property and value, in the order they were packed.
    /// - Complexity: O(values).
    @inline(__always)
    package func forEach(_ body: (LayerProperty, MotionValue) -> Void) {
        guard let block else { return }
        let words = UnsafeBufferPointer(start: block.words + Int(start), count: Int(wordCount))
        var i = 0
        while i < words.count {
            let head = Int(words[i])
            let kind = Self.kinds[head & 3]
            let count = head & 4 != 0 ? 4 : kind.componentCount
            var c = SIMD4<Double>(0, 0, 0, 0)
            for k in 0..<count { c[k] = words[i + 1 + k] }
            body(Self.properties[head >> 3], MotionValue(kind: kind, components: c))
            i += 1 + count
        }
    }

    /// How many values there are.
    /// - Complexity: O(values).
    private var count: Int {
        guard let block else { return 0 }
        let words = UnsafeBufferPointer(start: block.words + Int(start), count: Int(wordCount))
        var (i, n) = (0, 0)
        while i < words.count {
            let head = Int(words[i])
            i += 1 + (head & 4 != 0 ? 4 : Self.kinds[head & 3].componentCount)
            n += 1
        }
        return n
    }

    /// The values by property, as the run and the bake take them.
    /// - Complexity: O(values): builds a dictionary.
    package var dictionary: [LayerProperty: MotionValue] {
        guard block != nil else { return [:] }
        var values = [LayerProperty: MotionValue](minimumCapacity: count)
        forEach { values[$0] = $1 }
        return values
    }

    /// The value written for `property`, if any (the decoder writes none twice).
    /// - Complexity: O(values), stopping at the one found.
    package func value(of property: LayerProperty) -> MotionValue? {
        // The block's words read through it, not a second reference to it (retained and
        // released per lookup): `self` keeps the block for the call.
        guard let base = block?.words else { return nil }
        let words = UnsafeBufferPointer(start: base + Int(start), count: Int(wordCount))
        let ordinal = property.ordinal
        var i = 0
        while i < words.count {
            let head = Int(words[i])
            // The kind's component count without the kinds table (a lookup walks past most
            // values): scalar 1, point and size 2, color 4.
            let kindCount =
                switch head & 3 {
                case 0: 1
                case 3: 4
                default: 2
                }
            let count = head & 4 != 0 ? 4 : kindCount
            if head >> 3 == ordinal {
                var c = SIMD4<Double>(0, 0, 0, 0)
                for k in 0..<count { c[k] = words[i + 1 + k] }
                return MotionValue(kind: Self.kinds[head & 3], components: c)
            }
            i += 1 + count
        }
        return nil
    }
}

/// Words of packed layer values: a fixed buffer that a ``LayerValueWriter`` fills from the front.
///
/// Safe to share: the words a ``LayerValues`` reads are written once, before it exists, and never
/// again; only the writer that made the block appends past them.
final class LayerValueBlock: @unchecked Sendable {
    let words: UnsafeMutablePointer<Double>
    let capacity: Int
    var count = 0

    init(capacity: Int) {
        self.capacity = capacity
        words = .allocate(capacity: capacity)
    }

    deinit { words.deallocate() }
}

/// Packs the layer values of many targets into shared blocks, as the decoder reads them.
package struct LayerValueWriter {
    private var block: LayerValueBlock?
    /// The size of a new block, in words.
    private let blockWords: Int

    /// A writer whose blocks hold `blockWords` words (more when one target needs more).
    package init(blockWords: Int = 8192) {
        self.blockWords = max(1, blockWords)
    }

    /// Packs `words` (made by ``LayerValues/append(_:of:to:)``).
    /// - Complexity: O(words).
    package mutating func append(_ words: [Double]) -> LayerValues {
        guard !words.isEmpty else { return LayerValues() }
        let block: LayerValueBlock
        if let current = self.block, current.capacity - current.count >= words.count {
            block = current
        } else {
            block = LayerValueBlock(capacity: max(blockWords, words.count))
            self.block = block
        }
        let start = block.count
        words.withUnsafeBufferPointer { source in
            guard let base = source.baseAddress else { return }
            (block.words + start).initialize(from: base, count: source.count)
        }
        block.count += words.count
        return LayerValues(block: block, start: start, wordCount: words.count)
    }
}
