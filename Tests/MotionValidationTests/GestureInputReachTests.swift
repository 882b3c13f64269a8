import MotionDiagnostics
import MotionPlans
import MotionTestSupport
import MotionValidation
import Testing

/// G003 and B001 on random documents, against the rules of docs/format.md read literally: every
/// input is compared with every interactive op (no index), as a user would check by hand.
@Suite struct GestureInputReachTests {
    /// The standard targets (`a` with child `c` of type Photo, `b` of class round) each selector
    /// of the generated documents matches.
    static let selectors: [(text: String, targets: Set<String>)] = [
        ("#a", ["a"]), ("#b", ["b"]), ("#c", ["c"]), (".round", ["b"]), ("Photo", ["c"]), ("*", ["a", "b", "c"]),
    ]
    /// The interactive types and the input kinds each takes.
    static let types: [(name: String, kinds: Set<String>)] = [
        ("draggable", ["pan"]), ("pinchable", ["pinch"]), ("rotatable", ["rotate"]), ("tossable", ["pan"]),
        ("directlyManipulable", ["pan", "pinch", "rotate"]),
    ]

    struct Input {
        var id: String
        var kind: String
        var selector: Int
        var at: Double
        var duration: Double
        var end: Double { at + duration }
    }

    struct Op {
        var type: Int
        var selector: Int
        var gesture: String?
        var at: Double
    }

    /// A random document: its text, its inputs and its interactive ops, and the line of each
    /// input's id and each op's `add:`.
    static func make(_ generator: inout SeededRandom) -> (text: String, inputs: [Input], ops: [Op], inputLines: [Int], opLines: [Int]) {
        let kinds = ["pan", "pinch", "rotate"]
        var inputs: [Input] = []
        for i in 0..<Int.random(in: 1...6, using: &generator) {
            inputs.append(
                Input(
                    id: "in\(i)", kind: kinds.randomElement(using: &generator) ?? "pan",
                    selector: Int.random(in: 0..<selectors.count, using: &generator),
                    at: Double(Int.random(in: 0...6, using: &generator)) / 2, duration: Double(Int.random(in: 1...4, using: &generator)) / 2
                ))
        }
        var ops: [Op] = []
        for _ in 0..<Int.random(in: 0...6, using: &generator) {
            let type = Int.random(in: 0..<types.count, using: &generator)
            var op = Op(
                type: type, selector: Int.random(in: 0..<selectors.count, using: &generator), gesture: nil,
                at: Double(Int.random(in: 0...3, using: &generator)))
            // Now and then a draggable, pinchable or rotatable names an input it may take (on a
            // target of that input, of a kind it takes: no G001 or G002).
            if type < 3, Bool.random(using: &generator),
                let named = inputs.filter({ types[type].kinds.contains($0.kind) }).randomElement(using: &generator)
            {
                op.gesture = named.id
                op.selector = named.selector
            }
            ops.append(op)
        }
        ops.sort { $0.at < $1.at }
        var lines = [
            "motion: 1", "targets:", "  a:", "    children:", "      c: { type: Photo }", "  b: { class: round }", "transactions:",
        ]
        var opLines: [Int] = []
        for at in Set(ops.map(\.at)).sorted() {
            lines += ["  - at: \(at)", "    ops:"]
            for op in ops where op.at == at {
                opLines.append(lines.count + 1)
                lines.append("      - add: \(types[op.type].name)")
                lines.append("        target: \"\(selectors[op.selector].text)\"")
                if let gesture = op.gesture { lines.append("        gesture: \(gesture)") }
            }
        }
        if ops.isEmpty { lines += ["  - at: 0", "    ops: []"] }
        lines.append("inputs:")
        var inputLines: [Int] = []
        for input in inputs {
            inputLines.append(lines.count + 1)
            let samples =
                switch input.kind {
                case "pan": "translation: [[0, 0], [10, 0]]"
                case "pinch": "scale: [1, 2]"
                default: "angle: [0, 90]"
                }
            lines.append(
                "  - { id: \(input.id), kind: \(input.kind), target: \"\(selectors[input.selector].text)\", at: \(input.at), duration: \(input.duration), \(samples) }"
            )
        }
        return (lines.joined(separator: "\n") + "\n", inputs, ops, inputLines, opLines)
    }

