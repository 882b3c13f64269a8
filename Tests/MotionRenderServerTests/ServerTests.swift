import Foundation
import MotionCore
import MotionPlans
import MotionTimeline
import Testing

@testable import MotionRenderServer

/// A one-layer timeline on a 40x20 white canvas: a red 10x10 square at `position` with `events`.
func squareTimeline(events: [ChannelEvent], fps: Double = 10, end: Double = 1) -> Timeline {
    Timeline(
        name: "square", canvas: Canvas(width: 40, height: 20, background: .color(1, 1, 1, 1), fps: fps),
        layers: [
            TimelineLayer(
                id: "sq", parent: nil, shape: .rect,
                model: [.position: .point(5, 10), .size: .size(10, 10), .backgroundColor: redColor])
        ], end: end, events: events)
}

/// A CSS cubic-bezier solved independently of MotionCore: bisection on x(s) to 1e-12.
func bezier(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double, at u: Double) -> Double {
    func coordinate(_ a: Double, _ b: Double, _ s: Double) -> Double {
        3 * a * s * (1 - s) * (1 - s) + 3 * b * s * s * (1 - s) + s * s * s
    }
    var lo = 0.0
    var hi = 1.0
    for _ in 0..<200 {
        let mid = (lo + hi) / 2
        if coordinate(x1, x2, mid) < u { lo = mid } else { hi = mid }
    }
    return coordinate(y1, y2, (lo + hi) / 2)
}

@Suite("Sampling at exact times")
struct SamplingTests {
    /// position.x from 5 to 35 with easeInOut over 1 s, begun at 0.5 s; before it the first value,
    /// after it the last.
    @Test(arguments: [0.0, 0.25, 0.5, 0.6, 0.75, 1.0, 1.3, 1.5, 2.0])
    func keyframeMatchesAnIndependentBezier(t: Double) {
        let animation = KeyframeAnimation(
            values: [.scalar(5), .scalar(35)], keyTimes: [0, 1], timingFunctions: [.named("easeInOut") ?? .linear],
            beginTime: 0.5, duration: 1)
        let timeline = squareTimeline(events: [
            ChannelEvent(
                time: 0, layer: 0,
                action: .add(
                    key: "x", path: PropertyPath(.position, component: 0), animation: .keyframe(animation),
                    modelValue: .scalar(35), initialVelocity: nil))
        ])
        var playback = TimelinePlayback(timeline: timeline)
        playback.advance(to: t)
        let p = min(max((t - 0.5) / 1, 0), 1)
        let expected = 5 + 30 * bezier(0.42, 0, 0.58, 1, at: p)
        let value = playback.value(layer: 0, property: .position, at: t)
        // CSS solves x to 1e-7; with slopes up to ~2 over a range of 30 the value may differ by ~6e-6.
        #expect(abs(value[0] - expected) < 1e-5, "t = \(t): \(value[0]) vs \(expected)")
        #expect(value[1] == 10, "the other component keeps its model value")
    }

    /// An underdamped spring (k = 200, c = 8, m = 1) from 0 to 100 with initial velocity 50,
    /// against the textbook closed form.
    @Test(arguments: [0.0, 0.05, 0.1, 0.3, 0.7, 1.2])
    func springMatchesTheClosedForm(t: Double) {
        let spring = SpringAnimation(
            from: .scalar(0), to: .scalar(100), initialVelocity: .scalar(50), stiffness: 200, damping: 8, mass: 1,
            beginTime: 0, duration: 10)
        let timeline = squareTimeline(events: [
            ChannelEvent(
                time: 0, layer: 0,
                action: .add(
                    key: "s", path: PropertyPath(.rotation), animation: .spring(spring), modelValue: .scalar(100),
                    initialVelocity: .scalar(50)))
        ])
        var playback = TimelinePlayback(timeline: timeline)
        playback.advance(to: t)
        let zeta = 8 / (2 * (200.0).squareRoot())
        let w0 = (200.0).squareRoot()
        let wd = w0 * (1 - zeta * zeta).squareRoot()
        let x0 = -100.0  // displacement from the destination
        let v0 = 50.0
        let expected = 100 + exp(-zeta * w0 * t) * (x0 * cos(wd * t) + (v0 + zeta * w0 * x0) / wd * sin(wd * t))
        let value = playback.value(layer: 0, property: .rotation, at: t)[0]
        #expect(abs(value - expected) < 1e-6, "t = \(t): \(value) vs \(expected)")
    }

    /// Playing back to an earlier time replays from the start: the same values as a fresh playback.
    @Test func seekingBackwardsReplays() {
        let timeline = squareTimeline(events: [
            ChannelEvent(time: 0.2, layer: 0, action: .set(path: PropertyPath(.opacity), value: .scalar(0.5))),
            ChannelEvent(time: 0.6, layer: 0, action: .set(path: PropertyPath(.opacity), value: .scalar(0.25))),
        ])
        var playback = TimelinePlayback(timeline: timeline)
        playback.advance(to: 1)
        #expect(playback.value(layer: 0, property: .opacity, at: 1)[0] == 0.25)
        playback.advance(to: 0.3)
        #expect(playback.value(layer: 0, property: .opacity, at: 0.3)[0] == 0.5)
        playback.advance(to: 0.1)
        #expect(playback.value(layer: 0, property: .opacity, at: 0.1)[0] == 1)
    }

