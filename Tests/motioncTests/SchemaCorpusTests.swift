import Foundation
import MotionDiagnostics
import MotionPlans
import MotionValidation
import Testing

/// The JSON Schema and `validate` agree: over a corpus (every Plans document, every example of
/// docs/diagnostics.md, and mutants of the Plans documents made the way new users write), the
/// schema accepts a document exactly when `validate` finds no error in it, except for the rules
/// docs/format.md lists under "What the schema cannot check".
@Suite struct SchemaCorpusTests {
    /// What the schema cannot check (docs/format.md, "What the schema cannot check"): a document
    /// whose only errors are of these codes may satisfy the schema.
    static let beyondTheSchema: [DiagnosticCode: String] = [
        .Y003: "alias expansion limit", .Y004: "nesting depth limit", .Y005: "file size and encoding",
        .D006: "target ids unique across the whole tree", .D007: "transaction times in order",
        .T002: "selector syntax", .T003: "selectors matching targets",
        .W002: "offsets count equals values count", .W003: "offsets non-decreasing",
        .W004: "easing list count n - 1", .G001: "gesture names an input that exists",
        .G002: "input kind and target fit the gesture", .B001: "inputs for baking",
        .G004: "release names an input that exists", .L001: "links form no cycle",
        .W010: "a `by:` change within its property's range", .W009: "at most 1,000 tweens at once on one property",
    ]

    /// Mutants on which the schema and validate may differ although their codes are otherwise
    /// checked, by the reason docs/format.md gives.
    static let beyondTheSchemaCases = [
        "a transition segment past the window", "a time string over a day", "numbers written as strings",
        "numbers where a name goes", "a character past ASCII that is no letter",
    ]

