import MotionCore
import MotionRuntime
import Testing

/// An app's targets and their executors' state go away with the app's last reference: the state
/// a target keeps (its store, its executors' cores) must not hold the target itself.
@Suite("Target lifetime")
struct TargetLifetimeTests {
    /// Each built-in intention, committed to an app-made target and run for a while.
    static let intentions: [(String, any Intention)] = [
        ("tween", Tween(property: PropertyPath(.opacity), values: [.scalar(0), .scalar(1)], duration: 0.2)),
        ("spring", Spring(property: PropertyPath(.position), destination: .point(40, 0))),
        ("friction", Friction(property: PropertyPath(.rotation), coefficient: 2)),
        ("draggable", Draggable(axis: .horizontal)),
        ("directlyManipulable", DirectlyManipulable()),
        ("tossable", Tossable(destination: .point(0, 0))),
        ("squashAndStretch", SquashAndStretch(factor: 0.2)),
    ]

    @Test("a target is released with its world, whatever ran on it", arguments: intentions.map(\.0))
    func released(_ name: String) throws {
        let intention = try #require(Self.intentions.first { $0.0 == name }?.1)
        weak var released: MotionTarget?
        do {
            let world = TestWorld()
            let (box, _) = world.makeTarget("box", [.position: .point(0, 0), .opacity: .scalar(0)])
            world.runtime.add(intention, to: box)
            world.advance(to: 0.5)
            released = box
        }
        #expect(released == nil)
    }

    /// A physics core an app keeps past its target's life does nothing when used, instead of
    /// reaching the released target.
    @Test func physicsCoreKeptPastItsTarget() {
        weak var released: MotionTarget?
        var core: PhysicsCore?
        do {
            let box = MotionTarget(id: "box")
            released = box
            core = PhysicsCore(target: box)
        }
        #expect(released == nil)
        core?.add(Spring(property: PropertyPath(.position), destination: .point(40, 0)))
        #expect(core != nil)
    }

    /// A core an app keeps past its target, after the runtime tore down: a new spring still plays
    /// on the channel, and its activity token, whose executor the runtime cannot make again
    /// without the target, starts inactive instead of reaching the released target.
    @Test func coreKeptPastItsTargetAfterTearDown() {
        let world = TestWorld()
        weak var released: MotionTarget?
        var kept: (PhysicsCore, TestChannel)?
        do {
            let (box, channel) = world.makeTarget("box", [.position: .point(0, 0)])
            world.runtime.add(Spring(property: PropertyPath(.position), destination: .point(40, 0)), to: box)
            kept = (PhysicsExecutor(target: box).core, channel)
            world.advance(to: 0.2)
            world.runtime.tearDown()
            _ = world.makeTarget("box")  // The world's table drops the first box.
            released = box
        }
        #expect(released == nil)
        guard let (core, channel) = kept else { return }
        let before = channel.events.count
        core.add(Spring(property: PropertyPath(.position), destination: .point(0, 0)))
        #expect(channel.events.count > before)
        guard case .add(_, let path, .spring(let spring), _, _)? = channel.events.last?.action else {
            Issue.record("the spring was not added")
            return
        }
        #expect(path == PropertyPath(.position) && spring.to == .point(0, 0))
        world.advance(to: 5)
        #expect(channel.value(.position, at: 5).components.x.magnitude < 0.5)
        #expect(!world.runtime.isActive)
    }

    /// Executors' services an app's core keeps past their runtime find no runtime: the core's
    /// tweens still play on the channel, their tokens reach nothing, and their scheduled ends run.
    @Test func servicesKeptPastTheirRuntime() {
        let world = TestWorld()
        let (box, channel) = world.makeTarget("box", [.opacity: .scalar(0)])
        weak var released: Runtime?
        do {
            let runtime = Runtime(clock: world.clock)
            runtime.add(Tween(property: PropertyPath(.opacity), values: [.scalar(0), .scalar(1)], duration: 1), to: box)
            released = runtime
        }
        #expect(released == nil)
        // The target keeps its tween core, and the core the token generator of the runtime that went.
        TweenExecutor(target: box).core.add(
            Tween(property: PropertyPath(.opacity), values: [.scalar(1), .scalar(0.5)], duration: 1))
        world.advance(to: 3)
        #expect(channel.events.count == 2)
        #expect(channel.value(.opacity, at: 3) == .scalar(0.5))
    }

    /// A tween core that goes while its target lives stops hearing hand-offs: a later hand-off on
    /// the target (a spring taking a tween's property) reaches only live cores.
    @Test func releasedCoreHearsNoHandOff() {
        let world = TestWorld()
        let (box, channel) = world.makeTarget("box", [.position: .point(0, 0)])
        do { _ = TweenCore(target: box) }
        world.runtime.add(
            Tween(property: PropertyPath(.position), values: [.point(0, 0), .point(100, 0)], duration: 1), to: box)
        world.advance(to: 0.25)
        world.runtime.add(Spring(property: PropertyPath(.position), destination: .point(0, 0)), to: box)
        world.advance(to: 3)
        #expect(channel.value(.position, at: 3).components.x.magnitude < 1)
    }
}
