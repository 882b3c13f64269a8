import MotionDiagnostics
import MotionPlans
import MotionTestSupport
import MotionValidation
import Testing

/// W001-W006 and W009 (docs/format.md §2.2).
@Suite("Tween rules")
struct TweenRuleTests {
    static func keyframes(_ more: String, values: String = "[0, 0.5, 1]") -> String {
        op("add: tween\ntarget: \"#a\"\nproperty: opacity\nvalues: \(values)\n\(more)")
    }

    static let w006Help = "remove it, or start the later tween after it ends"

    static let diagnosticCases: [DiagnosticCase] = [
        DiagnosticCase(
            "no values at all", .W001, help: "add `to:` (from the presented value), `from:` and `to:`, or `values: [...]`",
            op("add: 1️⃣tween\ntarget: \"#a\"\nproperty: opacity")),
        DiagnosticCase(
            "an empty values list", .W001, help: "add `to:` (from the presented value), `from:` and `to:`, or `values: [...]`",
            op("add: tween\ntarget: \"#a\"\nproperty: opacity\nvalues: 1️⃣[]")),
        DiagnosticCase(
            "an empty values list in flow style, on its own line", .W001,
            help: "add `to:` (from the presented value), `from:` and `to:`, or `values: [...]`",
            op("add: tween\ntarget: \"#a\"\nduration: 1\nvalues:\n  1️⃣[]\nproperty: opacity")),
        DiagnosticCase("two offsets for three values", .W002, keyframes("offsets: 1️⃣[0, 1]")),
        DiagnosticCase(
            "offsets for from/to", .W002,
            op("add: tween\ntarget: \"#a\"\nproperty: opacity\nfrom: 0\nto: 1\noffsets: 1️⃣[0, 0.5, 1]")),
        DiagnosticCase("an offset above 1", .W003, keyframes("offsets: 1️⃣[0, 0.5, 1.5]")),
        DiagnosticCase("an offset below 0", .W003, keyframes("offsets: 1️⃣[-0.1, 0.5, 1]")),
        DiagnosticCase("decreasing offsets", .W003, keyframes("offsets: 1️⃣[0, 0.6, 0.4]")),
        DiagnosticCase("one easing for three values as a list", .W004, keyframes("easing: 1️⃣[linear]")),
        DiagnosticCase("three easings for three values", .W004, keyframes("easing: 1️⃣[linear, easeIn, easeOut]")),
        DiagnosticCase(
            "two easings for one value", .W004,
            op("add: tween\ntarget: \"#a\"\nproperty: opacity\nto: 1\neasing: 1️⃣[linear, easeIn]")),
        DiagnosticCase(
            "an empty easing list", .W004,
            op("add: tween\ntarget: \"#a\"\nproperty: opacity\nvalues: [0, 1]\neasing: 1️⃣[]")),
        DiagnosticCase("x1 above 1", .W005, keyframes("easing: 1️⃣[1.2, 0, 0.5, 1]")),
        DiagnosticCase("x2 below 0", .W005, keyframes("easing: 1️⃣[0.2, 0, -0.5, 1]")),
        DiagnosticCase("x2 above 1 inside a list", .W005, keyframes("easing: 1️⃣[linear, [0, 0, 1.01, 1]]")),
        DiagnosticCase(
            "a transitionTween easing", .W005,
            op("add: transitionTween\ntarget: \"#a\"\nproperty: opacity\nback: 0\nfore: 1\neasing: 1️⃣[2, 0, 0.5, 1]")),
        DiagnosticCase(
            "a transitionTween backward easing", .W005,
            op("add: transitionTween\ntarget: \"#a\"\nproperty: opacity\nback: 0\nfore: 1\nbackwardEasing: 1️⃣[0, 0, -1, 1]")),
        DiagnosticCase(
            "hidden by a later tween committed together that ends later", .W006, help: w006Help, notes: ["2️⃣"],
            document([
                [
                    "add: 1️⃣tween\ntarget: \"#a\"\nproperty: opacity\nto: 1\nduration: 1",
                    "add: 2️⃣tween\ntarget: \"#a\"\nproperty: opacity\nto: 0\nduration: 2",
                ]
            ])),
        DiagnosticCase(
            "hidden by a later tween that ends at the same time", .W006, help: w006Help, notes: ["2️⃣"],
            document([
                [
                    "add: 1️⃣tween\ntarget: \"#a\"\nproperty: opacity\nto: 1\nduration: 1",
                    "add: 2️⃣tween\ntarget: \"#a\"\nproperty: opacity\nto: 0\nduration: 0.5\ndelay: 0.5",
                ]
            ])),
        // 0.1 + 0.2 and 3 x 0.1 are 0.30000000000000004 in binary: the tweens end at 0.3 s, as
        // the run shows them (docs/format.md §2.2).
        DiagnosticCase(
            "hidden by a later tween that ends at the same decimal sum", .W006, help: w006Help, notes: ["2️⃣"],
            document([
                [
                    "add: 1️⃣tween\ntarget: \"#a\"\nproperty: opacity\nto: 1\nduration: 0.2\ndelay: 0.1",
                    "add: 2️⃣tween\ntarget: \"#a\"\nproperty: opacity\nto: 0\nduration: 0.3",
                ]
            ])),
        DiagnosticCase(
            "hidden by a later tween that ends with its decimal repeats", .W006, help: w006Help, notes: ["2️⃣"],
            document([
                [
                    "add: 1️⃣tween\ntarget: \"#a\"\nproperty: opacity\nto: 1\nduration: 0.1\nrepeat: 3",
                    "add: 2️⃣tween\ntarget: \"#a\"\nproperty: opacity\nto: 0\nduration: 0.3",
                ]
            ])),
        DiagnosticCase(
            "hidden by a later tween repeating forever", .W006, help: w006Help, notes: ["2️⃣"],
            document([
                [
                    "add: 1️⃣tween\ntarget: \"#a\"\nproperty: position.x\nto: 1\nduration: 1\nrepeat: 3",
                    "add: 2️⃣tween\ntarget: \"#a\"\nproperty: position.x\nto: 0\nrepeat: forever",
                ]
            ])),
        DiagnosticCase(
            "a component hidden by a later tween on the whole property", .W006, help: w006Help, notes: ["2️⃣"],
            document([
                [
                    "add: 1️⃣tween\ntarget: \"#a\"\nproperty: position.x\nto: 1\nduration: 1",
                    "add: 2️⃣tween\ntarget: \"#a\"\nproperty: position\nto: [0, 0]\nduration: 1",
                ]
            ])),
        DiagnosticCase(
            "hidden by a named tween removed just as it ends", .W006, help: w006Help, notes: ["2️⃣"],
            document([
                [
                    "add: 1️⃣tween\ntarget: \"#a\"\nproperty: opacity\nto: 1\nduration: 1",
                    "add: 2️⃣tween\ntarget: \"#a\"\nname: b\nproperty: opacity\nto: 0\nduration: 5",
                ],
                ["remove: b\ntarget: \"#a\""],
            ])),
        DiagnosticCase(
            "hidden on one of the targets of a selector", .W006, help: w006Help, notes: ["2️⃣"],
            document([
                [
                    "add: 1️⃣tween\ntarget: \"#a, #b\"\nproperty: opacity\nto: 1\nduration: 1",
                    "add: 2️⃣tween\ntarget: \"#b\"\nproperty: opacity\nto: 0\nduration: 1",
                ]
            ])),
    ]

