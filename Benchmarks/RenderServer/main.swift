// Render server benchmarks (release build): sampling many animated properties for one frame,
// and drawing 100 layers at 512x512.
//
// Wire as `.executableTarget(name: "RenderServerBenchmarks", dependencies: ["MotionRenderServer",
// "MotionTimeline", "MotionCore"], path: "Benchmarks/RenderServer", swiftSettings: swiftSettings)`
// and run `swift run -c release RenderServerBenchmarks`.
import Foundation
import MotionCore
import MotionPlans
import MotionRenderServer
import MotionTimeline

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

func now() -> Double {
    var ts = timespec()
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return Double(ts.tv_sec) + Double(ts.tv_nsec) * 1e-9
}

/// The best of `rounds` timings of `body`, in seconds.
func best(_ rounds: Int, _ body: () -> Void) -> Double {
    var result = Double.infinity
    for _ in 0..<rounds {
        let start = now()
        body()
        result = min(result, now() - start)
    }
    return result
}

/// `layers` layers, each with `perLayer` animated properties: keyframe tweens with a cubic-bezier
/// on scalars, and (every other layer) a spring on position.
func makeTimeline(layers: Int, perLayer: Int, size: Double = 512) -> Timeline {
    let animatable: [LayerProperty] = [.position, .rotation, .opacity, .cornerRadius, .scale, .backgroundColor]
    var timelineLayers: [TimelineLayer] = []
    var events: [TimelineEvent] = []
    for i in 0..<layers {
        let x = Double(i % 10) * size / 10 + size / 20
        let y = Double(i / 10 % 10) * size / 10 + size / 20
        timelineLayers.append(
            TimelineLayer(
                id: "l\(i)", parent: nil, shape: i % 3 == 0 ? .ellipse : .rect,
                model: [
                    .position: .point(x, y), .size: .size(40, 30), .backgroundColor: .color(0.2, 0.4, 0.8, 0.9),
                    .cornerRadius: .scalar(6), .borderWidth: .scalar(2),
                ]))
        for p in animatable.prefix(perLayer) {
            let animation: Animation
            if p == .position && i % 2 == 0 {
                animation = .spring(
                    SpringAnimation(
                        from: .point(x - 20, y), to: .point(x, y), initialVelocity: .point(100, 0), stiffness: 342,
                        damping: 20, mass: 1, beginTime: 0, threshold: 0.01))
            } else {
                let kind = p.kind
                let a = p.defaultValue
                var b = a
                for c in 0..<kind.componentCount { b[c] += 0.5 }
                animation = .keyframe(
                    KeyframeAnimation(
                        values: [a, b, a], keyTimes: [0, 0.6, 1], timingFunctions: [.named("standard") ?? .linear],
                        beginTime: 0, duration: 2))
            }
            events.append(
                TimelineEvent(
                    time: 0, layer: i,
                    action: .add(key: "k\(p)", path: PropertyPath(p), animation: animation, modelValue: p.defaultValue, initialVelocity: nil)))
        }
    }
    return Timeline(
        name: "bench", canvas: Canvas(width: size, height: size, background: .color(1, 1, 1, 1), fps: 60),
        layers: timelineLayers, end: 2, events: events)
}

// 1. Sampling 100,000 animated properties for one frame (20,000 layers x 5 properties).
do {
    let timeline = makeTimeline(layers: 20_000, perLayer: 5)
    var playback = TimelinePlayback(timeline: timeline)
    playback.advance(to: 0)
    var values: [MotionValue] = []
    var checksum = 0.0
    let animated: [LayerProperty] = [.position, .rotation, .opacity, .cornerRadius, .scale]
    let t = best(20) {
        let time = 0.37
        for layer in 0..<20_000 {
            for p in animated { checksum += playback.value(layer: layer, property: p, at: time)[0] }
        }
    }
    print("sample 100,000 animated properties (one frame): \(String(format: "%.2f", t * 1000)) ms (goal <= 5 ms)")
    let all = best(10) { playback.sampleAll(at: 0.37, into: &values) }
    print("sampleAll 20,000 layers x 12 properties: \(String(format: "%.2f", all * 1000)) ms")
    let snap = best(10) { checksum += Double(playback.snapshots(at: 0.37).count) }
    print("snapshots of 20,000 layers: \(String(format: "%.2f", snap * 1000)) ms  (checksum \(checksum > 0))")
}

// 2. Drawing 100 animated layers at 512x512, through the server (sample + draw on its thread).
do {
    let timeline = makeTimeline(layers: 100, perLayer: 5)
    let server = RenderServer(timeline: timeline)
    _ = try? server.render(at: 0)
    let frames = 240
    let start = now()
    for k in 0..<frames { _ = try? server.render(at: Double(k % 120) / 60) }
    let elapsed = now() - start
    print("sample + draw 100 layers at 512x512: \(String(format: "%.0f", Double(frames) / elapsed)) fps (goal >= 200)")
    var playback = TimelinePlayback(timeline: timeline)
    playback.advance(to: 0)
    let layers = playback.snapshots(at: 0.5)
    if let renderer = try? FrameRenderer(canvas: RenderCanvas(width: 512, height: 512)) {
        let d = best(5) { for _ in 0..<50 { _ = renderer.render(layers) } }
        print("draw only: \(String(format: "%.0f", 50 / d)) fps")
    }
}
