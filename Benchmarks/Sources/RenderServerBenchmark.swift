import MotionCore
import MotionPlans
import MotionRenderServer
import MotionTimeline

/// The render server: sampling 100,000 animated properties for one frame, and sampling plus
/// drawing 100 layers at 512x512 through the server's own thread.
enum RenderServerBenchmark {
    /// `layers` layers, each with `perLayer` animated properties: keyframe tweens with a
    /// cubic-bezier, and on every other layer a spring on position.
    static func timeline(
        layers: Int, perLayer: Int, size: Double = 512, height: Double? = nil, layerSize: (Double, Double) = (40, 30)
    ) -> Timeline {
        let width = size
        let height = height ?? size
        let animatable: [LayerProperty] = [.position, .rotation, .opacity, .cornerRadius, .scale, .backgroundColor]
        var timelineLayers: [TimelineLayer] = []
        var events: [ChannelEvent] = []
        for i in 0..<layers {
            let x = Double(i % 10) * width / 10 + width / 20
            let y = Double(i / 10 % 10) * height / 10 + height / 20
            timelineLayers.append(
                TimelineLayer(
                    id: "l\(i)", parent: nil, shape: i % 3 == 0 ? .ellipse : .rect,
                    model: [
                        .position: .point(x, y), .size: .size(layerSize.0, layerSize.1), .backgroundColor: .color(0.2, 0.4, 0.8, 0.9),
                        .cornerRadius: .scalar(6), .borderWidth: .scalar(2),
                    ]))
            for property in animatable.prefix(perLayer) {
                let animation: Animation
                if property == .position && i % 2 == 0 {
                    animation = .spring(
                        SpringAnimation(
                            from: .point(x - 20, y), to: .point(x, y), initialVelocity: .point(100, 0), stiffness: 342,
                            damping: 20, mass: 1, beginTime: 0, threshold: 0.01))
                } else {
                    let a = property.defaultValue
                    var b = a
                    for c in 0..<property.kind.componentCount { b[c] += 0.5 }
                    animation = .keyframe(
                        KeyframeAnimation(
                            values: [a, b, a], keyTimes: [0, 0.6, 1], timingFunctions: [TimingCurve.named("standard") ?? .linear],
                            beginTime: 0, duration: 2))
                }
                events.append(
                    ChannelEvent(
                        time: 0, layer: i,
                        action: .add(
                            key: "k\(property)", path: PropertyPath(property), animation: animation, modelValue: property.defaultValue,
                            initialVelocity: nil)))
            }
        }
        return Timeline(
            name: "benchmark", canvas: Canvas(width: width, height: height, background: .color(1, 1, 1, 1), fps: 60),
            layers: timelineLayers, end: 2, events: events)
    }

    static func run(rounds: Int) -> Bool {
        var playback = TimelinePlayback(timeline: timeline(layers: 20_000, perLayer: 5))
        playback.advance(to: 0)
        let animated: [LayerProperty] = [.position, .rotation, .opacity, .cornerRadius, .scale]
        var checksum = 0.0
        let sampling = Measure.alternating(
            rounds: max(rounds, 10),
            [
                {
                    for layer in 0..<20_000 {
                        for property in animated { checksum += playback.value(layer: layer, property: property, at: 0.37)[0] }
                    }
                }
            ])[0]
        print("render server:")
        print("  sample 100,000 animated properties   \(Measure.fixed(sampling * 1e3, 2)) ms per frame   (goal <= 5 ms)")

        let server = RenderServer(timeline: timeline(layers: 100, perLayer: 5))
        _ = try? server.render(at: 0)
        let frames = 240
        // Wall time: drawing happens on the server's own thread.
        let start = Measure.wallClock()
        for k in 0..<frames { _ = try? server.render(at: Double(k % 120) / 60) }
        let elapsed = Measure.wallClock() - start
        print(
            "  sample + draw 100 layers at 512x512  \(Measure.fixed(Double(frames) / elapsed, 0)) fps   (goal >= 200; wall time, server thread)"
        )
        if checksum.isNaN { print("") }
        return true
    }
}
