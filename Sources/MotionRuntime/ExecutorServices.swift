/// Marks the start and end of an executor's continuous work.
///
/// The runtime is active while any of its tokens has not ended.
///
/// Tokens form a set, not a counter: two tokens started and one ended leave the runtime active;
/// ending a token twice does nothing the second time. A token that is deallocated ends itself, so
/// dropping one can never leave a runtime active forever.
public final class ActivityToken {
    /// The runtime, through its shared reference (nil once it went): no weak reference, which
    /// would give the runtime a side table and slow every retain of it.
    private let runtimeReference: RuntimeReference?
    private var runtime: Runtime? { runtimeReference?.runtime }
    private let executorSerial: Int
    private let id: UInt64?

    init(runtime: RuntimeReference?, executorSerial: Int, id: UInt64?) {
        self.runtimeReference = runtime
        self.executorSerial = executorSerial
        self.id = id
        self.isActive = id != nil
    }

    deinit {
        end()
    }

    /// Whether the token still keeps its executor active.
    ///
    /// `false` after ``end()``, and for a token generated after its executor was released.
    public private(set) var isActive: Bool

    /// Ends the work this token stands for. Harmless if already ended.
    public func end() {
        guard isActive, let id else { return }
        isActive = false
        runtime?.endToken(id, executorSerial: executorSerial)
    }
}

/// One executor's source of ``ActivityToken``s, handed to ``ContinuousExecuting`` executors.
///
/// Besides token objects it offers the *remote execution* form of the same idea:
/// ``willStart(_:)`` and ``didEnd(_:)`` with a name, scoped to this executor (two executors may both
/// use the name `"gesture"` without interfering).
public final class ActivityTokenGenerator {
    private var source: TokenSource
    private var named: [String: ActivityToken] = [:]

    init(_ source: TokenSource) {
        self.source = source
    }

    /// Starts a new unit of continuous work and returns its token; end it when the work ends.
    ///
    /// If the runtime has released this executor, a ``StoredExecutor`` is made again (its state
    /// is in the core its target keeps) and the token is its; for any other executor, and when the
    /// runtime is gone, the token is already inactive.
    public func generate() -> ActivityToken {
        let token = startToken()
        return ActivityToken(runtime: source.runtimeReference, executorSerial: token.executorSerial, id: token.id)
    }

    /// A token as the runtime numbers it, held without an ``ActivityToken`` object by the
    /// executors of this module; the holder ends it with ``endToken(_:)``, once.
    struct HeldToken {
        let executorSerial: Int
        /// Nil when the token was inactive from the start (see ``generate()``).
        let id: UInt64?
    }

    /// Starts a token as ``generate()`` does, without making an object for it.
    ///
    /// The source is worked on as a copy: starting a token tells observers and tracers, which
    /// may ask this generator again, and an access to `source` held open across that would
    /// overlap theirs.
    func startToken() -> HeldToken {
        var copy = source
        let token = copy.startToken()
        source = copy
        return token
    }

    /// Ends a token of ``startToken()`` (from a copy of the source, as there).
    func endToken(_ token: HeldToken) {
        let copy = source
        copy.endToken(token)
    }

    /// Remote execution named `name` is starting. Starting a name already started does nothing.
    public func willStart(_ name: String) {
        if let token = named[name], token.isActive { return }
        named[name] = generate()
    }

    /// Remote execution named `name` has ended. Ending a name not started does nothing.
    public func didEnd(_ name: String) {
        named.removeValue(forKey: name)?.end()
    }

    /// The names started with ``willStart(_:)`` and not yet ended, sorted.
    public var activeNames: [String] {
        named.filter { $0.value.isActive }.keys.sorted()
    }
}

/// Where an executor's activity tokens come from: the runtime's token numbers for the executor,
/// made again after garbage collection when it is a ``StoredExecutor``.
///
/// An ``ActivityTokenGenerator`` wraps one; the built-in cores keep one in place in their
/// ``TokenLedger`` (no generator object per executor), or the generator they were handed.
struct TokenSource {
    /// The runtime, through its shared reference (nil once it went; see ``RuntimeReference``).
    let runtimeReference: RuntimeReference?
    private var executorSerial: Int
    private let revival: ExecutorRevival?
    /// A generator handed to a core, which starts and ends its tokens instead.
    private let generator: ActivityTokenGenerator?

    /// The runtime's numbers for the executor `executorSerial`.
    init(runtime: Runtime, executorSerial: Int, revival: ExecutorRevival) {
        runtimeReference = runtime.reference
        self.executorSerial = executorSerial
        self.revival = revival
        generator = nil
    }

    /// The tokens of `generator`.
    init(_ generator: ActivityTokenGenerator) {
        runtimeReference = nil
        executorSerial = 0
        revival = nil
        self.generator = generator
    }

    /// The runtime; nil once it went (or for a generator's source).
    var runtime: Runtime? { runtimeReference?.runtime }

    /// Whether ending a token does anything: false once the runtime went (a generator's source
    /// hands its tokens to the generator, which says).
    var endsTokens: Bool { generator != nil || runtime != nil }

