import MotionDiagnostics
import MotionPlans
import MotionTestSupport
import MotionValidation
import Testing

/// W010: a `by:` change that takes its property out of range (docs/format.md §7.2).
@Suite("By-change rules")
struct ChangeRuleTests {
    /// Targets `a` (with `layer`) and `b` (without), and one transaction per element of `transactions`.
    ///
    /// The transactions are at 0, 1, 2, ... seconds, as ``document(_:extra:)`` writes them.
    static func layered(_ layer: String, _ transactions: [[String]]) -> String {
        "motion: 1\ntargets:\n  a: { layer: \(layer) }\n  b: {}\n" + document(transactions).dropFirst(standardTargets.count)
    }

    /// A tween op on `target`'s `property` changing it `by`, 1 s long.
    ///
    /// `1️⃣` marks the change when `marked`.
    static func change(
        _ by: String, on property: String = "opacity", target: String = "#a", more: String = "", marked: Bool = true
    ) -> String {
        "add: tween\ntarget: \"\(target)\"\nproperty: \(property)\nby: \(marked ? "1️⃣" : "")\(by)\nduration: 1"
            + (more.isEmpty ? "" : "\n" + more)
    }

    /// A tween op on `#a`'s opacity with `values` lasting `duration` seconds.
    ///
    /// `values` is `to: 0.6`, `from: 0.9\nto: 0.1`...; 2️⃣ marks the `add:` value when `noted`.
    static func fade(_ values: String, _ duration: Double, noted: Bool = false, more: String = "") -> String {
        "add: \(noted ? "2️⃣" : "")tween\ntarget: \"#a\"\nproperty: opacity\n\(values)\nduration: \(duration)"
            + (more.isEmpty ? "" : "\n" + more)
    }

    static let toHelp = "or give `to:` the value to end at"

    /// The help of W010 on opacity changed from `start` (quarters and tenths: exact in messages).
    static func help(_ start: Double) -> String {
        func text(_ value: Double) -> String { value == value.rounded() ? String(Int(value)) : "\(value)" }
        return "from \(text(start)), opacity can change by \(text(-start)) to \(text(((1 - start) * 100).rounded() / 100)); " + toHelp
    }

    static let diagnosticCases: [DiagnosticCase] = [
        DiagnosticCase(
            "past 1 from the layer's opacity", .W010, help: help(0.5),
            layered("{ opacity: 0.5 }", [[change("0.8")]])),
        DiagnosticCase(
            "past 1 from the default opacity", .W010, help: help(1),
            document([[change("0.5")]])),
        DiagnosticCase(
            "below 0", .W010, help: help(0.5),
            layered("{ opacity: 0.5 }", [[change("-0.6")]])),
        DiagnosticCase(
            "a negative width through the component", .W010, help: "from 200, size.width can change by -200 or more; " + toHelp,
            layered("{ size: [200, 100] }", [[change("-300", on: "size.width")]])),
        DiagnosticCase(
            "a negative height through the whole size", .W010, help: "from 100, size.height can change by -100 or more; " + toHelp,
            layered("{ size: [200, 100] }", [[change("[0, -150]", on: "size")]])),
        DiagnosticCase(
            "a negative corner radius from the default", .W010, help: "from 0, cornerRadius can change by 0 or more; " + toHelp,
            document([[change("-4", on: "cornerRadius")]])),
        DiagnosticCase(
            "a negative border width", .W010, help: "from 2, borderWidth can change by -2 or more; " + toHelp,
            layered("{ borderWidth: 2 }", [[change("-3", on: "borderWidth")]])),
        DiagnosticCase(
            "a colour component past 1", .W010, help: "from 0.5, backgroundColor.a can change by -0.5 to 0.5; " + toHelp,
            layered("{ backgroundColor: [1, 0, 0, 0.5] }", [[change("[0, 0, 0, 0.6]", on: "backgroundColor")]])),
        DiagnosticCase(
            "from what an earlier tween leaves", .W010, help: help(0.6), notes: ["2️⃣"],
            layered("{ opacity: 0.2 }", [[fade("to: 0.6", 0.5, noted: true)], [change("0.5")]])),
        DiagnosticCase(
            "from the tween that ended last, not the latest added", .W010, help: help(0.75), notes: ["2️⃣"],
            layered(
                "{ opacity: 0.2 }",
                [
                    [fade("to: 0.75", 1.5, noted: true)],
                    [fade("to: 0.1", 0.25)], [change("0.3")],
                ])),
        DiagnosticCase(
            "a chain of changes", .W010, help: help(0.8), notes: ["2️⃣"],
            layered(
                "{ opacity: 0.2 }",
                [
                    [fade("by: 0.3", 0.5)],
                    [fade("by: 0.3", 0.5, noted: true)], [change("0.3")],
                ])),
        DiagnosticCase(
            "from the first value of a tween committed together", .W010, help: help(0.9), notes: ["2️⃣"],
            document([[fade("from: 0.9\nto: 0.1", 2, noted: true), change("0.2")]])),
        DiagnosticCase(
            "during an earlier tween's delay", .W010, help: help(0.9), notes: ["2️⃣"],
            document([[fade("from: 0.9\nto: 0.1", 1, noted: true, more: "delay: 5")], [change("0.2")]])),
        DiagnosticCase(
            "from where a repeated, autoreversed tween ends", .W010, help: help(0.6), notes: ["2️⃣"],
            document([
                [fade("from: 0.2\nto: 0.6", 0.25, noted: true, more: "repeat: 1.5\nautoreverse: true")],
                [change("0.5")],
            ])),
        DiagnosticCase(
            "from the value a remove keeps", .W010, help: help(0.9), notes: ["2️⃣"],
            document([
                [fade("from: 0.9\nto: 0.1", 1, noted: true, more: "name: f\ndelay: 5")],
                ["remove: f\ntarget: \"#a\""], [change("0.2")],
            ])),
        DiagnosticCase(
            "a named change replacing its own name", .W010, help: help(0.65), notes: ["2️⃣"],
            layered(
                "{ opacity: 0.2 }",
                [[fade("to: 0.65", 0.5, noted: true, more: "name: f")], [change("0.4", more: "name: f")]])),
        DiagnosticCase(
            "in a properties: tween, at its own change", .W010, help: help(1),
            op(
                "add: tween\ntarget: \"#a\"\nduration: 1\nproperties:\n  rotation: { by: 45 }\n  opacity: { by: 1️⃣0.5 }\n  cornerRadius: { by: 4 }"
            )),
        DiagnosticCase(
            "after a staggered tween ends on each target", .W010, help: help(0.8),
            document([
                ["add: tween\ntarget: \"#a, #b\"\nproperty: opacity\nto: 0.8\nduration: 0.25\nstagger: 0.5"], [change("0.3", target: "#b")],
            ])),
        DiagnosticCase(
            "the value reached counts, not what a fractional repeat shows", .W010, help: help(0.5),
            layered("{ opacity: 0.5 }", [[change("0.8", more: "repeat: 0.5")]])),
        DiagnosticCase(
            "on several targets: once", .W010, help: help(1), document([[change("0.5", target: "#a, #b, #c")]])),
        DiagnosticCase(
            "after a transition tween", .W010, help: help(0.65),
            document([["add: transitionTween\ntarget: \"#a\"\nproperty: opacity\nback: 0.1\nfore: 0.65\nwindow: 0.5"], [change("0.4")]])),
    ]

