import Testing

@testable import MotionDiagnostics

@Suite("Did you mean")
struct SuggestionsTests {
    @Test(arguments: [
        ("", "", 0), ("", "abc", 3), ("abc", "", 3), ("drag", "drag", 0), ("drgg", "drag", 1),
        ("crad", "card", 1), ("Drag", "drag", 1), ("kitten", "sitting", 3), ("ca", "abc", 3),
        ("duraton", "duration", 1), ("café", "cafe", 1), ("abcdef", "badcfe", 3),
    ])
    func editDistance(a: String, b: String, expected: Int) {
        #expect(Suggestions.editDistance(a, b) == expected)
        #expect(Suggestions.editDistance(b, a) == expected)
    }

    static let keys = ["target", "property", "from", "to", "duration", "delay", "easing", "values", "offsets"]

    @Test(arguments: [
        ("drgg", ["drag", "pinch"], "drag"),
        ("crad", ["card", "photo"], "card"),
        ("duraton", keys, "duration"),
        ("Duration", keys, "duration"),
        ("ofsets", keys, "offsets"),
        ("tweeen", ["tween", "spring"], "tween"),
        ("sprng", ["tween", "spring"], "spring"),
    ])
    func suggestsTheClosest(word: String, candidates: [String], expected: String) {
        #expect(Suggestions.closest(to: word, in: candidates) == expected)
        #expect(Suggestions.closest(to: word, in: candidates.reversed()) == expected)
    }

    @Test(arguments: [
        ("zzzz", ["drag", "pinch"]),
        ("x", ["y", "z"]),  // distance 1 equals the candidate's length: no suggestion
        ("drag", ["drag"]),  // never the word itself
        ("dr", ["drag"]),  // two edits for a two-letter word is too far
        ("anything", [String]()),
    ])
    func staysQuietWhenNothingIsClose(word: String, candidates: [String]) {
        #expect(Suggestions.closest(to: word, in: candidates) == nil)
    }

    @Test func tiesAreDeterministic() {
        // Both are one edit away ignoring case; "Card" matches the word's case exactly, so it wins.
        #expect(Suggestions.closest(to: "Crd", in: ["card", "Card"]) == "Card")
        #expect(Suggestions.closest(to: "Crd", in: ["Card", "card"]) == "Card")
        // Same distances both ways: scalar order decides, whatever the candidates' order.
        #expect(Suggestions.closest(to: "bat", in: ["cat", "bar"]) == "bar")
        #expect(Suggestions.closest(to: "bat", in: ["bar", "cat"]) == "bar")
    }

    @Test(arguments: [(1, 1), (3, 1), (5, 1), (6, 2), (9, 3)])
    func distanceLimitGrowsWithTheWord(length: Int, limit: Int) {
        #expect(Suggestions.maxDistance(for: String(repeating: "a", count: length)) == limit)
    }

    @Test("a distance bounded by a limit decides as the whole one: equal up to the limit, above it past it")
    func boundedDistanceAgreesWithTheWholeOne() {
        // Every pair of words of up to 7 letters over a three-letter alphabet that start with `a`
        // or `b`: all the shapes of repeats, swaps and length differences the early stop meets.
        let letters: [Character] = ["a", "b", "c"]
        var words: [[Character]] = [[]]
        for length in 1...5 {
            let count = (0..<length).reduce(1) { product, _ in product * 3 }
            words += (0..<count).map { n in
                var n = n
                return (0..<length).map { _ in
                    defer { n /= 3 }
                    return letters[n % 3]
                }
            }
        }
        for a in words.prefix(200) {
            for b in words.suffix(200) {
                let whole = Suggestions.osaDistance(a, b)
                for limit in 0...4 {
                    let bounded = Suggestions.osaDistance(a, b, limit: limit)
                    if whole <= limit {
                        #expect(bounded == whole, "\(String(a)) \(String(b)) limit \(limit)")
                    } else {
                        #expect(bounded > limit, "\(String(a)) \(String(b)) limit \(limit)")
                    }
                }
            }
        }
    }

    @Test("a word of more than 100 characters gets no suggestion; one of 100 does")
    func longWordsGetNone() {
        let known = String(repeating: "ab", count: 50)
        #expect(Suggestions.closest(to: String(known.dropLast()) + "x", in: [known]) == known)
        let longer = known + "c"
        #expect(Suggestions.closest(to: String(longer.dropLast()) + "x", in: [longer]) == nil)
    }
}
