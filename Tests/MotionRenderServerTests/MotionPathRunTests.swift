import Foundation
import MotionCore
import MotionDiagnostics
import MotionPlans
import MotionRuntime
import MotionScheduler
import MotionTimeline
import Testing

@testable import MotionRenderServer

/// Motion paths (docs/format.md §7.3) through the runtime, the bake and the render server.
@Suite("Motion paths: run and bake + play")
struct MotionPathRunTests {
    static let document = """
        motion: 1
        canvas: { size: [300, 300], fps: 30 }
        targets:
          a: { layer: { position: [10, 10], rotation: 15 } }
          b: { layer: { position: [0, 0] } }
        transactions:
          - ops:
              - add: tween
                target: "#a"
                name: fly
                property: position
                path: [[20, 200], [[20, 80], [140, 200], [140, 120]], [[140, 40], [260, 160], [260, 40]]]
                orient: true
                easing: standard
                duration: 0.8
                delay: 0.1
                repeat: 1.5
                autoreverse: true
              - add: tween
                target: "#b"
                property: position
                path: [[0, 0], [[100, 0], [100, 100], [0, 100]]]
                duration: 1
          - at: 0.5
            ops:
              - add: spring
                target: "#b"
                property: position.x
                destination: 50
          - at: 1.2
            ops:
              - remove: fly
                target: "#a"
        """

    static func load() throws -> MotionDocument {
        let result = DocumentLoader.load(Array(document.utf8), file: "paths.yaml")
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics.map(\.message))")
        return try #require(result.document)
    }

    /// (target, property) -> value per frame, from a trace.
    static func columns(_ rows: [(String, String, String, Double)]) -> [String: [Double]] {
        var out: [String: [Double]] = [:]
        for row in rows { out["\(row.1) \(row.2)", default: []].append(row.3) }
        return out
    }

    @Test func runAndPlayAgree() throws {
        let document = try Self.load()
        let dir = temporaryDirectory()
        try runTrace(document, to: dir + "/run.csv")
        try playTrace(document, to: dir + "/play.csv")
        let run = try traceRows(dir + "/run.csv")
        let play = try traceRows(dir + "/play.csv")
        #expect(run.count == play.count && !run.isEmpty)
        for (a, b) in zip(run, play) {
            #expect(a.0 == b.0 && a.1 == b.1 && a.2 == b.2)
            #expect(abs(a.3 - b.3) <= 1e-6, "\(a) vs \(b)")
        }
        let timeline = Baker.bake(document).timeline
        let kinds = timeline.events.compactMap { event -> String? in
            guard case .add(_, let path, let animation, _, _) = event.action else { return nil }
            if case .path(let p) = animation { return "\(path) \(p.output)" }
            return nil
        }
        // a's position and rotation, b's position, then b's y alone once the spring takes x.
        #expect(kinds == ["position position", "rotation angle", "position position", "position.y coordinate(1)"])
    }

    @Test func thePathStartsAtOnceAndTheTangentTurnsTheLayer() throws {
        let document = try Self.load()
        let dir = temporaryDirectory()
        try runTrace(document, to: dir + "/run.csv")
        let columns = Self.columns(try traceRows(dir + "/run.csv"))
        let x = try #require(columns["a position.x"])
        let y = try #require(columns["a position.y"])
        let rotation = try #require(columns["a rotation"])
        // From the first frame (during the delay) the path's start shows, not the model [10, 10].
        #expect(x[0] == 20 && y[0] == 200)
        // The start tangent points up (0, -120): -90 degrees, added to the model's 15.
        #expect(abs(rotation[0] - (15 - 90)) <= 1e-9)
        // The rotation is the model's 15 plus the direction of travel: atan2 of a finite
        // difference of the baked position (on backward passes the travel is reversed: 180 apart).
        var position = PropertyChannel(model: .point(10, 10))
        var turn = PropertyChannel(model: .scalar(15))
        for event in Baker.bake(document).timeline.events where event.layer == 0 {
            guard case .add(let key, let path, let animation, _, _) = event.action else { continue }
            if path.property == .position { position.add(animation, key: key, component: nil, at: event.time) }
            if path.property == .rotation { turn.add(animation, key: key, component: nil, at: event.time) }
        }
        let h = 1e-6
        for k in 1..<100 {
            let t = 0.1 + 1.2 * Double(k) / 100
            let a = position.value(at: t - h)
            let b = position.value(at: t + h)
            guard (b[0] - a[0]) * (b[0] - a[0]) + (b[1] - a[1]) * (b[1] - a[1]) > 1e-12 else { continue }
            let travel = atan2(b[1] - a[1], b[0] - a[0]) * 180 / .pi + 15
            #expect(abs(remainder(turn.value(at: t)[0] - travel, 180)) <= 1e-3, "at \(t): \(turn.value(at: t)[0]) vs \(travel)")
        }
        // After the named path is removed at 1.2 s, position and rotation keep what they showed.
        let removed = 36
        #expect(x[removed...].allSatisfy { $0 == x[removed] } && rotation[removed...].allSatisfy { $0 == rotation[removed] })
    }

    @Test func aSpringOnOneAxisLeavesTheOtherOnThePath() throws {
        let document = try Self.load()
        let dir = temporaryDirectory()
        try runTrace(document, to: dir + "/run.csv")
        let columns = Self.columns(try traceRows(dir + "/run.csv"))
        let y = try #require(columns["b position.y"])
        let path = try #require(MotionPath(points: [SIMD2(0, 0), SIMD2(100, 0), SIMD2(100, 100), SIMD2(0, 100)]))
        for k in 0...30 {
            let t = Double(k) / 30
            #expect(abs(y[k] - path.point(atFraction: t).y) <= 1e-9, "frame \(k)")
        }
    }
}
