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

    /// A link lives until its name is removed from its target or added there again: links that
    /// never live together form no cycle, and links that do are L001 at the one that closes it.
    @Test func linksThatNeverLiveTogetherFormNoCycle() {
        let follow = Self.link("#a", "opacity", from: "#b", "rotation") + "\nname: follow"
        let back = Self.link("#b", "rotation", from: "#a", "opacity")
        // Removed before the link back comes.
        let removed = document([[follow], ["remove: follow\ntarget: \"#a\"", back]])
        #expect(validate(MarkedSource(removed)).isEmpty, "\(shown(validate(MarkedSource(removed))))")
        // Replaced under its name, by a link reading elsewhere or by another intention.
        let relinked = document([[follow], [Self.link("#a", "opacity", from: "#c", "rotation") + "\nname: follow", back]])
        #expect(validate(MarkedSource(relinked)).isEmpty)
        let retweened = document([[follow], [tween("#a", more: "name: follow"), back]])
        #expect(validate(MarkedSource(retweened)).isEmpty)
        // Removed in the same transaction, before the link back.
        let together = document([[follow], ["remove: follow\ntarget: \"#a\"\n", back]])
        #expect(validate(MarkedSource(together)).isEmpty)
        // Removed only after the link back came: both lived together.
        let late = MarkedSource(
            document([[follow], [back.replacing("add: link", with: "add: 1️⃣link")], ["remove: follow\ntarget: \"#a\""]]))
        let lateDiagnostics = validate(late)
        #expect(codes(lateDiagnostics) == [.L001], "\(shown(lateDiagnostics))")
        #expect(lateDiagnostics.first?.range.start == late["1️⃣"])
        // The name removed from another target: the link on #a lives on.
        let elsewhere = MarkedSource(
            document([[follow], ["remove: follow\ntarget: \"#b\"", back.replacing("add: link", with: "add: 1️⃣link")]]))
        // (N004: #b holds no `follow`.)
        let elsewhereDiagnostics = validate(elsewhere).filter { $0.code != .N004 }
        #expect(codes(elsewhereDiagnostics) == [.L001], "\(shown(elsewhereDiagnostics))")
        #expect(elsewhereDiagnostics.first?.range.start == elsewhere["1️⃣"])
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

    /// On random small documents of named and unnamed links, removes and named tweens (seeded),
    /// L001 names the link a plain replay names: links added in order, a name's link ending when
    /// the name is removed from its target or added there again, and the first link whose source
    /// reaches back to it through the live links reported.
    @Test func theCycleCheckAgreesWithAReplayOfRemovedLinks() {
        var random = SeededRandom(seed: 0x5EED_11AC)
        let properties = ["opacity", "rotation", "zPosition"]
        let names = ["p", "q"]
        var cycles = 0
        var ended = 0
        for round in 0..<300 {
            let targetCount = 1 + Int(random.next() % 3)
            enum Op {
                case link(target: Int, property: String, source: Int, read: String, name: String?)
                case remove(target: Int, name: String)
                case tween(target: Int, name: String)
            }
            var ops: [Op] = []
            for _ in 0..<(2 + Int(random.next() % 9)) {
                let target = Int(random.next() % UInt64(targetCount))
                let name = names[Int(random.next() % 2)]
                switch random.next() % 6 {
                case 0: ops.append(.remove(target: target, name: name))
                case 1: ops.append(.tween(target: target, name: name))
                default:
                    ops.append(
                        .link(
                            target: target, property: properties[Int(random.next() % 3)], source: Int(random.next() % UInt64(targetCount)),
                            read: properties[Int(random.next() % 3)], name: random.next() % 2 == 0 ? name : nil))
                }
            }
            // The replay: live links as (from, to, name, target), each checked as it comes.
            var live: [(from: String, to: String, name: String?, target: Int)] = []
            var expected: Int?
            for (index, op) in ops.enumerated() {
                switch op {
                case .remove(let target, let name), .tween(let target, let name):
                    let before = live.count
                    live.removeAll { $0.name == name && $0.target == target }
                    if live.count != before { ended += 1 }
                case .link(let target, let property, let source, let read, let name):
                    if let name { live.removeAll { $0.name == name && $0.target == target } }
                    let edge = (from: "t\(target).\(property)", to: "t\(source).\(read)", name: name, target: target)
                    live.append(edge)
                    var seen: Set<String> = []
                    var frontier = [edge.to]
                    while let node = frontier.popLast(), expected == nil {
                        if node == edge.from { expected = index }
                        guard seen.insert(node).inserted else { continue }
                        frontier += live.filter { $0.from == node }.map(\.to)
                    }
                }
                if expected != nil { break }
            }
            var text = "motion: 1\ntargets:\n"
            for t in 0..<targetCount { text += "  t\(t): {}\n" }
            text += "transactions:\n"
            for (index, op) in ops.enumerated() {
                let body: String
                switch op {
                case .link(let target, let property, let source, let read, let name):
                    let head = index == expected ? "add: 1️⃣link" : "add: link"
                    body =
                        "{ \(head), target: \"#t\(target)\", property: \(property), source: { target: \"#t\(source)\", property: \(read) }, "
                        + "input: [0, 1], output: [0, 1]\(name.map { ", name: \($0)" } ?? "") }"
                case .remove(let target, let name):
                    body = "{ remove: \(name), target: \"#t\(target)\" }"
                case .tween(let target, let name):
                    body = "{ add: tween, target: \"#t\(target)\", property: scale, to: 2, duration: 1, name: \(name) }"
                }
                text += "  - at: \(index)\n    ops:\n      - \(body)\n"
            }
            let source = MarkedSource(text)
            let found = validate(source).filter { $0.code == .L001 }
            guard expected != nil else {
                #expect(found.isEmpty, "round \(round): \(shown(found))\n\(source.text)")
                continue
            }
            cycles += 1
            #expect(found.count == 1, "round \(round): \(shown(found))\n\(source.text)")
            #expect(found.first?.range.start == source["1️⃣"], "round \(round)\n\(source.text)")
        }
        // Cycles, and links ended by their names, came up often enough to compare.
        #expect(cycles >= 30 && ended >= 30, "\(cycles) of 300 documents with a cycle; \(ended) links ended")
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
