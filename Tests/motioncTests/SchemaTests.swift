import Foundation
import MotionCore
import MotionPlans
import MotionTimeline
import Testing

/// The document JSON Schema: one source of truth with the decoder, and it accepts exactly what
/// users should write.
@Suite struct SchemaTests {
    @Test func schemaFileEqualsWhatMotioncPrints() throws {
        let file = try String(
            contentsOf: Motionc.packageRoot.appendingPathComponent("Schemas/motion-plan.schema.json"), encoding: .utf8)
        let printed = try Motionc.run(["schema"])
        #expect(printed.status == 0)
        #expect(
            printed.stdout == file,
            "Schemas/motion-plan.schema.json is stale: run `swift run motionc schema > Schemas/motion-plan.schema.json`")
        #expect(DocumentSchema.text == file)
    }

    @Test func timelineSchemaFileEqualsWhatMotioncPrints() throws {
        let file = try String(
            contentsOf: Motionc.packageRoot.appendingPathComponent("Schemas/motion-timeline.schema.json"), encoding: .utf8)
        let printed = try Motionc.run(["schema", "--timeline"])
        #expect(printed.status == 0)
        #expect(
            printed.stdout == file,
            "Schemas/motion-timeline.schema.json is stale: run `swift run motionc schema --timeline > Schemas/motion-timeline.schema.json`"
        )
        #expect(TimelineSchema.text == file)
    }

    @Test func schemaNamesEveryIntentionTypeAndProperty() throws {
        let text = DocumentSchema.text
        for type in IntentionType.allCases {
            #expect(text.contains("\"add-\(type.rawValue)\""))
            for parameter in type.parameters { #expect(text.contains("\"\(parameter.name)\"")) }
        }
        for path in PropertyPath.all where path.property.isAnimatable {
            #expect(text.contains("\"\(path.description)\""))
        }
    }

    @Test(.enabled(if: pythonSchemaToolsAvailable, "needs python3 with jsonschema and PyYAML (.ci/run installs them)"))
    func everyPlanSatisfiesTheSchema() throws {
        let plans = Motionc.plans
        #expect(plans.count >= 10)
        let documents = try plans.map { try String(contentsOf: $0, encoding: .utf8) }
        let results = try schemaVerdicts(documents)
        #expect(results.count == plans.count)
        for (plan, result) in zip(plans, results) {
            #expect(result == "ok", "\(plan.lastPathComponent): \(result)")
        }
    }

    static let brokenDocuments: [(String, String)] = [
        ("missing motion", "targets: {}\n"),
        ("wrong version", "motion: 2\n"),
        ("unknown top-level key", "motion: 1\ncanvass: {}\n"),
        ("unknown intention type", "motion: 1\ntransactions:\n  - ops:\n      - { add: tweeen, target: \"#a\" }\n"),
        (
            "unknown tween key",
            "motion: 1\ntransactions:\n  - ops:\n      - { add: tween, target: \"#a\", property: opacity, to: 1, durration: 1 }\n"
        ),
        ("tween without property", "motion: 1\ntransactions:\n  - ops:\n      - { add: tween, target: \"#a\", to: 1 }\n"),
        ("unknown property", "motion: 1\ntransactions:\n  - ops:\n      - { add: tween, target: \"#a\", property: opacty, to: 1 }\n"),
        (
            "bad easing name",
            "motion: 1\ntransactions:\n  - ops:\n      - { add: tween, target: \"#a\", property: opacity, to: 1, easing: bouncy }\n"
        ),
        (
            "bezier x1 out of range",
            "motion: 1\ntransactions:\n  - ops:\n      - { add: tween, target: \"#a\", property: opacity, to: 1, easing: [1.5, 0, 0.2, 1] }\n"
        ),
        ("named composite", "motion: 1\ntransactions:\n  - ops:\n      - { add: tossable, target: \"#a\", name: t }\n"),
        ("empty name", "motion: 1\ntransactions:\n  - ops:\n      - { remove: \"\", target: \"#a\" }\n"),
        (
            "negative stiffness",
            "motion: 1\ntransactions:\n  - ops:\n      - { add: spring, target: \"#a\", property: opacity, destination: 1, stiffness: -1 }\n"
        ),
        ("opacity above 1 in layer", "motion: 1\ntargets:\n  a: { layer: { opacity: 2 } }\n"),
        ("bad colour", "motion: 1\ntargets:\n  a: { layer: { backgroundColor: \"#12\" } }\n"),
        ("bad target id", "motion: 1\ntargets:\n  \"a b\": {}\n"),
        ("fps zero", "motion: 1\ncanvas: { fps: 0 }\n"),
        ("pan input without translation", "motion: 1\ninputs:\n  - { id: p, kind: pan, target: \"#a\", duration: 1 }\n"),
        (
            "negative duration",
            "motion: 1\ntransactions:\n  - ops:\n      - { add: tween, target: \"#a\", property: opacity, to: 1, duration: -1 }\n"
        ),
    ]

    @Test(.enabled(if: pythonSchemaToolsAvailable, "needs python3 with jsonschema and PyYAML (.ci/run installs them)"))
    func brokenDocumentsFailTheSchema() throws {
        let results = try schemaVerdicts(Self.brokenDocuments.map(\.1))
        #expect(results.count == Self.brokenDocuments.count)
        for ((name, _), result) in zip(Self.brokenDocuments, results) {
            #expect(result.hasPrefix("error"), "\(name) should not satisfy the schema")
        }
    }

    @Test func brokenDocumentsAlsoFailMotionc() throws {
        let directory = try Motionc.temporaryDirectory()
        for (i, (name, text)) in Self.brokenDocuments.enumerated() {
            let url = try Motionc.write(text, to: "broken\(i).yaml", in: directory)
            let result = try Motionc.run(["validate", url.path])
            #expect(result.status == 1, "\(name): motionc should report an error\n\(result.stdout)")
        }
    }
}
