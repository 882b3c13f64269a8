/// "Did you mean" suggestions: the closest known word to a misspelt one.
///
/// Rules use it for D002 (unknown key), D008 (unknown intention type), N004 (unknown plan name) and
/// T003 (a selector name no target has).
public enum Suggestions {
    /// The candidate closest to `word`, or `nil` when none is close enough.
    ///
    /// Closeness is the Damerau–Levenshtein distance (optimal string alignment: insertions,
    /// deletions, substitutions and transpositions of adjacent characters each cost 1) between the
    /// lowercased words, so `Opacity` → `opacity` is distance 0. A candidate is suggested only when
    /// - its distance is at most `max(1, word.count / 3)` (one typo per three characters), and
    /// - its distance is smaller than its own length (so `x` never suggests `y`), and
    /// - it is not `word` itself.
    ///
    /// Ties are broken, in order, by the case-sensitive distance, then by the candidate's Unicode
    /// scalar order, so the answer never depends on the candidates' order.
    ///
    /// A word longer than ``longestWord`` characters gets no suggestion, and a candidate is not
    /// looked at when it takes more than 8 bytes of UTF-8 per character it could have (the word's
    /// length plus the distance allowed): help for a hostile document costs what it costs for a
    /// plain one.
    ///
    /// - Complexity: O(*c* × *w* × *d*) for *c* candidates, a word of length *w* and the distance
    ///   allowed *d* (at most ``longestWord`` / 3): each comparison stops once no alignment can
    ///   come within *d*.
    public static func closest(to word: String, in candidates: some Sequence<String>) -> String? {
        let folded = Array(word.lowercased())
        guard folded.count <= longestWord else { return nil }
        let limit = maxDistance(for: word)
        let exact = Array(word)
        let longestCandidate = 8 * (folded.count + limit)
        // Plain ASCII (most names) is compared byte by byte, a byte being a character there, in
        // one buffer reused for every candidate ("\r\n", one character of two bytes, excluded).
        let ascii = word.utf8.allSatisfy(isPlainASCII)
        let foldedBytes = ascii ? word.utf8.map(lowercased) : []
        var candidateBytes: [UInt8] = []
        var best: (candidate: String, folded: Int, exact: Int)?
        for candidate in candidates where candidate != word {
            // Bytes bound characters from above: a candidate too short, or too long to read, is
            // skipped before it is lowercased.
            let bytes = candidate.utf8.count
            guard bytes >= folded.count - limit, bytes <= longestCandidate else { continue }
            let distance: Int
            if ascii, candidate.utf8.allSatisfy(isPlainASCII) {
                // Lengths alone bound the distance from below: skip hopeless candidates early.
                guard abs(bytes - foldedBytes.count) <= limit else { continue }
                candidateBytes.removeAll(keepingCapacity: true)
                candidateBytes.append(contentsOf: candidate.utf8.lazy.map(lowercased))
                distance = osaDistance(foldedBytes, candidateBytes, limit: limit)
            } else {
                let foldedCandidate = Array(candidate.lowercased())
                guard abs(foldedCandidate.count - folded.count) <= limit else { continue }
                distance = osaDistance(folded, foldedCandidate, limit: limit)
            }
            guard distance <= limit, distance < candidate.count else { continue }
            let exactDistance = osaDistance(exact, Array(candidate))
            if let current = best {
                let isBetter =
                    (distance, exactDistance) < (current.folded, current.exact)
                    || ((distance, exactDistance) == (current.folded, current.exact)
                        && candidate.unicodeScalars.lexicographicallyPrecedes(current.candidate.unicodeScalars))
                guard isBetter else { continue }
            }
            best = (candidate, distance, exactDistance)
        }
        return best?.candidate
    }

    /// The largest distance ``closest(to:in:)`` accepts for `word`: `max(1, word.count / 3)`.
    public static func maxDistance(for word: String) -> Int { max(1, word.count / 3) }

    /// The longest word, in characters, ``closest(to:in:)`` suggests a candidate for.
    public static let longestWord = 100

    /// Whether `byte` is ASCII and a character on its own (not a carriage return, which a line
    /// feed after it would join).
    private static func isPlainASCII(_ byte: UInt8) -> Bool { byte < 0x80 && byte != 0x0D }

    /// An ASCII byte lowercased, as `String.lowercased()` lowercases it.
    private static func lowercased(_ byte: UInt8) -> UInt8 {
        byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte + 32 : byte
    }

    /// The Damerau–Levenshtein distance (optimal string alignment) between two strings, by characters.
    ///
    /// Case-sensitive: `editDistance("Drag", "drag") == 1`. A transposition of neighbours counts as
    /// one edit: `editDistance("crad", "card") == 1`.
    ///
    /// - Complexity: O(*m* × *n*) time and O(*n*) memory for lengths *m* and *n*.
    public static func editDistance(_ a: String, _ b: String) -> Int {
        osaDistance(Array(a), Array(b))
    }

    /// Optimal string alignment distance with three rolling rows.
    ///
    /// With a `limit`, it may stop early and return a value above `limit` once the distance is
    /// certainly above it: a cell comes from the row above, from the cell before it, or (a
    /// transposition) from two rows above plus one, so once two rows in a row have all their
    /// values above `limit`, so have all the rows after them.
    ///
    /// The rows are one temporary allocation (on the stack for short words), not three arrays.
    static func osaDistance<Element: Equatable>(_ a: [Element], _ b: [Element], limit: Int = .max) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        let width = b.count + 1
        return withUnsafeTemporaryAllocation(of: Int.self, capacity: 3 * width) { rows in
            guard let base = rows.baseAddress else { return max(a.count, b.count) }
            // Three rows in turn: before the previous, the previous, the current.
            var beforePrevious = base
            var previous = base + width
            var current = base + 2 * width
            rows.initialize(repeating: 0)
            for j in 0...b.count { previous[j] = j }
            var previousLeast = 0
            for i in 1...a.count {
                current[0] = i
                var least = i
                for j in 1...b.count {
                    let cost = a[i - 1] == b[j - 1] ? 0 : 1
                    var value = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                    if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                        value = min(value, beforePrevious[j - 2] + 1)
                    }
                    current[j] = value
                    least = min(least, value)
                }
                if least > limit, previousLeast > limit { return least }
                previousLeast = least
                (beforePrevious, previous, current) = (previous, current, beforePrevious)
            }
            return previous[b.count]
        }
    }
}
