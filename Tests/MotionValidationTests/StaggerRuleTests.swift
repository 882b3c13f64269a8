import MotionDiagnostics
import MotionPlans
import MotionTestSupport
import MotionValidation
import Testing

/// T004: a stagger on a selector that matches one target.
@Suite("Stagger rule")
struct StaggerRuleTests {
    @Test func oneTargetIsT004AtStagger() {
        let source = MarkedSource(op(tween("#b", more: "stagger: 1️⃣80ms")))
        let diagnostics = validate(source)
        #expect(codes(diagnostics) == [.T004], "\(shown(diagnostics))")
        #expect(diagnostics.first?.range.start == source["1️⃣"])
        #expect(diagnostics.first?.severity == .warning)
        #expect(diagnostics.first?.help == "match several targets (a type or a class, such as `List > .item`), or use `delay`")
    }

    @Test func severalTargetsAreSilent() {
        #expect(validate(MarkedSource(op(tween("#a, #b", more: "stagger: 80ms\nstaggerFrom: center")))).isEmpty)
        #expect(validate(MarkedSource(op(tween("#a, #b, Photo", more: "stagger: 80ms")))).isEmpty)
    }

    @Test func aSelectorMatchingNothingIsOnlyT003() {
        #expect(codes(validate(MarkedSource(op(tween(".nothing", more: "stagger: 80ms"))))) == [.T003])
    }
}
