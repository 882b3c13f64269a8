/// The object that turns intentions into execution for one target.
///
/// Only a ``Runtime`` creates executors: exactly one instance per executor type per target, the
/// first time an intention naming that type is added to the target. The runtime then passes it
/// every such intention, in commit order. Executors are not configurable in any other way.
///
/// An executor adopts further protocols for the services it needs; the runtime hands them over
/// right after `init(target:)`, before the first intention, in this order:
/// - ``PlanEmitting``: receives a ``PlanEmitter`` (composition);
/// - ``ContinuousExecuting``: receives an ``ActivityTokenGenerator`` (gestures, render-server
///   animations, anything whose work ends outside the runtime);
/// - ``FrameDriven``: is updated every frame while it says it is active, and receives a
///   ``FrameRequester``.
/// ``NamedIntentionExecuting`` adds the named add and remove calls.
///
/// State that must outlive an executor, or be shared with the target's other executors (model
/// values, velocities), belongs in the target's ``MotionTarget/properties``: the runtime may
/// release an executor that has been at rest for a while and create a fresh one later.
///
/// A frame-driven tween, for example:
/// ```swift
/// struct Fade: Intention {
///     var to: Double, duration: Double
///     static var executorType: any Executor.Type { FadeExecutor.self }
/// }
/// final class FadeExecutor: FrameDriven {
///     let opacity = PropertyKey<Double>("opacity")
///     let target: MotionTarget
///     var from = 1.0, fade: Fade?, time = 0.0
///     init(target: MotionTarget) { self.target = target }
///     func add(_ intention: any Intention) {
///         guard let fade = intention as? Fade else { return }
///         from = target.properties[opacity] ?? 1; self.fade = fade; time = 0
///     }
///     func update(elapsed: Double) -> ActivityState {
///         guard let fade else { return .atRest }
///         time += elapsed
///         let t = min(1, time / fade.duration)
///         target.properties[opacity] = from + (fade.to - from) * t
///         return t < 1 ? .active : .atRest
///     }
/// }
/// ```
public protocol Executor: AnyObject {
    /// Creates the executor of `target`. Called by the runtime only.
    init(target: MotionTarget)

    /// Receives an intention added without a name. Called synchronously from the add or commit.
    func add(_ intention: any Intention)
}

/// An executor that also accepts named intentions; the two calls come as a pair.
///
/// The runtime keeps the name map: it calls ``removeIntention(named:)`` on the executor that owns
/// a name before a new intention takes that name (remove-then-add), and never for a name the
/// executor does not own.
public protocol NamedIntentionExecuting: Executor {
    /// Receives an intention added under `name`; `name` is never empty.
    func add(_ intention: any NamedIntention, named name: String)

    /// Drops whatever configuration the intention named `name` brought.
    func removeIntention(named name: String)
}

/// A named-intention executor that treats named and unnamed intentions alike but for the name.
///
/// It writes one method, ``receive(_:name:)``; both `add` methods come from this protocol.
public protocol NameAwareExecuting: NamedIntentionExecuting {
    /// Receives `intention`, added under `name`, or without a name when `name` is nil.
    func receive(_ intention: any Intention, name: String?)
}

extension NameAwareExecuting {
    /// Receives an intention added without a name.
    public func add(_ intention: any Intention) {
        receive(intention, name: nil)
    }

    /// Receives an intention added under `name`.
    public func add(_ intention: any NamedIntention, named name: String) {
        receive(intention, name: name)
    }
}

/// An executor updated by the runtime on every frame while it reports ``ActivityState/active``.
///
/// The runtime marks a frame-driven executor active whenever it receives an intention (named or
/// not) or loses a named one, and keeps calling ``update(elapsed:)`` on each frame of the runtime's
/// ``FrameClock`` until it returns ``ActivityState/atRest``. It can ask for frames again through the
/// ``FrameRequester`` it receives. While no executor wants frames the runtime does not listen to
/// the clock at all.
public protocol FrameDriven: Executor {
    /// Advances the executor's work by `elapsed` seconds and says whether it wants another frame.
    ///
    /// `elapsed` is the clock time since this executor's previous update, and `0` on the first
    /// update after it became active. Do not render here: write values (e.g. to the target's
    /// ``MotionTarget/properties``) and let observers render.
    /// - Returns: ``ActivityState/active`` to be updated again on the next frame.
    func update(elapsed: Double) -> ActivityState

    /// Receives the handle with which the executor asks for frames outside an intention change.
    ///
    /// The default implementation ignores it.
    func setFrameRequester(_ requester: FrameRequester)
}

extension FrameDriven {
    /// Ignores the requester: the executor is woken by intention changes only.
    public func setFrameRequester(_ requester: FrameRequester) {}
}

/// An executor whose work can start and end outside the runtime's frames: it holds activity tokens.
///
/// The runtime is active while any token of any executor has not ended.
public protocol ContinuousExecuting: Executor {
    /// Receives this executor's token generator. Called once, right after `init(target:)`.
    func setActivityTokenGenerator(_ generator: ActivityTokenGenerator)
}

/// An executor that fulfils its intentions by emitting other intentions for its own target.
public protocol PlanEmitting: Executor {
    /// Receives this executor's plan emitter. Called once, right after `init(target:)`.
    func setPlanEmitter(_ emitter: PlanEmitter)
}
