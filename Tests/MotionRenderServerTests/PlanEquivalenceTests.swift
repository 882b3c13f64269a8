import Foundation
import MotionCore
import MotionPlans
import MotionRuntime
import MotionScheduler
import MotionTimeline
import Testing

@testable import MotionRenderServer

/// The repository's Plans/ folder.
let plansFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Plans").path

/// Every Plans/ document, by file name.
let planFiles: [String] = ((try? FileManager.default.contentsOfDirectory(atPath: plansFolder)) ?? [])
    .filter { $0.hasSuffix(".yaml") }.sorted()

/// Loads a Plans/ document.
func loadPlan(_ name: String) throws -> MotionDocument {
    let result = try DocumentLoader.load(path: plansFolder + "/" + name)
    guard let document = result.document else { throw PlanError(message: "\(name) did not decode") }
    return document
}

struct PlanError: Error { var message: String }

/// Decodes a document given as text.
func decodePlanText(_ text: String) throws -> MotionDocument {
    guard let document = DocumentLoader.load(Array(text.utf8), file: "test.yaml").document else {
        throw PlanError(message: "the document did not decode")
    }
    return document
}

/// Trace rows `(time, target, property, value)` read back from a CSV file.
func traceRows(_ path: String) throws -> [(String, String, String, Double)] {
    let text = try String(contentsOfFile: path, encoding: .utf8)
    var lines = text.split(separator: "\n").map(String.init)
    guard lines.first == "time,target,property,value" else { throw PlanError(message: "bad header in \(path)") }
    lines.removeFirst()
    return try lines.map { line in
        let f = line.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        guard f.count == 4, let v = Double(f[3]) else { throw PlanError(message: "bad row \(line)") }
        return (f[0], f[1], f[2], v)
    }
}

/// The trace `motionc run --trace` writes: frames until the run is at rest (at most 60 s).
func runTrace(_ document: MotionDocument, to path: String) throws {
    let recorder = ChannelRecorder()
    let run = DocumentRun(document: document, sink: recorder)
    let outcome = run.play(until: StopRule())
    let writer = try TraceWriter(path: path)
    Baker.timeline(of: run, events: recorder.events, outcome: outcome).writeTrace(frames: outcome.frames, to: writer)
    try writer.finish()
}

/// The trace `motionc bake` then `motionc play --trace` writes, through the timeline's JSON text.
func playTrace(_ document: MotionDocument, to path: String) throws {
    let text = TimelineJSON.text(Baker.bake(document).timeline)
    let timeline = try TimelineJSON.decode(Array(text.utf8))
    let frames = Canvas.lastFrame(seconds: timeline.end, fps: timeline.canvas.fps) + 1
    let writer = try TraceWriter(path: path)
    timeline.writeTrace(frames: frames, to: writer)
    try writer.finish()
}

@Suite("Plans: run and bake + play agree")
struct PlanEquivalenceTests {
    @Test func thereArePlans() {
        #expect(planFiles.count >= 10, "found \(planFiles) in \(plansFolder)")
    }

    /// For every non-interactive document the rows are identical and values agree to 1e-6
    /// (interactive ones too: gestures bake as the keyframes the executors emit).
    @Test(arguments: planFiles)
    func runAndPlayTracesAgree(_ name: String) throws {
        let document = try loadPlan(name)
        let dir = temporaryDirectory()
        try runTrace(document, to: dir + "/run.csv")
        try playTrace(document, to: dir + "/play.csv")
        let run = try traceRows(dir + "/run.csv")
        let play = try traceRows(dir + "/play.csv")
        #expect(run.count == play.count, "\(name): \(run.count) run rows, \(play.count) play rows")
        #expect(!run.isEmpty)
        var worst = 0.0
        for (a, b) in zip(run, play) {
            guard a.0 == b.0, a.1 == b.1, a.2 == b.2 else {
                Issue.record("\(name): row \(a) differs from \(b)")
                return
            }
            worst = max(worst, abs(a.3 - b.3))
        }
        #expect(worst <= 1e-6, "\(name): values differ by up to \(worst)")
    }

    /// A bake still moving when a document's longest run ends says so, not "60 s after the last
    /// transaction": a transaction at 86,399.99 s has less than 60 s left before 86,400 s.
    @Test func aBakeCutAtTheDaysLimitNamesThatLimit() throws {
        let document = try decodePlanText(
            """
            motion: 1
            canvas: { fps: 1 }
            targets:
              a: { layer: { opacity: 0 } }
            transactions:
              - at: 86399.99
                ops: [{ add: tween, target: "#a", property: opacity, from: 0, to: 1, duration: 100 }]
            """)
        let result = Baker.bake(document)
        #expect(result.stop == .durationBound)
        #expect(result.timeline.end == StopRule.longestDuration)
        #expect(result.boundMessage?.contains("the longest a document runs (86400 s)") == true, "\(result.boundMessage ?? "nil")")
        #expect(result.boundMessage?.contains("60 s after") == false)
    }

    /// A bake that is cut short by the event cap still ends at a frame whose events are all in it.
    @Test func theEventCapCutsAtAWholeFrame() throws {
        let document = try loadPlan("squash-ball.yaml")
        let full = Baker.bake(document)
        let cut = Baker.bake(document, maximumEvents: 50)
        #expect(cut.stop == .eventBound)
        #expect(cut.boundMessage?.contains("events") == true)
        #expect(cut.timeline.events.count <= 50)
        #expect(cut.timeline.events.allSatisfy { $0.time <= cut.timeline.end })
        #expect(full.timeline.events.filter { $0.time <= cut.timeline.end } == cut.timeline.events)
        #expect(full.stop == .atRest)
    }
}
