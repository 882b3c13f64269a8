import MotionCore
import MotionDiagnostics
import MotionPlans
import MotionRuntime
import MotionTestSupport
import Testing

/// `path:` and `orient:` on tweens (docs/format.md §7.3): decoding and diagnostics.
@Suite("Motion path decoding")
struct MotionPathDecodingTests {
    static func tween(_ more: String) -> String { op("add: tween\ntarget: \"#a\"\nduration: 1\n" + more) }

    static let curve = "[[40, 300], [[40, 100], [280, 100], [280, 40]]]"

    @Test func aPathDecodesToItsPoints() throws {
        let value = try intention(
            "add: tween\ntarget: \"#a\"\nproperty: position\npath: [[0, 0], [[10, 0], [20, 5], [30, 30]], [[40, 55], [50, 60], [60, 60]]]\norient: true\neasing: standard"
        )
        guard let tween = value.value(as: Tween.self) else {
            Issue.record("\(value)")
            return
        }
        let path = try #require(tween.path)
        #expect(path.points.count == 7)
        #expect(path.points[0] == SIMD2(0, 0) && path.points[3] == SIMD2(30, 30) && path.points[6] == SIMD2(60, 60))
        #expect(tween.orients && tween.property == PropertyPath(.position) && tween.values.isEmpty)
        #expect(tween.easings == [TimingCurve.named("standard")])
    }

    @Test func orientDefaultsToFalse() throws {
        let value = try intention("add: tween\ntarget: \"#a\"\nproperty: position\npath: \(Self.curve)")
        guard let tween = value.value(as: Tween.self) else {
            Issue.record("\(value)")
            return
        }
        #expect(tween.path != nil && !tween.orients)
    }

    static let cases: [DiagnosticCase] = [
        DiagnosticCase(
            "path on opacity", .W008, help: "write `property: position`, or use `values`",
            tween("property: 1️⃣opacity\npath: \(curve)")),
        DiagnosticCase(
            "path on a component", .W008, help: "write `property: position`: a path moves both coordinates",
            tween("property: 1️⃣position.x\npath: \(curve)")),
        DiagnosticCase(
            "path with values", .D003, help: "remove `values`, or animate with `values` and remove `path`",
            tween("property: position\nvalues: 1️⃣[[0, 0], [1, 1]]\npath: \(curve)")),
        DiagnosticCase(
            "path with to", .D003, help: "remove `to`, or animate with `to` and remove `path`",
            tween("property: position\nto: 1️⃣[1, 1]\npath: \(curve)")),
        DiagnosticCase(
            "path with by", .D003, help: "remove `by`, or animate with `by` and remove `path`",
            tween("property: position\nby: 1️⃣[1, 1]\npath: \(curve)")),
        DiagnosticCase(
            "a polyline instead of segments", .D003,
            help: "after the start point each entry is a segment; a straight one can repeat its ends: [start, end, end]",
            tween("property: position\npath: [[0, 0], 1️⃣[10, 10]]")),
        DiagnosticCase(
            "a segment of two points", .D003, help: "write each segment as [[c1x, c1y], [c2x, c2y], [x, y]]",
            tween("property: position\npath: [[0, 0], 1️⃣[[1, 1], [2, 2]]]")),
        DiagnosticCase(
            "only a start point", .D003, help: "for example `path: [[40, 300], [[40, 100], [280, 100], [280, 40]]]`",
            tween("property: position\npath: 1️⃣[[0, 0]]")),
        DiagnosticCase("a path that is not a list", .D003, tween("property: position\npath: 1️⃣circle")),
        DiagnosticCase("a start that is not a point", .D003, tween("property: position\npath: [1️⃣0, [[1, 1], [2, 2], [3, 3]]]")),
        DiagnosticCase(
            "a point of three numbers", .D003, tween("property: position\npath: [[0, 0], [[1, 1], 1️⃣[2, 2, 2], [3, 3]]]")),
        DiagnosticCase(
            "a coordinate that is not finite", .D005, tween("property: position\npath: [[0, 0], [[1, 1], [2, 1️⃣.inf], [3, 3]]]")),
        DiagnosticCase(
            "a coordinate beyond 1e9", .D005, help: "larger numbers overflow the motion maths (docs/format.md §1.6)",
            tween("property: position\npath: [[0, 0], [[1, 1], [2, 1️⃣-1e10], [3, 3]]]")),
        DiagnosticCase(
            "offsets with a path", .W008, help: "remove `offsets`; to pause on the way, split the path into two tweens",
            tween("property: position\npath: \(curve)\noffsets: 1️⃣[0, 1]")),
        DiagnosticCase(
            "an easing list with a path", .W008, help: "give one curve, such as `easing: standard`",
            tween("property: position\npath: \(curve)\neasing: 1️⃣[linear, standard]")),
        DiagnosticCase(
            "orient without a path", .W008, help: "add `path: [start, [c1, c2, end], ...]`, or remove `orient`",
            tween("property: position\nto: [1, 1]\norient: 1️⃣true")),
        DiagnosticCase(
            "orient: auto", .D003, help: "write `orient: true` (CSS `offset-rotate: auto`, Core Animation `rotationMode` auto)",
            tween("property: position\npath: \(curve)\norient: 1️⃣auto")),
        DiagnosticCase("a misspelt path key", .D002, help: "did you mean \"path\"?", tween("property: position\n1️⃣paht: \(curve)")),
        DiagnosticCase(
            "a misspelt orient key", .D002, help: "did you mean \"orient\"?", tween("property: position\npath: \(curve)\n1️⃣orient_: true")),
    ]

    @Test(arguments: cases) func diagnostics(_ c: DiagnosticCase) {
        let source = MarkedSource(c.yaml)
        check(source.load().diagnostics, against: c, source: source)
    }

    /// A valid path tween (with every timing key that applies) gives no diagnostic.
    @Test func validPathsAreSilent() throws {
        _ = try decodeClean(
            Self.tween(
                "property: position\npath: \(Self.curve)\norient: true\neasing: [0.3, -0.4, 0.7, 1.4]\ndelay: 0.2\nrepeat: 2\nautoreverse: true"
            ))
        _ = try decodeClean(Self.tween("property: position\npath: \(Self.curve)\neasing: [standard]\norient: false"))
    }
}