    @Test(arguments: diagnosticCases) func diagnostics(_ c: DiagnosticCase) { c.run() }

    static let silentCases: [SilentCase] = [
        SilentCase("from and to", op("add: tween\ntarget: \"#a\"\nproperty: opacity\nfrom: 0\nto: 1")),
        SilentCase("to alone with one easing in a list", op("add: tween\ntarget: \"#a\"\nproperty: opacity\nto: 1\neasing: [easeIn]")),
        SilentCase("offsets with a repeated offset", keyframes("offsets: [0, 1, 1]\neasing: [linear, standard]")),
        SilentCase("one curve for every segment", keyframes("easing: [0.42, 0, 0.58, 1]")),
        SilentCase("y outside [0, 1] is allowed", keyframes("easing: [0.5, -2, 0.5, 3]")),
        SilentCase("x at the bounds", keyframes("easing: [[0, 0, 1, 1], [1, 0, 0, 1]]")),
        SilentCase("the later tween starts later", document([[tween(duration: 1)], [tween(duration: 5)]])),
        SilentCase("the later tween ends earlier", document([[tween(duration: 2), tween(duration: 1)]])),
        SilentCase("a different property", document([[tween("#a", "opacity"), tween("#a", "rotation")]])),
        SilentCase("a different component", document([[tween("#a", "position.x"), tween("#a", "position.y")]])),
        SilentCase("a different target", document([[tween("#a"), tween("#b")]])),
        SilentCase(
            "a whole property covered by a later tween on one component only",
            document([["add: tween\ntarget: \"#a\"\nproperty: position\nto: [1, 1]\nduration: 1", tween("#a", "position.x")]])),
        SilentCase("the same name replaces rather than hides", document([[tween(more: "name: t"), tween(more: "name: t")]])),
        SilentCase("an earlier forever tween", document([[tween(more: "repeat: forever"), tween(duration: 50)]])),
        SilentCase(
            "the named tween that hid it is removed before it ends: it shows again",
            document([
                [tween(duration: 2), "add: tween\ntarget: \"#a\"\nname: b\nproperty: opacity\nto: 0\nduration: 5"],
                ["remove: b\ntarget: \"#a\""],
            ])),
        SilentCase(
            "the named tween that hid it is replaced before it ends",
            document([
                [tween(duration: 2), "add: tween\ntarget: \"#a\"\nname: b\nproperty: opacity\nto: 0\nduration: 5"],
                ["add: tween\ntarget: \"#a\"\nname: b\nproperty: opacity\nto: 0.5\nduration: 0.1"],
            ])),
    ]

