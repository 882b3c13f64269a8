/// A set of ``AnimatedComponent`` codes held as one bit each: a 64-bit word per layer.
///
/// A code is `layer * 64 + property ordinal * 4 + component` (``AnimatedComponent/code(layer:_:_:)``),
/// so a layer's components fill one word, inserting hashes nothing, and the codes come out in
/// trace order. Negative codes (events on negative layers) are not held: the words grow with the
/// highest layer, so callers with unbounded layer numbers check them first.
public struct AnimatedComponentSet: Sendable, Equatable {
    private var words: [UInt64] = []
    /// How many codes are in the set.
    public private(set) var count = 0

    /// An empty set.
    public init() {}

    /// An empty set with room for the components of `layers` layers.
    public init(layers: Int) {
        words.reserveCapacity(max(0, layers))
    }

    /// Adds `code`; a negative code is ignored.
    ///
    /// - Complexity: O(1), amortised over the words added for new layers.
    public mutating func insert(_ code: Int) {
        guard code >= 0 else { return }
        let (word, bit) = (code / 64, code % 64)
        if word >= words.count { words.append(contentsOf: repeatElement(0, count: word + 1 - words.count)) }
        let mask: UInt64 = 1 << UInt64(bit)
        if words[word] & mask == 0 {
            words[word] |= mask
            count += 1
        }
    }

    /// Whether `code` is in the set.
    public func contains(_ code: Int) -> Bool {
        guard code >= 0, code / 64 < words.count else { return false }
        return words[code / 64] & (1 << UInt64(code % 64)) != 0
    }

    /// The codes, ascending (trace order).
    ///
    /// - Complexity: O(layers + codes).
    public func sorted() -> [Int] {
        var codes: [Int] = []
        codes.reserveCapacity(count)
        for (word, bits) in words.enumerated() where bits != 0 {
            var rest = bits
            while rest != 0 {
                codes.append(word * 64 + rest.trailingZeroBitCount)
                rest &= rest - 1
            }
        }
        return codes
    }

    /// The components, in trace order.
    ///
    /// - Complexity: O(layers + codes).
    public func components() -> [AnimatedComponent] {
        sorted().compactMap(AnimatedComponent.init(code:))
    }
}
