import Foundation
import MotionCore
import MotionRuntime
import Testing

/// An app's world for the tests: one clock, one queue of scheduled work, targets by id, gesture
/// inputs. No document: every target is an app-made ``MotionTarget`` with a ``TestChannel``.
final class TestWorld {
    let clock = SimulatedClock(fps: 60)
    let runtime: Runtime
    private(set) var now = 0.0
    private var queue: [(time: Double, sequence: Int, action: () -> Void)] = []
    private var sequence = 0
    private(set) var targets: [String: MotionTarget] = [:]
    var inputs: [(kind: InputKind, target: String, input: GestureInput)] = []

    init() {
        runtime = Runtime(clock: clock)
    }

    /// A target `id` whose layer starts from `initial`, and its channel.
    func makeTarget(_ id: String, _ initial: [LayerProperty: MotionValue] = [:]) -> (MotionTarget, TestChannel) {
        let channel = TestChannel(world: self, id: id, initial: initial)
        let target = MotionTarget(id: id, channel: channel)
        targets[id] = target
        return (target, channel)
    }

    func schedule(at time: Double, _ action: @escaping () -> Void) {
        sequence += 1
        queue.append((max(time, now), sequence, action))
    }

    /// Moves to frame `k`: scheduled work runs at its own time, then each frame is delivered.
    func advance(toFrame k: Int) {
        while clock.frame < k {
            let t = Double(clock.frame + 1) / clock.fps
            while let next = queue.indices.min(by: { (queue[$0].time, queue[$0].sequence) < (queue[$1].time, queue[$1].sequence) }),
                queue[next].time <= t
            {
                let work = queue.remove(at: next)
                now = work.time
                work.action()
            }
            now = t
            clock.advance(frames: 1)
        }
    }

    /// Moves to the frame at or just after `seconds`.
    func advance(to seconds: Double) {
        advance(toFrame: Int((seconds * clock.fps).rounded(.up)))
    }
}

/// A test channel: a one-layer presentation that records every event, as an app's render-server
/// sink would apply them.
final class TestChannel: MotionChannel {
    unowned let world: TestWorld
    let id: String
    private(set) var model: PresentationModel
    private(set) var events: [ChannelEvent] = []
    /// How many times an executor read a property's presentation.
    private(set) var presentationReads = 0

    init(world: TestWorld, id: String, initial: [LayerProperty: MotionValue]) {
        self.world = world
        self.id = id
        self.model = PresentationModel(layers: [initial])
    }

    var now: Double { world.now }
    var fps: Double { world.clock.fps }

    func presentation(of property: LayerProperty) -> PropertyChannel {
        presentationReads += 1
        return model.channel(layer: 0, property: property)
    }

    func set(_ path: PropertyPath, to value: MotionValue) {
        record(.set(path: path, value: value))
    }

    func add(
        _ animation: Animation, key: String, on path: PropertyPath, modelValue: MotionValue, initialVelocity: MotionValue?
    ) {
        record(.add(key: key, path: path, animation: animation, modelValue: modelValue, initialVelocity: initialVelocity))
    }

    func remove(key: String) {
        record(.remove(key: key))
    }

    private func record(_ action: ChannelEvent.Action) {
        let event = ChannelEvent(time: now, layer: 0, action: action)
        event.apply(to: &model)
        events.append(event)
    }

    func schedule(at time: Double, keepsAlive: Bool, _ action: @escaping () -> Void) {
        world.schedule(at: time, action)
    }

    func inputs(kind: InputKind, gesture: String?) -> [GestureInput] {
        world.inputs.filter { $0.kind == kind && $0.target == id && (gesture == nil || gesture == $0.input.id) }.map(\.input)
    }

    func target(matching selector: String) -> MotionTarget? {
        world.targets[selector.hasPrefix("#") ? String(selector.dropFirst()) : selector]
    }

    /// The presented value of `property` at `t`.
    func value(_ property: LayerProperty, at t: Double) -> MotionValue {
        model.value(layer: 0, property: property, at: t)
    }
}

