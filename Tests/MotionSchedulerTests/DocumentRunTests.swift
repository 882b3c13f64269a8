import Foundation
import MotionCore
import MotionPlans
import MotionRuntime
import MotionScheduler
import Testing

/// Whole documents: termination, frame-rate independence, replay of the sink's events, traces.
@Suite struct DocumentRunTests {
    /// Runs `document` frame by frame until at rest (at most 60 s); returns the run and last frame.
    static func runToRest(_ document: MotionDocument, sink: (any ChannelEventSink)? = nil) -> (DocumentRun, Int) {
        let run = DocumentRun(document: document, sink: sink)
        return (run, run.play(until: StopRule()).lastFrame)
    }

    @Test("every Plans document comes to rest before the 60 s bound")
    func plansTerminate() throws {
        let documents = try plansDocuments()
        #expect(documents.count >= 12)
        for (name, document) in documents {
            let (run, k) = Self.runToRest(document)
            #expect(run.isAtRest, "\(name)")
            #expect(Double(k) / run.fps < 60, "\(name)")
            #expect(run.animatedComponentCount > 0, "\(name)")
        }
    }

    @Test("frame-rate independence: fps 60 and 120 agree at common times to 1e-9")
    func frameRateIndependence() throws {
        for (name, document) in try plansDocuments() {
            var fast = document
            fast.canvas.fps = 120
            var slow = document
            slow.canvas.fps = 60
            let lastA = Self.runToRest(slow).1
            let a = DocumentRun(document: slow)
            let b = DocumentRun(document: fast)
            for k in 0...(lastA + 30) {
                a.advance(toFrame: k)
                b.advance(toFrame: 2 * k)
                let t = Double(k) / 60
                for component in a.animatedComponents {
                    let va = a.value(of: component, at: t)
                    let vb = b.value(of: component, at: Double(2 * k) / 120)
                    #expect(abs(va - vb) <= 1e-9, "\(name) \(component.name) at \(t): \(va) vs \(vb)")
                }
            }
            #expect(Set(a.animatedComponents) == Set(b.animatedComponents), "\(name)")
        }
    }

    @Test("replaying the sink's events reproduces the live presentation exactly")
    func replay() throws {
        for (name, document) in try plansDocuments() {
            let recorder = ChannelRecorder()
            let run = DocumentRun(document: document, sink: recorder)
            var replay = ChannelReplay(layers: document.targets.map { $0.layer }, events: recorder.events)
            for k in 0...90 {
                run.advance(toFrame: k)
                let t = Double(k) / run.fps
                replay = ChannelReplay(layers: document.targets.map { $0.layer }, events: recorder.events)
                replay.advance(to: t)
                for component in run.animatedComponents {
                    let live = run.value(of: component, at: t)
                    let replayed = replay.model.value(layer: component.target, property: component.property, at: t)[
                        component.component]
                    #expect(live == replayed, "\(name) \(component.name) at \(t)")
                }
            }
            #expect(!recorder.events.isEmpty, "\(name)")
        }
    }

    @Test("a document with nothing to do is at rest at once")
    func emptyDocument() throws {
        let run = try DocumentRun(document: decode(boxDocument(transactions: "  - ops: []")))
        #expect(run.isAtRest)
        #expect(run.restTime() == 0)
        #expect(run.animatedComponents.isEmpty)
    }

    @Test("a future transaction keeps the run from being at rest")
    func futureTransaction() throws {
        let run = try DocumentRun(
            document: decode(
                boxDocument(
                    transactions: """
                        - at: 2
                          ops: [{ add: tween, target: "#box", property: opacity, from: 0, to: 1, duration: 0.5 }]
                        """)))
        #expect(!run.isAtRest)
        run.advance(to: 2.25)
        #expect(!run.isAtRest)
        run.advance(to: 2.5)
        #expect(run.isAtRest)
        #expect(run.restTime() == 2.5)
    }
}

@Suite struct TraceWriterTests {
    @Test(
        "values print as shortest round-trip text, integers without .0",
        arguments: [(1.0, "1"), (-40.0, "-40"), (0.1, "0.1"), (-0.0, "0"), (1e-5, "1e-05"), (1.0 / 3, "0.3333333333333333")]
            as [(Double, String)])
    func values(value: Double, text: String) {
        #expect(TraceWriter.format(value: value) == text)
        #expect(Double(TraceWriter.format(value: value)) == value)
    }

    @Test("times print with 6 decimals", arguments: [(0.0, "0.000000"), (1.0 / 60, "0.016667"), (12.5, "12.500000")])
    func times(time: Double, text: String) {
        #expect(TraceWriter.format(time: time) == text)
    }

    @Test("finish renames atomically; a discarded trace leaves the old file untouched")
    func atomic() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("trace-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("t.csv").path
        let writer = try TraceWriter(path: path)
        writer.append(time: 0, target: "card", component: "position.x", value: 180)
        try writer.finish()
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "time,target,property,value\n0.000000,card,position.x,180\n")
        let second = try TraceWriter(path: path)
        second.append(time: 1, target: "card", component: "opacity", value: 0.5)
        second.discard()
        #expect(try String(contentsOfFile: path, encoding: .utf8).hasSuffix("position.x,180\n"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["t.csv"])
    }

    @Test("an unwritable destination is an error, not a trap")
    func unwritable() {
        #expect(throws: FileError.self) { try TraceWriter(path: "/nonexistent-folder/t.csv") }
    }
}
