import MotionCore
import MotionDiagnostics
import MotionPlans
import MotionRuntime
import MotionTestSupport
import Testing

/// `stagger` and `staggerFrom` (docs/format.md §7.1): offsets, decoding, diagnostics, and the
/// ordinary operations a staggered op compiles to.
@Suite("Stagger")
struct StaggerTests {
    /// Offsets in steps, written out by hand from the definition (Framer Motion's `from`).
    @Test func offsetsInSteps() {
        func steps(_ origin: StaggerOrigin, _ n: Int) -> [Double] {
            (0..<n).map { Stagger(step: 0.5, origin: origin).offset(index: $0, count: n) / 0.5 }
        }
        #expect(steps(.first, 4) == [0, 1, 2, 3])
        #expect(steps(.last, 4) == [3, 2, 1, 0])
        #expect(steps(.center, 5) == [2, 1, 0, 1, 2])
        #expect(steps(.center, 4) == [1.5, 0.5, 0.5, 1.5])
        #expect(steps(.center, 1) == [0])
    }

    static let rows = """
        motion: 1
        targets:
          list:
            type: List
            children:
              r1: { class: [item] }
              r2: { class: [item] }
              r3: { class: [item] }
          other: {}
        transactions:
          - at: 1
            label: enter
            ops:

        """

    func document(_ body: String) -> String {
        var text = Self.rows
        for (i, line) in body.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            text += (i == 0 ? "      - " : "        ") + line + "\n"
        }
        return text
    }

    @Test func tweensGetLongerDelays() throws {
        let decoded = try decodeClean(
            document("add: tween\ntarget: List > .item\nproperty: opacity\nto: 1\ndelay: 0.1\nstagger: 50ms\nstaggerFrom: last"))
        let operation = try #require(decoded.transactions.first?.operations.first)
        #expect(operation.stagger == Stagger(step: 0.05, origin: .last))
        let compiled = decoded.compiledAdditions()
        #expect(compiled.transactions.count == 1)
        let ops = compiled.transactions[0].operations
        #expect(ops.map(\.target.value) == ["#r1", "#r2", "#r3"])
        let delays = ops.compactMap { op -> Double? in
            guard let tween = op.intention?.value(as: Tween.self) else { return nil }
            return tween.delay
        }
        let expected = [0.2, 0.15, 0.1]
        #expect(zip(delays, expected).allSatisfy { abs($0 - $1) <= 1e-12 } && delays.count == 3, "\(delays)")
        #expect(ops.allSatisfy { $0.stagger == nil })
    }

    @Test func otherIntentionsCommitLater() throws {
        let decoded = try decodeClean(
            document("add: spring\ntarget: .item\nproperty: opacity\ndestination: 0\nstagger: 0.25\nstaggerFrom: center"))
        let compiled = decoded.compiledAdditions()
        // Center of three: r2 at once, r1 and r3 a step later, in document order.
        #expect(compiled.transactions.map(\.at.value) == [1, 1.25, 1.25])
        #expect(compiled.transactions.map { $0.operations.map(\.target.value) } == [["#r2"], ["#r1"], ["#r3"]])
        #expect(compiled.transactions.map(\.label) == ["enter", "enter", "enter"])
    }

    @Test func documentsWithoutStaggerAreUnchanged() throws {
        let decoded = try decodeClean(document("add: tween\ntarget: .item\nproperty: opacity\nto: 1"))
        let compiled = decoded.compiledAdditions()
        #expect(compiled.transactions[0].operations.map(\.target.value) == [".item"])
    }

    /// A fade-in op on `#a` followed by `more`.
    static func fade(_ more: String) -> String { op("add: tween\ntarget: \"#a\"\nproperty: opacity\nto: 1\n" + more) }

    static let cases: [DiagnosticCase] = [
        DiagnosticCase(
            "a British spelling", .D003, help: "did you mean \"center\"?",
            fade("stagger: 0.1\nstaggerFrom: 1️⃣centre")),
        DiagnosticCase(
            "staggerFrom alone", .D004, help: "add `stagger: 50ms`",
            fade("staggerFrom: 1️⃣last")),
        DiagnosticCase(
            "a negative stagger", .D005, fade("stagger: 1️⃣-0.1")),
        DiagnosticCase(
            "a misspelt stagger", .D002, help: "did you mean \"stagger\"?",
            fade("1️⃣staggr: 0.1")),
        DiagnosticCase("stagger on remove", .D002, op("remove: fade\ntarget: \"#a\"\n1️⃣stagger: 0.1")),
    ]

    @Test(arguments: cases) func diagnostics(_ c: DiagnosticCase) {
        let source = MarkedSource(c.yaml)
        check(source.load().diagnostics, against: c, source: source)
    }
}