/// Every built-in intention on app-made targets, through the public API only: a ``Runtime``, a
/// ``MotionTarget`` with a ``TestChannel``, and `add`. Expected values are closed forms.
@Suite struct AppTargetTests {
    /// x(t) of a spring from 0 to 1 at rest, underdamped: 1 - e^(-zeta w t)(cos(wd t) + zeta w / wd sin(wd t)).
    static func springStep(_ t: Double, stiffness k: Double = 342, damping c: Double = 30, mass m: Double = 1) -> Double {
        let w = (k / m).squareRoot()
        let zeta = c / (2 * (k * m).squareRoot())
        let wd = w * (1 - zeta * zeta).squareRoot()
        return 1 - exp(-zeta * w * t) * (cos(wd * t) + zeta * w / wd * sin(wd * t))
    }

    @Test("a tween plays on an app's layer: linear 0 -> 10 over 1 s")
    func tween() {
        let world = TestWorld()
        let (box, channel) = world.makeTarget("box")
        world.runtime.add(Tween(property: PropertyPath(.cornerRadius), values: [.scalar(0), .scalar(10)], duration: 1), to: box)
        #expect(world.runtime.isActive)
        for (t, expected) in [(0.25, 2.5), (0.5, 5.0), (1.0, 10.0), (3.0, 10.0)] {
            #expect(abs(channel.value(.cornerRadius, at: t)[0] - expected) < 1e-12)
        }
        world.advance(to: 1.5)
        #expect(!world.runtime.isActive)
        #expect(channel.events.count == 1)
    }

    @Test("a named tween removed by name keeps its presented value")
    func namedTweenRemoved() throws {
        let world = TestWorld()
        let (box, channel) = world.makeTarget("box")
        let tween = Tween(property: PropertyPath(.opacity), values: [.scalar(0), .scalar(1)], duration: 1)
        try world.runtime.add(tween, named: "fade", to: box)
        world.advance(toFrame: 30)
        try world.runtime.removeIntention(named: "fade", from: box)
        #expect(abs(channel.value(.opacity, at: 2)[0] - 0.5) < 1e-12)
    }

    @Test("a spring pulls to its destination, in closed form")
    func spring() {
        let world = TestWorld()
        let (box, channel) = world.makeTarget("box", [.opacity: .scalar(0)])
        world.runtime.add(Spring(property: PropertyPath(.opacity), destination: .scalar(1)), to: box)
        for t in [0.05, 0.1, 0.2, 0.4] {
            #expect(abs(channel.value(.opacity, at: t)[0] - Self.springStep(t)) < 1e-9)
        }
        #expect(channel.value(.opacity, at: 10)[0] == 1)
    }

    @Test("an anchored spring pulls position to its anchor, per component")
    func anchoredSpring() {
        let world = TestWorld()
        let (box, channel) = world.makeTarget("box", [.position: .point(0, 0)])
        world.runtime.add(AnchoredSpring(anchor: .point(100, -50)), to: box)
        let t = 0.1
        let value = channel.value(.position, at: t)
        #expect(abs(value[0] - 100 * Self.springStep(t)) < 1e-7)
        #expect(abs(value[1] + 50 * Self.springStep(t)) < 1e-7)
        #expect(channel.value(.position, at: 10) == .point(100, -50))
    }

    @Test("friction decays a remembered velocity: x0 + v0 / c (1 - e^(-c t)) at frame times")
    func friction() {
        let world = TestWorld()
        let (box, channel) = world.makeTarget("box", [.rotation: .scalar(0)])
        box.properties.setVelocity(.scalar(100), of: GestureSignal.rememberedVelocityKey(.rotation))
        world.runtime.add(Friction(property: PropertyPath(.rotation), coefficient: 2), to: box)
        for k in [6, 30, 60] {
            let t = Double(k) / 60
            #expect(abs(channel.value(.rotation, at: t)[0] - 50 * (1 - exp(-2 * t))) < 1e-9)
        }
    }

    @Test("draggable follows a pan input given by the app, masked by its axis")
    func draggable() {
        let world = TestWorld()
        let (box, channel) = world.makeTarget("box", [.position: .point(5, 5)])
        world.inputs = [
            (
                .pan, "box",
                GestureInput(id: "pan", start: 0.1, duration: 0.5, samples: [.point(0, 0), .point(10, 0), .point(20, 10)])
            )
        ]
        world.runtime.add(Draggable(axis: .horizontal), to: box)
        world.advance(to: 1)
        #expect(channel.value(.position, at: 0.35) == .point(15, 5))
        #expect(channel.value(.position, at: 0.6) == .point(25, 5))
        #expect(channel.value(.position, at: 2) == .point(25, 5))
        #expect(!world.runtime.isActive)
    }

