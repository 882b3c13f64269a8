// A tossable card, built in code: a live pan drags it and tosses it into a spring, on the
// real-time clock, and the render server draws every frame to a PNG file.
//
//     swift run tossable-card [output-directory]
//
// The pan is fed live, as an app's touch handler would feed it: a 120 Hz "digitizer" clock
// reports where the finger is, and the gesture source turns those reports into a gesture with a
// velocity. Nothing here reads YAML.

import Dispatch
import Foundation
import MotionCore
import MotionRenderServer
import MotionRuntime
import MotionTimeline

/// The app: a scene, a runtime on the real-time clock, a live pan and a toss.
final class TossableCard {
    let output: String
    let finished: () -> Void
    let clock: RealTimeClock
    let runtime: Runtime
    let server: RenderServer
    let card: LayerChannel
    let pan = GestureSource()
    let toss: TossInteraction
    let digitizer: RealTimeClock
    var subscriptions: [Subscription] = []
    var frames = 0
    var released = false
    var keepAlive: TossableCard?

    init(output: String, queue: DispatchQueue, finished: @escaping () -> Void) {
        self.output = output
        self.finished = finished
        // The scene: a dock on the right, a card on the left.
        let home = MotionValue.point(120, 180)
        let dock = MotionValue.point(360, 180)
        let cardModel: [LayerProperty: MotionValue] = [
            .position: home, .size: .size(110, 150), .cornerRadius: .scalar(14),
            .backgroundColor: .color(0.16, 0.42, 0.86, 1),
        ]
        let timeline = Timeline(
            name: "tossable-card", canvas: Canvas(width: 480, height: 360, background: .color(0.95, 0.95, 0.93, 1), fps: 60),
            layers: [
                TimelineLayer(
                    id: "dock", parent: nil, shape: .ellipse,
                    model: [
                        .position: dock, .size: .size(130, 130), .backgroundColor: .color(0.85, 0.87, 0.9, 1),
                    ]),
                TimelineLayer(id: "card", parent: nil, shape: .rect, model: cardModel),
            ],
            end: 0, events: [])
        server = RenderServer(timeline: timeline)
        clock = RealTimeClock(fps: 60, queue: queue)
        digitizer = RealTimeClock(fps: 120, queue: queue)
        runtime = Runtime(clock: clock)
        card = LayerChannel(layer: 1, initial: cardModel, clock: clock) { [server] in server.send($0) }
        // Drag with the pan; on release, a spring to the dock that starts with the pan's velocity.
        toss = TossInteraction(
            runtime: runtime, gesture: pan, position: LayerChannelProperty(channel: card, path: PropertyPath(.position)),
            spring: SpringMotion(from: home, to: dock, stiffness: 240, damping: 16))
    }

    func start() {
        keepAlive = self
        let down = clock.now + 0.25
        let flick = 0.3
        // The finger: still for a moment, then a flick to the right and up, released mid-flight.
        subscriptions.append(
            digitizer.subscribe { [self] now in
                guard !released, now >= down else { return }
                let u = min(1, (now - down) / flick)
                if !pan.isActive {
                    pan.begin(at: now)
                } else if u < 1 {
                    pan.change(translation: .point(170 * u * u, -70 * u * u), at: now)
                } else {
                    pan.end(at: now)
                    released = true
                }
            })
        // The display: draw every frame of the clock until the card rests in the dock.
        subscriptions.append(clock.subscribe { [self] now in draw(at: now) })
    }

    func draw(at time: Double) {
        do {
            let frame = try server.render(at: time)
            frames += 1
            try PNGWriter.write(frame, to: "\(output)/" + String(format: "frame-%04d.png", frames))
        } catch {
            print("tossable-card: \(error)")
            stop()
            return
        }
        if released, !runtime.isActive { stop() }
    }

    func stop() {
        for subscription in subscriptions { subscription.unsubscribe() }
        subscriptions = []
        print("tossable-card: \(frames) frames in \(output)/, the card rests at \(toss.presentedValue)")
        keepAlive = nil
        finished()
    }
}

let output = CommandLine.arguments.dropFirst().first ?? "tossable-card-frames"
do {
    try FileManager.default.createDirectory(atPath: output, withIntermediateDirectories: true)
    try FrameRenderer.loadCairo()
} catch {
    print("tossable-card: \(error)")
    exit(1)
}
let done = DispatchSemaphore(value: 0)
let queue = DispatchQueue(label: "tossable-card")
queue.async {
    TossableCard(output: output, queue: queue) { done.signal() }.start()
}
done.wait()