    @Test(arguments: silentCases) func silent(_ c: SilentCase) { c.run() }

    static let w009Help = "put the values in one tween's `values:`, or commit each tween in the transaction where it starts"

    /// `count` tweens on `#a`'s `property` committed together, each ending before the one before it
    /// (so none hides another); `marked` puts the 1️⃣ marker on that tween's `add:` value.
    static func tweensAtOnce(_ count: Int, property: String = "position.x", marked: Int? = nil) -> String {
        document([
            (0..<count).map { i in
                "add: \(i == marked ? "1️⃣" : "")tween\ntarget: \"#a\"\nproperty: \(property)\nto: \(property == "position" ? "[\(i), \(i)]" : "\(i)")\nduration: \(count + 1 - i)ms"
            }
        ])
    }

    @Test func theTweenPastAThousandAtOnceIsReported() {
        DiagnosticCase("1,001 at once", .W009, help: Self.w009Help, Self.tweensAtOnce(1001, marked: 1000)).run()
        let message = validate(MarkedSource(Self.tweensAtOnce(1001))).first { $0.code == .W009 }?.message
        #expect(message == "more than 1000 tweens run at once on position.x of #a from this tween on: at most 1000 may")
        // A whole-property tween counts on each component, and is reported once.
        DiagnosticCase("1,001 at once on a point", .W009, help: Self.w009Help, Self.tweensAtOnce(1001, property: "position", marked: 1000))
            .run()
        // Delays do not stagger them: each runs from its commit.
        let delayed = document([
            (0..<1001).map { i in
                "add: \(i == 1000 ? "1️⃣" : "")tween\ntarget: \"#a\"\nproperty: opacity\nto: 1\nduration: 0.1\ndelay: \(0.05 * Double(1001 - i))"
            }
        ])
        DiagnosticCase("1,001 delayed one after another", .W009, help: Self.w009Help, delayed).run()
        // Names replace only their own tween: 1,001 different names all run.
        let named = document([
            (0..<1001).map { i in
                "add: \(i == 1000 ? "1️⃣" : "")tween\nname: t\(i)\ntarget: \"#a\"\nproperty: opacity\nto: 1\nduration: \(1002 - i)ms"
            }
        ])
        DiagnosticCase("1,001 under different names", .W009, help: Self.w009Help, named).run()
    }

