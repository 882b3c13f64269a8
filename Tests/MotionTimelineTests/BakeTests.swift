import Foundation
import MotionCore
import MotionPlans
import MotionRuntime
import MotionScheduler
import Testing

@testable import MotionTimeline

let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().path

let planNames: [String] = ((try? FileManager.default.contentsOfDirectory(atPath: repositoryRoot + "/Plans")) ?? [])
    .filter { $0.hasSuffix(".yaml") }.sorted()

func bakePlan(_ name: String) throws -> Baker.Result {
    let result = try DocumentLoader.load(path: repositoryRoot + "/Plans/" + name)
    guard let document = result.document else {
        Issue.record("\(name) did not decode")
        throw CancellationError()
    }
    return Baker.bake(document)
}

/// Whether `python3 -c 'import jsonschema'` works; the reason when not.
let jsonSchemaUnavailable: String? = {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["python3", "-c", "import jsonschema"]
    process.standardError = FileHandle.nullDevice
    do {
        try process.run()
        process.waitUntilExit()
        return process.terminationStatus == 0 ? nil : "python3 with jsonschema is not installed"
    } catch {
        return "python3 is not available: \(error)"
    }
}()

@Suite("Baking Plans/")
struct BakeTests {
    @Test func plansExist() {
        #expect(planNames.count >= 10)
    }

    @Test(arguments: planNames)
    func bakingTwiceGivesTheSameBytes(_ name: String) throws {
        let a = TimelineJSON.text(try bakePlan(name).timeline)
        let b = TimelineJSON.text(try bakePlan(name).timeline)
        #expect(a == b)
        #expect(TimelineJSON.text(try TimelineJSON.decode(Array(a.utf8))) == a, "reading and rewriting is stable")
    }

    @Test(arguments: planNames)
    func bakesComeToRestWithOrderedEvents(_ name: String) throws {
        let result = try bakePlan(name)
        #expect(result.stop == .atRest)
        let times = result.timeline.events.map(\.time)
        #expect(times == times.sorted())
        #expect(times.allSatisfy { $0 <= result.timeline.end })
        #expect(!result.timeline.events.isEmpty)
    }

    /// A tween bakes as the keyframe animation it is, not samples (fade-in: one opacity tween).
    @Test func tweensBakeToExactKeyframes() throws {
        let timeline = try bakePlan("fade-in.yaml").timeline
        let adds = timeline.events.compactMap { event -> KeyframeAnimation? in
            if case .add(_, let path, .keyframe(let k), _, _) = event.action, path == PropertyPath(.opacity) { return k }
            return nil
        }
        #expect(adds.count == 1)
        #expect(adds.first?.values == [.scalar(0), .scalar(1)])
        #expect(adds.first?.duration == 0.3)
        #expect(adds.first?.timingFunctions == [.cubicBezier(x1: 0.4, y1: 0, x2: 0.2, y2: 1)])
    }

    /// Every bake of Plans/ is valid against Schemas/motion-timeline.schema.json.
    @Test(.enabled(if: jsonSchemaUnavailable == nil, "skipped: \(jsonSchemaUnavailable ?? "")"))
    func everyBakeSatisfiesTheSchema() throws {
        let dir = "/tmp/motionc-bake-schema-\(UInt64.random(in: 0...UInt64.max))"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        var files: [String] = []
        for name in planNames {
            let path = "\(dir)/\(name).json"
            try AtomicFile.write(Array(TimelineJSON.text(try bakePlan(name).timeline).utf8), to: path)
            files.append(path)
        }
        let script = """
            import json, sys, jsonschema
            schema = json.load(open(sys.argv[1]))
            jsonschema.Draft202012Validator.check_schema(schema)
            bad = 0
            for f in sys.argv[2:]:
                errors = list(jsonschema.Draft202012Validator(schema).iter_errors(json.load(open(f))))
                for e in errors[:3]: print(f, list(e.absolute_path), e.message[:200])
                bad += len(errors) > 0
            sys.exit(1 if bad else 0)
            """
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", script, repositoryRoot + "/Schemas/motion-timeline.schema.json"] + files
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "\(output)")
    }

    /// The schema rejects what the reader rejects (a negative duration), so it is not vacuous.
    @Test(.enabled(if: jsonSchemaUnavailable == nil, "skipped: \(jsonSchemaUnavailable ?? "")"))
    func theSchemaRejectsABrokenTimeline() throws {
        let text = timelineText(events: addEvent(#""duration": 1"#, #""duration": -2"#))
        let path = "/tmp/motionc-bad-timeline-\(UInt64.random(in: 0...UInt64.max)).json"
        try AtomicFile.write(Array(text.utf8), to: path)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [
            "python3", "-c",
            "import json,sys,jsonschema; jsonschema.validate(json.load(open(sys.argv[2])), json.load(open(sys.argv[1])))",
            repositoryRoot + "/Schemas/motion-timeline.schema.json", path,
        ]
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus != 0)
    }
}