    @Test func snapshotsNestChildrenInPreOrder() {
        let timeline = Timeline(
            name: "tree", canvas: Canvas(),
            layers: [
                TimelineLayer(id: "a", parent: nil, shape: .rect, model: [:]),
                TimelineLayer(id: "b", parent: 0, shape: .ellipse, model: [.opacity: .scalar(0.5)]),
                TimelineLayer(id: "c", parent: 1, shape: .rect, model: [:]),
                TimelineLayer(id: "d", parent: 0, shape: .rect, model: [:]),
                TimelineLayer(id: "e", parent: nil, shape: .rect, model: [:]),
            ], end: 0, events: [])
        let roots = TimelinePlayback(timeline: timeline).snapshots(at: 0)
        #expect(roots.map(\.id) == ["a", "e"])
        #expect(roots.first?.children.map(\.id) == ["b", "d"])
        #expect(roots.first?.children.first?.children.map(\.id) == ["c"])
        #expect(roots.first?.children.first?.isEllipse == true)
        #expect(roots.first?.children.first?.opacity == .scalar(0.5))
    }
}

@Suite("Render server")
struct RenderServerTests {
    /// A red square moved by a linear keyframe from x = 5 to x = 35 over 1 s: at t = 0.5 it is
    /// centred at x = 20 (pixels 15..<25 red), and the pixels it left are white again.
    @Test(arguments: [(0.0, 5.0), (0.5, 20.0), (1.0, 35.0)])
    func drawsTheSquareWhereTheTimelinePutsIt(t: Double, centre: Double) throws {
        let move = KeyframeAnimation(
            values: [.scalar(5), .scalar(35)], keyTimes: [0, 1], timingFunctions: [.linear], beginTime: 0, duration: 1)
        let server = RenderServer(
            timeline: squareTimeline(events: [
                ChannelEvent(
                    time: 0, layer: 0,
                    action: .add(
                        key: "move", path: PropertyPath(.position, component: 0), animation: .keyframe(move),
                        modelValue: .scalar(35), initialVelocity: nil))
            ]))
        let frame = try server.render(at: t)
        #expect(frame.width == 40 && frame.height == 20)
        let left = Int(centre) - 5
        #expect(frame.pixel(x: left, y: 10) == red)
        #expect(frame.pixel(x: left + 9, y: 5) == red)
        #expect(frame.pixel(x: left - 1, y: 10) == white || left == 0)
        #expect(frame.pixel(x: left + 10, y: 10) == white || left + 10 == 40)
        #expect(frame.pixel(x: left, y: 4) == white)
    }

    @Test func channelEventsSentFromAnotherThreadApplyBeforeTheNextFrame() {
        let server = RenderServer(timeline: squareTimeline(events: []))
        server.send(ChannelEvent(time: 0, layer: 0, action: .set(path: PropertyPath(.opacity), value: .scalar(0.3))))
        let layers = server.snapshots(at: 0.1)
        #expect(layers.first?.opacity == .scalar(0.3))
        server.send(
            ChannelEvent(
                time: 0.1, layer: 0,
                action: .add(
                    key: "fade", path: PropertyPath(.opacity),
                    animation: .keyframe(
                        KeyframeAnimation(
                            values: [.scalar(0), .scalar(1)], keyTimes: [0, 1], timingFunctions: [.linear], beginTime: 0.1,
                            duration: 1)), modelValue: .scalar(1), initialVelocity: nil)))
        #expect(abs((server.snapshots(at: 0.6).first?.opacity[0] ?? -1) - 0.5) < 1e-12)
        server.send(ChannelEvent(time: 0.6, layer: 0, action: .remove(key: "fade")))
        #expect(server.snapshots(at: 0.7).first?.opacity == .scalar(1))
    }

    /// Real time: while the feeding thread is blocked for 500 ms, the server keeps its 30 fps
    /// deadlines on its own thread. The server counts the deadlines it missed itself.
    @Test func realTimeKeepsDeadlinesWhileTheFeederIsBlocked() {
        let fade = KeyframeAnimation(
            values: [.scalar(0), .scalar(1)], keyTimes: [0, 1], timingFunctions: [.linear], beginTime: 0, duration: 10)
        let server = RenderServer(
            timeline: squareTimeline(
                events: [
                    ChannelEvent(
                        time: 0, layer: 0,
                        action: .add(
                            key: "fade", path: PropertyPath(.opacity), animation: .keyframe(fade), modelValue: .scalar(1),
                            initialVelocity: nil))
                ], fps: 30, end: 10))
        server.startRealTime(fps: 30, drawing: true)
        // Block this (the feeding) thread: no calls into the server for 500 ms.
        Thread.sleep(forTimeInterval: 0.5)
        let stats = server.stopRealTime()
        // Whatever the scheduler did, every deadline up to the last frame was either drawn or counted
        // as missed: frames + missed covers the time played.
        #expect(stats.frames + stats.missedDeadlines >= 14)
        #expect(stats.missedDeadlines <= 2, "missed \(stats.missedDeadlines) of \(stats.frames + stats.missedDeadlines)")
        #expect(stats.frames >= 12)
        // The frames played the timeline on: the last one shows the fade part-way, as its time says.
        let shown = stats.lastSnapshots.first?.opacity[0] ?? -1
        #expect(abs(shown - stats.lastFrameTime / 10) < 1e-9)
        #expect(stats.lastFrameTime > 0.3)
    }

    @Test func aSecondStopCountsNothingNew() {
        let server = RenderServer(timeline: squareTimeline(events: []))
        server.startRealTime(fps: 100, drawing: false)
        Thread.sleep(forTimeInterval: 0.05)
        let first = server.stopRealTime()
        Thread.sleep(forTimeInterval: 0.03)
        #expect(server.statistics.frames == first.frames)
        #expect(first.frames > 0)
    }
}
