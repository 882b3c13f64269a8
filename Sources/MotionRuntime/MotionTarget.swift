/// Something intentions are added to: a layer, a view, a document target.
///
/// Identity is the object: two targets with the same ``id`` are still two targets. All executors
/// of a target share its ``properties``, which outlive any one executor.
///
/// A ``Runtime`` holds a target strongly while it has executors, named intentions or activity
/// observers for it, and forgets it once it has none (after garbage collection or
/// ``Runtime/tearDown()``).
public final class MotionTarget {
    /// A name for traces and documents (a document's target id). Not used for identity.
    public let id: String

    /// State shared by all executors of this target: model values, velocities, anything keyed.
    public let properties: PropertyStore

    /// Creates a target with an empty property store.
    public init(id: String) {
        self.id = id
        self.properties = PropertyStore()
    }
}

extension MotionTarget: CustomStringConvertible {
    /// The target's id.
    public var description: String { id }
}
