import MotionCore

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
        // A core that asked for gesture signals before the store was made hears them first, as
        // it would have, had the store been made when it asked.
        if let waitingGestureObserver { made.observeGestureSignals(waitingGestureObserver) }
        waitingGestureObserver = nil
        store = made
        return made
    }

    /// The store if something made it, without making it: reading a store nothing wrote finds
    /// nothing, made or not.
    var storeIfMade: PropertyStore? { store }

    @exclusivity(unchecked) private var store: PropertyStore?

    /// A core that asked for the gesture signals written to the store before the store was made
    /// (a target has one physics core): registered when the store is made.
    private var waitingGestureObserver: (any GestureSignalObserving)?

    /// Tells `observer` every ``GestureSignal`` written to the store from now on, as
    /// ``PropertyStore`` does, without making the store before something writes or observes it.
    func observeGestureSignals(_ observer: any GestureSignalObserving) {
        if let store {
            store.observeGestureSignals(observer)
        } else if waitingGestureObserver == nil {
            waitingGestureObserver = observer
        } else {
            properties.observeGestureSignals(observer)
        }
    }

    // The fields marked `@exclusivity(unchecked)` keep the rules of `Runtime`'s tables
    // (Runtime.swift): each is set once, or holds values, or never drops what it held (cores).

    /// The cores of the target's stored executors (see ``StoredExecutor``), kept for the
    /// target's life.
    @exclusivity(unchecked) var cores = ExecutorCoreSlots()

    /// The reference to this target its executors' cores and services hold instead of a weak
    /// reference each (see ``TargetReference``), made on first use: the target's shared
    /// presentation when it has a channel (one object for both, made now if not yet), else a
    /// reference of its own.
    var reference: TargetReference {
        if let madeReference { return madeReference }
        let made = TargetPresentation.of(self) ?? TargetReference(target: self)
        madeReference = made
        return made
    }

    @exclusivity(unchecked) private var madeReference: TargetReference?

    /// What the built-in executors share of the target's channel, made by the first of them
    /// (see ``TargetPresentation/of(_:)``).
    @exclusivity(unchecked) var sharedPresentation: TargetPresentation?

    /// The epoch and slot of the runtime target table that finds this target's record by its
    /// slot (see ``TargetTable``); nil when none does.
    @exclusivity(unchecked) var runtimeEpoch: TargetTableEpoch?
    @exclusivity(unchecked) var runtimeSlot = 0

    /// Where the built-in executors read the target's presentation and emit its channel events.
    ///
    /// It is the app's layer (a ``MotionChannel``), or a document target's channel in a document
    /// run. Without one, the built-in intentions have nothing to present on and do nothing.
    public var channel: (any MotionChannel)? {
        if let madeChannel { return madeChannel }
        guard let channelSource else { return nil }
        let made = channelSource.channel(forTarget: channelIndex)
        madeChannel = made
        holdEndScheduler = made
        return made
    }

    /// The channel again, when its source made one that schedules hold ends without closures
    /// (known from the source's type: no dynamic cast per target).
    @exclusivity(unchecked) private(set) var holdEndScheduler: (any HoldEndScheduling)?

    /// The channel, once given or made.
    @exclusivity(unchecked) private var madeChannel: (any MotionChannel)?
    /// Where the channel is made on first use (a document run's targets), with the target's
    /// index there; the target's presentation goes to it directly (``ChannelRoute``).
    let channelSource: (any MotionChannelSource)?
    let channelIndex: Int

    /// Creates a target with an empty property store, presented through `channel`.
    public init(id: String, channel: (any MotionChannel)? = nil) {
        self.id = id
        madeChannel = channel
        channelSource = nil
        channelIndex = 0
    }

    /// Creates a target whose channel `source` makes on first use, for the target `index` of the
    /// source: most targets of a document are never animated, and need none.
    package init(id: String, channelSource source: any MotionChannelSource, index: Int) {
        self.id = id
        channelSource = source
        channelIndex = index
    }

    deinit {
        // First, before the cores this target keeps go: from now on they find no target.
        madeReference?.clear()
    }
}

/// The shared reference to a target, as ``ClearedReference`` is to a runtime: nil once the
/// target went (it clears the reference first thing in its `deinit`).
///
/// A target with a channel has its ``TargetPresentation`` as its reference (a subclass): its
/// cores hold the presentation anyway, and a second object per animated target was made, held
/// and freed for the reference alone. Not thread-safe, like targets.
class TargetReference {
    /// The target; nil once it went. Unchecked exclusivity (the rules of `Runtime`'s tables,
    /// Runtime.swift): loaded and stored, never modified across a call.
    @exclusivity(unchecked) private(set) final unowned(safe) var target: MotionTarget?

    /// A reference to `target`, kept by the target (``MotionTarget/reference``).
    init(target: MotionTarget) {
        self.target = target
    }

    /// Forgets the target, as it goes (from its `deinit`).
    final func clear() {
        target = nil
    }
}

/// A reference to an object (a runtime; a target's is ``TargetReference``) that reads nil once the object is gone, as a
/// weak reference does, made once per object and shared by what its executors keep (cores,
/// token generators), so that each holder counts one reference instead of making and loading a
/// weak one.
///
/// The object clears it first thing in its `deinit`: the `unowned` reference is never read after
/// the object went (it reads nil), so an app keeping a core or a gesture source past its target
/// or runtime finds none rather than a freed one. Not thread-safe, like targets and runtimes.
final class ClearedReference<Object: AnyObject> {
    /// The object; nil once it went. Unchecked exclusivity (the rules of `Runtime`'s tables,
    /// Runtime.swift): loaded and stored, never modified across a call.
    @exclusivity(unchecked) private(set) unowned(safe) var object: Object?

