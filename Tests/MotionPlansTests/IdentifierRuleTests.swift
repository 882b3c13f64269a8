import MotionDiagnostics
import MotionPlans
import MotionSelectors
import MotionTestSupport
import Testing

/// D006's id rule: the selectors' identifier rule (so every id can be selected with `#id`), and
/// not only digits.
@Suite("Target id rule")
struct IdentifierRuleTests {
    static let accepted = ["card", "item-1", "photo_2", "_x", "-x", "1st", "2x-grid", "é", "Ünïcödé", "a1", "ÉLAN"]
    static let refused = ["123", "0", "01", "a b", "a.b", "#a", "a>b", "a,b", "🃏", "a*"]

    @Test(arguments: accepted) func acceptedIDsDecodeAndCanBeSelected(_ id: String) throws {
        #expect(Selector.isIdentifier(id))
        let document = try decodeClean("motion: 1\ntargets:\n  \"\(id)\": { type: \"\(id)\", class: [\"\(id)\"] }\n")
        #expect(document.targets.map(\.id.value) == [id])
        #expect(document.targets.first?.type == id)
        #expect(document.targets.first?.classes == [id])
        let selector = try Selector.parse("#\(id)").get()
        #expect(document.selectorTree.matches(selector) == [0])
    }

    @Test(arguments: refused) func refusedIDsGiveD006AtTheKey(_ id: String) throws {
        let source = MarkedSource("motion: 1\ntargets:\n  1️⃣\"\(id)\": {}\n  ok: {}\n")
        let result = source.load()
        #expect(codes(result.diagnostics) == [.D006])
        #expect(result.diagnostics.first?.range.start == source["1️⃣"])
        #expect(result.document?.targets.map(\.id.value) == ["ok"])
    }

    @Test func onlyDigitsIsTheOneDifferenceFromTheSelectorRule() {
        for id in Self.refused where Selector.isIdentifier(id) {
            #expect(id.allSatisfy(\.isASCII) && id.allSatisfy(\.isNumber), "\(id)")
        }
    }

    @Test func typesAndClassesFollowTheSameRule() {
        let source = MarkedSource("motion: 1\ntargets:\n  a: { type: 1️⃣\"12\", class: [2️⃣\"x y\", \"3d\"] }\n")
        let result = source.load()
        #expect(codes(result.diagnostics) == [.D003, .D003])
        #expect(result.diagnostics.map(\.range.start) == [source["1️⃣"], source["2️⃣"]])
        #expect(result.document?.targets.first?.classes == ["3d"])
    }
}
