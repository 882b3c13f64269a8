import MotionDiagnostics
import MotionYAML
import Testing

@testable import MotionPlans

/// Loading on two threads (libyaml's events read on one, the tree built and decoded on the
/// other) gives what loading on one gives: the same diagnostics, byte for byte in every output
/// format, and the same document, on documents of many buffers of events full of errors, with
/// the second thread forced on.
@Suite struct PipelinedLoadingTests {
    /// Targets and ops enough for several batches, with errors in both, merge keys, aliases,
    /// duplicate keys, and errors at the top level; `tail` goes inside the `ops` of the middle
    /// transaction, after `at` of its ops.
    static func document(ops: Int = 900, tail: String = "", at tailOp: Int = 450) -> String {
        var text = "motion: 1\ncanvas: { fps: 0 }\ncolour: red\ndefaults: &d { layer: { opacity: 0.5 } }\ntargets:\n"
        for i in 0..<600 {
            switch i % 97 {
            case 3: text += "  t\(i): { layer: { opacity: 2, colr: 1 } }\n"
            case 5: text += "  t\(i): { <<: *d, class: [round, \"bad name\"] }\n"
            case 7: text += "  t\(i): { type: Card, type: Photo }\n"
            case 11: text += "  t\(i): 5\n"
            default: text += "  t\(i): { type: Card, layer: { position: [\(i), 1], size: [20, 20] } }\n"
            }
        }
        text += "  t3: {}\n"
        text += "transactions:\n"
        for transaction in 0..<3 {
            text += "  - at: \(transaction)\n    label: [x]\n    ops:\n"
            for op in 0..<ops {
                if transaction == 1 && op == tailOp { text += tail }
                switch op % 101 {
                case 13: text += "      - { add: tween, target: \"#t1\", property: opacty, to: 1, duration: 1 }\n"
                case 17: text += "      - { add: spring, target: '#t2', property: position, destination: [1, 2], stiffness: 0 }\n"
                case 19: text += "      - { add: tween, target: \"#t1\", property: opacity, to: 1, to: 2, duration: 1 }\n"
                case 23: text += "      - { add: nothing, target: \"#t1\" }\n"
                case 29:
                    text +=
                        "      - { add: tween, target: \"#t4\", property: opacity, to: 1, duration: -1, <<: { easing: [0, 0, 3, 1] } }\n"
                case 31: text += "      - { add: tween, target: \"#zz\", property: opacity, to: 1, duration: 1, easing: [0.5, 0, 2, 1] }\n"
                default:
                    text += "      - add: tween\n        target: \"#t\(op % 600)\"\n        property: opacity\n"
                    text += "        values: [0, 0.6, 1]\n        duration: \(op % 7 == 0 ? "-" : "")300ms\n"
                }
            }
        }
        return text
    }

    static let documents: [(String, YAMLLimits)] = [
        (document(), YAMLLimits()),
        // A syntax error in the middle of the ops.
        (document(tail: "      - { add: tween, target: \"#t1\"\n      ]]\n"), YAMLLimits()),
        // An anchored op and its alias: the rest of that `ops` stays in the tree.
        (document(tail: "      - &op { add: tween, target: \"#t1\", property: opacity, to: 1, duration: 1 }\n      - *op\n"), YAMLLimits()),
        // An undefined alias, then more ops.
        (document(tail: "      - *nothing\n"), YAMLLimits()),
        // Nesting deeper than the limit, inside an op.
        (document(tail: "      - { add: tween, target: \"#t1\", x: [[[[[[[[[[1]]]]]]]]]] }\n"), YAMLLimits(maxDepth: 10)),
        // Alias expansion over the limit.
        (
            document(tail: "      - { add: tween, target: \"#t1\", property: opacity, to: 1, duration: 1, x: [*d, *d, *d, *d] }\n"),
            YAMLLimits(maxAliasExpansion: 12)
        ),
        // A second document at the end.
        (document() + "---\nmotion: 1\n", YAMLLimits()),
        // Errors only at the end of the last ops.
        (
            document(ops: 2000, tail: "", at: 0) + "      - { add: tween, target: \"#t1\", property: opacity, to: 1, duration: 1\n",
            YAMLLimits()
        ),
    ]

    /// The diagnostics of `load` in `format`, rendered as `motionc validate` renders them.
    func rendered(_ result: LoadResult, _ format: DiagnosticFormat) -> String {
        DiagnosticRenderer.render(
            result.diagnostics, format: format, sources: ["p.yaml": SourceFile(path: "p.yaml", bytes: result.text)], fileCount: 1)
    }

    @Test(arguments: 0..<documents.count) func sameAsOnOneThread(_ index: Int) {
        let (text, limits) = Self.documents[index]
        let bytes = Array(text.utf8)
        let serial = DocumentLoader.load(bytes, file: "p.yaml", limits: limits, streaming: true, pipelineBytes: .max)
        let piped = DocumentLoader.load(bytes, file: "p.yaml", limits: limits, streaming: true, pipelineBytes: 0)
        #expect(serial.diagnostics.contains { $0.severity == .error })
        #expect(piped.diagnostics == serial.diagnostics)
        for format in DiagnosticFormat.allCases {
            #expect(rendered(piped, format) == rendered(serial, format), "\(format)")
        }
        #expect((piped.document == nil) == (serial.document == nil))
        #expect(piped.document?.targets.map(\.id.value) == serial.document?.targets.map(\.id.value))
        #expect(piped.document?.targets.map(\.layer) == serial.document?.targets.map(\.layer))
        #expect(piped.document?.transactions.map(\.operations.count) == serial.document?.transactions.map(\.operations.count))
    }

    @Test func smallDocumentsAndEmptyInputs() {
        for text in ["", "motion: 1\n", "[", "motion: 1\ntargets: { a: {} }\ntransactions: [{ ops: [{ remove: r, target: \"#a\" }] }]\n"] {
            let bytes = Array(text.utf8)
            let serial = DocumentLoader.load(bytes, file: "p.yaml", limits: YAMLLimits(), streaming: true, pipelineBytes: .max)
            let piped = DocumentLoader.load(bytes, file: "p.yaml", limits: YAMLLimits(), streaming: true, pipelineBytes: 0)
            #expect(piped.diagnostics == serial.diagnostics)
            #expect((piped.document == nil) == (serial.document == nil))
        }
    }

    @Test func theLargeDocumentLoadsTheSameMany() {
        // Many loads in a row: every thread ends and every batch is taken (no hang, no leak of work).
        let bytes = Array(Self.document(ops: 300).utf8)
        let serial = DocumentLoader.load(bytes, file: "p.yaml", limits: YAMLLimits(), streaming: true, pipelineBytes: .max)
        for _ in 0..<20 {
            let piped = DocumentLoader.load(bytes, file: "p.yaml", limits: YAMLLimits(), streaming: true, pipelineBytes: 0)
            #expect(piped.diagnostics == serial.diagnostics)
        }
    }
}
