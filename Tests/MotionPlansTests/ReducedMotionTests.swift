import MotionCore
import MotionDiagnostics
import MotionPlans
import MotionTestSupport
import Testing

/// `reducedMotion:` decoding and diagnostics (docs/format.md §7.7).
@Suite("Reduced motion decoding")
struct ReducedMotionTests {
    @Test func documentAndOpModes() throws {
        let decoded = try decodeClean(
            "motion: 1\nreducedMotion: crossfade\ntargets:\n  a: {}\ntransactions:\n  - ops:\n"
                + "      - { add: tween, target: \"#a\", property: opacity, to: 1, reducedMotion: skip }\n"
                + "      - { add: tween, target: \"#a\", property: rotation, to: 1 }\n")
        #expect(decoded.reducedMotion == .crossfade)
        #expect(decoded.transactions[0].operations.map(\.reducedMotion) == [.skip, nil])
        #expect(decoded.hasReducedMotionVariant)
        let plain = try decodeClean(op("add: tween\ntarget: \"#a\"\nproperty: opacity\nto: 1"))
        #expect(plain.reducedMotion == .keep && !plain.hasReducedMotionVariant)
    }

    static let cases: [DiagnosticCase] = [
        DiagnosticCase(
            "an unknown op mode", .D003, help: "did you mean \"crossfade\"?",
            op("add: tween\ntarget: \"#a\"\nproperty: opacity\nto: 1\nreducedMotion: 1️⃣crosfade")),
        DiagnosticCase("an unknown document mode", .D003, help: "did you mean \"skip\"?", "motion: 1\nreducedMotion: 1️⃣skipp\n"),
        DiagnosticCase(
            "CSS's spelling", .D002, help: "did you mean \"reducedMotion\"?", "motion: 1\n1️⃣reduceMotion: skip\n"),
    ]

    @Test(arguments: cases) func diagnostics(_ c: DiagnosticCase) {
        let source = MarkedSource(c.yaml)
        check(source.load().diagnostics, against: c, source: source)
    }
}
