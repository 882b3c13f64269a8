import MotionDiagnostics
import MotionExport
import MotionPlans
import MotionScheduler
import MotionTimeline
import MotionValidation

/// How the work on a document grows with its size, for shapes that once grew faster than it: each
/// document made at `n` and `2n`, loaded, validated (with its diagnostics rendered as text) and,
/// when valid, baked (and, for some, its timeline exported to Lottie, HTML and CSS); the ratio of
/// the two times. Time in proportion to the document is a ratio
/// of about 2; 4 is quadratic, which a large document feels as a hang.
enum ScalingBenchmark {
    /// A document shape: its name and its text at size `n`.
    struct Shape: Sendable {
        let name: String
        let bakes: Bool
        /// Whether the baked timeline is also exported to Lottie, HTML and CSS.
        var exports = false
        let text: @Sendable (Int) -> String
    }

    static let shapes: [Shape] = [
        Shape(name: "inputs and draggables (G003, B001)", bakes: true) { n in
            var text = "motion: 1\ntargets:\n"
            for i in 0..<n { text += "  t\(i): {}\n" }
            text += "transactions:\n  - at: 0\n    ops:\n"
            for i in 0..<n { text += "      - { add: draggable, target: \"#t\(i)\" }\n" }
            text += "inputs:\n"
            for i in 0..<n {
                text +=
                    "  - { id: p\(i), kind: pan, target: \"#t\((i * 7919) % n)\", at: 0, duration: 0.5, translation: [[0, 0], [10, 0]] }\n"
            }
            return text
        },
        Shape(name: "a chain of links (L001, the link runtime)", bakes: true) { n in
            var text = "motion: 1\ntargets:\n"
            for i in 0...n { text += "  t\(i): { layer: { position: [\(i), 0] } }\n" }
            text += "transactions:\n  - at: 0\n    ops:\n"
            for i in 0..<n {
                text +=
                    "      - { add: link, target: \"#t\(i)\", property: position.x, source: { target: \"#t\(i + 1)\", property: position.x }, input: [0, 100], output: [0, 100] }\n"
            }
            text += "      - { add: tween, target: \"#t\(n)\", property: position.x, to: 100, duration: 0.1 }\n"
            return text
        },
        Shape(name: "nested pans on one target (G005, hand-off, channel, exports)", bakes: true, exports: true) { n in
            // Each input ends a millisecond before the one before it: all n drive the target at once.
            var text = "motion: 1\ntargets:\n  t: { layer: { position: [0, 0], size: [4, 4] } }\n"
            text += "transactions:\n  - at: 0\n    ops:\n      - { add: draggable, target: \"#t\" }\ninputs:\n"
            for i in 0..<n {
                text +=
                    "  - { id: p\(i), kind: pan, target: \"#t\", at: \(Double(i) / 1000), duration: \(Double(2 * (n - i) + 1) / 1000), translation: [[0, 0], [5, 5]] }\n"
            }
            return text
        },
        Shape(name: "misspelt plan names (N004 did-you-mean)", bakes: false) { n in
            var text = "motion: 1\ntargets:\n  a: {}\ntransactions:\n  - at: 0\n    ops:\n"
            for i in 0..<n { text += "      - { add: tween, target: \"#a\", property: opacity, to: 1, name: fade\(i) }\n" }
            text += "  - at: 1\n    ops:\n"
            for i in 0..<n { text += "      - { remove: fdae\(i), target: \"#a\" }\n" }
            return text
        },
        Shape(name: "warnings on one minified line (text snippets)", bakes: false) { n in
            let ops = (0..<n).map { _ in "{add: tween, target: \"#a\", property: opacity, to: 1, duration: 1}" }
            return "{motion: 1, targets: {a: {}}, transactions: [{at: 0, ops: [" + ops.joined(separator: ", ") + "]}]}\n"
        },
    ]

    static func run(n: Int, rounds: Int) -> Bool {
        print("scaling: seconds at n and 2n (thread CPU time, best of \(rounds) alternating rounds); ratio ~2 is linear, ~4 quadratic")
        var ok = true
        for shape in shapes {
            let texts = [Array(shape.text(n).utf8), Array(shape.text(2 * n).utf8)]
            let times = Measure.alternating(
                rounds: rounds, texts.map { bytes in { work(bytes, bakes: shape.bakes, exports: shape.exports) } })
            guard texts.allSatisfy({ DocumentLoader.load($0, file: "scaling.yaml").document != nil }) else {
                print("  \(shape.name): the generated document does not decode")
                ok = false
                continue
            }
            print(
                "  \(shape.name): n = \(n): \(Measure.fixed(times[0], 3)) s, 2n: \(Measure.fixed(times[1], 3)) s, "
                    + "ratio \(Measure.fixed(times[1] / max(times[0], 1e-9), 2))")
        }
        return ok
    }

    /// Load, validate, render the diagnostics as text and, for a valid document that runs, bake
    /// (and, with `exports`, export the timeline to Lottie, HTML and CSS).
    static func work(_ bytes: [UInt8], bakes: Bool, exports: Bool = false) {
        let loaded = DocumentLoader.load(bytes, file: "scaling.yaml")
        guard let document = loaded.document else { return }
        let diagnostics = loaded.diagnostics + Validator.validate(document, options: ValidationOptions(forBake: bakes))
        let text = DiagnosticRenderer.render(
            diagnostics, format: .text, sources: ["scaling.yaml": SourceFile(path: "scaling.yaml", bytes: bytes)], fileCount: 1)
        guard bakes, !diagnostics.contains(where: { $0.severity == .error }) else {
            _ = text.utf8.count
            return
        }
        let timeline = Baker.bake(document).timeline
        var size = timeline.events.count + text.utf8.count
        if exports {
            for format in [ExportFormat.lottie, .html, .css] { size += TimelineTracks(timeline).export(to: format).bytes.count }
        }
        _ = size
    }
}
