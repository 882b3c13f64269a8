import MotionDiagnostics
import MotionPlans
import MotionTestSupport
import MotionValidation
import Testing

/// N001-N005: named plans (reference §6, NP-1..NP-18), with the scenarios of reference §13 as
/// documents.
@Suite("Named-plan rules")
struct NamedPlanRuleTests {
    static let spring = "add: spring\nproperty: opacity\ndestination: 1"

    /// A named spring on `target` (the name may carry a marker).
    static func add(_ name: String, on target: String = "#a") -> String {
        "add: spring\ntarget: \"\(target)\"\nname: \(name)\nproperty: opacity\ndestination: 1"
    }

    static func remove(_ name: String, on target: String = "#a") -> String {
        "remove: \(name)\ntarget: \"\(target)\""
    }

    static let diagnosticCases: [DiagnosticCase] = [
        DiagnosticCase(
            "empty name on add", .N001, help: "give the plan a name, or leave `name` out to add it unnamed",
            document([[add("1️⃣\"\"")]])),
        DiagnosticCase(
            "null name on add", .N001, help: "give the plan a name, or leave `name` out to add it unnamed",
            document([[add("1️⃣~")]])),
        DiagnosticCase("empty name on remove", .N002, document([[remove("1️⃣\"\"")]])),
        DiagnosticCase("null name on remove", .N002, document([[remove("1️⃣~")]])),
        DiagnosticCase(
            "named tossable", .N003, help: "leave `name` out",
            document([["add: tossable\ntarget: \"#a\"\nname: 1️⃣toss"]])),
        DiagnosticCase(
            "named directlyManipulable", .N003, help: "leave `name` out",
            document([["add: directlyManipulable\ntarget: \"#a\"\nname: 1️⃣dm"]])),
        DiagnosticCase(
            "named transitionTween", .N003, help: "leave `name` out",
            document([["add: transitionTween\ntarget: \"#a\"\nname: 1️⃣t\nproperty: opacity\nback: 0\nfore: 1"]])),
        DiagnosticCase(
            "remove of an unknown name suggests a held one", .N004, help: "did you mean \"drag\"?",
            document([[add("drag")], [remove("1️⃣drgg")]])),
        DiagnosticCase(
            "remove of an unknown name on a target holding none", .N004,
            document([[remove("1️⃣drag")]])),
        DiagnosticCase(
            "remove after remove", .N004,
            document([[add("drag")], [remove("drag")], [remove("1️⃣drag")]])),
        DiagnosticCase(
            "names are case-sensitive", .N004, help: "did you mean \"drag\"?",
            document([[add("drag")], [remove("1️⃣Drag")]])),
        DiagnosticCase(
            "names are per target", .N004,
            document([[add("drag", on: "#a")], [remove("1️⃣drag", on: "#b")]])),
        DiagnosticCase(
            "suggestions come from the target's own names", .N004,
            document([[add("drag", on: "#a"), add("spin", on: "#b")], [remove("1️⃣drga", on: "#b")]])),
        DiagnosticCase(
            "a selector resolving to a target without the name", .N004,
            document([[add("drag", on: "#a")], [remove("1️⃣drag", on: "#a, #b")]])),
        DiagnosticCase(
            "the universal selector over several targets", .N004,
            document([[add("drag", on: "#a"), add("drag", on: "#b")], [remove("1️⃣drag", on: "*")]])),
        DiagnosticCase(
            "add and remove in one transaction", .N005, help: "remove the add, or move the remove to a later transaction",
            notes: ["2️⃣"], document([[add("2️⃣drag"), remove("1️⃣drag")]])),
        DiagnosticCase(
            "re-add and remove in one transaction", .N005, help: "remove the add, or move the remove to a later transaction",
            notes: ["2️⃣"], document([[add("drag")], [add("2️⃣drag"), remove("1️⃣drag")]])),
        DiagnosticCase(
            "add and remove in one transaction through a selector", .N005,
            help: "remove the add, or move the remove to a later transaction",
            notes: ["2️⃣"], document([[add("2️⃣drag", on: "#a, #b"), remove("1️⃣drag", on: ".round, #a")]])),
    ]

    @Test(arguments: diagnosticCases) func diagnostics(_ c: DiagnosticCase) { c.run() }

    static let silentCases: [SilentCase] = [
        SilentCase(
            "add then re-add the same name (replacing is legal)",
            document([[add("drag")], [add("drag")]])),
        SilentCase("add then re-add in one transaction", document([[add("drag"), add("drag")]])),
        SilentCase("remove in a later transaction", document([[add("drag")], [remove("drag")]])),
        SilentCase("remove then add in one transaction", document([[add("drag")], [remove("drag"), add("drag")]])),
        SilentCase(
            "similar names are four names (NP-5)",
            document([[add("one"), add("One"), add("\"1\""), add("ONE")], [remove("one"), remove("One"), remove("\"1\""), remove("ONE")]])),
        SilentCase(
            "the same name on two targets (NP-4)",
            document([[add("drag", on: "#a"), add("drag", on: "#b")], [remove("drag", on: "#b"), remove("drag", on: "#a")]])),
        SilentCase(
            "add, remove, add another, remove it (NP-11)",
            document([[add("one")], [remove("one")], [add("two")], [remove("two")]])),
        SilentCase("a selector resolving to several targets", document([[add("drag", on: "#a, #b")], [remove("drag", on: "#b, #a")]])),
        SilentCase(
            "a type selector resolving to several targets",
            document([[add("drag", on: "#a"), add("drag", on: "#b")], [remove("drag", on: "Layer")]])),
        SilentCase(
            "a name reused by another type (NP-9)",
            document([["add: draggable\ntarget: \"#a\"\nname: drag"], [add("drag")], [remove("drag")]])),
        SilentCase("emoji names", document([[add("\"🐶\"")], [remove("\"🐶\"")]])),
        SilentCase("named tween", document([["add: tween\ntarget: \"#a\"\nname: n\nproperty: opacity\nto: 1"]])),
        SilentCase("named spring", document([[add("n")]])),
        SilentCase("named anchoredSpring", document([["add: anchoredSpring\ntarget: \"#a\"\nname: n\nanchor: [0, 0]"]])),
        SilentCase("named friction", document([["add: friction\ntarget: \"#a\"\nname: n\ncoefficient: 2"]])),
        SilentCase("named draggable", document([["add: draggable\ntarget: \"#a\"\nname: n"]])),
        SilentCase("named pinchable", document([["add: pinchable\ntarget: \"#a\"\nname: n"]])),
        SilentCase("named rotatable", document([["add: rotatable\ntarget: \"#a\"\nname: n"]])),
        SilentCase("named squashAndStretch", document([["add: squashAndStretch\ntarget: \"#a\"\nname: n"]])),
        SilentCase(
            "unnamed composites",
            document([
                [
                    "add: tossable\ntarget: \"#a\"", "add: directlyManipulable\ntarget: \"#b\"",
                    "add: transitionTween\ntarget: \"#a\"\nproperty: opacity\nback: 0\nfore: 1",
                ]
            ])),
    ]

    @Test(arguments: silentCases) func silent(_ c: SilentCase) { c.run() }

    @Test func everyMissingTargetOfOneRemoveIsReportedOnce() {
        // One remove over two targets lacking the name: one warning, naming the first.
        let source = MarkedSource(document([[Self.remove("1️⃣drag", on: "#a, #b")]]))
        let diagnostics = validate(source)
        #expect(codes(diagnostics) == [.N004])
        #expect(diagnostics.first?.message.contains("#a") == true)
    }
}
