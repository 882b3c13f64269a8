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
    /// - Complexity: O(*c* × *w* × *l*) for *c* candidates of length *l* and a word of length *w*.
    public static func closest(to word: String, in candidates: some Sequence<String>) -> String? {
        let limit = maxDistance(for: word)
        let folded = Array(word.lowercased())
        let exact = Array(word)
        var best: (candidate: String, folded: Int, exact: Int)?
        for candidate in candidates where candidate != word {
            let foldedCandidate = Array(candidate.lowercased())
            // Lengths alone bound the distance from below: skip hopeless candidates early.
            guard abs(foldedCandidate.count - folded.count) <= limit else { continue }
            let distance = osaDistance(folded, foldedCandidate)
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
    static func osaDistance<Element: Equatable>(_ a: [Element], _ b: [Element]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var beforePrevious = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                var value = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    value = min(value, beforePrevious[j - 2] + 1)
                }
                current[j] = value
            }
            swap(&beforePrevious, &previous)
            swap(&previous, &current)
        }
        return previous[b.count]
    }
}