    @Test(arguments: diagnosticCases) func diagnostics(_ c: DiagnosticCase) { c.run() }

    @Test func theMessageNamesTheStartAndTheEnd() {
        let source = MarkedSource(Self.layered("{ opacity: 0.5 }", [[Self.change("0.8")]]))
        let found = validate(source).first { $0.code == .W010 }
        #expect(found?.message == "`by` takes opacity of #a from 0.5 (its initial value) to 1.3: opacity must be between 0 and 1")
        let size = MarkedSource(Self.layered("{ size: [200, 100] }", [[Self.change("-300", on: "size.width")]]))
        #expect(
            validate(size).first?.message
                == "`by` takes size.width of #a from 200 (its initial value) to -100: size.width must not be negative")
        let chained = MarkedSource(
            Self.layered(
                "{ opacity: 0.2 }", [[Self.fade("to: 0.6", 0.5)], [Self.change("0.5")]]))
        let note = validate(chained).first?.notes.first?.message
        #expect(validate(chained).first?.message == "`by` takes opacity of #a from 0.6 to 1.1: opacity must be between 0 and 1")
        #expect(note == "the value 0.6 comes from this tween")
    }

    static let silentCases: [SilentCase] = [
        SilentCase("up to the limit exactly", layered("{ opacity: 0.5 }", [[change("0.5")]])),
        SilentCase("decimals that round past the limit", layered("{ opacity: 0.7 }", [[change("0.3")]])),
        SilentCase(
            "down to 0 exactly",
            layered("{ opacity: 0.25, size: [10, 10] }", [[change("-0.25"), change("[-10, 0]", on: "size", marked: false)]])),
        SilentCase(
            "a property without a range",
            document([
                [
                    change("-720", on: "rotation"), change("-3", on: "scale", marked: false),
                    change("[-500, 0]", on: "position", marked: false),
                ]
            ])),
        SilentCase(
            "part way through a running tween: not known",
            layered("{ opacity: 0.2 }", [[fade("to: 1", 2)], [change("0.5")]])),
        SilentCase(
            "a forever tween still running: not known",
            document([["add: tween\ntarget: \"#a\"\nproperty: opacity\nvalues: [0, 1]\nrepeat: forever"], [change("0.5")]])),
        SilentCase(
            "after physics: not followed, even once a tween has ended",
            layered(
                "{ opacity: 0.2 }",
                [
                    ["add: spring\ntarget: \"#a\"\nproperty: opacity\ndestination: 0.5"],
                    [fade("to: 0.9", 0.25)], [change("0.5")],
                ])),
        SilentCase(
            "after a link: not followed",
            document([
                [
                    "add: link\ntarget: \"#a\"\nproperty: opacity\nsource: { target: \"#b\", property: opacity }\ninput: [0, 1]\noutput: [0, 1]"
                ],
                [change("0.5")],
            ])),
        SilentCase(
            "after a remove part way through: not known",
            layered(
                "{ opacity: 0.2 }",
                [
                    [fade("to: 1", 2, more: "name: f")], ["remove: f\ntarget: \"#a\""],
                    [change("0.5")],
                ])),
        SilentCase(
            "from a start that was not known",
            layered(
                "{ opacity: 0.2 }",
                [
                    [fade("to: 1", 1.5)],
                    [fade("by: -0.5", 0.5)], [change("0.6")],
                ])),
        SilentCase(
            "another component, target or property",
            layered(
                "{ opacity: 0.5, size: [10, 10] }",
                [
                    ["add: tween\ntarget: \"#a\"\nproperty: size.height\nto: 1\nduration: 0.5"],
                    [change("-5", on: "size.width"), change("0.5", marked: false)],
                ])),
        SilentCase(
            "staggered: still running on the target",
            document([
                ["add: tween\ntarget: \"#a, #b\"\nproperty: opacity\nto: 0.8\nduration: 0.5\nstagger: 0.75"], [change("0.3", target: "#b")],
            ])),
    ]

    @Test(arguments: silentCases) func silent(_ c: SilentCase) { c.run() }

    /// A document of the standard targets with `transactions`, each `(at, ops)`: `at` as written,
    /// ops as flow mappings.
    static func timed(_ transactions: [(at: String, ops: [String])]) -> String {
        var text = standardTargets + "transactions:\n"
        for (at, ops) in transactions {
            text += "  - at: \(at)\n    ops:\n" + ops.map { "      - { \($0) }\n" }.joined()
        }
        return text
    }

    /// Where the `by` value of the op on `line` (1-based) of `text` starts, for ops `timed` writes
    /// as `add: tween, target: "#a", property: opacity, by: ...`.
    static func byPosition(line: Int, in text: String) -> SourcePosition? {
        let prefix = "      - { add: tween, target: \"#a\", property: opacity, by: "
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        guard lines.indices.contains(line - 1), lines[line - 1].hasPrefix(prefix) else { return nil }
        // The ops are ASCII: a column is one character.
        return SourcePosition(line: line, column: prefix.count + 1)
    }

    @Test("W010 followed through thousands of short tweens, one after another")
    func manyTweensInTurn() {
        // Opacity goes 1, 0.5, 1, 0.5...; every 500th op takes it from 1 by -1.5 and the next sets it back to 1.
        let count = 2_000
        let transactions = (0..<count).map { k in
            let value =
                k % 500 == 250 ? "by: -1.5" : k % 500 == 251 ? "to: 1" : k.isMultiple(of: 2) ? "by: -0.5" : "by: 0.5"
            return (at: "\(k * 500)ms", ops: ["add: tween, target: \"#a\", property: opacity, \(value), duration: 250ms"])
        }
        let source = MarkedSource(Self.timed(transactions))
        let diagnostics = validate(source)
        let reported = Array(stride(from: 250, to: count, by: 500))
        // Op k is on line 10 + 3k: six of standard targets, `transactions:`, then three per transaction.
        func line(_ k: Int) -> Int { 10 + 3 * k }
        #expect(codes(diagnostics) == reported.map { _ in .W010 })
        #expect(diagnostics.map(\.range.start) == reported.map { Self.byPosition(line: line($0), in: source.text) })
        #expect(Set(diagnostics.map(\.message)) == ["`by` takes opacity of #a from 1 to -0.5: opacity must be between 0 and 1"])
        #expect(diagnostics.map { $0.notes.map(\.range?.start.line) } == reported.map { [line($0 - 1)] })
        #expect(Set(diagnostics.map(\.help)) == [Self.help(1)])
    }

    @Test("W010 stops following a property once it holds over a thousand tweens that may still show")
    func tooManyTweensHeld() {
        // Tweens repeating for ever, all committed at 0: ops 300 and 1,200 change opacity by 0.8 from 1.
        let count = 1_500
        let ops = (0..<count).map { k in
            "add: tween, target: \"#a\", property: opacity, by: \(k == 300 || k == 1_200 ? "0.8" : "0"), duration: 1, repeat: forever"
        }
        let source = MarkedSource(Self.timed([(at: "0", ops: ops)]))
        // Those forever tweens hide one another (W006) and crowd the property (W009).
        let diagnostics = validate(source).filter { $0.code == .W010 }
        // Op k is on line 10 + k. Op 1,200 comes past the thousandth tween held: the rule says nothing.
        #expect(diagnostics.map(\.range.start) == [Self.byPosition(line: 310, in: source.text)])
        #expect(diagnostics.map(\.message) == ["`by` takes opacity of #a from 1 to 1.8: opacity must be between 0 and 1"])
        #expect(diagnostics.flatMap(\.notes).map(\.range?.start.line) == [309])
    }
}