    /// Whole documents a review found the two disagreed on, each with the reason the schema may
    /// not tell when it may not. Ops go in `OPS` of ``reviewed(_:)``'s document.
    static let reviewedCases: [(name: String, ops: String, beyond: String?)] = [
        ("values with to", ##"{ add: tween, target: "#a", property: opacity, values: [0, 1], to: 1 }"##, nil),
        ("values with from", ##"{ add: tween, target: "#a", property: opacity, values: [0, 1], from: 0 }"##, nil),
        ("staggerFrom without stagger", ##"{ add: tween, target: ".i", property: opacity, to: 1, staggerFrom: last }"##, nil),
        (
            "staggerFrom without stagger on a spring",
            ##"{ add: spring, target: ".i", property: opacity, destination: 1, staggerFrom: last }"##, nil
        ),
        ("staggerFrom with stagger", ##"{ add: tween, target: ".i", property: opacity, to: 1, stagger: 0.1, staggerFrom: last }"##, nil),
        (
            "a link presenting a size",
            ##"{ add: link, target: "#a", property: size, source: { target: "#a", property: rotation }, input: [0, 1], output: [0, 1] }"##,
            nil
        ),
        (
            "a link reading a position",
            ##"{ add: link, target: "#a", property: rotation, source: { target: "#a", property: position }, input: [0, 1], output: [0, 1] }"##,
            nil
        ),
        (
            "a link between numbers",
            ##"{ add: link, target: "#a", property: rotation, source: { target: "#a", property: position.x }, input: [0, 1], output: [0, 1] }"##,
            nil
        ),
        (
            "a named tween of several properties",
            ##"{ add: tween, target: "#a", name: n, properties: { opacity: [0, 1], rotation: [0, 10] } }"##, nil
        ),
        ("a named tween of one property", ##"{ add: tween, target: "#a", name: n, properties: { opacity: [0, 1] } }"##, nil),
        ("a number for a name", ##"{ add: tween, target: "#a", name: 5, property: opacity, to: 1 }"##, "numbers where a name goes"),
    ]

    /// A document with targets `a` (a 10 x 10 layer) and `i` (of class `i`) and one transaction of `ops`.
    static func reviewed(_ ops: String) -> String {
        """
        motion: 1
        targets:
          a: { layer: { size: [10, 10] } }
          i: { class: [i] }
        transactions:
          - ops:
              - \(ops)
        """
    }

    /// Ids in other scripts (valid), one of a character that is no letter (not), and canvases
    /// under a point a side (not).
    static let reviewedDocuments: [(name: String, text: String, beyond: String?)] = [
        ("ids in other scripts", "motion: 1\ntargets:\n  carteé: {}\n  карта: {}\n", nil),
        ("an id with an arrow", "motion: 1\ntargets:\n  a→b: {}\n", "a character past ASCII that is no letter"),
        ("a canvas under a point a side", "motion: 1\ncanvas: { size: [0.5, 0.5] }\n", nil),
        ("a canvas of a point a side", "motion: 1\ncanvas: { size: [1, 1] }\n", nil),
    ]

    /// One way a new user changes a document: the first line holding `key:` gets `value`
    /// (with `block`, the key's indented block goes too).
    struct Mutation {
        var key: String
        var value: String
        var block = false
        /// Why the schema cannot tell, for the few mutants that hit a rule beyond it.
        var beyond: String?
    }

    static let mutations: [Mutation] = {
        var list: [Mutation] = []
        func add(_ key: String, _ values: [String], block: Bool = false) {
            list += values.map { Mutation(key: key, value: $0, block: block) }
        }
        add("duration", ["300 ms", "-1", "\"0.3s\"", "300", ".5", "\"+0.2s\"", "1e400", "null", "\"1E2ms\"", "[1]"])
        add("easing", ["ease-in-out", "[0.4, 0, 0.2, 1]", "[1.4, 0, 0.2, 1]", "[0.4, 0, 0.2]", "cubic-bezier(0.4, 0, 0.2, 1)", "linear"])
        add("repeat", ["infinite", "forever", "0", "2.5", "-1", "1e12"])
        add("stiffness", ["0", "-1", "1e3", "1e10"])
        add("damping", ["-1", "0"])
        add("fps", ["0", "1001", "120", "29.97"])
        add("size", ["[-1, 10]", "[10]", "[10, 10, 10]", "10", "[0, 0]"])
        add("position", ["[1, 2, 3]", "\"1, 2\"", "[0, 0]", "5", "[0, -1e10]", "[1e9, 0]"])
        add("opacity", ["1.5", "-0.1", "0.5"])
        add("backgroundColor", ["#6200EE", "\"#12\"", "[1, 0, 0, 1]", "[2, 0, 0, 1]", "\"#FFF\"", "red", "null"])
        add("background", ["#FFFFFF", "\"#FFFFFF80\"", "[0, 0, 0]"])
        add("cornerRadius", ["-1", "4", "\"4\"x"])
        add("borderWidth", ["-2"])
        add("property", ["translateY", "opacty", "position.x", "shape", "opacity", "rotation"])
        add("to", ["2", "[1, 2]", "\"#FF0000\"", "-5", "0.5", "null", "1e308"])
        add("from", ["2", "[1, 2]", "0", "[0, 0, 0, 0]"])
        add("destination", ["2", "[1, 2]", "0"])
        add("layer", ["null", "{}", "{ opacity: 2 }", "{ translateY: 1 }"], block: true)
        add("canvas", ["null", "{ size: [0, 10] }", "{ fps: 60 }"], block: true)
        add("children", ["null", "{}"], block: true)
        add("axis", ["sideways", "vertical"])
        add("kind", ["swipe", "pinch"])
        add("direction", ["up", "backward"])
        add("autoreverse", ["yes", "true", "1"])
        add("at", ["-1", "\"1500ms\"", "0.25"])
        add("name", ["\"\"", "renamed"])
        add("window", ["-1", "\"1s\""])
        add("label", ["3", "[a]"])
        add("motion", ["2", "1.0"])
        list.append(Mutation(key: "motion", value: "\"1\"", beyond: "numbers written as strings"))
        add("offsets", ["[0, 2]", "[0, 1]"])
        add("values", ["[]"])
        add("translation", ["[]", "[[0, 0]]", "[[0, 0, 0]]"])
        add("target", ["\"\"", "\"#nothing\"", "\"#a >\"", "7"])
        add("gesture", ["nothing"])
        add("type", ["\"a b\"", "Card"])
        add("class", ["[\"a b\"]", "wide"])
        add("shape", ["star", "ellipse"])
        add("mass", ["0"])
        add("response", ["0.5"])
        list.append(Mutation(key: "segment", value: "{ position: 0.5, length: 0.6 }", beyond: "a transition segment past the window"))
        list.append(Mutation(key: "duration", value: "\"86401s\"", beyond: "a time string over a day"))
        return list
    }()

    /// `text` with `mutation` applied to the first line whose key is `mutation.key`, or nil.
    static func apply(_ mutation: Mutation, to text: String) -> String? {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        for (i, line) in lines.enumerated() {
            let trimmed = line.drop { $0 == " " }
            let body = trimmed.hasPrefix("- ") ? trimmed.dropFirst(2) : trimmed
            guard body.hasPrefix(mutation.key + ":") else { continue }
            let indent = line.count - body.count
            lines[i] = String(line.prefix(indent)) + mutation.key + ": " + mutation.value
            if mutation.block {
                let keyIndent = line.count - trimmed.count
                while i + 1 < lines.count, !lines[i + 1].trimmingCharacters(in: .whitespaces).isEmpty,
                    lines[i + 1].prefix(while: { $0 == " " }).count > keyIndent
                {
                    lines.remove(at: i + 1)
                }
            }
            return lines.joined(separator: "\n")
        }
        return nil
    }

    /// The corpus: name, text, and the reason the schema cannot tell (for the marked mutants).
    static func corpus() throws -> [(name: String, text: String, beyond: String?)] {
        var documents: [(String, String, String?)] = []
        let plans = try Motionc.plans.map { ($0.lastPathComponent, try String(contentsOf: $0, encoding: .utf8)) }
        for (name, text) in plans { documents.append(("Plans/\(name)", text, nil)) }
        for code in DiagnosticCode.allCases {
            documents.append(("explain \(code) failing", code.explanation.failingExample, nil))
            documents.append(("explain \(code) fixed", code.explanation.fixedExample, nil))
        }
        for reviewed in reviewedCases { documents.append(("reviewed: \(reviewed.name)", Self.reviewed(reviewed.ops), reviewed.beyond)) }
        for reviewed in reviewedDocuments { documents.append(("reviewed: \(reviewed.name)", reviewed.text, reviewed.beyond)) }
        for (name, text) in plans {
            for mutation in mutations {
                guard let mutated = apply(mutation, to: text) else { continue }
                documents.append(("Plans/\(name) with \(mutation.key): \(mutation.value)", mutated, mutation.beyond))
            }
        }
        return documents
    }

    /// The error codes `validate` finds in `text` (warnings do not count).
    static func errorCodes(_ text: String) -> Set<DiagnosticCode> {
        let result = DocumentLoader.load(Array(text.utf8), file: "corpus.yaml")
        var diagnostics = result.diagnostics
        if let document = result.document, !diagnostics.containsErrors { diagnostics += Validator.validate(document) }
        return Set(diagnostics.filter { $0.severity == .error }.map(\.code))
    }

    @Test(.enabled(if: pythonSchemaToolsAvailable, "needs python3 with jsonschema and PyYAML (.ci/run installs them)"))
    func theSchemaAndValidateAgree() throws {
        let documents = try Self.corpus()
        let verdicts = try schemaVerdicts(documents.map(\.text))
        #expect(verdicts.count == documents.count)
        #expect(documents.count >= 800, "a corpus of \(documents.count) documents")
        var valid = 0
        var invalid = 0
        var beyond = 0
        for (document, verdict) in zip(documents, verdicts) {
            let codes = Self.errorCodes(document.text)
            let schemaAccepts = verdict == "ok"
            if document.beyond != nil {
                beyond += 1
            } else if codes.isEmpty {
                valid += 1
                #expect(schemaAccepts, "\(document.name): validate finds no error, the schema says \(verdict)")
            } else if codes.contains(where: { Self.beyondTheSchema[$0] == nil }) {
                invalid += 1
                #expect(
                    !schemaAccepts,
                    "\(document.name): validate finds \(codes.map(\.rawValue).sorted()), the schema accepts it")
            } else {
                beyond += 1
            }
        }
        // Both verdicts occur often: the comparison means something.
        #expect(valid >= 250 && invalid >= 400, "valid \(valid), invalid \(invalid), beyond the schema \(beyond)")
    }

    @Test func theLimitsAreDocumented() throws {
        let format = try String(contentsOf: Motionc.packageRoot.appendingPathComponent("docs/format.md"), encoding: .utf8)
        guard let section = format.range(of: "### 4.2 What the schema cannot check") else {
            Issue.record("docs/format.md has no section \"4.2 What the schema cannot check\"")
            return
        }
        let text = format[section.upperBound...]
        for code in Self.beyondTheSchema.keys { #expect(text.contains(code.rawValue), "\(code) is not listed") }
        for reason in Self.beyondTheSchemaCases { #expect(text.contains(reason), "\"\(reason)\" is not listed") }
    }
}
