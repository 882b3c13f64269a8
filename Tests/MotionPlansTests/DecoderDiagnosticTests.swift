import MotionDiagnostics
import MotionPlans
import MotionTestSupport
import Testing

/// D001-D009 and the decoder's W005: every case is a document, the code it gives, and a marker
/// where the diagnostic must point.
@Suite("Decoder diagnostics")
struct DecoderDiagnosticTests {
    static let d001Cases: [DiagnosticCase] = [
        DiagnosticCase("missing motion", .D001, "1️⃣targets:\n  a: {}\n"),
        DiagnosticCase("motion: 2", .D001, "motion: 1️⃣2\n"),
        DiagnosticCase("motion: 0.5", .D001, "motion: 1️⃣0.5\n"),
        DiagnosticCase("motion as a word", .D001, "motion: 1️⃣one\n"),
        DiagnosticCase("motion as a mapping", .D001, "motion: 1️⃣{ version: 1 }\n"),
        DiagnosticCase("empty file", .D001, "1️⃣"),
        DiagnosticCase("only a comment", .D001, "1️⃣# nothing yet\n"),
        DiagnosticCase("a list at the top level", .D001, "1️⃣- motion: 1\n"),
        DiagnosticCase("a scalar at the top level", .D001, "1️⃣motion\n"),
    ]

    @Test(arguments: d001Cases) func d001(_ c: DiagnosticCase) { run(c) }

    static let d002Cases: [DiagnosticCase] = [
        DiagnosticCase("top-level key", .D002, help: "did you mean \"transactions\"?", "motion: 1\n1️⃣transaction: []\n"),
        DiagnosticCase("canvas key", .D002, help: "did you mean \"fps\"?", "motion: 1\ncanvas: { 1️⃣fsp: 30 }\n"),
        DiagnosticCase("target key", .D002, help: "did you mean \"class\"?", "motion: 1\ntargets:\n  a: { 1️⃣clas: [x] }\n"),
        DiagnosticCase(
            "transaction key", .D002, help: "did you mean \"label\"?",
            "motion: 1\ntransactions:\n  - 1️⃣lable: go\n    ops: []\n"),
        DiagnosticCase(
            "tween parameter", .D002, help: "did you mean \"duration\"?",
            op("add: tween\ntarget: \"#a\"\nproperty: opacity\nto: 1\n1️⃣duraton: 1")),
        DiagnosticCase(
            "spring parameter", .D002, help: "did you mean \"stiffness\"?",
            op("add: spring\ntarget: \"#a\"\nproperty: opacity\ndestination: 1\n1️⃣stifness: 100")),
        DiagnosticCase(
            "to on a spring (and so no destination)", .D002,
            help: "a spring pulls its property to `destination`: write `destination:`", all: [.D002, .D004],
            op("add: spring\ntarget: \"#a\"\nproperty: opacity\n1️⃣to: 1")),
        DiagnosticCase(
            "a parameter of another type", .D002, help: nil,
            op("add: draggable\ntarget: \"#a\"\n1️⃣property: opacity")),
        DiagnosticCase(
            "remove takes no parameters", .D002, help: nil, op("remove: drag\ntarget: \"#a\"\n1️⃣property: opacity")),
        DiagnosticCase(
            "segment key", .D002, help: "did you mean \"position\"?",
            op("add: transitionTween\ntarget: \"#a\"\nproperty: opacity\nback: 0\nfore: 1\nsegment: { 1️⃣postion: 0 }")),
        DiagnosticCase(
            "input key", .D002, help: "did you mean \"duration\"?",
            "motion: 1\ninputs:\n  - { id: p, kind: pan, target: \"#a\", duration: 1, translation: [[0, 0]], 1️⃣durration: 2 }\n"),
        DiagnosticCase(
            "scale samples on a pan input", .D002, help: "pan inputs take `translation`",
            "motion: 1\ninputs:\n  - { id: p, kind: pan, target: \"#a\", duration: 1, 1️⃣scale: [1, 2] }\n"),
        DiagnosticCase(
            "translation samples on a rotate input", .D002, help: "rotate inputs take `angle`",
            "motion: 1\ninputs:\n  - { id: r, kind: rotate, target: \"#a\", duration: 1, 1️⃣translation: [[0, 0]] }\n"),
        DiagnosticCase(
            "angle samples on a pinch input", .D002, help: "pinch inputs take `scale`",
            "motion: 1\ninputs:\n  - { id: r, kind: pinch, target: \"#a\", duration: 1, 1️⃣angle: [0, 90] }\n"),
        DiagnosticCase(
            "YAML 1.1 booleans are just keys", .D002, help: nil, "motion: 1\n1️⃣on: true\n"),
    ]

    @Test(arguments: d002Cases) func d002(_ c: DiagnosticCase) { run(c) }

