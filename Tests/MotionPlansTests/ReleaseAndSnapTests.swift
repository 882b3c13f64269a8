import MotionCore
import MotionDiagnostics
import MotionPlans
import MotionRuntime
import MotionTestSupport
import Testing

/// Decoding `at: {release, offset}` and tossable `snap:` (docs/format.md §7.6).
@Suite("Release and snap decoding")
struct ReleaseAndSnapTests {
    static let input = "inputs:\n  - { id: swipe, kind: pan, target: \"#a\", at: 1, duration: 0.5, translation: [[0, 0], [10, 0]] }\n"

    @Test func releaseTransactionsFollowWrittenOnesOfTheirTime() throws {
        let yaml = """
            motion: 1
            targets:
              a: {}
            transactions:
              - at: { release: swipe, offset: 0.5 }
                label: late
                ops: []
              - at: { release: swipe }
                label: released
                ops: []
              - at: 1.5
                label: written
                ops: []
              - at: 3
                label: last
                ops: []

            """ + Self.input
        let document = try decodeClean(yaml)
        #expect(document.transactions.map(\.label) == ["written", "released", "late", "last"])
        #expect(document.transactions.map(\.at.value) == [1.5, 1.5, 2, 3])
    }

    @Test func snapPointsDecode() throws {
        let value = try intention("add: tossable\ntarget: \"#a\"\nsnap: [[0, 0], [0, 100]]")
        guard let toss = value.value(as: Tossable.self) else { Issue.record("\(value)"); return }
        #expect(toss.snap == [.point(0, 0), .point(0, 100)])
        #expect(toss.destination == nil)
    }

    static let cases: [DiagnosticCase] = [
        DiagnosticCase(
            "snap with destination", .D003, help: "remove `destination`, or list it among the snap points",
            op("add: tossable\ntarget: \"#a\"\ndestination: 1️⃣[0, 0]\nsnap: [[0, 0]]")),
        DiagnosticCase("empty snap", .D003, op("add: tossable\ntarget: \"#a\"\nsnap: 1️⃣[]")),
        DiagnosticCase("a snap point of one number", .D003, op("add: tossable\ntarget: \"#a\"\nsnap: [1️⃣5]")),
        DiagnosticCase(
            "release misspelt", .D002, help: "did you mean \"release\"?",
            "motion: 1\ntransactions:\n  - at: { 1️⃣relase: swipe }\n    ops: []\n"),
        DiagnosticCase("offset without release", .D004, "motion: 1\ntransactions:\n  - at: 1️⃣{ offset: 0.2 }\n    ops: []\n"),
        DiagnosticCase(
            "a negative offset", .D005, "motion: 1\ntransactions:\n  - at: { release: swipe, offset: 1️⃣-1 }\n    ops: []\n"),
    ]

    @Test(arguments: cases) func diagnostics(_ c: DiagnosticCase) {
        let source = MarkedSource(c.yaml)
        check(source.load().diagnostics, against: c, source: source)
    }
}
