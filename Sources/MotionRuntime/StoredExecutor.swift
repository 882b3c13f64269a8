/// An executor the runtime can release at rest and make again later with nothing lost.
///
/// Its state and work live in a core its target keeps (beside its ``MotionTarget/properties``), so
/// that the runtime can release it at rest (garbage collection).
///
/// The executor itself is a thin handle: every call goes to the core, which is made on the
/// target's first executor of this type and outlives every handle. A runtime makes no handle:
/// it runs the core directly, as the executor of this type, and makes a handle only to show the
/// executor (``Runtime/executors(of:)``, tracers). What the core hears from outside (store
/// observers, scheduled work) it hears whether or not the runtime holds it; when it needs the
/// runtime again (an activity token, frames), the runtime takes it up again first.
///
/// A core is an executor type with a store name; the calls of the protocols both it and the
/// handle type adopt reach it:
/// ```swift
/// public final class PhysicsExecutor: StoredExecutor<PhysicsCore>, NamedIntentionExecuting, ContinuousExecuting {}
/// ```
public class StoredExecutor<Core: ExecutorCore>: StoredExecutorProtocol {
    /// The core: the executor's state and work, shared by every handle of the target.
    ///
    /// Use it through the handle: a core kept past its target's life must not be called.
    public let core: Core
    /// The core's target, kept alive while the handle lives: a core holds its target `unowned`,
    /// so a handle an app keeps must not outlive the target.
    private let target: MotionTarget

    /// Finds the target's core of this type, making it on first use.
    public required init(target: MotionTarget) {
        core = Self.storedCore(of: target)
        self.target = target
    }

    /// A handle on `core`, a core of ``storedCore(of:)`` for `target`.
    required init(core: Core, target: MotionTarget) {
        self.core = core
        self.target = target
    }

    /// The target's core of this type, made and kept by the target on first use.
    /// - Complexity: O(cores of the target): a few, compared by type, no hashing.
    static func storedCore(of target: MotionTarget) -> Core {
        let type = ObjectIdentifier(Core.self)
        if let core = target.cores.core(ofType: type) {
            // Kept as exactly `Core`: no conformance search.
            return unsafeDowncast(core, to: Core.self)
        }
        let core = Core(target: target)
        target.cores.keep(core, ofType: type, named: Core.storeName)
        return core
    }

    /// Forwards an unnamed intention to the core.
    public func add(_ intention: any Intention) {
        core.add(intention)
    }

    /// Forwards a named intention to the core.
    public func add(_ intention: any NamedIntention, named name: String) {
        (core as? any NamedIntentionExecuting)?.add(intention, named: name)
    }

    /// Forwards a removal to the core.
    public func removeIntention(named name: String) {
        (core as? any NamedIntentionExecuting)?.removeIntention(named: name)
    }

    /// Hands this handle's token generator to the core.
    public func setActivityTokenGenerator(_ generator: ActivityTokenGenerator) {
        (core as? any ContinuousExecuting)?.setActivityTokenGenerator(generator)
    }

    /// Hands this handle's frame requester to the core.
    public func setFrameRequester(_ requester: FrameRequester) {
        (core as? any FrameDriven)?.setFrameRequester(requester)
    }

    /// Hands the plan emitter to the core.
    public func setPlanEmitter(_ emitter: PlanEmitter) {
        (core as? any PlanEmitting)?.setPlanEmitter(emitter)
    }

    /// Forwards a frame to the core.
    public func update(elapsed: Double) -> ActivityState {
        (core as? any FrameDriven)?.update(elapsed: elapsed) ?? .atRest
    }
}

/// What the runtime knows of ``StoredExecutor``: its state survives it, so it can be made again.
public protocol StoredExecutorProtocol: Executor {}

/// The state and work of a ``StoredExecutor``: an executor type that names its slot among its target's cores.
public protocol ExecutorCore: Executor {
    /// The slot the target keeps its core of this type under; unique per core type.
    static var storeName: String { get }
}

/// What the runtime knows of ``StoredExecutor`` types to run their cores without a handle.
///
/// A handle only forwards each call to its core, so the runtime makes none: it keeps the core
/// and gives it the services both the handle's type and the core's type adopt (a service the
/// core does not adopt, the handle would have dropped). A handle is made only to show the
/// executor to apps and tracers (``Runtime/executors(of:)``).
protocol StoredExecutorType: StoredExecutorProtocol {
    /// The core type.
    static var coreType: any Executor.Type { get }
    /// The target's core, made and stored on first use, as `init(target:)` finds it.
    static func core(of target: MotionTarget) -> any Executor
    /// A handle of this type on `core`, the core of ``core(of:)`` for `target`.
    static func handle(on core: any Executor, target: MotionTarget) -> any Executor
}

extension StoredExecutor: StoredExecutorType {
    static var coreType: any Executor.Type { Core.self }

    static func core(of target: MotionTarget) -> any Executor {
        storedCore(of: target)
    }

    static func handle(on core: any Executor, target: MotionTarget) -> any Executor {
        // `core` is of exactly `Core` (made by `core(of:)`): no cast to check.
        Self(core: unsafeDowncast(core, to: Core.self), target: target)
    }
}