    @Test func aThousandAtOnceOrManyInTurnAreSilent() {
        SilentCase("1,000 at once", Self.tweensAtOnce(1000)).run()
        // 2,000 tweens, each committed as the one before ends: two at once at most.
        var inTurn = standardTargets + "transactions:\n"
        for i in 0..<2000 {
            inTurn += "  - { at: \(Double(i) / 50), ops: [{ add: tween, target: \"#a\", property: opacity, to: 1, duration: 20ms }] }\n"
        }
        SilentCase("2,000 in turn", inTurn).run()
        // A tween is gone when a later add of its name, or a remove of it, replaces it.
        var renamed = standardTargets + "transactions:\n"
        var removed = standardTargets + "transactions:\n"
        for i in 0..<1005 {
            renamed +=
                "  - { at: \(Double(i) / 100), ops: [{ add: tween, name: follow, target: \"#a\", property: opacity, to: 1, duration: 20 }] }\n"
            // The first has nothing to remove yet.
            removed +=
                "  - at: \(Double(i) / 100)\n    ops:\n" + (i == 0 ? "" : "      - { remove: t, target: \"#a\" }\n")
                + "      - { add: tween, name: t, target: \"#a\", property: opacity, to: 1, duration: 20 }\n"
        }
        SilentCase("replaced by name", renamed).run()
        SilentCase("removed before each add", removed).run()
        // 1,001 on two properties: 501 and 500.
        let split = document([(0..<1001).map { i in tween("#a", i % 2 == 0 ? "opacity" : "rotation", duration: Double(1002 - i) / 100) }])
        SilentCase("split over two properties", split).run()
        // Physics starting on the component ends the tweens committed before it (docs/format.md
        // §2.6): a spring after every 500 tweens leaves at most 500 running at once.
        func withPhysics(_ physics: String, every: Int = 500) -> String {
            var text = standardTargets + "transactions:\n"
            for i in 0..<1005 {
                text += "  - at: \(Double(i) / 100)\n    ops:\n"
                text += "      - { add: tween, target: \"#a\", property: position.x, to: 1, duration: 20 }\n"
                if i % every == every - 1 { text += "      - \(physics)\n" }
            }
            return text
        }
        SilentCase("taken over by springs", withPhysics("{ add: spring, target: \"#a\", property: position, destination: [0, 0] }")).run()
        SilentCase("taken over by friction", withPhysics("{ add: friction, target: \"#a\", property: position.x, coefficient: 2 }")).run()
        SilentCase("taken over by an anchored spring", withPhysics("{ add: anchoredSpring, target: \"#a\", anchor: [0, 0] }")).run()
        // So does a link (docs/format.md §7.4).
        SilentCase(
            "taken over by links",
            withPhysics(
                "{ add: link, target: \"#a\", property: position.x, source: { target: \"#b\", property: opacity }, input: [0, 1], output: [0, 1] }"
            )
        ).run()
    }

    @Test("physics on another component, or before the tweens, takes nothing over")
    func physicsElsewhereTakesNothingOver() {
        var other = standardTargets + "transactions:\n  - ops:\n"
        other += "      - { add: spring, target: \"#a\", property: position.x, destination: 0 }\n"
        for i in 0..<1001 {
            // Each lasts longer than the next, so none hides another (W006).
            other += "      - { add: \(i == 1000 ? "1️⃣" : "")tween, target: \"#a\", property: position.x, to: 1, duration: \(2001 - i)ms }\n"
        }
        other += "      - { add: spring, target: \"#a\", property: position.y, destination: 0 }\n"
        other +=
            "      - { add: link, target: \"#a\", property: opacity, source: { target: \"#b\", property: opacity }, "
            + "input: [0, 1], output: [0, 1] }\n"
        DiagnosticCase("a spring before the tweens, and a spring on y and a link on opacity after", .W009, help: Self.w009Help, other).run()
    }

    /// `count` tweens on `#a`'s `property`, the i-th committed at `start + i / 100` s, each 20 s long.
    ///
    /// So each runs with every earlier one unless something ends it. `ops` come in a transaction at
    /// 0, `later[i]` after the i-th tween, `extra` at the top level; the 1,001st tween's `add:` is
    /// marked 1️⃣.
    static func tweensInTurn(
        _ property: String = "position.x", count: Int = 1005, start: Double = 0, after ops: [String], later: [Int: String] = [:],
        extra: String
    ) -> String {
        var text = standardTargets + "transactions:\n"
        if !ops.isEmpty { text += "  - at: 0\n    ops:\n" + ops.map { "      - \($0)\n" }.joined() }
        for i in 0..<count {
            text += "  - at: \(start + Double(i) / 100)\n    ops:\n"
            text += "      - { add: \(i == 1000 ? "1️⃣" : "")tween, target: \"#a\", property: \(property), to: 1, duration: 20 }\n"
            if let op = later[i] { text += "      - \(op)\n" }
        }
        return text + extra
    }

