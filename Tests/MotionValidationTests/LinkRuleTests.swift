import MotionDiagnostics
import MotionPlans
import MotionTestSupport
import MotionValidation
import Testing

/// L001 (a cycle of links) and T003 on a link's source.
@Suite("Link rules")
struct LinkRuleTests {
    static func link(_ target: String, _ property: String, from source: String, _ read: String) -> String {
        "add: link\ntarget: \"\(target)\"\nproperty: \(property)\nsource: { target: \"\(source)\", property: \(read) }\ninput: [0, 1]\noutput: [0, 1]"
    }

    @Test func aCycleIsL001AtTheLinkThatClosesIt() {
        let source = MarkedSource(
            document([
                [Self.link("#a", "opacity", from: "#b", "rotation")],
                [Self.link("#b", "rotation", from: "#a", "opacity").replacing("add: link", with: "add: 1️⃣link")],
            ]))
        let diagnostics = validate(source)
        #expect(codes(diagnostics) == [.L001], "\(shown(diagnostics))")
        #expect(diagnostics.first?.range.start == source["1️⃣"])
    }

    @Test func aLongerCycleAndASelfLink() {
        let three = document([
            [
                Self.link("#a", "opacity", from: "#b", "rotation"), Self.link("#b", "rotation", from: "#c", "zPosition"),
                Self.link("#c", "zPosition", from: "#a", "opacity"),
            ]
        ])
        #expect(codes(validate(MarkedSource(three))) == [.L001])
        #expect(codes(validate(MarkedSource(op(Self.link("#a", "opacity", from: "#a", "opacity"))))) == [.L001])
    }

    @Test func chainsAreSilent() {
        let chain = document([[Self.link("#a", "opacity", from: "#b", "rotation"), Self.link("#b", "rotation", from: "#c", "zPosition")]])
        #expect(validate(MarkedSource(chain)).isEmpty)
        // Reading a property of the same target is not a cycle.
        #expect(validate(MarkedSource(op(Self.link("#a", "opacity", from: "#a", "position.x")))).isEmpty)
    }

    @Test func aSourceMatchingNothingIsT003() {
        let source = MarkedSource(
            op(Self.link("#a", "opacity", from: "#nothing", "rotation").replacing("\"#nothing\"", with: "1️⃣\"#nothing\"")))
        let diagnostics = validate(source)
        #expect(codes(diagnostics) == [.T003], "\(shown(diagnostics))")
        #expect(diagnostics.first?.range.start == source["1️⃣"])
    }

    /// L001 as the check reported it before it was made near-linear: for each link in document
    /// order, a walk from its source through the links written so far; the first walk that
    /// comes back to the link's own (target, property) reports it, and the check stops.
    static func naiveFirstClosingLink(_ edges: [(from: String, to: String)]) -> Int? {
        for (index, edge) in edges.enumerated() {
            var seen: Set<String> = [edge.from]
            var frontier = [edge.to]
            while let node = frontier.popLast() {
                if node == edge.from { return index }
                guard seen.insert(node).inserted else { continue }
                frontier += edges[...index].filter { $0.from == node }.map(\.to)
            }
        }
        return nil
    }

    /// On random small link graphs (seeded), L001 names the same link, with the same text and
    /// place, as the naive walk: the near-linear check changes no diagnostic.
    @Test func theCycleCheckAgreesWithANaiveWalkOnRandomGraphs() {
        var random = SeededRandom(seed: 0x11C0_FFEE)
        let properties = ["opacity", "rotation", "zPosition", "position.x", "position.y", "scale.x"]
        var cycles = 0
        for round in 0..<300 {
            let targetCount = 1 + Int(random.next() % 5)
            let linkCount = 1 + Int(random.next() % 9)
            var links: [(target: Int, property: String, source: Int, read: String)] = []
            for _ in 0..<linkCount {
                links.append(
                    (
                        Int(random.next() % UInt64(targetCount)), properties[Int(random.next() % UInt64(properties.count))],
                        Int(random.next() % UInt64(targetCount)), properties[Int(random.next() % UInt64(properties.count))]
                    ))
            }
            // Nodes as L001 sees them: a target and a property, whatever the component.
            func node(_ target: Int, _ property: String) -> String {
                "t\(target).\(property.split(separator: ".")[0])"
            }
            let expected = Self.naiveFirstClosingLink(links.map { (node($0.target, $0.property), node($0.source, $0.read)) })
            var text = "motion: 1\ntargets:\n"
            for t in 0..<targetCount { text += "  t\(t): {}\n" }
            text += "transactions:\n"
            for (index, link) in links.enumerated() {
                let head = index == expected ? "add: 1️⃣link" : "add: link"
                text += """
                      - at: \(index)
                        ops:
                          - { \(head), target: "#t\(link.target)", property: \(link.property), source: { target: "#t\(link.source)", property: \(link.read) }, input: [0, 1], output: [0, 1] }

                    """
            }
            let source = MarkedSource(text)
            let found = validate(source).filter { $0.code == .L001 }
            guard let expected else {
                #expect(found.isEmpty, "round \(round): \(shown(found))\n\(source.text)")
                continue
            }
            cycles += 1
            let link = links[expected]
            let property = link.property.split(separator: ".")[0]
            #expect(found.count == 1, "round \(round): \(shown(found))\n\(source.text)")
            #expect(found.first?.range.start == source["1️⃣"], "round \(round)\n\(source.text)")
            #expect(
                found.first?.message == "this link makes \(property) on #t\(link.target) depend on itself through a cycle of links",
                "round \(round)")
            #expect(found.first?.help == "a link reads another property; remove one link of the cycle", "round \(round)")
            #expect(found.first?.notes.isEmpty ?? false, "round \(round)")
        }
        // Both kinds of graph came up often enough to compare.
        #expect(cycles >= 30 && cycles <= 270, "\(cycles) of 300 graphs with a cycle")
    }

    /// A chain of thousands of links, and the same chain closed into a cycle by its last link,
    /// check without a walk per link (once cubic): the cycle is reported at the closing link.
    @Test func aLongChainAndItsClosingLink() {
        let count = 3000
        var text = "motion: 1\ntargets:\n"
        for t in 0...count { text += "  t\(t): {}\n" }
        text += "transactions:\n  - ops:\n"
        for t in 0..<count {
            text +=
                "      - { add: link, target: \"#t\(t + 1)\", property: position.x, "
                + "source: { target: \"#t\(t)\", property: position.x }, input: [0, 1], output: [0, 1] }\n"
        }
        #expect(validate(MarkedSource(text)).isEmpty)
        text +=
            "      - { add: 1️⃣link, target: \"#t0\", property: position.y, "
            + "source: { target: \"#t\(count)\", property: position.x }, input: [0, 1], output: [0, 1] }\n"
        let source = MarkedSource(text)
        let diagnostics = validate(source)
        #expect(codes(diagnostics) == [.L001])
        #expect(diagnostics.first?.range.start == source["1️⃣"])
    }
}
