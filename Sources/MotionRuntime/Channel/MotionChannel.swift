public import MotionCore

/// One target's render-server channel: what the built-in executors read and emit.
///
/// Executors never write presented values. They read a property's presentation (its model value
/// and keyed animations, as a render server keeps them) and emit channel events: `set` (a model
/// value), `add` (a keyed animation with its model value) and `remove` (a key). The document
/// runner is one implementation (each document target's channel writes to the run's presentation
/// and sink); an app's render server is another: adopt this protocol on the object that owns a
/// layer, make a ``MotionTarget`` with it, and every built-in intention
/// (``Tween``, ``Spring``, ``Draggable``, ...) added to that target plays through it.
///
/// A channel is used from the runtime's thread only.
public protocol MotionChannel: AnyObject {
    /// The channel's current time, in seconds.
    var now: Double { get }

    /// Frames per second the presentation is shown at, positive and finite.
    ///
    /// Sampled motion, such as friction alone, is emitted at frame times `k / fps`.
    var fps: Double { get }

    /// The presentation of `property` now: its model value and the animations added to it.
    ///
    /// The animations carry the times they were added: what a render server holds for the layer's
    /// property.
    func presentation(of property: LayerProperty) -> PropertyChannel

    /// Writes `value` as the model value of `path`, now.
    func set(_ path: PropertyPath, to value: MotionValue)

    /// Writes `modelValue` as the model value of `path`, then adds `animation` under `key`, now.
    ///
    /// An animation already under `key` is replaced. `initialVelocity` is the velocity the
    /// animation starts with (nil for keyframe animations).
    func add(
        _ animation: consuming Animation, key: String, on path: PropertyPath, modelValue: MotionValue, initialVelocity: MotionValue?)

    /// Removes the animation under `key`, now; the property then presents its model value.
    func remove(key: String)

    /// Runs `action` at `time` on the channel's clock, or at the next opportunity once it has passed.
    ///
    /// `keepsAlive` work stands for something still to come (a gesture's
    /// start): a runner does not call the motion finished while it is pending.
    func schedule(at time: Double, keepsAlive: Bool, _ action: @escaping () -> Void)

    /// The recorded gesture inputs of `kind` that drive this target.
    ///
    /// They are the one with id `gesture` when given, else every input of the kind aimed at the
    /// target.
    func inputs(kind: InputKind, gesture: String?) -> [GestureInput]

    /// The target `selector` names, for intentions that read another target, such as a link's source.
    ///
    /// It is the first match in the app's (or document's) order, or nil.
    func target(matching selector: String) -> MotionTarget?
}

extension MotionChannel {
    /// The presented value of `path` now.
    public func presentedValue(of path: PropertyPath) -> MotionValue {
        presentation(of: path.property).presentedValue(of: path, at: now)
    }

    /// The velocity of the presented value of `path` now, in closed form (docs/format.md §2.6).
    ///
    /// Each component takes the presenting animation's own velocity (a keyframe segment's
    /// derivative, a spring's velocity), 0 where none covers now.
    public func presentedVelocity(of path: PropertyPath) -> MotionValue {
        presentation(of: path.property).presentedVelocity(of: path, at: now)
    }

    /// No gesture inputs: an app drives gestures with its own intentions' inputs.
    public func inputs(kind: InputKind, gesture: String?) -> [GestureInput] { [] }

    /// No other targets.
    public func target(matching selector: String) -> MotionTarget? { nil }
}

extension PropertyChannel {
    /// The value of `path` (on this channel's property) presented at `t`: the whole value, or
    /// the component's as a scalar.
    func presentedValue(of path: PropertyPath, at t: Double) -> MotionValue {
        let value = value(at: t)
        guard let component = path.component else { return value }
        return .scalar(value[component])
    }

    /// The velocity of `path` (on this channel's property) at `t`, as ``presentedValue(of:at:)``.
    func presentedVelocity(of path: PropertyPath, at t: Double) -> MotionValue {
        let v = velocity(at: t)
        guard let component = path.component else { return v }
        return .scalar(v[component])
    }
}

/// A gesture input known in advance: evenly spaced samples over a time span (docs/format.md §2.4).
public struct GestureInput: Hashable, Sendable {
    /// The input's id, unique among the inputs a channel offers.
    public var id: String
    /// When the gesture begins, in seconds of the channel's clock.
    public var start: Double
    /// Seconds the gesture lasts.
    public var duration: Double
    /// The samples, spaced evenly over the duration.
    ///
    /// They are points for pan, factors for pinch, degrees for rotate.
    public var samples: [MotionValue]

    /// Creates an input.
    public init(id: String, start: Double, duration: Double, samples: [MotionValue]) {
        self.id = id
        self.start = start
        self.duration = duration
        self.samples = samples
    }

    /// When the gesture ends.
    public var end: Double { Seconds.sum(start, duration) }
}

/// The end of an activity hold, run by the channel that scheduled it (see
/// ``HoldEndScheduling``): the core that held the key checks the hold is still its latest.
package protocol ScheduledHoldEnding: AnyObject {
    /// The hold numbered `hold` of `key` is due to end now.
    func holdDidEnd(key: String, hold: Int)
}

/// A channel that schedules the ends of activity holds as plain entries, without a closure per
/// hold (a document run schedules one per animation it starts).
///
/// Running an entry calls ``ScheduledHoldEnding/holdDidEnd(key:hold:)`` at `time`, exactly as
/// ``MotionChannel/schedule(at:keepsAlive:_:)`` would run a closure making that call (without
/// keeping the run alive).
package protocol HoldEndScheduling: MotionChannel {
    /// Schedules the end of `owner`'s hold numbered `hold` of `key` at `time`.
    func scheduleHoldEnd(at time: Double, of owner: any ScheduledHoldEnding, key: String, hold: Int)
}
