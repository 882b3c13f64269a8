import MotionDiagnostics
import MotionYAML
import Testing

/// ``YAMLItemStream``: items handed over while reading leave the tree, in order, and only when
/// nothing later can refer to them.
@Suite struct ItemStreamTests {
    /// What a stream saw: each item's `v` value and the sequences they came from.
    final class Seen {
        var values: [String] = []
        var sequences: Set<UInt32> = []
    }

    /// Parses `text`, streaming the items of `list[*].items`, and what the stream saw.
    func streamed(_ text: String, path: [String?] = ["list", nil, "items"]) -> (YAMLParseResult, Seen) {
        let seen = Seen()
        let stream = YAMLItemStream(paths: [path]) { tree, items in
            for item in items {
                let value = tree.value(forKey: "v", in: item.node).map { tree.string($0) } ?? "?"
                seen.values.append((item.key.map { tree.string($0) + "=" } ?? "") + value)
                seen.sequences.insert(item.collection.index)
            }
        }
        return (YAMLParser.parse(Array(text.utf8), file: "test.yaml", limits: .default, streaming: stream), seen)
    }

    @Test func itemsLeaveTheTreeInOrder() throws {
        let text = """
            list:
              - name: a
                items: [{ v: 1 }, { v: 2, w: [x, y] }]
              - items:
                  - v: 3
            other: [{ v: 9 }]
            """
        let (result, seen) = streamed(text)
        #expect(result.diagnostics.isEmpty)
        #expect(seen.values == ["1", "2", "3"])
        #expect(seen.sequences.count == 2)
        let plain = parse(text)
        // Each item's mapping, keys and values are gone: {v: 1} is 3 nodes, {v: 2, w: [x, y]} 7, {v: 3} 3.
        #expect(result.tree.nodeCount == plain.tree.nodeCount - 13)
        #expect(result.tree.count(try #require(result.tree.node([.key("list"), .index(0), .key("items")]))) == 0)
        #expect(result.tree.flatPairs([.key("list"), .index(0)]).first == "name=a")
        #expect(result.tree.count(try #require(result.tree.node([.key("other")]))) == 1)
    }

    @Test func anItemWithAnAnchorStaysAndEndsStreaming() throws {
        let (result, seen) = streamed(
            """
            list:
              - items: [{ v: 1 }, { v: &a 2 }, { v: 3 }]
            again: *a
            """)
        #expect(result.diagnostics.isEmpty)
        #expect(seen.values == ["1"])
        let items = try #require(result.tree.node([.key("list"), .index(0), .key("items")]))
        #expect(result.tree.count(items) == 2)
        #expect(result.tree.string(try #require(result.tree.node([.key("again")]))) == "2")
    }

    @Test func anAnchorOnTheWayStopsStreaming() {
        let (result, seen) = streamed(
            """
            list:
              - &t
                items: [{ v: 1 }]
            copy: *t
            """)
        #expect(result.diagnostics.isEmpty)
        #expect(seen.values.isEmpty)
    }

    @Test func anAliasItemEndsStreaming() throws {
        let (_, seen) = streamed(
            """
            base: &b { v: 0 }
            list:
              - items: [{ v: 1 }, *b, { v: 2 }]
            """)
        #expect(seen.values == ["1"])
    }

    @Test func largeSequencesGoInBatches() throws {
        let count = YAMLItemStream.batchNodes + 10
        var text = "list:\n  - items:\n"
        for i in 0..<count { text += "      - { v: \(i) }\n" }
        let batches = Box()
        let stream = YAMLItemStream(paths: [["list", nil, "items"]]) { tree, items in
            batches.sizes.append(items.count)
            batches.values += items.compactMap { tree.value(forKey: "v", in: $0.node) }.map { tree.string($0) }
        }
        let result = YAMLParser.parse(Array(text.utf8), file: "test.yaml", limits: .default, streaming: stream)
        #expect(result.diagnostics.isEmpty)
        #expect(batches.values == (0..<count).map(String.init))
        // Each item is 3 nodes: a batch closes once it holds batchNodes of them, the last at the end.
        let full = (YAMLItemStream.batchNodes + 2) / 3
        #expect(batches.sizes == Array(repeating: full, count: count / full) + (count % full > 0 ? [count % full] : []))
        // Root, its key, the list, its item, `items` and the emptied sequence.
        #expect(result.tree.nodeCount == 6)
    }

