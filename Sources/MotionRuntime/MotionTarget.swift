/// Something intentions are added to: an app's layer or view, or a document target.
///
/// An app's layer is reached through its ``MotionChannel``.
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
    ///
    /// Made on first use: a target nothing is ever added to (most of a document's) has none.
    public var properties: PropertyStore {
        if let store { return store }
        let made = PropertyStore()
        store = made
        return made
    }

    private var store: PropertyStore?

    /// What the built-in executors share of the target's channel, made by the first of them
    /// (see ``TargetPresentation/of(_:)``).
    var sharedPresentation: TargetPresentation?

    /// The epoch and slot of the runtime target table that finds this target's record by its
    /// slot (see ``TargetTable``); nil when none does.
    var runtimeEpoch: TargetTableEpoch?
    var runtimeSlot = 0

    /// Where the built-in executors read the target's presentation and emit its channel events.
    ///
    /// It is the app's layer (a ``MotionChannel``), or a document target's channel in a document
    /// run. Without one, the built-in intentions have nothing to present on and do nothing.
    public let channel: (any MotionChannel)?

    /// Creates a target with an empty property store, presented through `channel`.
    public init(id: String, channel: (any MotionChannel)? = nil) {
        self.id = id
        self.channel = channel
    }
}

extension MotionTarget: CustomStringConvertible {
    /// The target's id.
    public var description: String { id }
}
