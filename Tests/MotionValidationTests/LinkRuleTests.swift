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
}
