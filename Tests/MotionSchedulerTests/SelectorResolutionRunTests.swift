import MotionPlans
import MotionSelectors
import Testing

@testable import MotionScheduler

/// How a run resolves operation selectors: plain `#id` selectors from the id index, the others
/// through the selector tree; both give what the selector tree's matching gives.
@Suite struct SelectorResolutionRunTests {
    /// A document with nested targets, types and classes; the test repeats one id (the error D006,
    /// which the decoder does not let through) by appending a copy of a target.
    static let yaml = """
        motion: 1
        targets:
          a: { type: Card, class: [wide], layer: { opacity: 1 }, children: { b: { type: Photo }, dup: { type: Photo } } }
          dup: { type: Card }
          é: { type: Card }
          x-1_y: { type: Card, class: [wide] }
        transactions: []
        """

    @Test("every selector resolves as the selector tree matches it, duplicates and all")
    func resolvesAsTheTreeMatches() throws {
        let loaded = DocumentLoader.load(Array(Self.yaml.utf8), file: "ids.yaml")
        var document = try #require(loaded.document)
        let dup = try #require(document.targets.first { $0.id.value == "dup" })
        document.targets.append(dup)
        #expect(document.targets.count == 6, "\(document.targets.map(\.id.value))")
        let tree = document.selectorTree
        let hub = PresentationHub(document: document, sink: nil)
        let selectors = [
            "#a", "#b", "#dup", "#é", "#x-1_y", "#missing", "#a ", " #a", "#a.wide", "Card#a", "#a, #dup", "#a #dup",
            "#a > #b", "#", "##a", "*", "Photo", ".wide", "#dup", "#a",
        ]
        for selector in selectors {
            let expected: [Int]
            switch Selector.parse(selector) {
            case .success(let parsed): expected = tree.matches(parsed)
            case .failure: expected = []
            }
            #expect(Array(hub.resolve(selector)) == expected, "\(selector)")
        }
        // The duplicate id resolves to both of its targets, in document order.
        #expect(Array(hub.resolve("#dup")).count == 2)
    }

    @Test("plain ids resolve to their targets in any order: next ones, far ones, earlier ones, missing ones")
    func plainIDsInAnyOrder() throws {
        var yaml = "motion: 1\ntargets:\n"
        for i in 0..<12 { yaml += "  t\(i): { type: Card, children: { c\(i): { type: Photo } } }\n" }
        yaml += "transactions: []\n"
        let document = try #require(DocumentLoader.load(Array(yaml.utf8), file: "order.yaml").document)
        // Pre-order: t0 c0 t1 c1 ...; the index of each id computed here, not by the run.
        let position = { (id: String) -> [Int] in
            guard let i = Int(id.dropFirst()), (0..<12).contains(i) else { return [] }
            return [2 * i + (id.hasPrefix("c") ? 1 : 0)]
        }
        let hub = PresentationHub(document: document, sink: nil)
        let ids = [
            "t0", "c0", "t1", "t3", "c3", "t2", "t11", "t0", "t9", "c9", "t10", "c11", "t12", "t4", "t4", "c2", "t5", "x",
            "t6",
        ]
        for id in ids {
            #expect(Array(hub.resolve("#\(id)")) == position(id), "\(id)")
            // Again after another selector: not the last selector's memo.
            _ = hub.resolve("Photo")
            #expect(Array(hub.resolve("#\(id)")) == position(id), "\(id) again")
        }
    }
}