    /// `n` pans on `target`, nested as in G005: each later input begins 10 ms after the one
    /// before it and ends before it.
    static func nestedPans(_ n: Int, on target: String) -> [(kind: InputKind, target: String, input: GestureInput)] {
        (0..<n).map { i in
            (
                .pan, target,
                GestureInput(
                    id: "p\(i)", start: Double(i) * 0.01, duration: Double(2 * n - 2 * i) * 0.01 + 0.01,
                    samples: [.point(0, 0), .point(5, 5)])
            )
        }
    }

    @Test("overlapping vertical pans beside a tween on x: the tween runs on, and no pan's hand-off walks the animations")
    func overlappingPansBesideAComponentTween() {
        let world = TestWorld()
        let (box, channel) = world.makeTarget("box", [.position: .point(0, 0)])
        let n = 40
        world.inputs = Self.nestedPans(n, on: "box")
        let tween = Tween(property: PropertyPath(.position, component: 0), values: [.scalar(0), .scalar(100)], duration: 10)
        world.runtime.add(tween, to: box)
        let readsBeforePans = channel.presentationReads
        world.runtime.add(Draggable(axis: .vertical), to: box)
        world.advance(to: 0.395)
        // The pans take `position.y` only: the tween on `position.x` is not theirs to end.
        #expect(channel.value(.position, at: 1)[0] == 10)
        // Each pan reads the presentation once, for its base; its hand-off finds that no live
        // tween shares its component without walking the channel's animations.
        #expect(channel.presentationReads - readsBeforePans == n)
    }

    @Test("overlapping pans on one target: each follows from where the one before has got to, and holds while any runs")
    func overlappingPans() {
        let world = TestWorld()
        let (box, channel) = world.makeTarget("box", [.position: .point(0, 0)])
        let n = 40
        // Nested, as in G005: each later input ends before the one before it.
        world.inputs = Self.nestedPans(n, on: "box")
        world.runtime.add(Draggable(), to: box)
        world.advance(to: 0.395)
        let held = GestureSignal.heldKey(LayerProperty.position)
        #expect(box.properties[held] == true)
        // Each input begins from the value presented then: the one before it, at its begin.
        #expect(channel.events.count == n)
        var replay = PropertyChannel(model: .point(0, 0))
        for (i, event) in channel.events.enumerated() {
            guard case .add(let key, _, .keyframe(let animation), _, _) = event.action else {
                Issue.record("event \(i) is not a keyframe add")
                continue
            }
            #expect(key == "gesture-\(i + 1)")
            #expect(animation.values.first == replay.value(at: event.time), "input \(i)")
            replay.add(.keyframe(animation), key: key, component: nil, at: event.time)
        }
        // Only gestures drive the position: a gesture that begins reads it once, for its base,
        // and its hand-off, which can end no tween or physics, does not walk the animations.
        #expect(channel.presentationReads == n)
        // The innermost ends first: the one around it shows again, and the position stays held
        // until the outermost ends.
        world.advance(to: 0.8)
        #expect(box.properties[held] == true)
        world.advance(to: 1)
        #expect(box.properties[held] == false)
        #expect(channel.value(.position, at: 1) == .point(5, 5))
        #expect(!world.runtime.isActive)
    }

    @Test("pinchable and rotatable follow pinch and rotate inputs")
    func pinchAndRotate() {
        let world = TestWorld()
        let (box, channel) = world.makeTarget("box", [.scale: .point(1, 1), .rotation: .scalar(10)])
        world.inputs = [
            (.pinch, "box", GestureInput(id: "p", start: 0, duration: 1, samples: [.scalar(1), .scalar(3)])),
            (.rotate, "box", GestureInput(id: "r", start: 0, duration: 1, samples: [.scalar(0), .scalar(90)])),
        ]
        world.runtime.add(Pinchable(), to: box)
        world.runtime.add(Rotatable(), to: box)
        world.advance(to: 1.5)
        #expect(channel.value(.scale, at: 0.5) == .point(2, 2))
        #expect(channel.value(.rotation, at: 0.5)[0] == 55)
        #expect(channel.value(.rotation, at: 1)[0] == 100)
    }