    static let d003Cases: [DiagnosticCase] = [
        DiagnosticCase(
            "one number as the initial velocity of a point", .D003,
            help: "write `[500, 0]` for a horizontal fling, `[0, 500]` for a vertical one, or `position.x` as the property",
            op("add: spring\ntarget: \"#a\"\nproperty: position\ndestination: [0, 0]\ninitialVelocity: 1️⃣500")),
        DiagnosticCase(
            "a word where a number goes", .D003,
            op("add: spring\ntarget: \"#a\"\nproperty: opacity\ndestination: 1\nstiffness: 1️⃣stiff")),
        DiagnosticCase("a mapping where a list goes", .D003, "motion: 1\ntransactions: 1️⃣{ at: 0 }\n"),
        DiagnosticCase("a list where a mapping goes", .D003, "motion: 1\ncanvas: 1️⃣[1, 2]\n"),
        DiagnosticCase("a list where targets go", .D003, "motion: 1\ntargets: 1️⃣[a, b]\n"),
        DiagnosticCase("a list as the name", .D003, "motion: 1\nname: 1️⃣[a]\n"),
        DiagnosticCase("a number where ops go", .D003, "motion: 1\ntransactions:\n  - ops: 1️⃣3\n"),
        DiagnosticCase(
            "yes is not a boolean", .D003,
            op("add: tween\ntarget: \"#a\"\nproperty: opacity\nto: 1\nautoreverse: 1️⃣yes")),
        DiagnosticCase("a size of three numbers", .D003, "motion: 1\ntargets:\n  a: { layer: { size: 1️⃣[1, 2, 3] } }\n"),
        DiagnosticCase("a point as a number", .D003, "motion: 1\ntargets:\n  a: { layer: { position: 1️⃣3 } }\n"),
        DiagnosticCase("a bad hex colour", .D003, "motion: 1\ntargets:\n  a: { layer: { backgroundColor: 1️⃣\"#GGG\" } }\n"),
        DiagnosticCase("a colour of three numbers", .D003, "motion: 1\ncanvas: { background: 1️⃣[1, 1, 1] }\n"),
        DiagnosticCase(
            "an unknown axis", .D003, help: "did you mean \"vertical\"?",
            op("add: draggable\ntarget: \"#a\"\naxis: 1️⃣vertcal")),
        DiagnosticCase(
            "an unknown direction", .D003, help: "did you mean \"backward\"?",
            op("add: transitionTween\ntarget: \"#a\"\nproperty: opacity\nback: 0\nfore: 1\ndirection: 1️⃣backwards")),
        DiagnosticCase(
            "an unknown easing", .D003, help: "did you mean \"standard\"?",
            op("add: tween\ntarget: \"#a\"\nproperty: opacity\nto: 1\neasing: 1️⃣standrad")),
        DiagnosticCase(
            "an unknown input kind", .D003, help: "did you mean \"pinch\"?",
            "motion: 1\ninputs:\n  - { id: p, kind: 1️⃣pinchh, target: \"#a\", duration: 1, scale: [1] }\n"),
        DiagnosticCase("add and remove in one op", .D003, op("add: tween\nremove: 1️⃣x\ntarget: \"#a\"")),
        DiagnosticCase(
            "values with to", .D003,
            op("add: tween\ntarget: \"#a\"\nproperty: opacity\nvalues: [0, 1]\nto: 1️⃣1")),
        DiagnosticCase(
            "repeat as a word", .D003,
            op("add: tween\ntarget: \"#a\"\nproperty: opacity\nto: 1\nrepeat: 1️⃣often")),
        // One grammar: a space between number and unit is unreadable text, whatever the number.
        DiagnosticCase(
            "a duration with a space before its unit", .D003, help: "write \"1s\": a number directly followed by ms or s",
            op("add: tween\ntarget: \"#a\"\nproperty: opacity\nto: 1\nduration: 1️⃣\"1 s\"")),
        DiagnosticCase(
            "a too large duration with a space before its unit", .D003,
            op("add: tween\ntarget: \"#a\"\nproperty: opacity\nto: 1\nduration: 1️⃣\"1e400 s\"")),
        DiagnosticCase(
            "a duration with an unknown unit", .D003,
            op("add: tween\ntarget: \"#a\"\nproperty: opacity\nto: 1\nduration: 1️⃣\"3min\"")),
        DiagnosticCase("a list as the target selector", .D003, op("add: draggable\ntarget: 1️⃣[\"#a\"]")),
        DiagnosticCase("null as the type", .D003, op("add: 1️⃣~\ntarget: \"#a\"")),
        DiagnosticCase(
            "a mapping as the easing", .D003,
            op("add: tween\ntarget: \"#a\"\nproperty: opacity\nto: 1\neasing: 1️⃣{ x1: 0 }")),
        DiagnosticCase("a class with a space", .D003, "motion: 1\ntargets:\n  a: { class: [ok, 1️⃣\"not ok\"] }\n"),
        DiagnosticCase("a type with a dot", .D003, "motion: 1\ntargets:\n  a: { type: 1️⃣Photo.Big }\n"),
        DiagnosticCase(
            "a point of words", .D003,
            op("add: anchoredSpring\ntarget: \"#a\"\nanchor: [1️⃣x, 1]")),
        DiagnosticCase(
            "an empty sample list", .D003,
            "motion: 1\ninputs:\n  - { id: p, kind: pan, target: \"#a\", duration: 1, translation: 1️⃣[] }\n"),
        DiagnosticCase(
            "a shape that is neither rect nor ellipse", .D003, help: "did you mean \"rect\"?",
            "motion: 1\ntargets:\n  a: { layer: { shape: 1️⃣rekt } }\n"),
    ]

