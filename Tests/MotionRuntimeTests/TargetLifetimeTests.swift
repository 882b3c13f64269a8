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
