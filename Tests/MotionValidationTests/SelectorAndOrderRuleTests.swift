import MotionDiagnostics
import MotionPlans
import MotionTestSupport
import MotionValidation
import Testing

/// D007 (transaction order) and T001-T003 (selectors).
@Suite("Order and selector rules")
struct SelectorAndOrderRuleTests {
    static let selectorTargets = """
        motion: 1
        targets:
          card:
            class: [elevated]
            children:
              photo: { type: Photo }
        transactions:
          - ops:
              - add: draggable

        """

    static func selecting(_ target: String) -> String { selectorTargets + "        target: \(target)\n" }

    static let diagnosticCases: [DiagnosticCase] = [
        DiagnosticCase(
            "a transaction earlier than the previous one", .D007, help: "transactions commit in order: sort them by `at`",
            notes: ["2️⃣"], "motion: 1\ntransactions:\n  - at: 2️⃣2\n  - at: 1️⃣1\n"),
        DiagnosticCase(
            "earlier than a time with a unit", .D007, help: "transactions commit in order: sort them by `at`",
            notes: ["2️⃣"], "motion: 1\ntransactions:\n  - at: 2️⃣\"1500ms\"\n  - at: 1️⃣1.4\n"),
        DiagnosticCase(
            "a transaction without at after a later one", .D007, help: "transactions commit in order: sort them by `at`",
            notes: ["2️⃣"], "motion: 1\ntransactions:\n  - at: 2️⃣1\n  - 1️⃣ops: []\n"),
        DiagnosticCase("an empty selector", .T001, help: "name a target, e.g. target: \"#card\"", selecting("1️⃣\"\"")),
        DiagnosticCase("a blank selector", .T001, help: "name a target, e.g. target: \"#card\"", selecting("1️⃣\"   \"")),
        DiagnosticCase("a null selector", .T001, help: "name a target, e.g. target: \"#card\"", selecting("1️⃣~")),
        DiagnosticCase(
            "an empty input selector", .T001, help: "name a target, e.g. target: \"#card\"",
            "motion: 1\ninputs:\n  - { id: p, kind: pan, target: 1️⃣\"\", duration: 1, translation: [[0, 0]] }\n"),
        DiagnosticCase("a leading >", .T002, selecting("\"1️⃣> #card\"")),
        DiagnosticCase("an empty group", .T002, selecting("\"#card, 1️⃣, Photo\"")),
        DiagnosticCase("a bad character in a plain scalar", .T002, selecting("card 1️⃣%")),
        DiagnosticCase("a bad character in single quotes", .T002, selecting("'#card 1️⃣%'")),
        DiagnosticCase("a bad character after non-ASCII letters", .T002, selecting("\"#Ünï 1️⃣%\"")),
        DiagnosticCase(
            "a bad input selector", .T002,
            "motion: 1\ntargets: { card: {} }\ninputs:\n  - { id: p, kind: pan, target: \"#card 1️⃣%\", duration: 1, translation: [[0, 0]] }\n"
        ),
        DiagnosticCase("a misspelt id", .T003, help: "did you mean \"#card\"?", selecting("1️⃣\"#crad\"")),
        DiagnosticCase(
            "a misspelt alternative in a list", .T003, help: "did you mean \"#card\"?", selecting("\"#photo, 1️⃣#crad\"")),
        DiagnosticCase(
            "an alternative no target has", .T003, help: "no target has the type Missing", selecting("\"#card, 1️⃣Missing\"")),
        DiagnosticCase("a misspelt type", .T003, help: "did you mean \"Photo\"?", selecting("1️⃣Phtoo")),
        DiagnosticCase("a misspelt class", .T003, help: "did you mean \".elevated\"?", selecting("1️⃣.elevatd")),
        DiagnosticCase(
            "an id written as a type", .T003, help: "did you mean \"#card\"? a target has the id card, while \"card\" selects by type",
            selecting("1️⃣card")),
        DiagnosticCase(
            "an id written as a class", .T003,
            help: "did you mean \"#card\"? a target has the id card, while \".card\" selects by class", selecting("1️⃣.card")),
        DiagnosticCase(
            "a class written as an id", .T003,
            help: "did you mean \".elevated\"? a target has the class elevated, while \"#elevated\" selects by id",
            selecting("1️⃣\"#elevated\"")),
        DiagnosticCase("a misspelt name after a good one", .T003, help: "did you mean \"Photo\"?", selecting("1️⃣\"#card > Phot\"")),
        DiagnosticCase("known names that match nothing together", .T003, selecting("1️⃣\"Photo > #card\"")),
        DiagnosticCase(
            "an input selector matching nothing", .T003, help: "did you mean \"#card\"?",
            "motion: 1\ntargets: { card: {} }\ninputs:\n  - { id: p, kind: pan, target: 1️⃣\"#cadr\", duration: 1, translation: [[0, 0]] }\n"),
    ]

    @Test(arguments: diagnosticCases) func diagnostics(_ c: DiagnosticCase) { c.run() }

    static let silentCases: [SilentCase] = [
        SilentCase("transactions at equal times", "motion: 1\ntransactions:\n  - at: 1\n  - at: 1\n  - at: 1000ms\n"),
        SilentCase("transactions in order", "motion: 1\ntransactions:\n  - ops: []\n  - at: 0.5\n  - at: 2s\n"),
        SilentCase("an id", selecting("\"#card\"")),
        SilentCase("a type", selecting("Photo")),
        SilentCase("a class", selecting(".elevated")),
        SilentCase("a descendant", selecting("\"#card Photo\"")),
        SilentCase("a child", selecting("\"#card > #photo\"")),
        SilentCase("the universal selector", selecting("\"*\"")),
        SilentCase(
            "an id starting with a digit",
            "motion: 1\ntargets: { 1st: {} }\ntransactions:\n  - ops:\n      - { add: draggable, target: \"#1st\" }\n"),
    ]

    @Test(arguments: silentCases) func silent(_ c: SilentCase) { c.run() }

    @Test func t003ForAnUnknownIDWithNothingCloseSaysSo() throws {
        let diagnostics = validate(MarkedSource(Self.selecting("\"#zzzzzz\"")))
        #expect(codes(diagnostics) == [.T003])
        let help = try #require(diagnostics.first?.help)
        #expect(help.contains("#zzzzzz"))
        #expect(!help.contains("did you mean"))
    }
}
