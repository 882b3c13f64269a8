import MotionCore
import MotionRuntime
import Testing

/// An app's targets and their executors' state go away with the app's last reference: the state
/// kept in a target's store must not hold the target itself.
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
}
