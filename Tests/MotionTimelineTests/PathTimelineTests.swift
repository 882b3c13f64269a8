import Foundation
import MotionCore
import MotionJSON
import Testing

@testable import MotionTimeline

/// The `path` animation kind of baked timelines (docs/format.md §5.2, §7.3).
@Suite("Path animations in timelines")
struct PathTimelineTests {
    static func pathEvent(path: String = "position", _ from: String = "", _ to: String = "") -> String {
        var animation =
            #"{"kind": "path", "points": [[0, 0], [10, 0], [20, 10], [20, 20]], "output": "position", "angleOffset": 0, "timingFunction": "standard", "beginTime": 0.5, "duration": 1, "fillMode": "both", "repeatCount": 2, "autoreverses": true}"#
        if !from.isEmpty { animation = animation.replacingOccurrences(of: from, with: to) }
        let model = path == "position" ? "[20, 20]" : "0"
        return
            #"[{"time": 0, "target": "a", "type": "add", "key": "k", "path": "\#(path)", "animation": \#(animation), "modelValue": \#(model), "initialVelocity": null}]"#
    }

    @Test func aPathAnimationReadsAndWritesBackTheSameText() throws {
        let timeline = try TimelineJSON.decode(Array(timelineText(events: Self.pathEvent()).utf8))
        guard case .add(_, _, .path(let animation), _, _) = try #require(timeline.events.first).action else {
            Issue.record("not a path animation")
            return
        }
        #expect(animation.path.points == [SIMD2(0, 0), SIMD2(10, 0), SIMD2(20, 10), SIMD2(20, 20)])
        #expect(animation.output == .position && animation.repeatCount == 2 && animation.autoreverses && animation.beginTime == 0.5)
        let text = TimelineJSON.text(timeline)
        #expect(try TimelineJSON.decode(Array(text.utf8)).events == timeline.events)
        let compact = text.filter { !$0.isWhitespace }
        #expect(compact.contains(#""kind":"path","points":[[0,0],[10,0],[20,10],[20,20]],"output":"position""#))
    }

    @Test(arguments: [
        (pathEvent("[[0, 0], [10, 0], [20, 10], [20, 20]]", "[[0, 0], [10, 0]]"), "$.events[0].animation.points", "1 + 3n points"),
        (pathEvent("[20, 10]", "[20, 10, 0]"), "$.events[0].animation.points[2]", "expected 2 numbers"),
        (pathEvent(#""output": "position""#, #""output": "angle""#), "$.events[0].animation.output", "on a scalar path"),
        (pathEvent(path: "rotation"), "$.events[0].animation.output", "on a scalar path"),
        (pathEvent(#""repeatCount": 2"#, #""repeatCount": 0"#), "$.events[0].animation.repeatCount", "above 0"),
        (pathEvent(#""angleOffset": 0, "#, ""), "$.events[0].animation", "missing key \"angleOffset\""),
    ])
    func malformedPathsNameTheirPlace(events: String, path: String, message: String) {
        do {
            _ = try TimelineJSON.decode(Array(timelineText(events: events).utf8))
            Issue.record("expected an error at \(path)")
        } catch {
            #expect(error.path == path && error.message.contains(message), "\(error)")
        }
    }
}