    final class Box {
        var sizes: [Int] = []
        var values: [String] = []
    }

    @Test func mappingValuesLeaveTheTreeTheirPairsStay() throws {
        let text = """
            map:
              a: { v: 1, w: [2, 3] }
              "b": { v: 2 }
              "\\u00e9": { v: 4 }
            after: 1
            """
        let (result, seen) = streamed(text, path: ["map"])
        #expect(result.diagnostics.isEmpty)
        #expect(seen.values == ["a=1", "b=2", "é=4"])
        let plain = parse(text)
        // {v: 1, w: [2, 3]} keeps its own record and drops 6 nodes, the others 2 each.
        #expect(result.tree.nodeCount == plain.tree.nodeCount - 10)
        #expect(result.tree.flatPairs([.key("map")]) == ["a=", "b=", "é="])
        for key in ["a", "b", "é"] {
            let value = try #require(result.tree.node([.key("map"), .key(key)]))
            #expect(result.tree.kind(value) == .mapping)
            #expect(result.tree.count(value) == 0)
        }
        // Keys keep their places for diagnostics; what follows the mapping is intact.
        #expect(
            result.tree.range(try #require(result.tree.keyNode("é", in: [.key("map")])))
                == plain.tree.range(try #require(plain.tree.keyNode("é", in: [.key("map")]))))
        #expect(result.tree.flatPairs().last == "after=1")
    }

    @Test func aScalarValueEndsStreamingAndKeepsTheRest() throws {
        let text = """
            map:
              a: { v: 1, w: [2, 3] }
              b: { v: 2 }
              c: 5
              d: { v: 4 }
            """
        let (result, seen) = streamed(text, path: ["map"])
        #expect(result.diagnostics.isEmpty)
        #expect(seen.values == ["a=1", "b=2"])
        // Handed over, but read before `c`: the nodes stay, unused; `d` stays whole.
        #expect(result.tree.nodeCount == parse(text).tree.nodeCount)
        #expect(result.tree.count(try #require(result.tree.node([.key("map"), .key("d")]))) == 1)
    }

    @Test func largeMappingsGoInBatches() {
        var text = "map:\n"
        let count = YAMLItemStream.batchNodes
        for i in 0..<count { text += "  k\(i): { v: \(i) }\n" }
        text += "  k0: { v: 0 }\n"
        let (result, seen) = streamed(text, path: ["map"])
        #expect(seen.values == (0..<count).map { "k\($0)=\($0)" } + ["k0=0"])
        // The duplicate key is found across batches, at the second, with a note at the first.
        #expect(result.diagnostics == parse(text).diagnostics)
        #expect(result.diagnostics.map(\.code) == [.Y002])
    }

    @Test func aMergeKeyEndsStreamingAndStillMerges() throws {
        let (result, seen) = streamed(
            """
            base: &b { z: { v: 9 }, a: { v: 0 } }
            map:
              a: { v: 1 }
              <<: *b
              c: { v: 3 }
            """, path: ["map"])
        #expect(result.diagnostics.isEmpty)
        #expect(seen.values == ["a=1"])
        #expect(result.tree.flatPairs([.key("map")]).map { $0.prefix(2) } == ["a=", "z=", "c="])
    }

    @Test func diagnosticsAreTheSameAsWithoutStreaming() {
        for text in [
            "list:\n  - items: [{ v: 1, v: 2 }, { v: 3 }]\n",
            "list:\n  - items: [{ v: *nope }, { v: 3 }]\n",
            "list:\n  - items: [{ v: 1 }, { v: [2 }]\n",
            "list:\n  - items: [{ v: 1 }]\n  - items: [{ <<: [1], v: 2 }]\n",
            "map:\n  a: { v: 1 }\n  b: { v: 2 }\n  a: { v: 3 }\n",
            "map:\n  a: { v: 1 }\n  ? { k: 1 }\n  : { v: 2 }\n  b: { v: 3 }\n",
        ] {
            let (result, _) = streamed(text)
            #expect(streamed(text, path: ["map"]).0.diagnostics == parse(text).diagnostics, "\(text)")
            #expect(result.diagnostics == parse(text).diagnostics, "\(text)")
        }
    }
}
