import MotionRuntime

// Test executors write what happens to them into a `Log` kept in their target's property store:
// executors are created by the runtime from `init(target:)` alone, so the store is their only
// way to reach the test. (This exercises the store as the per-target shared state, too.)

/// An ordered record of events, shared by executors, tracers and observers of one test.
final class Log {
    var entries: [String] = []
    func callAsFunction(_ entry: String) { entries.append(entry) }
}

let logKey = PropertyKey<Log>("log")
let markKey = PropertyKey<String>("mark")

/// Makes a target whose executors log into `log`.
func makeTarget(_ id: String, log: Log) -> MotionTarget {
    let target = MotionTarget(id: id)
    target.properties[logKey] = log
    return target
}

func makeRuntime(fps: Double = 60) -> (Runtime, SimulatedClock) {
    let clock = SimulatedClock(fps: fps)
    return (Runtime(clock: clock), clock)
}

/// Logs into the log of its target, prefixed with the target id.
class LoggingExecutor {
    let target: MotionTarget
    required init(target: MotionTarget) { self.target = target }
    func log(_ entry: String) { target.properties[logKey]?(target.id + "." + entry) }
}

// MARK: Named-capable executors of two types

struct Mark: NamedIntention {
    var text: String
    static var executorType: any Executor.Type { MarkExecutor.self }
}

final class MarkExecutor: LoggingExecutor, NamedIntentionExecuting {
    func add(_ intention: any Intention) {
        guard let mark = intention as? Mark else { return }
        log("add:\(mark.text)")
        target.properties[markKey] = mark.text
    }
    func add(_ intention: any NamedIntention, named name: String) {
        guard let mark = intention as? Mark else { return }
        log("addNamed:\(name):\(mark.text)")
        target.properties[markKey] = mark.text
    }
    func removeIntention(named name: String) { log("remove:\(name)") }
}

struct OtherMark: NamedIntention {
    var text: String
    static var executorType: any Executor.Type { OtherExecutor.self }
}

final class OtherExecutor: LoggingExecutor, NamedIntentionExecuting {
    func add(_ intention: any Intention) { log("other.add") }
    func add(_ intention: any NamedIntention, named name: String) { log("other.addNamed:\(name)") }
    func removeIntention(named name: String) { log("other.remove:\(name)") }
}

// MARK: An executor without the named API

struct Plain: Intention {
    static var executorType: any Executor.Type { PlainExecutor.self }
}

/// Claims to be nameable, but its executor cannot take names.
struct NamedButIncapable: NamedIntention {
    static var executorType: any Executor.Type { PlainExecutor.self }
}

final class PlainExecutor: LoggingExecutor, Executor {
    func add(_ intention: any Intention) { log("plain.add") }
}

// MARK: Frame-driven

/// Asks for `count` updates: its executor returns active until it has had `count` of them.
struct Steps: NamedIntention {
    var count: Int
    static var executorType: any Executor.Type { StepExecutor.self }
}

final class StepExecutor: LoggingExecutor, FrameDriven, NamedIntentionExecuting {
    var remaining = 0
    var elapsed: [Double] = []
    var requester: FrameRequester?
    func add(_ intention: any Intention) { remaining += (intention as? Steps)?.count ?? 0 }
    func add(_ intention: any NamedIntention, named name: String) { remaining += (intention as? Steps)?.count ?? 0 }
    func removeIntention(named name: String) {}
    func setFrameRequester(_ requester: FrameRequester) { self.requester = requester }
    func update(elapsed: Double) -> ActivityState {
        self.elapsed.append(elapsed)
        log("update")
        remaining = max(0, remaining - 1)
        return remaining > 0 ? .active : .atRest
    }
}

// MARK: Token holding

/// What a token executor does with its generator when it receives the intention.
enum TokenMode: Sendable { case nothing, holdForever, startAndEnd }

struct Hold: Intention {
    var mode: TokenMode = .nothing
    static var executorType: any Executor.Type { TokenExecutor.self }
}

struct HoldB: Intention {
    static var executorType: any Executor.Type { TokenExecutorB.self }
}

class TokenExecutorBase: LoggingExecutor {
    var generator: ActivityTokenGenerator?
    var held: [ActivityToken] = []
    func setActivityTokenGenerator(_ generator: ActivityTokenGenerator) { self.generator = generator }
}

final class TokenExecutor: TokenExecutorBase, ContinuousExecuting {
    func add(_ intention: any Intention) {
        guard let hold = intention as? Hold, let generator else { return }
        switch hold.mode {
        case .nothing: break
        case .holdForever: held.append(generator.generate())
        case .startAndEnd: generator.generate().end()
        }
    }
}

final class TokenExecutorB: TokenExecutorBase, ContinuousExecuting {
    func add(_ intention: any Intention) {}
}

// MARK: Composition

/// Its executor emits `inner` for its own target.
struct Emit: Intention {
    var inner: [any Intention]
    static var executorType: any Executor.Type { EmitExecutor.self }
}

final class EmitExecutor: LoggingExecutor, PlanEmitting {
    var emitter: PlanEmitter?
    func setPlanEmitter(_ emitter: PlanEmitter) { self.emitter = emitter }
    func add(_ intention: any Intention) {
        guard let emit = intention as? Emit else { return }
        log("emit")
        for inner in emit.inner { emitter?.emit(inner) }
    }
}

// MARK: Tracing

final class RecordingTracer: Tracer {
    let log: Log
    init(log: Log) { self.log = log }
    func didAddPlan(_ intention: any Intention, to target: MotionTarget) {
        log("trace.didAddPlan:\(type(of: intention)):\(target.id)")
    }
    func didAddPlan(_ intention: any NamedIntention, named name: String, to target: MotionTarget) {
        log("trace.didAddPlanNamed:\(type(of: intention)):\(name):\(target.id)")
    }
    func didRemovePlan(named name: String, from target: MotionTarget) {
        log("trace.didRemovePlanNamed:\(name):\(target.id)")
    }
    func didCreateExecutor(_ executor: any Executor, for target: MotionTarget) {
        log("trace.didCreateExecutor:\(type(of: executor)):\(target.id)")
    }
    func didReleaseExecutor(_ executor: any Executor, for target: MotionTarget) {
        log("trace.didReleaseExecutor:\(type(of: executor)):\(target.id)")
    }
    func activityStateDidChange(_ state: ActivityState, for target: MotionTarget) {
        log("trace.target:\(target.id):\(state)")
    }
    func runtimeActivityStateDidChange(_ state: ActivityState) { log("trace.runtime:\(state)") }
}

/// An activity observer that appends each state to `states`.
final class StateRecorder {
    var states: [ActivityState] = []
    lazy var observer = ActivityObserver { [unowned self] in self.states.append($0) }
}
