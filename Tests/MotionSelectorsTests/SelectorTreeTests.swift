import Testing

@testable import MotionSelectors

@Suite("Selector matching")
struct SelectorTreeTests {
    /// A small tree in document pre-order:
    /// ```
    /// 0 screen (Screen)
    /// 1   grid (Grid .main)
    /// 2     p1 (Photo .item .wide)
    /// 3     frame (Frame)
    /// 4       p2 (Photo .item)
    /// 5     p3 (Photo)
    /// 6   card (Card .elevated)
    /// 7     photo (Photo .item)
    /// 8 list (List)
    /// 9   row (Item)
    /// 10    badge (Badge .item)
    /// ```
    static let tree = SelectorTree(nodes: [
        .init(id: "screen", type: "Screen"),
        .init(id: "grid", type: "Grid", classes: ["main"], parent: 0),
        .init(id: "p1", type: "Photo", classes: ["item", "wide"], parent: 1),
        .init(id: "frame", type: "Frame", parent: 1),
        .init(id: "p2", type: "Photo", classes: ["item"], parent: 3),
        .init(id: "p3", type: "Photo", parent: 1),
        .init(id: "card", type: "Card", classes: ["elevated"], parent: 0),
        .init(id: "photo", type: "Photo", classes: ["item"], parent: 6),
        .init(id: "list", type: "List"),
        .init(id: "row", type: "Item", parent: 8),
        .init(id: "badge", type: "Badge", classes: ["item"], parent: 9),
    ])

    @Test(arguments: [
        ("#card", [6]),
        ("#nope", []),
        ("Card#card", [6]),
        ("Photo#card", []),
        ("#card.elevated", [6]),
        ("#card.flat", []),
        ("Photo", [2, 4, 5, 7]),
        (".item", [2, 4, 7, 10]),
        ("Photo.item.wide", [2]),
        ("Photo.wide.item", [2]),
        ("*", Array(0...10)),
        ("Grid Photo", [2, 4, 5]),
        ("Grid > Photo", [2, 5]),
        ("Screen Photo", [2, 4, 5, 7]),
        ("Screen > Photo", []),
        ("Screen > * > Photo", [2, 5, 7]),
        ("Screen * Photo", [2, 4, 5, 7]),
        ("Grid > Frame > Photo", [4]),
        ("Screen Grid > * > Photo", [4]),
        ("Screen > Grid Photo.item", [2, 4]),
        ("List > Item > .item", [10]),
        ("List > .item", []),
        ("Grid Photo", [2, 4, 5]),
        ("#p3, #p1, Photo", [2, 4, 5, 7]),
        ("#badge, Card", [6, 10]),
        ("Unknown Photo", []),
        ("Photo Photo", []),
        (".main Photo", [2, 4, 5]),
    ])
    func matchesInDocumentOrderOnce(selector text: String, expected: [Int]) throws {
        let selector = try Selector.parse(text).get()
        #expect(Self.tree.matches(selector) == expected)
        #expect(Self.tree.hasMatch(selector) == !expected.isEmpty)
    }

    /// The mixed-combinator case where matching the nearest ancestor greedily would be wrong:
    /// `A > B C` over A > B > B > C needs the outer B, not the nearest one.
    @Test func childThenDescendantNeedsTheRightAncestor() throws {
        let tree = SelectorTree(nodes: [
            .init(id: "a", type: "A"),
            .init(id: "b1", type: "B", parent: 0),
            .init(id: "b2", type: "B", parent: 1),
            .init(id: "c", type: "C", parent: 2),
        ])
        #expect(tree.matches(try Selector.parse("A > B C").get()) == [3])
        #expect(tree.matches(try Selector.parse("A > B > C").get()) == [])
        #expect(tree.matches(try Selector.parse("B > B > C").get()) == [3])
    }

    @Test func malformedParentsAreTopLevel() throws {
        let tree = SelectorTree(nodes: [
            .init(id: "a", type: "A", parent: 5),
            .init(id: "b", type: "B", parent: 1),
            .init(id: "c", type: "C", parent: -3),
        ])
        #expect(tree.matches(try Selector.parse("* B").get()) == [])
        #expect(tree.matches(try Selector.parse("C").get()) == [2])
    }

    @Test func duplicateIdsMatchEachOnce() throws {
        let tree = SelectorTree(nodes: [
            .init(id: "x", type: "A"), .init(id: "y", type: "A"), .init(id: "x", type: "B"),
        ])
        #expect(tree.matches(try Selector.parse("#x").get()) == [0, 2])
        #expect(tree.matches(try Selector.parse("#x, #x, A").get()) == [0, 1, 2])
    }

    @Test func exposesNamesForSuggestions() throws {
        let tree = Self.tree
        #expect(tree.names(of: .type) == ["Badge", "Card", "Frame", "Grid", "Item", "List", "Photo", "Screen"])
        #expect(tree.names(of: .class) == ["elevated", "item", "main", "wide"])
        #expect(tree.names(of: .id).count == 11)
        let selector = try Selector.parse("Grid #crad.item.wdie, #crad, Foto").get()
        #expect(tree.unknownNames(in: selector).map(\.description) == ["#crad", ".wdie", "Foto"])
        #expect(tree.unknownNames(in: try Selector.parse("Grid > Photo").get()).isEmpty)
    }

    /// 20,000 targets: 100 grids × (frame × (20 photos) + 179 photos + list item). Checks results; the
    /// matcher is linear, so this runs in milliseconds (a quadratic one would take seconds).
    @Test func largeTreeMatchesCorrectly() throws {
        var nodes: [SelectorTree.Node] = []
        var expectedGridPhotos: [Int] = []
        var expectedChildPhotos: [Int] = []
        var expectedItems: [Int] = []
        var expectedListItems: [Int] = []
        for g in 0..<100 {
            let grid = nodes.count
            nodes.append(.init(id: "grid-\(g)", type: "Grid"))
            let frame = nodes.count
            nodes.append(.init(id: "frame-\(g)", type: "Frame", parent: grid))
            for p in 0..<20 {
                expectedGridPhotos.append(nodes.count)
                expectedItems.append(nodes.count)
                nodes.append(.init(id: "fp-\(g)-\(p)", type: "Photo", classes: ["item"], parent: frame))
            }
            for p in 0..<176 {
                expectedGridPhotos.append(nodes.count)
                expectedChildPhotos.append(nodes.count)
                nodes.append(.init(id: "p-\(g)-\(p)", type: "Photo", parent: grid))
            }
            let list = nodes.count
            nodes.append(.init(id: "list-\(g)", type: "List", parent: grid))
            expectedListItems.append(nodes.count)
            nodes.append(.init(id: "item-\(g)", type: "Item", classes: ["item"], parent: list))
            expectedItems.append(nodes.count - 1)
        }
        #expect(nodes.count == 20_000)
        let tree = SelectorTree(nodes: nodes)
        #expect(tree.matches(try Selector.parse("Grid Photo").get()) == expectedGridPhotos)
        #expect(tree.matches(try Selector.parse("Grid > Photo").get()) == expectedChildPhotos)
        #expect(tree.matches(try Selector.parse(".item").get()) == expectedItems.sorted())
        #expect(tree.matches(try Selector.parse("List > Item").get()) == expectedListItems)
        #expect(tree.matches(try Selector.parse("#p-57-3").get()) == [57 * 200 + 22 + 3])
        #expect(tree.matches(try Selector.parse("Grid Frame Photo, #item-99").get()).count == 2001)
    }
}