    @Test("G003 and B001 on 3,000 random documents: each input against each op, as the format says")
    func randomDocuments() throws {
        var generator = SeededRandom(seed: 2026)
        for _ in 0..<3_000 {
            let (text, inputs, ops, inputLines, opLines) = Self.make(&generator)
            let loaded = MarkedSource(text).load()
            let document = try #require(loaded.document, "\(text)")
            #expect(loaded.diagnostics.isEmpty, "\(text)")
            // G003: per input, the ops that take it; the earliest of them (first in document order).
            var expected: [String] = []
            for (i, input) in inputs.enumerated() {
                let targets = Self.selectors[input.selector].targets
                let takers = ops.indices.filter { o in
                    guard Self.types[ops[o].type].kinds.contains(input.kind) else { return false }
                    if let gesture = ops[o].gesture { return gesture == input.id }
                    return !Self.selectors[ops[o].selector].targets.isDisjoint(with: targets)
                }
                if takers.contains(where: { ops[$0].at <= input.end }) { continue }
                if let first = takers.min(by: { ops[$0].at < ops[$1].at }) {
                    expected.append("G003 line \(inputLines[i]) lost, first at line \(opLines[first])")
                } else {
                    expected.append("G003 line \(inputLines[i]) never used")
                }
            }
            let found = Validator.validate(document).filter { $0.code == .G003 }.map { d in
                d.message.contains("it is lost")
                    ? "G003 line \(d.range.start.line) lost, first at line \(d.notes.first?.range?.start.line ?? -1)"
                    : "G003 line \(d.range.start.line) never used"
            }
            #expect(found == expected, "\(text)")
            // B001 (baking): an op naming no input, on a target with no input of a kind it takes.
            let kindsOn = { (target: String) in Set(inputs.filter { Self.selectors[$0.selector].targets.contains(target) }.map(\.kind)) }
            let expectedB001 = ops.indices.filter { o in
                ops[o].gesture == nil
                    && Self.selectors[ops[o].selector].targets.contains { kindsOn($0).isDisjoint(with: Self.types[ops[o].type].kinds) }
            }.map { opLines[$0] }
            let foundB001 = Validator.validate(document, options: ValidationOptions(forBake: true)).filter { $0.code == .B001 }.map {
                $0.range.start.line
            }
            #expect(foundB001 == expectedB001, "\(text)")
        }
    }
}

/// Did-you-mean is help with a bounded cost (docs/format.md §5): the first misspelt names of a
/// document get it; past the run's budget the diagnostics stay, without it.
@Suite struct SuggestionBudgetTests {
    /// The T003 diagnostics of a document of `targets` targets `card<i>` and `ops` tweens on
    /// `#crad<i mod targets>`, each selector one swap away from an id.
    static func misspelt(targets: Int, ops: Int) throws -> [Diagnostic] {
        var lines = ["motion: 1", "targets:"]
        for i in 0..<targets { lines.append("  card\(i): {}") }
        lines += ["transactions:", "  - at: 0", "    ops:"]
        for i in 0..<ops {
            lines += ["      - add: tween", "        target: \"#crad\(i % targets)\"", "        property: opacity", "        to: 1"]
        }
        let document = try #require(MarkedSource(lines.joined(separator: "\n") + "\n").load().document)
        return Validator.validate(document).filter { $0.code == .T003 }
    }

    @Test("2,000 selectors misspelt among 1,000 ids: every one is T003, the first ones with a suggestion")
    func suggestionsStopAfterTheBudget() throws {
        let t003 = try Self.misspelt(targets: 1_000, ops: 2_000)
        #expect(t003.count == 2_000)
        let suggested = t003.map { $0.help?.hasPrefix("did you mean") == true }
        // A prefix: once the budget is spent, no later diagnostic gets one.
        let first = suggested.prefix { $0 }.count
        #expect(first > 100)
        #expect(first < 2_000)
        #expect(!suggested.dropFirst(first).contains(true))
        #expect(t003.first?.help == "did you mean \"#card0\"?")
    }

    @Test("a handful of misspelt selectors in a large document all get their suggestion")
    func aHandfulAllGetOne() throws {
        let helps = try Self.misspelt(targets: 20_000, ops: 10).map(\.help)
        #expect(helps == (0..<10).map { "did you mean \"#card\($0)\"?" })
    }
}
