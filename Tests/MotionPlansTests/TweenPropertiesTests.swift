import MotionCore
import MotionDiagnostics
import MotionPlans
import MotionRuntime
import MotionTestSupport
import Testing

/// `properties:` and `by:` on tweens (docs/format.md §7.2): decoding into one op per property,
/// and their diagnostics.
@Suite("Tween properties and relative values")
struct TweenPropertiesTests {
    static func tween(_ more: String) -> String { op("add: tween\ntarget: \"#a\"\nduration: 0.4\n" + more) }

    @Test func onePropertyPerOpWithSharedTiming() throws {
        let decoded = try decodeClean(
            Self.tween(
                "easing: standard\ndelay: 0.1\nrepeat: 2\nproperties:\n  opacity: [0, 1]\n  position.x: { from: 10, to: 20 }\n  scale: { to: 2 }\n  rotation: { by: -90 }"
            ))
        let ops = try #require(decoded.transactions.first?.operations)
        let tweens = ops.compactMap { op -> Tween? in
            if let t = op.intention?.value(as: Tween.self) { return t }
            return nil
        }
        #expect(tweens.map(\.property.description) == ["opacity", "position.x", "scale", "rotation"])
        #expect(tweens.map(\.values) == [[.scalar(0), .scalar(1)], [.scalar(10), .scalar(20)], [.point(2, 2)], [.scalar(-90)]])
        #expect(tweens.map(\.isRelative) == [false, false, false, true])
        for t in tweens {
            #expect(t.duration == 0.4 && t.delay == 0.1 && t.repeatCount == .count(2) && t.easings == [TimingCurve.named("standard")])
        }
        #expect(Set(ops.map(\.target.value)) == ["#a"])
    }

    @Test("each op keeps where its own `by` was written, and the keys it shares")
    func changeRanges() throws {
        let text = Self.tween(
            "easing: 2️⃣standard\nproperties:\n  opacity: { by: 1️⃣-0.5 }\n  position.x: [0, 1]\n  rotation: { by: 3️⃣90 }")
        let source = MarkedSource(text)
        let document = try decodeClean(text)
        let ops = try #require(document.transactions.first?.operations)
        try #require(ops.count == 3)
        #expect(document.range(of: "by", in: ops[0]).start == source["1️⃣"])
        #expect(document.range(of: "by", in: ops[1]) == ops[1].head, "values, no change: the head")
        #expect(document.range(of: "by", in: ops[2]).start == source["3️⃣"])
        for op in ops { #expect(document.range(of: "easing", in: op).start == source["2️⃣"]) }
        let single = "add: tween\ntarget: \"#a\"\nproperty: opacity\nby: 1️⃣0.25"
        let decoded = try decodeClean(op(single))
        let change = try #require(decoded.transactions.first?.operations.first)
        #expect(decoded.range(of: "by", in: change).start == MarkedSource(op(single))["1️⃣"])
    }

    @Test func byIsRelative() throws {
        let value = try intention("add: tween\ntarget: \"#a\"\nproperty: position\nby: [40, -20]")
        guard let tween = value.value(as: Tween.self) else { Issue.record("\(value)"); return }
        #expect(tween.values == [.point(40, -20)] && tween.isRelative)
        // A change may leave the value's range: opacity by -0.5 is fine.
        _ = try intention("add: tween\ntarget: \"#a\"\nproperty: opacity\nby: -0.5")
    }

    static let cases: [DiagnosticCase] = [
        DiagnosticCase(
            "a property and its component", .W007, help: "animate `position` as a whole, or only its components",
            tween("properties:\n  position: { to: [1, 2] }\n  1️⃣position.y: { to: 3 }")),
        DiagnosticCase(
            "property with properties", .D003, help: "move it into `properties`, e.g. properties: { opacity: { to: 1 } }",
            tween("property: 1️⃣opacity\nproperties: { scale: { to: 2 } }")),
        DiagnosticCase("by with to", .D003, op("add: tween\ntarget: \"#a\"\nproperty: opacity\nto: 1️⃣1\nby: 0.5")),
        DiagnosticCase("by with from in properties", .D003, tween("properties:\n  opacity: 1️⃣{ from: 0, by: 1 }")),
        DiagnosticCase("empty properties", .W001, tween("properties: 1️⃣{}")),
        DiagnosticCase(
            "named with several properties", .N003, help: "remove `name`, or give each property its own named tween",
            tween("name: 1️⃣grow\nproperties: { scale: { to: 2 }, opacity: { to: 1 } }")),
        DiagnosticCase(
            "a misspelt property", .D009, help: "did you mean \"opacity\"?", tween("properties: { 1️⃣opacty: { to: 1 } }")),
        DiagnosticCase(
            "a CSS property", .D009,
            help: "use `position.x`: motionc moves layers by their position and names properties as Core Animation does",
            tween("properties: { 1️⃣translateX: { to: 1 } }")),
        DiagnosticCase("a number", .D003, tween("properties: { opacity: 1️⃣1 }")),
        DiagnosticCase("from alone", .D004, tween("properties: { opacity: 1️⃣{ from: 1 } }")),
        DiagnosticCase(
            "a point change as a number", .D003, help: "write `[5, 0]` to move along x, `[0, 5]` along y, or `position.x` as the property",
            op("add: tween\ntarget: \"#a\"\nproperty: position\nby: 1️⃣5")),
    ]

    @Test(arguments: cases) func diagnostics(_ c: DiagnosticCase) {
        let source = MarkedSource(c.yaml)
        check(source.load().diagnostics, against: c, source: source)
    }

    @Test func aNamedSinglePropertyIsFine() throws {
        _ = try decodeClean(Self.tween("name: fade\nproperties: { opacity: { to: 1 } }"))
    }
}
