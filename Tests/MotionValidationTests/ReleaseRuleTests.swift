import MotionDiagnostics
import MotionPlans
import MotionTestSupport
import MotionValidation
import Testing

/// G004 and D007 with release transactions.
@Suite("Release rules")
struct ReleaseRuleTests {
    static let pan = "inputs:\n  - { id: swipe, kind: pan, target: \"#a\", at: 2, duration: 1, translation: [[0, 0], [10, 0]] }\n"

    func releaseDocument(_ id: String) -> String {
        standardTargets + "transactions:\n  - ops:\n      - { add: draggable, target: \"#a\" }\n"
            + "  - at: 5\n    ops: []\n  - at: { release: \(id) }\n    ops: []\n  - at: 6\n    ops: []\n" + Self.pan
    }

    @Test func anUnknownInputIsG004() {
        let source = MarkedSource(releaseDocument("1️⃣swpie"))
        let diagnostics = validate(source)
        #expect(codes(diagnostics) == [.G004], "\(shown(diagnostics))")
        #expect(diagnostics.first?.range.start == source["1️⃣"])
        #expect(diagnostics.first?.help == "did you mean \"swipe\"?")
    }

    @Test func aKnownInputIsSilentAndReleasesAreNotOrderedByD007() {
        // The release commits at 3, after `at: 5` in the list: not D007.
        #expect(validate(MarkedSource(releaseDocument("swipe"))).isEmpty)
    }
}
