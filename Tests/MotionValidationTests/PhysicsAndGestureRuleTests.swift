import MotionCore
import MotionDiagnostics
import MotionPlans
import MotionRuntime
import MotionTestSupport
import MotionValidation
import Testing

/// P001 (physics parameters), G001-G003 and G005 (gesture inputs) and B001 (bake needs input).
@Suite("Physics and gesture rules")
struct PhysicsAndGestureRuleTests {
    static let springHead = "add: spring\ntarget: \"#a\"\nproperty: opacity\ndestination: 1"
    static let anchoredHead = "add: anchoredSpring\ntarget: \"#a\"\nanchor: [0, 0]"
    static let tossableHead = "add: tossable\ntarget: \"#a\""

    static let p001Cases: [DiagnosticCase] = {
        var cases: [DiagnosticCase] = []
        for (type, head) in [("spring", springHead), ("anchoredSpring", anchoredHead), ("tossable", tossableHead)] {
            cases.append(DiagnosticCase("\(type) stiffness 0", .P001, op(head + "\nstiffness: 1️⃣0")))
            cases.append(DiagnosticCase("\(type) stiffness -1", .P001, op(head + "\nstiffness: 1️⃣-1")))
            cases.append(DiagnosticCase("\(type) mass 0", .P001, op(head + "\nmass: 1️⃣0")))
            cases.append(DiagnosticCase("\(type) damping -1", .P001, op(head + "\ndamping: 1️⃣-1")))
            cases.append(DiagnosticCase("\(type) threshold 0", .P001, op(head + "\nthreshold: 1️⃣0")))
            cases.append(DiagnosticCase("\(type) threshold -0.1", .P001, op(head + "\nthreshold: 1️⃣-0.1")))
        }
        cases.append(DiagnosticCase("friction coefficient 0", .P001, op("add: friction\ntarget: \"#a\"\ncoefficient: 1️⃣0")))
        cases.append(DiagnosticCase("friction coefficient -2", .P001, op("add: friction\ntarget: \"#a\"\ncoefficient: 1️⃣-2")))
        return cases
    }()

    @Test(arguments: p001Cases) func p001(_ c: DiagnosticCase) { c.run() }

    /// The rules skip ops by their type without reading the intention: an op made in code under
    /// another type's name is still checked as what it holds.
    @Test func anOpMadeInCodeIsCheckedAsWhatItHolds() {
        let range = SourceRange.fileStart
        let spring = Spring(property: PropertyPath(.opacity), destination: .scalar(1), parameters: SpringParameters(stiffness: 0))
        let planned = PlannedIntention(.tween, spring)
        #expect(planned.typeName == .spring)
        let operation = OperationSpec(action: .add(planned, name: nil), target: Located("#a", at: range), head: range)
        let document = MotionDocument(
            file: "code.yaml", name: "code", targets: [TargetNode(id: Located("a", at: range))],
            transactions: [TransactionSpec(at: Located(0, at: range), operations: [operation], range: range)])
        #expect(Validator.validate(document).map(\.code) == [.P001])
    }

    @Test func everyBadSpringParameterIsReported() {
        let source = MarkedSource(op(Self.springHead + "\nstiffness: 1️⃣0\ndamping: 3️⃣-1\nmass: 2️⃣0\nthreshold: 4️⃣0"))
        let diagnostics = validate(source)
        #expect(codes(diagnostics) == [.P001, .P001, .P001, .P001])
        let expected: [SourcePosition] = ["1️⃣", "2️⃣", "3️⃣", "4️⃣"].map { source[$0] }
        #expect(diagnostics.map(\.range.start) == expected)
        // Numbers as the document writes them, as D005 says them: `0`, `-1`, not `0.0`.
        #expect(diagnostics.map(\.message).contains("`stiffness` must be greater than 0, found 0"))
        #expect(diagnostics.map(\.message).contains("`damping` must not be negative, found -1"))
    }

    static let pan = "inputs:\n  - { id: swipe, kind: pan, target: \"#a\", duration: 1, translation: [[0, 0], [10, 0]] }\n"
    static let pinch = "inputs:\n  - { id: zoom, kind: 2️⃣pinch, target: \"#a\", duration: 1, scale: [1, 2] }\n"

