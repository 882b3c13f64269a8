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

/// W002 and W004 on a `properties:` tween: reported once, at the shared key.
@Suite("Properties rules")
struct PropertiesRuleTests {
    static let mismatches: [(String, DiagnosticCode)] = [
        ("properties:\n  opacity: [0, 1]\n  rotation: [0, 10]\n  scale: [1, 2, 1]\noffsets: 1️⃣[0, 1]", .W002),
        ("properties: { opacity: [0, 1, 0.5], scale: [1, 2] }\neasing: 1️⃣[standard, linear]", .W004),
    ]

    @Test(arguments: mismatches) func differentCountsAreReportedOnce(body: String, code: DiagnosticCode) {
        let source = MarkedSource(op("add: tween\ntarget: \"#a\"\n" + body))
        let diagnostics = validate(source)
        #expect(codes(diagnostics) == [code], "\(shown(diagnostics))")
        #expect(diagnostics.first?.range.start == source["1️⃣"])
    }

    @Test func sameCountsAreSilent() {
        let source = MarkedSource(
            op(
                "add: tween\ntarget: \"#a\"\nproperties: { opacity: [0, 1, 0.5], scale: [1, 2, 1] }\noffsets: [0, 0.3, 1]\neasing: [standard, linear]"
            ))
        #expect(validate(source).isEmpty)
    }
}