    @Test(arguments: d003Cases) func d003(_ c: DiagnosticCase) { run(c) }

    static let d004Cases: [DiagnosticCase] = [
        DiagnosticCase("tween without property", .D004, op("add: 1️⃣tween\ntarget: \"#a\"\nto: 1")),
        DiagnosticCase("add without target", .D004, op("1️⃣add: tween\nproperty: opacity\nto: 1")),
        // A misspelt `add`: said at the key, with its spelling.
        DiagnosticCase(
            "a misspelt add", .D004, help: "did you mean \"add\"?", op("1️⃣ad: tween\ntarget: \"#a\"\nproperty: opacity\nto: 1")),
        DiagnosticCase(
            "a misspelt remove", .D004, help: "did you mean \"remove\"?", op("1️⃣remve: fade\ntarget: \"#a\"")),
        DiagnosticCase("remove without target", .D004, op("1️⃣remove: drag")),
        DiagnosticCase("spring without destination", .D004, op("add: 1️⃣spring\ntarget: \"#a\"\nproperty: opacity")),
        DiagnosticCase("anchoredSpring without anchor", .D004, op("add: 1️⃣anchoredSpring\ntarget: \"#a\"")),
        DiagnosticCase("friction without coefficient", .D004, op("add: 1️⃣friction\ntarget: \"#a\"")),
        DiagnosticCase(
            "transitionTween without fore", .D004,
            op("add: 1️⃣transitionTween\ntarget: \"#a\"\nproperty: opacity\nback: 0")),
        DiagnosticCase("an op with neither add nor remove", .D004, op("1️⃣target: \"#a\"")),
        DiagnosticCase("from without to", .D004, op("add: tween\ntarget: \"#a\"\nproperty: opacity\nfrom: 1️⃣0")),
        DiagnosticCase(
            "input without duration", .D004,
            "motion: 1\ninputs:\n  - 1️⃣id: p\n    kind: pan\n    target: \"#a\"\n    translation: [[0, 0]]\n"),
        DiagnosticCase(
            "input without id", .D004,
            "motion: 1\ninputs:\n  - 1️⃣kind: pan\n    target: \"#a\"\n    duration: 1\n    translation: [[0, 0]]\n"),
        DiagnosticCase(
            "input without target", .D004,
            "motion: 1\ninputs:\n  - 1️⃣id: p\n    kind: pan\n    duration: 1\n    translation: [[0, 0]]\n"),
        DiagnosticCase(
            "input without samples", .D004,
            "motion: 1\ninputs:\n  - 1️⃣id: p\n    kind: rotate\n    target: \"#a\"\n    duration: 1\n"),
    ]

    @Test(arguments: d004Cases) func d004(_ c: DiagnosticCase) { run(c) }

    static func tween(_ key: String, _ value: String, property: String = "opacity", to: String = "1") -> String {
        op("add: tween\ntarget: \"#a\"\nproperty: \(property)\nto: \(to)\n\(key): \(value)")
    }

