import MotionCore
import Testing

@testable import MotionTimeline

/// ``TimelineJSON/firstUnwritableNumber(in:)`` reads events in place and encodes only one that
/// holds a number no timeline file may (not finite, or beyond ±1e100): every number field the
/// encoder writes, set to infinity in turn, is found, at its JSON path.
@Suite("Unwritable timeline numbers")
struct TimelineNumbersTests {
    /// The events of every shape: a set, a keyframe tween, a spring, a remove, a path.
    static func timeline() throws -> Timeline { try TimelineSchemaTests.everyObject() }

    /// Event `index` changed by `change`.
    static func changed(_ index: Int, _ change: (inout ChannelEvent) -> Void) throws -> Timeline {
        var timeline = try timeline()
        change(&timeline.events[index])
        return timeline
    }

    static func animation(_ event: inout ChannelEvent, _ change: (inout Animation) -> Void) {
        guard case .add(let key, let path, var animation, let model, let velocity) = event.action else { return }
        change(&animation)
        event.action = .add(key: key, path: path, animation: animation, modelValue: model, initialVelocity: velocity)
    }

    @Test func aWholeTimelineOfFiniteNumbersHasNone() throws {
        #expect(TimelineJSON.firstUnwritableNumber(in: try Self.timeline()) == nil)
        // `forever` is text, not a number.
        #expect(
            try Self.timeline().events.contains {
                if case .add(_, _, .keyframe(let k), _, _) = $0.action { k.repeatCount == .infinity } else { false }
            })
    }

    /// The head's numbers too: the canvas, a layer's model value, the end.
    @Test func headNumbersAreChecked() throws {
        var timeline = try Self.timeline()
        timeline.layers[1].model[.position] = .point(0, .infinity)
        #expect(TimelineJSON.firstUnwritableNumber(in: timeline)?.path == "$.layers[1].model.position[1]")
        timeline = try Self.timeline()
        timeline.end = 1e101
        #expect(TimelineJSON.firstUnwritableNumber(in: timeline)?.path == "$.end")
        timeline = try Self.timeline()
        timeline.canvas.background = .color(0, 0, .nan, 1)
        #expect(TimelineJSON.firstUnwritableNumber(in: timeline)?.path == "$.canvas.background[2]")
    }

    @Test(arguments: [
        ("$.events[0].time", 0, "time"),
        ("$.events[0].value", 0, "set value"),
        ("$.events[1].modelValue", 1, "model value"),
        ("$.events[2].initialVelocity[1]", 2, "event velocity"),
        ("$.events[1].animation.values[1]", 1, "keyframe value"),
        ("$.events[1].animation.keyTimes[1]", 1, "key time"),
        ("$.events[1].animation.timingFunctions[1][1]", 1, "control point"),
        ("$.events[1].animation.beginTime", 1, "keyframe begin"),
        ("$.events[1].animation.duration", 1, "keyframe duration"),
        ("$.events[2].animation.from[0]", 2, "spring from"),
        ("$.events[2].animation.to[1]", 2, "spring to"),
        ("$.events[2].animation.stiffness", 2, "stiffness"),
        ("$.events[2].animation.damping", 2, "damping"),
        ("$.events[2].animation.mass", 2, "mass"),
        ("$.events[2].animation.initialVelocity[0]", 2, "spring velocity"),
        ("$.events[2].animation.beginTime", 2, "spring begin"),
        ("$.events[5].animation.angleOffset", 5, "path angle"),
        ("$.events[5].animation.beginTime", 5, "path begin"),
        ("$.events[5].animation.duration", 5, "path duration"),
        ("$.events[5].animation.repeatCount", 5, "path repeats"),
    ])
    func everyNumberFieldIsChecked(path: String, index: Int, field: String) throws {
        let inf = Double.infinity
        let timeline = try Self.changed(index) { event in
            switch field {
            case "time": event.time = inf
            case "set value": event.action = .set(path: PropertyPath(.opacity), value: .scalar(-inf))
            case "model value", "event velocity":
                guard case .add(let key, let p, let a, let model, let velocity) = event.action else { return }
                event.action =
                    field == "model value"
                    ? .add(key: key, path: p, animation: a, modelValue: .scalar(inf), initialVelocity: velocity)
                    : .add(key: key, path: p, animation: a, modelValue: model, initialVelocity: .point(0, 1e101))
            default:
                Self.animation(&event) { animation in
                    switch animation {
                    case .keyframe(var k):
                        switch field {
                        case "keyframe value": k.values[1] = .scalar(inf)
                        case "key time": k.keyTimes[1] = .nan
                        case "control point": k.timingFunctions[1] = .cubicBezier(x1: 0.1, y1: 1e200, x2: 0.9, y2: 1)
                        case "keyframe begin": k.beginTime = -inf
                        default: k.duration = inf
                        }
                        animation = .keyframe(k)
                    case .spring(var s):
                        switch field {
                        case "spring from": s.from = .point(inf, 0)
                        case "spring to": s.to = .point(0, .nan)
                        case "stiffness": s.stiffness = inf
                        case "damping": s.damping = 1e300
                        case "mass": s.mass = inf
                        case "spring velocity": s.initialVelocity = .point(-inf, 0)
                        default: s.beginTime = inf
                        }
                        animation = .spring(s)
                    case .path(var p):
                        switch field {
                        case "path angle": p.angleOffset = inf
                        case "path begin": p.beginTime = inf
                        case "path duration": p.duration = 1e101
                        default: p.repeatCount = 1e101
                        }
                        animation = .path(p)
                    }
                }
            }
        }
        let found = try #require(TimelineJSON.firstUnwritableNumber(in: timeline), "\(field)")
        #expect(found.path == path, "\(field): \(found)")
    }
}
