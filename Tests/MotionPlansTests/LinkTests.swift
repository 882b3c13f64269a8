import MotionCore
import MotionDiagnostics
import MotionPlans
import MotionRuntime
import MotionTestSupport
import Testing

/// `add: link` decoding and its map (docs/format.md §7.4).
@Suite("Link decoding")
struct LinkTests {
    static func link(_ more: String) -> String {
        op("add: link\ntarget: \"#a\"\n" + more)
    }

    static let valid = "property: rotation\nsource: { target: \"#b\", property: position.x }\ninput: [0, 200]\noutput: [0, 15]"

    @Test func decodesAndMaps() throws {
        let value = try intention("add: link\ntarget: \"#a\"\n" + Self.valid + "\nclamp: false")
        guard let link = value.value(as: Link.self) else { Issue.record("\(value)"); return }
        #expect(link.sourceTarget == "#b" && link.sourceProperty.description == "position.x" && !link.clamp)
        #expect(link.map(100) == 7.5 && link.map(400) == 30 && link.map(-200) == -15)
        var clamped = link
        clamped.clamp = true
        #expect(clamped.map(400) == 15 && clamped.map(-200) == 0)
        // A decreasing output clamps to its own interval.
        let down = Link(
            property: link.property, sourceTarget: "#b", sourceProperty: link.sourceProperty, input: [0, 10], output: [1, 0])
        #expect(down.map(20) == 0 && down.map(-5) == 1 && down.map(5) == 0.5)
    }

    static let cases: [DiagnosticCase] = [
        DiagnosticCase(
            "an empty input interval", .D005,
            link("property: rotation\nsource: { target: \"#b\", property: opacity }\ninput: 1️⃣[1, 1]\noutput: [0, 1]")),
        DiagnosticCase(
            "an opacity output of 5", .D005,
            link("property: opacity\nsource: { target: \"#b\", property: position.x }\ninput: [0, 100]\noutput: 1️⃣[0, 5]")),
        DiagnosticCase(
            "a negative colour component output", .D005,
            link("property: backgroundColor.r\nsource: { target: \"#b\", property: position.x }\ninput: [0, 1]\noutput: 1️⃣[-1, 1]")),
        DiagnosticCase(
            "a negative corner radius output", .D005,
            link("property: cornerRadius\nsource: { target: \"#b\", property: position.x }\ninput: [0, 1]\noutput: 1️⃣[8, -8]")),
        DiagnosticCase(
            "a tiny input span", .D005, help: "widen `input` to a span of at least 1e-9",
            link("property: rotation\nsource: { target: \"#b\", property: position.x }\ninput: 1️⃣[0, 1e-300]\noutput: [0, 1]\nclamp: false")),
        DiagnosticCase(
            "the smallest double as the input span", .D005, help: "widen `input` to a span of at least 1e-9",
            link("property: rotation\nsource: { target: \"#b\", property: position.x }\ninput: 1️⃣[0, 5e-324]\noutput: [0, 1]")),
        DiagnosticCase(
            "the smallest input span", .D005, help: "widen `input` to a span of at least 2",
            link(
                "property: rotation\nsource: { target: \"#b\", property: position.x }\ninput: 1️⃣[1, 1.0000000000000002]\n"
                    + "output: [-1e9, 1e9]")),
        DiagnosticCase(
            "a point property", .D009, help: "link a component, such as `position.x`",
            link("property: 1️⃣position\nsource: { target: \"#b\", property: opacity }\ninput: [0, 1]\noutput: [0, 1]")),
        DiagnosticCase(
            "a point source", .D009, help: "read a component, such as `scale.x`",
            link("property: opacity\nsource: { target: \"#b\", property: 1️⃣scale }\ninput: [0, 1]\noutput: [0, 1]")),
        DiagnosticCase(
            "a misspelt source key", .D002, help: "did you mean \"property\"?",
            link("property: opacity\nsource: { target: \"#b\", property: opacity, 1️⃣proprety: x }\ninput: [0, 1]\noutput: [0, 1]")),
        DiagnosticCase(
            "a source without property", .D004,
            link("property: opacity\nsource: 1️⃣{ target: \"#b\" }\ninput: [0, 1]\noutput: [0, 1]")),
        DiagnosticCase(
            "no output", .D004,
            op("add: 1️⃣link\ntarget: \"#a\"\nproperty: opacity\nsource: { target: \"#b\", property: opacity }\ninput: [0, 1]")),
    ]

    @Test(arguments: cases) func diagnostics(_ c: DiagnosticCase) {
        let source = MarkedSource(c.yaml)
        check(source.load().diagnostics, against: c, source: source)
    }

    /// Outputs within the property's range, and any numbers for a property without one.
    @Test(arguments: [
        "property: opacity\ninput: [0, 100]\noutput: [1, 0]", "property: cornerRadius\ninput: [0, 1]\noutput: [0, 40]",
        "property: rotation\ninput: [0, 1]\noutput: [-5, 5]", "property: borderColor.a\ninput: [0, 1]\noutput: [0, 1]",
    ])
    func outputsInRangeAreSilent(_ body: String) throws {
        _ = try decodeClean(Self.link(body + "\nsource: { target: \"#b\", property: position.x }"))
    }

    /// A slope of exactly 1e9 (a source moving 1e-9 moves the output by 1) is within the limit.
    @Test(arguments: ["input: [0, 1e-9]\noutput: [0, 1]", "input: [0, 1]\noutput: [-5e8, 5e8]\nclamp: false"])
    func slopesUpToTheLimitAreSilent(_ spans: String) throws {
        _ = try decodeClean(Self.link("property: rotation\nsource: { target: \"#b\", property: position.x }\n" + spans))
    }
}