    static let d005Cases: [DiagnosticCase] = [
        DiagnosticCase("duration .nan", .D005, tween("duration", "1️⃣.nan")),
        DiagnosticCase("duration .inf", .D005, tween("duration", "1️⃣.inf")),
        DiagnosticCase("duration 1e400", .D005, tween("duration", "1️⃣1e400")),
        DiagnosticCase("duration 1e400 with a unit", .D005, tween("duration", "1️⃣\"1e400s\"")),
        DiagnosticCase(
            "duration longer than a day", .D005, help: "for motion that never ends, use `repeat: forever`",
            tween("duration", "1️⃣86401")),
        DiagnosticCase("negative duration", .D005, tween("duration", "1️⃣-1")),
        DiagnosticCase("negative duration in ms", .D005, tween("duration", "1️⃣\"-300ms\"")),
        // The schema's time strings have no sign: "-0s" is refused as "-1s" is.
        DiagnosticCase("a signed zero time string", .D005, tween("duration", "1️⃣\"-0s\"")),
        DiagnosticCase("negative delay", .D005, tween("delay", "1️⃣-0.1")),
        DiagnosticCase(
            "a tween faster than 1e9 per second", .D005, help: "give it at least `duration: 1`",
            op("add: tween\ntarget: \"#a\"\nproperty: rotation\nvalues: [0, 1e9]\nduration: 1️⃣1e-300\nrepeat: forever")),
        DiagnosticCase(
            "a fast segment between close offsets", .D005, help: "give it at least `duration: 10`",
            op("add: tween\ntarget: \"#a\"\nproperty: position.x\nvalues: [0, 100, 1e9]\noffsets: [0, 0.9, 1]\nduration: 1️⃣2")),
        DiagnosticCase(
            "a fast change by", .D005, help: "give it at least `duration: 0.5`",
            op("add: tween\ntarget: \"#a\"\nproperty: position\nby: [5e8, 0]\nduration: 1️⃣1ms")),
        DiagnosticCase(
            "a fast tween of the default duration", .D005, help: "give it at least `duration: 2`",
            op("add: tween\ntarget: \"#a\"\nproperty: rotation\nfrom: -1e9\nto: 1️⃣1e9")),
        DiagnosticCase(
            "a fast property of a properties tween", .D005, help: "give it at least `duration: 1`",
            op("add: tween\ntarget: \"#a\"\nproperties: { opacity: [0, 1], rotation: [0, 1e9] }\nduration: 1️⃣1e-3")),
        DiagnosticCase("repeat 0", .D005, tween("repeat", "1️⃣0")),
        DiagnosticCase("repeat .inf", .D005, help: "write `repeat: forever`", tween("repeat", "1️⃣.inf")),
        DiagnosticCase("opacity 2 as a value", .D005, op("add: tween\ntarget: \"#a\"\nproperty: opacity\nto: 1️⃣2")),
        DiagnosticCase("opacity -0.5 in a layer", .D005, "motion: 1\ntargets:\n  a: { layer: { opacity: 1️⃣-0.5 } }\n"),
        DiagnosticCase(
            "opacity 2 among values", .D005,
            op("add: tween\ntarget: \"#a\"\nproperty: opacity\nvalues: [0, 1️⃣2]")),
        DiagnosticCase("a negative size", .D005, "motion: 1\ntargets:\n  a: { layer: { size: 1️⃣[-1, 2] } }\n"),
        DiagnosticCase("a negative width component", .D005, tween("from", "1️⃣-1", property: "size.width")),
        DiagnosticCase("a negative corner radius", .D005, "motion: 1\ntargets:\n  a: { layer: { cornerRadius: 1️⃣-4 } }\n"),
        DiagnosticCase("fps 0", .D005, "motion: 1\ncanvas: { fps: 1️⃣0 }\n"),
        DiagnosticCase("fps 1e300", .D005, "motion: 1\ncanvas: { fps: 1️⃣1e300 }\n"),
        DiagnosticCase("fps .nan", .D005, "motion: 1\ncanvas: { fps: 1️⃣.nan }\n"),
        DiagnosticCase("canvas size 0", .D005, "motion: 1\ncanvas: { size: 1️⃣[0, 100] }\n"),
        // Under a point a side: no pixel to draw or export (render said "0x1 has no pixels").
        DiagnosticCase("canvas size under a point", .D005, "motion: 1\ncanvas: { size: 1️⃣[0.5, 0.5] }\n"),
        DiagnosticCase("canvas size too large", .D005, "motion: 1\ncanvas: { size: 1️⃣[100, 10000] }\n"),
        DiagnosticCase("colour component 1.5", .D005, "motion: 1\ncanvas: { background: 1️⃣[1.5, 0, 0, 1] }\n"),
        DiagnosticCase(
            "negative colour component in a layer", .D005,
            "motion: 1\ntargets:\n  a: { layer: { borderColor: 1️⃣[0, -0.1, 0, 1] } }\n"),
        DiagnosticCase(
            "colour component 1.5 through a component path", .D005,
            tween("from", "0", property: "backgroundColor.r", to: "1️⃣1.5")),
        DiagnosticCase(
            "a segment past the window", .D005,
            op("add: transitionTween\ntarget: \"#a\"\nproperty: opacity\nback: 0\nfore: 1\nsegment: 1️⃣{ position: 0.5, length: 0.6 }")),
        DiagnosticCase("a negative transaction time", .D005, "motion: 1\ntransactions:\n  - at: 1️⃣-1\n    ops: []\n"),
        DiagnosticCase("a negative squash factor", .D005, op("add: squashAndStretch\ntarget: \"#a\"\nfactor: 1️⃣-1")),
        DiagnosticCase(
            "a spring destination .nan", .D005,
            op("add: spring\ntarget: \"#a\"\nproperty: rotation\ndestination: 1️⃣.nan")),
        DiagnosticCase(
            "an initial velocity .inf", .D005,
            op("add: spring\ntarget: \"#a\"\nproperty: rotation\ndestination: 1\ninitialVelocity: 1️⃣-.inf")),
        DiagnosticCase(
            "a stiffness 1e400", .D005,
            op("add: spring\ntarget: \"#a\"\nproperty: rotation\ndestination: 1\nstiffness: 1️⃣1e400")),
        DiagnosticCase(
            "a spring destination beyond 1e9", .D005, help: "larger numbers overflow the motion maths (docs/format.md §1.6)",
            op("add: spring\ntarget: \"#a\"\nproperty: rotation\ndestination: 1️⃣1e308")),
        DiagnosticCase(
            "a tween from beyond -1e9", .D005, help: "larger numbers overflow the motion maths (docs/format.md §1.6)",
            tween("from", "1️⃣-1.7e308", property: "position.x")),
        DiagnosticCase(
            "a layer position beyond 1e9", .D005, help: "larger numbers overflow the motion maths (docs/format.md §1.6)",
            "motion: 1\ntargets:\n  a: { layer: { position: [0, 1️⃣1e10] } }\n"),
        DiagnosticCase(
            "repeat beyond 1e9 passes", .D005, help: "write `repeat: forever` for endless motion",
            tween("repeat", "1️⃣1e300")),
        DiagnosticCase(
            "a pan sample beyond 1e9", .D005, help: "larger numbers overflow the motion maths (docs/format.md §1.6)",
            "motion: 1\ninputs:\n  - { id: p, kind: pan, target: \"#a\", duration: 1, translation: [[0, 1️⃣-2e9]] }\n"),
        DiagnosticCase(
            "a pan sample .nan", .D005,
            "motion: 1\ninputs:\n  - { id: p, kind: pan, target: \"#a\", duration: 1, translation: [[0, 1️⃣.nan]] }\n"),
        DiagnosticCase(
            "a negative input duration", .D005,
            "motion: 1\ninputs:\n  - { id: p, kind: pan, target: \"#a\", duration: 1️⃣-1, translation: [[0, 0]] }\n"),
    ]

