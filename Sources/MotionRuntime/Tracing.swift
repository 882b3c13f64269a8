/// An observer of everything a ``Runtime`` does, for logs, traces and debuggers.
///
/// Every method has an empty default implementation; implement those you need. Order rules:
/// ``didCreateExecutor(_:for:)`` comes before the executor receives its first intention; the
/// executor's own callback (`add`, `add(_:named:)`, `removeIntention(named:)`) always comes before
/// the matching `didAddPlan`/`didRemovePlan` event, which is sent when the add or remove is about
/// to return; activity events reach tracers before activity observers.
public protocol Tracer: AnyObject {
    /// `intention` was added to `target` without a name.
    func didAddPlan(_ intention: any Intention, to target: MotionTarget)
    /// `intention` was added to `target` under `name`.
    func didAddPlan(_ intention: any NamedIntention, named name: String, to target: MotionTarget)
    /// The intention named `name` was removed from `target`, explicitly or because another took its name.
    ///
    /// Not sent for a name the target did not hold.
    func didRemovePlan(named name: String, from target: MotionTarget)
    /// The runtime created `executor` for `target`.
    func didCreateExecutor(_ executor: any Executor, for target: MotionTarget)
    /// The runtime released `executor` of `target` (garbage collection or tear down).
    func didReleaseExecutor(_ executor: any Executor, for target: MotionTarget)
    /// `target` became active or came to rest.
    func activityStateDidChange(_ state: ActivityState, for target: MotionTarget)
    /// The runtime as a whole became active or came to rest.
    func runtimeActivityStateDidChange(_ state: ActivityState)
}

extension Tracer {
    /// Does nothing.
    public func didAddPlan(_ intention: any Intention, to target: MotionTarget) {}
    /// Does nothing.
    public func didAddPlan(_ intention: any NamedIntention, named name: String, to target: MotionTarget) {}
    /// Does nothing.
    public func didRemovePlan(named name: String, from target: MotionTarget) {}
    /// Does nothing.
    public func didCreateExecutor(_ executor: any Executor, for target: MotionTarget) {}
    /// Does nothing.
    public func didReleaseExecutor(_ executor: any Executor, for target: MotionTarget) {}
    /// Does nothing.
    public func activityStateDidChange(_ state: ActivityState, for target: MotionTarget) {}
    /// Does nothing.
    public func runtimeActivityStateDidChange(_ state: ActivityState) {}
}

/// A callback for activity changes, registered by identity with a ``Runtime``.
///
/// The same observer object registered twice is notified once; it is called only when the state
/// it watches changes.
public final class ActivityObserver {
    let body: (ActivityState) -> Void

    /// Creates an observer that calls `body` with each new state.
    public init(_ body: @escaping (ActivityState) -> Void) {
        self.body = body
    }
}
