import MotionDiagnostics
import MotionYAML
import Testing

@Suite struct AliasMergeTests {
    @Test func aliasesShareTheAnchoredNode() throws {
        let result = parse(
            """
            base: &b { x: 1, y: [1, 2] }
            one: *b
            two: *b
            name: &n card
            again: *n
            """)
        #expect(result.diagnostics.isEmpty)
        let tree = result.tree
        let base = try #require(tree.node(["base"]))
        #expect(tree.node(["one"]) == base)
        #expect(tree.node(["two"]) == base)
        #expect(tree.node(["again"]) == tree.node(["name"]))
        #expect(tree.string(try #require(tree.node(["again"]))) == "card")
        // Aliases add no nodes: root, 5 keys, base's 7 nodes, card.
        #expect(tree.nodeCount == 1 + 5 + 7 + 1)
    }

    @Test func singleMerge() {
        let result = parse(
            """
            base: &b { x: 1, y: 2 }
            m:
              a: 0
              <<: *b
              y: 3
            """)
        #expect(result.diagnostics.isEmpty)
        // Merged pairs stand where `<<` was; the explicit y overrides the merged one.
        #expect(result.tree.flatPairs(["m"]) == ["a=0", "x=1", "y=3"])
        #expect(result.tree.count(result.tree.node(["m"]) ?? YAMLNodeID(index: 0)) == 3)
    }

    @Test func listMergeEarlierSourceWins() {
        let result = parse(
            """
            one: &one { x: 1, y: 1 }
            two: &two { y: 2, z: 2 }
            m:
              <<: [*one, *two, { w: 4, z: 5 }]
              x: 0
            """)
        #expect(result.diagnostics.isEmpty)
        #expect(result.tree.flatPairs(["m"]) == ["y=1", "z=2", "w=4", "x=0"])
    }

    @Test func nestedMergesResolveThrough() {
        let result = parse(
            """
            a: &a { p: 1 }
            b: &b { <<: *a, q: 2 }
            c: { <<: *b, r: 3 }
            """)
        #expect(result.diagnostics.isEmpty)
        #expect(result.tree.flatPairs(["c"]) == ["p=1", "q=2", "r=3"])
        #expect(result.tree.value(forKey: "p", in: result.tree.node(["c"]) ?? YAMLNodeID(index: 0)) != nil)
    }

    @Test func overridingMergedKeysIsNotADuplicate() {
        let result = parse("b: &b { x: 1 }\nm: { <<: *b, x: 2 }\n")
        #expect(result.diagnostics.isEmpty)
        #expect(result.tree.flatPairs(["m"]) == ["x=2"])
    }

    @Test(arguments: ["<<: 5", "<<: [*m, 3]", "<<: [a, b]"])
    func badMergeValues(line: String) {
        let result = parse("m: &m { k: 1 }\nx:\n  \(line)\n")
        #expect(result.diagnostics.map(\.code) == [.Y001])
        #expect(result.diagnostics.first?.message == "merge key value must be a mapping or a list of mappings")
        #expect(result.diagnostics.first?.range.at == "3:7")
    }

    @Test func badMergeThroughAliasPointsAtTheAlias() {
        let result = parse("s: &s text\nx:\n  <<: *s\n")
        #expect(result.diagnostics.map(\.code) == [.Y001])
        #expect(result.diagnostics.first?.range.at == "3:7")
    }

    @Test func quotedMergeKeyIsAnOrdinaryKey() {
        let result = parse("b: &b { x: 1 }\nm: { '<<': *b }\n")
        #expect(result.diagnostics.isEmpty)
        #expect(result.tree.flatPairs(["m"]).first?.hasPrefix("<<=") == true)
    }

    @Test func undefinedAlias() {
        let result = parse("a: 1\nb: *nowhere\nc: 2\n")
        #expect(result.diagnostics.map(\.code) == [.Y001])
        #expect(result.diagnostics.first?.message == "found undefined alias")
        #expect(result.diagnostics.first?.range.at == "2:4")
        #expect(result.diagnostics.first?.file == "test.yaml")
    }

    @Test func aliasInsideItsOwnAnchorIsUndefined() {
        // No cycles: an anchor is defined only once its node is complete.
        let result = parse("a: &a [1, *a]\n")
        #expect(result.diagnostics.map(\.code) == [.Y001])
        #expect(result.diagnostics.first?.range.at == "1:11")
        #expect(result.diagnostics.first?.message == "the alias *a refers back into its own anchor &a")
    }

    @Test func aliasDeepInsideItsOwnAnchorSaysSo() {
        // The anchor is above the alias, so "define the anchor before this alias" would mislead.
        let result = parse("targets: &t\n  a: { children: *t }\n")
        #expect(result.diagnostics.map(\.code) == [.Y001])
        #expect(result.diagnostics.first?.range.at == "2:18")
        #expect(result.diagnostics.first?.message == "the alias *t refers back into its own anchor &t")
        #expect(result.diagnostics.first?.help?.hasPrefix("an alias cannot be inside the collection its anchor names") == true)
    }

    @Test func anAliasAfterItsAnchorEndsIsSilent() {
        #expect(parse("targets: &t\n  a: { x: 1 }\nmore: { children: *t }\n").diagnostics.isEmpty)
    }
}