    @Test(arguments: d005Cases) func d005(_ c: DiagnosticCase) { run(c) }

    /// Rates up to 1e9 per second, jumps (equal offsets) and tweens of no duration are silent.
    @Test(arguments: [
        "property: rotation\nvalues: [0, 1e9]\nduration: 1", "property: rotation\nvalues: [0, 0, 1e9, 1e9]\noffsets: [0, 0.5, 0.5, 1]",
        "property: rotation\nvalues: [0, 1e9]\nduration: 0", "property: rotation\nto: 1e9\nduration: 1e-300",
    ])
    func ratesWithinTheLimitAreSilent(_ body: String) {
        #expect(MarkedSource(op("add: tween\ntarget: \"#a\"\n" + body)).load().diagnostics.isEmpty)
    }

    /// Numbers exactly at ±1e9 are within the limit: no diagnostic.
    @Test func numbersAtTheMagnitudeLimitAreSilent() {
        let yaml = """
            motion: 1
            targets:
              a: { layer: { position: [1e9, -1e9] } }
            transactions:
              - ops:
                  - { add: spring, target: "#a", property: rotation, destination: -1e9, initialVelocity: 1e9, stiffness: 1e9 }
                  - { add: tween, target: "#a", property: position.x, from: -1e9, to: 1e9, duration: 2, repeat: 1e9 }
            inputs:
              - { id: p, kind: pan, target: "#a", duration: 1, translation: [[0, 1e9], [-1e9, 0]] }
            """
        #expect(MarkedSource(yaml).load().diagnostics.isEmpty)
    }

    static let d006Cases: [DiagnosticCase] = [
        DiagnosticCase("an id with a space", .D006, "motion: 1\ntargets:\n  1️⃣\"bad id\": {}\n"),
        DiagnosticCase("an id with a #", .D006, "motion: 1\ntargets:\n  1️⃣\"#card\": {}\n"),
        DiagnosticCase("an id with a dot", .D006, "motion: 1\ntargets:\n  1️⃣a.b: {}\n"),
        DiagnosticCase("an id of digits only", .D006, "motion: 1\ntargets:\n  1️⃣123: {}\n"),
        DiagnosticCase("an empty id", .D006, "motion: 1\ntargets:\n  1️⃣\"\": {}\n"),
        DiagnosticCase("a null id", .D006, "motion: 1\ntargets:\n  1️⃣~: {}\n"),
        DiagnosticCase("an emoji id", .D006, "motion: 1\ntargets:\n  1️⃣\"🃏\": {}\n"),
        DiagnosticCase("a child id with a slash", .D006, "motion: 1\ntargets:\n  a:\n    children:\n      1️⃣a/b: {}\n"),
    ]

    @Test(arguments: d006Cases) func d006(_ c: DiagnosticCase) { run(c) }

    @Test func duplicateIDAtTwoDepthsNotesTheFirst() throws {
        let source = MarkedSource(
            """
            motion: 1
            targets:
              2️⃣card:
                children:
                  photo: {}
              list:
                children:
                  1️⃣card: {}
            """)
        let result = source.load()
        #expect(codes(result.diagnostics) == [.D006])
        let diagnostic = try #require(result.diagnostics.first)
        #expect(diagnostic.range.start == source["1️⃣"])
        #expect(diagnostic.notes.map(\.range?.start) == [source["2️⃣"]])
        // The duplicate is left out; the first one and its child stay.
        #expect(result.document?.targets.map(\.id.value) == ["card", "photo", "list"])
    }

    @Test func duplicateInputIDNotesTheFirst() throws {
        let source = MarkedSource(
            """
            motion: 1
            inputs:
              - { id: 2️⃣p, kind: pan, target: "#a", duration: 1, translation: [[0, 0]] }
              - { id: 1️⃣p, kind: pinch, target: "#a", duration: 1, scale: [1] }
            """)
        let result = source.load()
        #expect(codes(result.diagnostics) == [.D006])
        let diagnostic = try #require(result.diagnostics.first)
        #expect(diagnostic.range.start == source["1️⃣"])
        #expect(diagnostic.notes.map(\.range?.start) == [source["2️⃣"]])
    }