    private init(_ object: Object) {
        self.object = object
    }

    /// The reference `slot` holds, made for `object` first if it holds none.
    static func made(for object: Object, in slot: inout ClearedReference?) -> ClearedReference {
        if let slot { return slot }
        let made = ClearedReference(object)
        slot = made
        return made
    }

    /// Forgets the object, as it goes (from its `deinit`).
    func clear() {
        object = nil
    }
}

extension MotionTarget: CustomStringConvertible {
    /// The target's id.
    public var description: String { id }
}

/// A target's executor cores, each under its core type's ``ExecutorCore/storeName``: the first
/// three in place (a target has a few: one per executor type that ran on it), any more in a list.
///
/// A core is found by its type, compared by identity: a core type's name is one constant, so the
/// type stands for it (the names of different core types were compared as strings, text and
/// all, every time an executor was made). A name is compared only when a core is kept, to
/// replace the core kept under it, lengths first.
///
/// Cores are never dropped: one replaced (by a core of another type under the same name) is
/// kept aside for the target's life, so that what holds a core without counting it (a document
/// run's scheduled hold ends) never finds it gone while its target lives.
struct ExecutorCoreSlots {
    private typealias Slot = (type: ObjectIdentifier, name: String, core: AnyObject)

    private var first: Slot?
    private var second: Slot?
    private var third: Slot?
    private var more: [Slot] = []
    /// Cores replaced under their name, kept alive.
    private var replaced: [AnyObject] = []

    /// The core of type `type` kept, or nil.
    ///
    /// `mutating` though it changes nothing: called on a target's slots in place, it reads the
    /// slots there; a plain method would be called on a copy of all of them.
    /// - Complexity: O(cores kept): a few identity comparisons.
    mutating func core(ofType type: ObjectIdentifier) -> AnyObject? {
        if let first, first.type == type { return first.core }
        if let second, second.type == type { return second.core }
        if let third, third.type == type { return third.core }
        return more.first { $0.type == type }?.core
    }

    /// Keeps `core` (of type `type`) under `name`, in place of the core kept there before if any.
    /// - Complexity: O(cores kept): a few.
    mutating func keep(_ core: AnyObject, ofType type: ObjectIdentifier, named name: String) {
        let slot = (type: type, name: name, core: core)
        func holds(_ kept: Slot?) -> Bool {
            guard let kept else { return false }
            return kept.name.utf8.count == name.utf8.count && kept.name == name
        }
        // Filled in order and never emptied: the first free slot is after every kept name.
        if first == nil || holds(first) {
            if let first { replaced.append(first.core) }
            first = slot
        } else if second == nil || holds(second) {
            if let second { replaced.append(second.core) }
            second = slot
        } else if third == nil || holds(third) {
            if let third { replaced.append(third.core) }
            third = slot
        } else if let index = more.firstIndex(where: { holds($0) }) {
            replaced.append(more[index].core)
            more[index] = slot
        } else {
            more.append(slot)
        }
    }
}

/// What makes the channels of many targets, each on its first use (``MotionTarget/channel``),
/// and does what each channel would do for the target `index` (its targets' presentations call
/// it directly: no channel object per target).
package protocol MotionChannelSource: AnyObject {
    /// The channel of the target `index`.
    func channel(forTarget index: Int) -> any HoldEndScheduling
    /// ``MotionChannel/now``, the same for every target.
    var now: Double { get }
    /// ``MotionChannel/fps``, the same for every target.
    var fps: Double { get }
    /// ``MotionChannel/presentation(of:)`` of the target `index`.
    func presentation(of property: LayerProperty, onTarget index: Int) -> PropertyChannel
    /// Whether an animation is on `property` of the target `index` (``PropertyChannel/entries``
    /// not empty), told without making the channel's presentation.
    func hasAnimations(of property: LayerProperty, onTarget index: Int) -> Bool
    /// ``MotionChannel/set(_:to:)`` on the target `index`.
    func set(_ path: PropertyPath, to value: MotionValue, onTarget index: Int)
    /// ``MotionChannel/add(_:key:on:modelValue:initialVelocity:)`` on the target `index`.
    func add(
        _ animation: consuming Animation, key: String, on path: PropertyPath, modelValue: MotionValue, initialVelocity: MotionValue?,
        onTarget index: Int)
    /// ``MotionChannel/remove(key:)`` on the target `index`.
    func remove(key: String, onTarget index: Int)
    /// ``MotionChannel/schedule(at:keepsAlive:_:)``, the same for every target.
    func schedule(at time: Double, keepsAlive: Bool, _ action: @escaping () -> Void)
    /// ``HoldEndScheduling/scheduleHoldEnd(at:of:key:hold:)``, the same for every target.
    func scheduleHoldEnd(at time: Double, of owner: any ScheduledHoldEnding, key: String, hold: Int)
    /// ``MotionChannel/inputs(kind:gesture:)`` of the target `index`.
    func inputs(kind: InputKind, gesture: String?, onTarget index: Int) -> [GestureInput]
    /// ``MotionChannel/target(matching:)``, the same for every target.
    func target(matching selector: String) -> MotionTarget?
}