    /// The runtime and the executor's serial when a token can be started from them alone: the
    /// source is the runtime's (not a generator's), the runtime is there and still holds the
    /// executor. Read in place, it counts one reference (the runtime), where a copy of the
    /// source counts three.
    var liveRuntimeNumbers: (runtime: Runtime, serial: Int)? {
        guard generator == nil, let runtime, runtime.holdsExecutor(executorSerial) else { return nil }
        return (runtime, executorSerial)
    }

    /// Starts a token; the executor is made again first if it was a released stored executor.
    mutating func startToken() -> ActivityTokenGenerator.HeldToken {
        if let generator { return generator.startToken() }
        let runtime = self.runtime
        if let revival { executorSerial = revival.liveSerial(executorSerial, runtime: runtime) }
        return ActivityTokenGenerator.HeldToken(
            executorSerial: executorSerial, id: runtime?.startToken(executorSerial: executorSerial))
    }

    /// Ends a token of ``startToken()``.
    func endToken(_ token: ActivityTokenGenerator.HeldToken) {
        if let generator { return generator.endToken(token) }
        guard let id = token.id else { return }
        runtime?.endToken(id, executorSerial: token.executorSerial)
    }
}

/// How a ``PlanEmitting`` executor adds intentions to its own target (composition).
///
/// Emitted intentions are added synchronously, exactly as ``Runtime/add(_:to:)`` would, before
/// ``emit(_:)`` returns. They cannot be named and cannot go to another target.
public final class PlanEmitter {
    /// The runtime, through its shared reference (no weak reference to the runtime: see
    /// ``ActivityToken``).
    private let runtimeReference: RuntimeReference
    private var runtime: Runtime? { runtimeReference.runtime }
    /// The target, weakly: the emitter lives in the core the target keeps with its executor's core.
    private weak var target: MotionTarget?

    init(runtime: Runtime, target: MotionTarget) {
        self.runtimeReference = runtime.reference
        self.target = target
    }

    /// Adds `intention` to the emitting executor's target. Does nothing if the runtime is gone.
    public func emit(_ intention: any Intention) {
        guard let target else { return }
        runtime?.add(intention, to: target)
    }
}

/// How a ``FrameDriven`` executor asks for frames when no intention change woke it.
///
/// For example when a gesture it waited for ends.
public final class FrameRequester {
    /// The runtime, through its shared reference (nil once it went; see ``RuntimeReference``).
    private let runtimeReference: RuntimeReference
    private var runtime: Runtime? { runtimeReference.runtime }
    private var executorSerial: Int
    private let revival: ExecutorRevival

    init(runtime: Runtime, executorSerial: Int, revival: ExecutorRevival) {
        self.runtimeReference = runtime.reference
        self.executorSerial = executorSerial
        self.revival = revival
    }

    /// Makes the executor active and updated from the next frame on, until an update returns at rest.
    ///
    /// An update returns ``ActivityState/atRest`` to stop. Called from inside
    /// ``FrameDriven/update(elapsed:)``, it guarantees one more update even if that update returns
    /// at rest. A released ``StoredExecutor`` is made again first.
    public func requestFrames() {
        executorSerial = revival.liveSerial(executorSerial, runtime: runtime)
        runtime?.requestFrames(executorSerial: executorSerial)
    }
}

/// How a service finds its executor again after garbage collection: the executor's type and
/// target, for a ``StoredExecutor`` (whose state outlives it); nothing for other executors.
///
/// The target is held through its shared reference (``TargetReference``), nil once it went: a
/// core's scheduled work (an activity's end) may run after an app has dropped the target, and
/// must then find nothing to revive. It is read only for a released stored executor.
struct ExecutorRevival {
    let type: any Executor.Type
    private let targetReference: TargetReference
    var target: MotionTarget? { targetReference.target }
    /// Whether `type` is a ``StoredExecutor`` (asked once: a dynamic cast per token is not free).
    private let isStored: Bool

    init(type: any Executor.Type, target: MotionTarget, isStored: Bool) {
        self.type = type
        self.targetReference = target.reference
        self.isStored = isStored
    }

    /// `serial` while the runtime holds that executor; else, for a stored executor, the serial of
    /// the one made again for the same type and target.
    func liveSerial(_ serial: Int, runtime: Runtime?) -> Int {
        // The usual case, a live executor, reads no reference to the target.
        guard isStored, let runtime, !runtime.holdsExecutor(serial), let target else { return serial }
        return runtime.liveSerial(serial, type: type, target: target)
    }
}

/// An executor that reads the runtime's current time, e.g. to timestamp render-server animations.
public protocol ClockReading: Executor {
    /// Receives the reader of the runtime's clock. Called once, right after `init(target:)`.
    func setClock(_ clock: RuntimeClockReader)
}

/// Read access to a runtime's current time.
public final class RuntimeClockReader {
    /// The runtime, through its shared reference (no weak reference to the runtime: see
    /// ``ActivityToken``).
    private let runtimeReference: RuntimeReference

    init(runtime: Runtime) {
        self.runtimeReference = runtime.reference
    }

    /// The runtime's ``Runtime/now``, or `nil` if the runtime is gone.
    public var now: Double? { runtimeReference.runtime?.now }
}

/// The shared reference to a runtime (see ``ClearedReference``).
typealias RuntimeReference = ClearedReference<Runtime>

extension ClearedReference where Object == Runtime {
    /// The runtime; nil once it went.
    var runtime: Runtime? { object }
}