    static let gestureCases: [DiagnosticCase] = [
        DiagnosticCase(
            "a misspelt input", .G001, help: "did you mean \"swipe\"?",
            op("add: draggable\ntarget: \"#a\"\ngesture: 1️⃣swpie", extra: pan)),
        DiagnosticCase("an input that does not exist", .G001, op("add: pinchable\ntarget: \"#a\"\ngesture: 1️⃣zoom")),
        DiagnosticCase(
            "a pinch input for draggable", .G002, notes: ["2️⃣"],
            op("add: draggable\ntarget: \"#a\"\ngesture: 1️⃣zoom", extra: pinch)),
        DiagnosticCase(
            "a pinch input for rotatable", .G002, notes: ["2️⃣"],
            op("add: rotatable\ntarget: \"#a\"\ngesture: 1️⃣zoom", extra: pinch)),
        DiagnosticCase(
            "an input targeting another target", .G002, notes: ["2️⃣"],
            op(
                "add: draggable\ntarget: \"#b\"\ngesture: 1️⃣swipe",
                extra: "inputs:\n  - { id: swipe, kind: pan, target: 2️⃣\"#a\", duration: 1, translation: [[0, 0]] }\n")),
        DiagnosticCase(
            "an input covering only some of the targets", .G002, notes: ["2️⃣"],
            op(
                "add: draggable\ntarget: \"#a, #b\"\ngesture: 1️⃣swipe",
                extra: "inputs:\n  - { id: swipe, kind: pan, target: 2️⃣\"#a\", duration: 1, translation: [[0, 0]] }\n")),
        DiagnosticCase(
            "draggable without input, baking", .B001, help: "add a pan input for #a under `inputs`", forBake: true,
            op("add: 1️⃣draggable\ntarget: \"#a\"")),
        DiagnosticCase(
            "pinchable without input, baking", .B001, help: "add a pinch input for #a under `inputs`", all: [.B001, .G003], forBake: true,
            op("add: 1️⃣pinchable\ntarget: \"#a\"", extra: pan)),
        DiagnosticCase(
            "rotatable without input, baking", .B001, help: "add a rotate input for #a under `inputs`", all: [.B001, .G003], forBake: true,
            op("add: 1️⃣rotatable\ntarget: \"#a\"", extra: pan)),
        DiagnosticCase(
            "tossable without input, baking", .B001, help: "add a pan input for #b under `inputs`", all: [.B001, .G003], forBake: true,
            op("add: 1️⃣tossable\ntarget: \"#b\"", extra: pan)),
        DiagnosticCase(
            "directlyManipulable without input, baking", .B001, help: "add a pan or pinch or rotate input for #b under `inputs`",
            all: [.B001, .G003],
            forBake: true, op("add: 1️⃣directlyManipulable\ntarget: \"#b\"", extra: pan)),
        DiagnosticCase(
            "a named gesture failing G001 is not also B001", .G001, forBake: true,
            op("add: draggable\ntarget: \"#a\"\ngesture: 1️⃣nothing")),
    ]

    @Test(arguments: gestureCases) func gestures(_ c: DiagnosticCase) { c.run() }

    static let lateSwipe =
        "inputs:\n  - { id: 1️⃣swipe, kind: pan, target: \"#a\", at: 0.2, duration: 0.4, translation: [[0, 0], [10, 0]] }\n"

    static let g003Cases: [DiagnosticCase] = [
        DiagnosticCase(
            "an input that ends before its draggable is added", .G003,
            help: "add the draggable at or before 0.6 s, or start the input at 1 s or later",
            notes: ["2️⃣"], document([[tween()], ["add: 2️⃣draggable\ntarget: \"#a\""]], extra: lateSwipe)),
        DiagnosticCase(
            "an input no intention takes", .G003,
            help: "add a draggable, directlyManipulable or tossable on #a, or name the input with `gesture: swipe`",
            op(tween(), extra: lateSwipe)),
        DiagnosticCase(
            "an input named by no gesture, on another target", .G003,
            help: "add a draggable, directlyManipulable or tossable on #a, or name the input with `gesture: swipe`",
            op("add: draggable\ntarget: \"#b\"", extra: lateSwipe)),
        DiagnosticCase(
            "a pan input for a pinchable", .G003,
            help: "add a draggable, directlyManipulable or tossable on #a, or name the input with `gesture: swipe`",
            op("add: pinchable\ntarget: \"#a\"", extra: lateSwipe)),
        DiagnosticCase(
            "an input no gesture takes, inside one that a gesture takes: lost, and no jump (no G005)", .G003,
            help: "add a draggable, directlyManipulable or tossable on #a, or name the input with `gesture: two`",
            op(
                "add: draggable\ntarget: \"#a\"\ngesture: one",
                extra: "inputs:\n  - { id: one, kind: pan, target: \"#a\", duration: 2, translation: [[0, 0], [10, 0]] }\n"
                    + "  - { id: 1️⃣two, kind: pan, target: \"#a\", at: 0.5, duration: 0.5, translation: [[0, 0], [0, 10]] }\n")),
    ]