    /// An input of `kind` on `#a` from `at` to `at + 0.5` s, as `inputs:`.
    static func input(_ kind: String = "pan", id: String = "p", at: Double = 5, target: String = "#a") -> String {
        let samples =
            switch kind {
            case "pan": "translation: [[0, 0], [10, 0]]"
            case "pinch": "scale: [1, 2]"
            default: "angle: [0, 30]"
            }
        return "inputs:\n  - { id: \(id), kind: \(kind), target: \"\(target)\", at: \(at), duration: 0.5, \(samples) }\n"
    }

    @Test("a gesture takes over the tweens committed before its input begins (docs/format.md §2.6)")
    func gesturesTakeOver() {
        // Without the takeover at 5 s, the 1,001st tween (at 10 s) would run with 1,000 others.
        let cases: [(String, String, [String], String)] = [
            ("a drag", "position.x", ["{ add: draggable, target: \"#a\" }"], Self.input()),
            ("a horizontal drag", "position.x", ["{ add: draggable, target: \"#a\", axis: horizontal }"], Self.input()),
            ("a drag naming its input", "position.y", ["{ add: draggable, target: \"#a\", gesture: p }"], Self.input()),
            ("a pinch", "scale", ["{ add: pinchable, target: \"#a\" }"], Self.input("pinch")),
            ("a rotation", "rotation", ["{ add: rotatable, target: \"#a\" }"], Self.input("rotate")),
            ("directlyManipulable's rotation", "rotation", ["{ add: directlyManipulable, target: \"#a\" }"], Self.input("rotate")),
            ("tossable's drag", "position.y", ["{ add: tossable, target: \"#a\" }"], Self.input()),
            ("a named drag still held", "position.x", ["{ add: draggable, name: drag, target: \"#a\" }"], Self.input()),
        ]
        for (label, property, ops, inputs) in cases {
            SilentCase(label, Self.tweensInTurn(property, after: ops, extra: inputs)).run()
        }
        // An input under way when the gesture is added is taken at the add: here at 5 s, in op order.
        var late = standardTargets + "transactions:\n"
        for i in 0..<1005 {
            late += "  - at: \(Double(i) / 100)\n    ops:\n"
            late += "      - { add: tween, target: \"#a\", property: position.x, to: 1, duration: 20 }\n"
            if i == 500 { late += "      - { add: draggable, target: \"#a\" }\n" }
        }
        SilentCase("an input under way at the add", late + Self.input(at: 4.9)).run()
    }

    @Test("a gesture that does not drive the component, or no longer holds it, takes nothing over")
    func gesturesThatTakeNothingOver() {
        let cases: [(String, String, [String], String)] = [
            ("a vertical drag and tweens on x", "position.x", ["{ add: draggable, target: \"#a\", axis: vertical }"], Self.input()),
            ("a pinch and tweens on rotation", "rotation", ["{ add: pinchable, target: \"#a\" }"], Self.input("pinch")),
            ("a pan on another target", "position.x", ["{ add: draggable, target: \"#a, #b\" }"], Self.input(target: "#b")),
        ]
        for (label, property, ops, inputs) in cases {
            DiagnosticCase(label, .W009, help: Self.w009Help, Self.tweensInTurn(property, after: ops, extra: inputs)).run()
        }
        // A named drag removed before its input begins never takes it.
        let removed = Self.tweensInTurn(
            after: ["{ add: draggable, name: drag, target: \"#a\" }"], later: [400: "{ remove: drag, target: \"#a\" }"],
            extra: Self.input())
        DiagnosticCase("a named drag removed before its input", .W009, help: Self.w009Help, removed).run()
        // An input that ends before the drag is added is lost (G003) and takes nothing.
        let lost = Self.tweensInTurn(after: [], later: [100: "{ add: draggable, target: \"#a\" }"], extra: Self.input(at: 0.1))
        DiagnosticCase("an input over before the drag", .W009, help: Self.w009Help, all: [.W009, .G003], lost).run()
        // At one instant the input begins before the transactions: tweens committed then stay.
        let together = Self.tweensInTurn(count: 1001, start: 5, after: ["{ add: draggable, target: \"#a\" }"], extra: Self.input())
        DiagnosticCase("tweens committed as the input begins", .W009, help: Self.w009Help, together).run()
    }

    @Test func aTweenHiddenTwiceIsReportedOnce() {
        let diagnostics = validate(MarkedSource(document([[tween(duration: 1), tween(duration: 2), tween(duration: 3)]])))
        #expect(codes(diagnostics) == [.W006, .W006])
        #expect(Set(diagnostics.map(\.range.start.line)).count == 2)
    }
}