    static let d008Cases: [DiagnosticCase] = [
        DiagnosticCase("tweeen", .D008, help: "did you mean \"tween\"?", op("add: 1️⃣tweeen\ntarget: \"#a\"")),
        DiagnosticCase("wrong case", .D008, help: "did you mean \"spring\"?", op("add: 1️⃣Spring\ntarget: \"#a\"")),
        DiagnosticCase("transposed letters", .D008, help: "did you mean \"draggable\"?", op("add: 1️⃣dragagble\ntarget: \"#a\"")),
        DiagnosticCase("nothing close", .D008, help: nil, op("add: 1️⃣explode\ntarget: \"#a\"")),
        DiagnosticCase("quoted", .D008, help: "did you mean \"friction\"?", op("add: 1️⃣\"fricton\"\ntarget: \"#a\"")),
    ]

    @Test(arguments: d008Cases) func d008(_ c: DiagnosticCase) { run(c) }

    /// `motionc explain D008` lists the types did-you-mean suggests from: every one of them.
    @Test func d008ExplanationListsEveryIntentionType() {
        let words = Set(DiagnosticCode.D008.facts.summary.split { !$0.isLetter }.map(String.init))
        for type in IntentionType.allCases { #expect(words.contains(type.rawValue), "\(type.rawValue)") }
    }

    static let d009Cases: [DiagnosticCase] = [
        DiagnosticCase(
            "opacty", .D009, help: "did you mean \"opacity\"?",
            op("add: tween\ntarget: \"#a\"\nproperty: 1️⃣opacty\nto: 1")),
        DiagnosticCase(
            "position.z", .D009, help: "`position` has the components `position.x` and `position.y`",
            op("add: tween\ntarget: \"#a\"\nproperty: 1️⃣position.z\nto: 1")),
        DiagnosticCase(
            "a component of a scalar", .D009, help: "did you mean \"opacity\"? `opacity` is one number, with no components",
            op("add: tween\ntarget: \"#a\"\nproperty: 1️⃣opacity.x\nto: 1")),
        DiagnosticCase(
            "the start of a component's name", .D009,
            help: "did you mean \"size.width\"? `size` has the components `size.width` and `size.height`",
            op("add: tween\ntarget: \"#a\"\nproperty: 1️⃣size.w\nto: 1")),
        DiagnosticCase(
            "no colour component is x: no guess among r, g, b, a", .D009,
            help: "`backgroundColor` has the components `backgroundColor.r`, `backgroundColor.g`, "
                + "`backgroundColor.b` and `backgroundColor.a`",
            op("add: tween\ntarget: \"#a\"\nproperty: 1️⃣backgroundColor.x\nto: 1")),
        DiagnosticCase(
            "never suggests shape, which cannot be animated", .D009, help: nil,
            op("add: tween\ntarget: \"#a\"\nproperty: 1️⃣shap\nto: 1")),
        DiagnosticCase(
            "shape cannot be animated", .D009, help: nil,
            op("add: tween\ntarget: \"#a\"\nproperty: 1️⃣shape\nto: 1")),
        DiagnosticCase(
            "shape cannot be sprung", .D009, help: nil,
            op("add: spring\ntarget: \"#a\"\nproperty: 1️⃣shape\ndestination: 1")),
        DiagnosticCase(
            "friction on rotaton", .D009, help: "did you mean \"rotation\"?",
            op("add: friction\ntarget: \"#a\"\nproperty: 1️⃣rotaton\ncoefficient: 2")),
        DiagnosticCase(
            "transitionTween on colour.q", .D009, help: nil,
            op("add: transitionTween\ntarget: \"#a\"\nproperty: 1️⃣colour.q\nback: 0\nfore: 1")),
        DiagnosticCase(
            "squash and stretch on a scalar", .D009, help: "use `property: position`, or leave it out",
            op("add: squashAndStretch\ntarget: \"#a\"\nproperty: 1️⃣opacity")),
        DiagnosticCase(
            "unknown layer key", .D009, help: "did you mean \"opacity\"?",
            "motion: 1\ntargets:\n  card: { layer: { 1️⃣opacty: 1 } }\n"),
        DiagnosticCase(
            "layer key in the wrong case", .D009, help: "did you mean \"cornerRadius\"?",
            "motion: 1\ntargets:\n  card: { layer: { 1️⃣cornerradius: 1 } }\n"),
    ]

    @Test(arguments: d009Cases) func d009(_ c: DiagnosticCase) { run(c) }

    /// What new users wrote, taught by other animation systems, and the help that answers it.
    static let newUserCases: [DiagnosticCase] = [
        DiagnosticCase(
            "a space before the unit", .D003, help: "write \"300ms\": a number directly followed by ms or s",
            tween("duration", "1️⃣300 ms")),
        DiagnosticCase(
            "a long unit", .D003, help: "write \"2s\": a number directly followed by ms or s", tween("delay", "1️⃣2 seconds")),
        DiagnosticCase(
            "an unquoted colour read as a comment", .D003, help: "quote the colour: `backgroundColor: \"#6200EE\"`",
            "motion: 1\ntargets:\n  card:\n    layer:\n      backgroundColor:1️⃣ #6200EE\n"),
        DiagnosticCase(
            "an unquoted short colour in a tween", .D003, help: "quote the colour: `to: \"#F00\"`",
            op("add: tween\ntarget: \"#a\"\nproperty: backgroundColor\nto:1️⃣ #F00")),
        DiagnosticCase(
            "an unquoted id read as a comment", .T001, help: "quote the selector: `target: \"#a\"`",
            op("add: draggable\ntarget: 1️⃣#a")),
        DiagnosticCase(
            "an unquoted selector with spaces read as a comment", .T001, help: "quote the selector: `target: \"#a > .b\"`",
            op("add: draggable\ntarget:   1️⃣#a > .b  ")),
        DiagnosticCase(
            "an unquoted input selector read as a comment", .T001, help: "quote the selector: `target: \"#a\"`",
            "motion: 1\ntargets: { a: {} }\ninputs:\n  - id: p\n    kind: pan\n    target: 1️⃣#a\n    duration: 1\n"
                + "    translation: [[0, 0]]\n"),
        DiagnosticCase(
            "an unquoted link source read as a comment", .D003, help: "quote it: `target: \"#b\"`",
            op(
                "add: link\ntarget: \"#a\"\nproperty: rotation\nsource:\n  target: 1️⃣#b\n  property: position.x\n"
                    + "input: [0, 1]\noutput: [0, 1]")),
        DiagnosticCase(
            "an input id read as a comment", .D003, help: "an input id is written without `#`: `gesture: p`",
            op("add: draggable\ntarget: \"#a\"\ngesture: 1️⃣#p")),
        DiagnosticCase(
            "a plan name read as a comment", .N001, help: "a name is written without `#`: `name: fade`",
            op("add: tween\ntarget: \"#a\"\nproperty: opacity\nto: 1\nname: 1️⃣#fade")),
        DiagnosticCase(
            "a removed name read as a comment", .N002, help: "a name is written without `#`: `remove: fade`",
            op("remove: 1️⃣#fade\ntarget: \"#a\"")),
        DiagnosticCase(
            "a number read as a comment", .D003, op("add: tween\ntarget: \"#a\"\nproperty: rotation\nto: 1\nduration: 1️⃣#300ms")),
        DiagnosticCase(
            "a quoted true", .D003, help: "remove the quotes: `autoreverse: true`", tween("autoreverse", "1️⃣\"true\"")),
        DiagnosticCase(
            "a single-quoted False", .D003, help: "remove the quotes: `clamp: false`",
            op(
                "add: link\ntarget: \"#a\"\nproperty: rotation\nsource: { target: \"#b\", property: position.x }\n"
                    + "input: [0, 1]\noutput: [0, 1]\nclamp: 1️⃣'False'")),
        DiagnosticCase(
            "repeat: infinite", .D003, help: "write `repeat: forever` for a tween that never stops", tween("repeat", "1️⃣infinite")),
        DiagnosticCase(
            "a CSS cubic-bezier", .D003, help: "write the curve as a list: `[0.4, 0, 0.2, 1]`",
            tween("easing", "1️⃣cubic-bezier(0.4, 0, 0.2, 1)")),
        DiagnosticCase("a CSS easing name", .D003, help: "write `easeInOut` (CSS's ease-in-out)", tween("easing", "1️⃣ease-in-out")),
        DiagnosticCase(
            "translateY as the property", .D009,
            help: "use `position.y`: motionc moves layers by their position and names properties as Core Animation does",
            op("add: tween\ntarget: \"#a\"\nproperty: 1️⃣translateY\nto: 100")),
        DiagnosticCase(
            "translateX in a layer", .D009,
            help: "use `position.x`: motionc moves layers by their position and names properties as Core Animation does",
            "motion: 1\ntargets:\n  card: { layer: { 1️⃣translateX: 1 } }\n"),
        DiagnosticCase(
            "SwiftUI's response and dampingRatio", .D002,
            help: "write `duration: 0.5` and `bounce: 0.2`, as SwiftUI's .spring(duration:bounce:); or "
                + "motionc springs take `stiffness`, `damping` and `mass` (m x'' = -stiffness (x - d) - damping x'); "
                + "from SwiftUI's response r and damping ratio z: stiffness = (2 pi / r)^2 m, damping = 4 pi z m / r; "
                + "here (mass 1): `stiffness: 157.91`, `damping: 20.11`",
            all: [.D002, .D002],
            op("add: spring\ntarget: \"#a\"\nproperty: opacity\ndestination: 1\n1️⃣response: 0.5\ndampingRatio: 0.8")),
        DiagnosticCase(
            "a bare duration of 300", .D010, help: "did you mean \"300ms\"?", tween("duration", "1️⃣300")),
        DiagnosticCase("a bare delay of 61", .D010, help: "did you mean \"61ms\"?", tween("delay", "1️⃣61")),
    ]

    @Test(arguments: newUserCases) func newUserMistakes(_ c: DiagnosticCase) { run(c) }

    @Test(arguments: [
        "duration: 300ms", "duration: 60", "duration: \"90s\"", "delay: 0.3", "repeat: forever", "easing: easeInOut",
        "autoreverse: true", "autoreverse: False",
    ])
    func theRightSpellingsAreSilent(_ line: String) {
        let source = MarkedSource(op("add: tween\ntarget: \"#a\"\nproperty: opacity\nto: 1\n" + line))
        #expect(source.load().diagnostics.isEmpty)
    }

    @Test(arguments: ["target: \"#a\" # the card", "target: '#a'", "target: \"#a\"\n# target: #b"])
    func quotedSelectorsBesideCommentsAreSilent(_ line: String) {
        let source = MarkedSource(op("add: draggable\n" + line))
        #expect(source.load().diagnostics.isEmpty)
    }

    @Test(arguments: ["name: fade # the fade", "name: fade"])
    func namesBesideCommentsAreSilent(_ line: String) {
        let source = MarkedSource(op("add: tween\ntarget: \"#a\"\nproperty: opacity\nto: 1\n" + line))
        #expect(source.load().diagnostics.isEmpty)
    }

    @Test func aProseCommentAfterAnEmptySelectorGetsNoQuotingHelp() {
        let source = MarkedSource(op("add: draggable\ntarget: # the card"))
        #expect(source.load().diagnostics.isEmpty)
    }

    @Test func theResponseHelpNumbersAreTheTextbookConversion() {
        // Natural frequency 2 pi / response, damping ratio c / (2 sqrt(k m)), for response 0.5 s,
        // ratio 0.8, mass 1: the numbers the help above rounds to two decimals.
        let k = (2 * Double.pi / 0.5) * (2 * Double.pi / 0.5)
        let c = 0.8 * 2 * k.squareRoot()
        #expect(abs(k - 157.91) < 0.005)
        #expect(abs(c - 20.11) < 0.005)
    }

    static let w005Cases: [DiagnosticCase] = [
        DiagnosticCase("three numbers", .W005, op("add: tween\ntarget: \"#a\"\nproperty: opacity\nto: 1\neasing: 1️⃣[0.1, 0.2, 0.3]")),
        DiagnosticCase("five numbers", .W005, op("add: tween\ntarget: \"#a\"\nproperty: opacity\nto: 1\neasing: 1️⃣[0, 0, 1, 1, 1]")),
        DiagnosticCase(
            "a short curve in a list", .W005,
            op("add: tween\ntarget: \"#a\"\nproperty: opacity\nvalues: [0, 1, 0]\neasing: [linear, 1️⃣[0, 0, 1]]")),
        DiagnosticCase(
            "a short transitionTween easing", .W005,
            op("add: transitionTween\ntarget: \"#a\"\nproperty: opacity\nback: 0\nfore: 1\neasing: 1️⃣[0, 1]")),
    ]

    @Test(arguments: w005Cases) func w005(_ c: DiagnosticCase) { run(c) }

    @Test("messages read as sentences: an before a vowel, a summary as a clause, a misspelt forever")
    func messagesReadAsSentences() {
        let document = MarkedSource(
            ops([
                "add: anchoredSpring\ntarget: \"#a\"\nanchr: [1, 2]",
                "add: tween\ntarget: \"#a\"\nproperty: opacity\nto: 1\nrepeat: forver",
                "add: tween\ntarget: \"#a\"\nproperty: opacity\nto: 1\nrepeat: Forever",
                "add: draggable\ntarget: \"#a\"\naxis: x",
                "add: tween\ntarget: \"#a\"\nproperty: backgroundColor\nby: 1",
            ]))
        let messages = document.load().diagnostics.map { ($0.message, $0.help) }
        #expect(messages.contains { $0.0 == "unknown key `anchr` in an anchoredSpring operation" })
        #expect(messages.contains { $0.0 == "`anchor` is missing: anchoredSpring needs it (the point position is pulled to)" })
        #expect(messages.contains { $0.1 == "did you mean \"forever\"?" })
        #expect(messages.contains { $0.1 == "did you mean \"forever\"? (in lower case)" })
        #expect(messages.contains { $0.0.hasPrefix("`axis` must be one of") && $0.1 == "did you mean \"horizontal\"?" })
        #expect(messages.contains { $0.0 == "`by` expects a colour change [r, g, b, a], found the number 1" })
        let version = MarkedSource("motion: 2\n").load().diagnostics.first?.message
        #expect(version == "unsupported format version: found the number 2; this motionc reads `motion: 1`")
    }

    func run(_ c: DiagnosticCase, sourceLocation: SourceLocation = #_sourceLocation) {
        let source = MarkedSource(c.yaml)
        check(source.load().diagnostics, against: c, source: source, sourceLocation: sourceLocation)
    }
}