    @Test(arguments: g003Cases) func g003(_ c: DiagnosticCase) { c.run() }

    /// Two inputs on `#a` after one draggable: `first` and `second` are the inputs' lines.
    static func twoInputs(_ first: String, _ second: String, target: String = "add: draggable\ntarget: \"#a\"") -> String {
        op(target, extra: "inputs:\n  - " + first + "\n  - " + second + "\n")
    }

    /// Two transactions on `#a`, at 0 and 1: `ops` (op lines) and a `remove:` of `name`, and
    /// the inputs `first` and `second`.
    static func removedMidway(_ ops: [String], name: String, _ first: String, _ second: String) -> String {
        document([ops, ["remove: \(name)\ntarget: \"#a\""]], extra: "inputs:\n  - " + first + "\n  - " + second + "\n")
    }

    static let g005Cases: [DiagnosticCase] = [
        DiagnosticCase(
            "a pan that ends while an earlier one runs on the target", .G005,
            help: "end \"flick\" at 1 s or later, begin it at 1 s or later, or join the two into one input", notes: ["2️⃣"],
            twoInputs(
                "{ id: 2️⃣swipe, kind: pan, target: \"#a\", duration: 1, translation: [[0, 0], [10, 0]] }",
                "{ id: 1️⃣flick, kind: pan, target: \"#a\", at: 0.5, duration: 0.4, translation: [[0, 0], [0, 10]] }")),
        DiagnosticCase(
            "reported at the input that stops, whatever the list order", .G005,
            help: "end \"late\" at 2.5 s or later, begin it at 2.5 s or later, or join the two into one input", notes: ["2️⃣"],
            twoInputs(
                "{ id: 1️⃣late, kind: pinch, target: \"#a\", at: 1.5, duration: 0.5, scale: [1, 2] }",
                "{ id: 2️⃣early, kind: pinch, target: \"#a\", at: 1, duration: 1.5, scale: [1, 3] }",
                target: "add: pinchable\ntarget: \"#a\"")),
        DiagnosticCase(
            "a class input inside an id input on a shared target", .G005,
            help: "end \"one\" at 3 s or later, begin it at 3 s or later, or join the two into one input", notes: ["2️⃣"],
            twoInputs(
                "{ id: 2️⃣all, kind: rotate, target: \"#a, #b\", duration: 3, angle: [0, 90] }",
                "{ id: 1️⃣one, kind: rotate, target: .round, at: 1, duration: 1, angle: [0, 45] }",
                target: "add: rotatable\ntarget: \"#a, #b\"")),
        DiagnosticCase(
            "two pans that begin together: the one followed last ends first", .G005,
            help: "end \"short\" at 1 s or later, begin it at 1 s or later, or join the two into one input", notes: ["2️⃣"],
            twoInputs(
                "{ id: 2️⃣long, kind: pan, target: \"#a\", duration: 1, translation: [[0, 0], [10, 0]] }",
                "{ id: 1️⃣short, kind: pan, target: \"#a\", duration: 0.5, translation: [[0, 0], [0, 10]] }")),
        DiagnosticCase(
            "a free drag inside a horizontal one: x goes back", .G005,
            help: "end \"b\" at 1 s or later, begin it at 1 s or later, or join the two into one input", notes: ["2️⃣"],
            document(
                [["add: draggable\ntarget: \"#a\"\naxis: horizontal\ngesture: a", "add: draggable\ntarget: \"#a\"\ngesture: b"]],
                extra: "inputs:\n  - { id: 2️⃣a, kind: pan, target: \"#a\", duration: 1, translation: [[0, 0], [100, 0]] }\n"
                    + "  - { id: 1️⃣b, kind: pan, target: \"#a\", at: 0.5, duration: 0.3, translation: [[0, 0], [0, 100]] }\n")),
        DiagnosticCase(
            "a drag that stops when its draggable is removed", .G005,
            help: "remove \"second\" at 2 s or later, or begin \"b\" at 2 s or later", notes: ["2️⃣"],
            removedMidway(
                ["add: draggable\ntarget: \"#a\"\ngesture: a", "add: draggable\ntarget: \"#a\"\ngesture: b\nname: second"],
                name: "second",
                "{ id: 2️⃣a, kind: pan, target: \"#a\", duration: 2, translation: [[0, 0], [100, 0]] }",
                "{ id: 1️⃣b, kind: pan, target: \"#a\", at: 0.5, duration: 1, translation: [[0, 0], [0, 100]] }")),
        DiagnosticCase(
            "one draggable on two pans, removed while both run: it lets go of the earlier last", .G005,
            help: "remove \"n\" after 2 s, or name one input with `gesture:`", notes: ["2️⃣"],
            removedMidway(
                ["add: draggable\ntarget: \"#a\"\nname: n"], name: "n",
                "{ id: 1️⃣late, kind: pan, target: \"#a\", at: 0.5, duration: 1.5, translation: [[0, 0], [30, 0]] }",
                "{ id: 2️⃣early, kind: pan, target: \"#a\", duration: 2, translation: [[0, 0], [0, 40]] }")),
    ]

