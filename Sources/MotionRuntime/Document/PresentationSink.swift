import MotionCore

/// An observer of the render-server channel events a document run's executors emit.
///
/// Executors never write presented values: they emit `set` (a model value write), `add` (a keyed
/// animation with its model value) and `remove` (a key) events, in time order, with their exact
/// times. A ``DocumentRun`` always applies them to its own ``PresentationModel``; a sink sees the
/// same events as well, e.g. to record a baked timeline. Replaying the events, in order, into a
/// fresh `PresentationModel` built from the document's initial layer values reproduces the run's
/// presentation exactly (``PresentationEvent/apply(to:)``).
///
/// `target` is the target's index in the document's pre-order list of targets.
public protocol PresentationSink: AnyObject {
    /// A model value write of `path` on `target` at `time`
    /// (``PresentationModel/set(layer:path:value:at:)``).
    func set(target: Int, path: PropertyPath, value: MotionValue, at time: Double)

    /// An animation added under `key` on `target` at `time`, together with the path's new model
    /// value and the velocity the animation starts with (nil for keyframe animations). Apply it
    /// with ``PresentationModel/add(layer:path:key:animation:modelValue:at:)``: model value
    /// first, then the animation.
    func add(
        target: Int, path: PropertyPath, key: String, animation: Animation, modelValue: MotionValue,
        initialVelocity: MotionValue?, at time: Double)

    /// The animation under `key` on `target` removed at `time`; the presented value then falls back
    /// to the model value (executors emit a `set` of the presented value right after, so nothing jumps).
    func remove(target: Int, key: String, at time: Double)
}

/// One render-server channel event with its time, as a ``PresentationSink`` receives it.
public enum PresentationEvent: Hashable, Sendable {
    case set(target: Int, path: PropertyPath, value: MotionValue, time: Double)
    case add(
        target: Int, path: PropertyPath, key: String, animation: Animation, modelValue: MotionValue,
        initialVelocity: MotionValue?, time: Double)
    case remove(target: Int, key: String, time: Double)

    /// When the event happened, in seconds of document time.
    public var time: Double {
        switch self {
        case .set(_, _, _, let time), .add(_, _, _, _, _, _, let time), .remove(_, _, let time): time
        }
    }

    /// The target the event concerns (its document pre-order index).
    public var target: Int {
        switch self {
        case .set(let target, _, _, _), .add(let target, _, _, _, _, _, _), .remove(let target, _, _): target
        }
    }

    /// Applies the event to `model`, exactly as the document run applied it to its own.
    ///
    /// - Complexity: O(animations on the touched layer).
    public func apply(to model: inout PresentationModel) {
        switch self {
        case .set(let target, let path, let value, let time):
            model.set(layer: target, path: path, value: value, at: time)
        case .add(let target, let path, let key, let animation, let modelValue, _, let time):
            model.add(layer: target, path: path, key: key, animation: animation, modelValue: modelValue, at: time)
        case .remove(let target, let key, _):
            model.remove(layer: target, key: key)
        }
    }
}

/// A sink that keeps every event in order: for tests, traces and timeline baking.
public final class PresentationRecorder: PresentationSink {
    /// The events received, in the order (and so the time order) they were emitted.
    public private(set) var events: [PresentationEvent] = []

    /// Creates an empty recorder.
    public init() {}

    /// Records a `set`.
    public func set(target: Int, path: PropertyPath, value: MotionValue, at time: Double) {
        events.append(.set(target: target, path: path, value: value, time: time))
    }

    /// Records an `add`.
    public func add(
        target: Int, path: PropertyPath, key: String, animation: Animation, modelValue: MotionValue,
        initialVelocity: MotionValue?, at time: Double
    ) {
        events.append(
            .add(
                target: target, path: path, key: key, animation: animation, modelValue: modelValue,
                initialVelocity: initialVelocity, time: time))
    }

    /// Records a `remove`.
    public func remove(target: Int, key: String, at time: Double) {
        events.append(.remove(target: target, key: key, time: time))
    }
}
