/// A connection to a source of events that can be cut exactly once.
///
/// Returned by ``MotionObservable/subscribe(next:state:coreAnimation:)``,
/// ``ReactiveProperty/subscribe(_:)``, ``FrameClock/subscribe(_:)`` and ``PropertyStore`` observers.
/// Dropping a subscription does **not** cut it: call ``unsubscribe()``.
public final class Subscription {
    private var disconnect: (() -> Void)?

    /// Creates a subscription that runs `disconnect` the first time it is unsubscribed.
    public init(_ disconnect: @escaping () -> Void) {
        self.disconnect = disconnect
    }

    /// Whether ``unsubscribe()`` has not been called yet.
    public var isSubscribed: Bool { disconnect != nil }

    /// Cuts the connection; runs the disconnect closure the first time only, later calls do nothing.
    public func unsubscribe() {
        guard let disconnect else { return }
        self.disconnect = nil
        disconnect()
    }
}