    @Test(arguments: g005Cases) func g005(_ c: DiagnosticCase) { c.run() }

    @Test("G005 says when the input stops, why, and which input the target jumps back to") func g005Message() {
        let ended = MarkedSource(
            Self.twoInputs(
                "{ id: swipe, kind: pan, target: \"#a\", duration: 1, translation: [[0, 0], [10, 0]] }",
                "{ id: flick, kind: pan, target: \"#a\", at: 0.5, duration: 0.4, translation: [[0, 0], [0, 10]] }"))
        let removed = MarkedSource(
            Self.removedMidway(
                ["add: draggable\ntarget: \"#a\"\ngesture: a", "add: draggable\ntarget: \"#a\"\ngesture: b\nname: second"],
                name: "second", "{ id: a, kind: pan, target: \"#a\", duration: 2, translation: [[0, 0], [100, 0]] }",
                "{ id: b, kind: pan, target: \"#a\", at: 0.5, duration: 1, translation: [[0, 0], [0, 100]] }"))
        let both = MarkedSource(
            Self.removedMidway(
                ["add: draggable\ntarget: \"#a\"\nname: n"], name: "n",
                "{ id: late, kind: pan, target: \"#a\", at: 0.5, duration: 1.5, translation: [[0, 0], [30, 0]] }",
                "{ id: early, kind: pan, target: \"#a\", duration: 2, translation: [[0, 0], [0, 40]] }"))
        let messages = [ended, removed, both].flatMap { validate($0).filter { $0.code == .G005 }.map(\.message) }
        #expect(
            messages == [
                "the pan input \"flick\" stops driving #a at 0.9 s, when it ends, while the pan input \"swipe\" still drives it until 1 s: #a jumps back to where \"swipe\" has got to",
                "the pan input \"b\" stops driving #a at 1 s, when \"second\" is removed, while the pan input \"a\" still drives it until 2 s: #a jumps back to where \"a\" has got to",
                "the pan input \"late\" stops driving #a at 1 s, when \"n\" is removed, and the pan input \"early\" is let go after it: #a jumps back to where \"early\" has got to",
            ])
    }

    /// Where each input's id is written in `text`, by id, for inputs written `  - { id: ID, ...`.
    static func inputPositions(in text: String) -> [String: SourcePosition] {
        let prefix = "  - { id: "
        var positions: [String: SourcePosition] = [:]
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() where line.hasPrefix(prefix) {
            guard let id = line.dropFirst(prefix.count).split(separator: ",").first else { continue }
            // Inputs are ASCII: a column is one character.
            positions[String(id)] = SourcePosition(line: index + 1, column: prefix.count + 1)
        }
        return positions
    }

    @Test("G005 over thousands of inputs on one draggable: one per short input that ends inside a long one")
    func g005ManyInputs() {
        // Every ten seconds: a long pan, a short one inside it that ends first (a jump back to the
        // long one), then eight pans one after another that never meet.
        let groups = 300
        var inputs = "inputs:\n"
        for j in 0..<groups {
            let t = 10 * j
            inputs += "  - { id: long\(j), kind: pan, target: \"#a\", at: \(t)s, duration: 4s, translation: [[0, 0], [10, 0]] }\n"
            inputs += "  - { id: short\(j), kind: pan, target: \"#a\", at: \(t + 1)s, duration: 1s, translation: [[0, 0], [0, 10]] }\n"
            for k in 0..<8 {
                inputs +=
                    "  - { id: after\(j)x\(k), kind: pan, target: \"#a\", at: \(t * 1000 + 5000 + k * 500)ms, duration: 250ms, translation: [[0, 0], [10, 10]] }\n"
            }
        }
        let source = MarkedSource(op("add: draggable\ntarget: \"#a\"", extra: inputs))
        let diagnostics = validate(source)
        let positions = Self.inputPositions(in: source.text)
        #expect(diagnostics.count == groups)
        for (j, diagnostic) in diagnostics.enumerated() {
            let t = 10 * j
            #expect(diagnostic.code == .G005)
            #expect(
                diagnostic.message
                    == "the pan input \"short\(j)\" stops driving #a at \(t + 2) s, when it ends, while the pan input \"long\(j)\" still drives it until \(t + 4) s: #a jumps back to where \"long\(j)\" has got to"
            )
            #expect(diagnostic.range.start == positions["short\(j)"])
            #expect(diagnostic.notes.map(\.range?.start) == [positions["long\(j)"]])
        }
    }

    @Test("G005 when one removal takes a thousand running inputs off: the layer is let go of the earliest last")
    func g005ManyInputsRemovedAtOnce() {
        // Each input begins later than the next in `inputs`, and all run on past the removal.
        let count = 999
        var inputs = "inputs:\n"
        for i in 0..<count {
            inputs += "  - { id: i\(i), kind: pan, target: \"#a\", at: \(count - i)ms, duration: 2s, translation: [[0, 0], [10, 0]] }\n"
        }
        let source = MarkedSource(
            document([["add: draggable\ntarget: \"#a\"\nname: n"], ["remove: n\ntarget: \"#a\""]], extra: inputs))
        let diagnostics = validate(source)
        #expect(codes(diagnostics) == [.G005])
        let last = "i\(count - 1)"
        #expect(
            diagnostics.map(\.message) == [
                "the pan input \"i0\" stops driving #a at 1 s, when \"n\" is removed, and the pan input \"\(last)\" is let go after it: #a jumps back to where \"\(last)\" has got to"
            ])
        #expect(diagnostics.map(\.help) == ["remove \"n\" after 2.999 s, or name one input with `gesture:`"])
        let positions = Self.inputPositions(in: source.text)
        #expect(diagnostics.map(\.range.start) == [positions["i0"]])
        #expect(diagnostics.flatMap(\.notes).map(\.range?.start) == [positions[last]])
    }

    static let silentCases: [SilentCase] = [
        SilentCase("damping 0 and the defaults", op(Self.springHead + "\ndamping: 0")),
        SilentCase("tiny positive parameters", op(Self.anchoredHead + "\nstiffness: 1e-9\nmass: 1e-9\nthreshold: 1e-9")),
        SilentCase("a named pan input", op("add: draggable\ntarget: \"#a\"\ngesture: swipe", extra: pan)),
        SilentCase(
            "a draggable added while its input runs",
            document(
                [[tween()], ["add: draggable\ntarget: \"#a\""]],
                extra: "inputs:\n  - { id: s, kind: pan, target: \"#a\", at: 0.5, duration: 1, translation: [[0, 0]] }\n")),
        SilentCase("tossable takes pan inputs", op("add: tossable\ntarget: \"#a\"", extra: pan)),
        SilentCase(
            "two single-axis drags, each bound to its own input",
            document(
                [
                    [
                        "add: draggable\ntarget: \"#a\"\naxis: horizontal\ngesture: a",
                        "add: draggable\ntarget: \"#a\"\naxis: vertical\ngesture: b",
                    ]
                ],
                extra: "inputs:\n  - { id: a, kind: pan, target: \"#a\", duration: 1, translation: [[0, 0], [100, 0]] }\n"
                    + "  - { id: b, kind: pan, target: \"#a\", at: 0.5, duration: 1, translation: [[0, 0], [0, 100]] }\n")),
        SilentCase(
            "a later pan that outlasts the earlier one",
            twoInputs(
                "{ id: swipe, kind: pan, target: \"#a\", duration: 1, translation: [[0, 0], [10, 0]] }",
                "{ id: flick, kind: pan, target: \"#a\", at: 0.5, duration: 1, translation: [[0, 0], [0, 10]] }")),
        SilentCase(
            "a later pinch that ends with the earlier one",
            twoInputs(
                "{ id: early, kind: pinch, target: \"#a\", duration: 2, scale: [1, 3] }",
                "{ id: late, kind: pinch, target: \"#a\", at: 1, duration: 1, scale: [1, 2] }", target: "add: pinchable\ntarget: \"#a\"")),
        SilentCase(
            "two pans that begin together: the one followed last outlasts the other",
            twoInputs(
                "{ id: short, kind: pan, target: \"#a\", duration: 0.5, translation: [[0, 0], [0, 10]] }",
                "{ id: long, kind: pan, target: \"#a\", duration: 1, translation: [[0, 0], [10, 0]] }")),
        SilentCase(
            "a draggable added while its input runs takes over from a shorter one",
            document(
                [["add: draggable\ntarget: \"#a\"\ngesture: b"], ["add: draggable\ntarget: \"#a\"\ngesture: a"]],
                extra: "inputs:\n  - { id: a, kind: pan, target: \"#a\", duration: 2, translation: [[0, 0], [100, 100]] }\n"
                    + "  - { id: b, kind: pan, target: \"#a\", at: 0.5, duration: 1, translation: [[0, 0], [0, 100]] }\n")),
        SilentCase(
            "a second draggable on the same input, removed midway",
            removedMidway(
                [
                    "add: draggable\ntarget: \"#a\"\ngesture: s", "add: draggable\ntarget: \"#a\"\naxis: horizontal\ngesture: s\nname: n",
                    "add: draggable\ntarget: \"#b\"\ngesture: t",
                ], name: "n", "{ id: s, kind: pan, target: \"#a\", duration: 2, translation: [[0, 0], [40, 30]] }",
                "{ id: t, kind: pan, target: \"#b\", at: 0.5, duration: 2, translation: [[0, 0], [10, 10]] }")),
        SilentCase(
            "a drag removed as the earlier input ends",
            document(
                [
                    ["add: draggable\ntarget: \"#a\"\ngesture: a", "add: draggable\ntarget: \"#a\"\ngesture: b\nname: second"],
                    [tween("#b")], ["remove: second\ntarget: \"#a\""],
                ],
                extra: "inputs:\n  - { id: a, kind: pan, target: \"#a\", duration: 2, translation: [[0, 0], [100, 0]] }\n"
                    + "  - { id: b, kind: pan, target: \"#a\", at: 0.5, duration: 2, translation: [[0, 0], [0, 100]] }\n")),
        SilentCase(
            "a pan that begins as another ends",
            twoInputs(
                "{ id: one, kind: pan, target: \"#a\", duration: 1, translation: [[0, 0], [10, 0]] }",
                "{ id: two, kind: pan, target: \"#a\", at: 1, duration: 1, translation: [[0, 0], [0, 10]] }")),
        SilentCase(
            "overlapping pans on different targets",
            twoInputs(
                "{ id: one, kind: pan, target: \"#a\", duration: 1, translation: [[0, 0], [10, 0]] }",
                "{ id: two, kind: pan, target: \"#b\", at: 0.5, duration: 1, translation: [[0, 0], [0, 10]] }",
                target: "add: draggable\ntarget: \"#a, #b\"")),
        SilentCase(
            "a pan and a pinch at once on one target",
            twoInputs(
                "{ id: one, kind: pan, target: \"#a\", duration: 1, translation: [[0, 0], [10, 0]] }",
                "{ id: two, kind: pinch, target: \"#a\", at: 0.5, duration: 1, scale: [1, 2] }",
                target: "add: directlyManipulable\ntarget: \"#a\"")),
        SilentCase("draggable without input when not baking", op("add: draggable\ntarget: \"#a\"")),
        SilentCase("tossable without input when not baking", op("add: tossable\ntarget: \"#a\"")),
        SilentCase("an unnamed pan input on the target, baking", forBake: true, op("add: draggable\ntarget: \"#a\"", extra: pan)),
        SilentCase("tossable with a pan input, baking", forBake: true, op("add: tossable\ntarget: \"#a\"", extra: pan)),
        SilentCase(
            "directlyManipulable with one of its kinds, baking", forBake: true,
            op("add: directlyManipulable\ntarget: \"#a\"", extra: pan)),
        SilentCase(
            "an input selected by class, baking", forBake: true,
            op(
                "add: draggable\ntarget: \"#b\"",
                extra: "inputs:\n  - { id: s, kind: pan, target: .round, duration: 1, translation: [[0, 0]] }\n")),
        SilentCase(
            "non-interactive intentions, baking", forBake: true,
            document([
                [
                    tween(), "add: spring\ntarget: \"#b\"\nproperty: opacity\ndestination: 1",
                    "add: friction\ntarget: \"#a\"\ncoefficient: 1",
                ]
            ])),
    ]

    @Test(arguments: silentCases) func silent(_ c: SilentCase) { c.run() }
}