    @Test("directly manipulable follows pan, pinch and rotate at once")
    func directlyManipulable() {
        let world = TestWorld()
        let (box, channel) = world.makeTarget("box", [.position: .point(0, 0)])
        world.inputs = [
            (.pan, "box", GestureInput(id: "d", start: 0, duration: 1, samples: [.point(0, 0), .point(4, 8)])),
            (.pinch, "box", GestureInput(id: "p", start: 0, duration: 1, samples: [.scalar(1), .scalar(2)])),
            (.rotate, "box", GestureInput(id: "r", start: 0, duration: 1, samples: [.scalar(0), .scalar(30)])),
        ]
        world.runtime.add(DirectlyManipulable(), to: box)
        world.advance(to: 1.5)
        #expect(channel.value(.position, at: 1) == .point(4, 8))
        #expect(channel.value(.scale, at: 1) == .point(2, 2))
        #expect(channel.value(.rotation, at: 1)[0] == 30)
    }

    @Test("tossable: a drag, then at release a spring to the destination")
    func tossable() {
        let world = TestWorld()
        let (box, channel) = world.makeTarget("box", [.position: .point(0, 0)])
        world.inputs = [(.pan, "box", GestureInput(id: "d", start: 0, duration: 0.5, samples: [.point(0, 0), .point(50, 0)]))]
        world.runtime.add(Tossable(destination: .point(0, 0)), to: box)
        world.advance(to: 0.25)
        #expect(channel.value(.position, at: 0.25) == .point(25, 0))
        world.advance(to: 5)
        #expect(channel.value(.position, at: 10) == .point(0, 0))
        #expect(channel.events.contains { if case .add(_, _, .spring, _, _) = $0.action { true } else { false } })
    }

    @Test("a transition tween plays its segment of the window")
    func transitionTween() {
        let world = TestWorld()
        let (box, channel) = world.makeTarget("box")
        world.runtime.add(
            TransitionTween(
                property: PropertyPath(.opacity), back: .scalar(0), fore: .scalar(1), window: 2,
                segment: TransitionSegment(position: 0.5, length: 0.5)),
            to: box)
        // Forward: 0 -> 1 from 1 s to 2 s, linear.
        #expect(channel.value(.opacity, at: 0.5)[0] == 0)
        #expect(abs(channel.value(.opacity, at: 1.5)[0] - 0.5) < 1e-12)
        #expect(channel.value(.opacity, at: 2)[0] == 1)
    }

    @Test("a link writes a map of another app target's presented value every frame")
    func link() {
        let world = TestWorld()
        let (source, _) = world.makeTarget("source", [.cornerRadius: .scalar(0)])
        let (box, channel) = world.makeTarget("box")
        world.runtime.add(
            Link(
                property: PropertyPath(.opacity), sourceTarget: "#source", sourceProperty: PropertyPath(.cornerRadius),
                input: [0, 10], output: [0, 1]),
            to: box)
        world.runtime.add(Tween(property: PropertyPath(.cornerRadius), values: [.scalar(0), .scalar(10)], duration: 1), to: source)
        world.advance(toFrame: 30)
        #expect(abs(channel.value(.opacity, at: 0.5)[0] - 0.5) < 1e-12)
        world.advance(toFrame: 90)
        #expect(channel.value(.opacity, at: 1.5)[0] == 1)
    }

    @Test("squash and stretch scales while position moves and returns to its scale at rest")
    func squashAndStretch() {
        let world = TestWorld()
        let (box, channel) = world.makeTarget("box", [.position: .point(0, 0), .scale: .point(1, 1)])
        world.runtime.add(SquashAndStretch(factor: 0.2), to: box)
        world.runtime.add(Tween(property: PropertyPath(.position), values: [.point(0, 0), .point(300, 0)], duration: 1), to: box)
        world.advance(toFrame: 30)
        let mid = channel.value(.scale, at: 0.5)
        #expect(mid[0] > 1 && mid[1] < 1)
        world.advance(toFrame: 120)
        #expect(channel.value(.scale, at: 2) == .point(1, 1))
        #expect(!world.runtime.isActive)
    }

    @Test("a target without a channel takes intentions and presents nothing")
    func noChannel() {
        let world = TestWorld()
        let bare = MotionTarget(id: "bare")
        world.runtime.add(Tween(property: PropertyPath(.opacity), values: [.scalar(0)], duration: 1), to: bare)
        #expect(!world.runtime.isActive)
    }
}
