import MotionCore

/// An animation that a render server plays on its own once added: opaque to streams.
///
/// The render server's own animations (`Animation`: keyframes and springs) are payloads; the
/// stream operators on streams of `MotionValue` (`map(_:)`, ``MotionObservable/x()``) map those, and pass other payloads through unchanged.
public protocol AnimationPayload: Sendable {}

extension Animation: AnimationPayload {}

/// An event of a stream's render-server channel: an animation added under a key, or a key removed.
///
/// A render-server stream emits the property's model value once on `next` and hands the motion
/// itself to the render server as a keyed animation; the animation cannot be changed afterwards,
/// only removed by key.
public enum CoreAnimationEvent<Value> {
    /// Add `animation` under `key`.
    ///
    /// `modelValue` is the value the property ends on, and `initialVelocity` the velocity it starts
    /// with, if any.
    case add(animation: any AnimationPayload, key: String, modelValue: Value, initialVelocity: Value?)
    /// Remove the animation added under `key`, if any.
    case remove(key: String)
}

/// A receiver of render-server channel events.
public typealias CoreAnimationChannel<Value> = (CoreAnimationEvent<Value>) -> Void

/// The three channels a ``MotionObservable`` delivers to.
public struct MotionObserver<Value> {
    /// Receives each value.
    public let next: (Value) -> Void
    /// Receives the stream's activity: ``ActivityState/active`` while it is moving.
    public let state: (ActivityState) -> Void
    /// Receives render-server animation events.
    public let coreAnimation: CoreAnimationChannel<Value>

    /// Creates an observer from its three channels; `state` and `coreAnimation` default to ignoring.
    public init(
        next: @escaping (Value) -> Void,
        state: @escaping (ActivityState) -> Void = { _ in },
        coreAnimation: @escaping CoreAnimationChannel<Value> = { _ in }
    ) {
        self.next = next
        self.state = state
        self.coreAnimation = coreAnimation
    }
}

/// A stream of motion values with `next`, `state` and `coreAnimation` channels and no completion.
///
/// Nothing happens until someone subscribes: each ``subscribe(_:)`` runs the connect closure once
/// and the returned ``Subscription`` runs its disconnect closure at most once.
public struct MotionObservable<Value> {
    /// Ends one connection.
    public typealias Disconnect = () -> Void
    /// Connects one observer to the source and returns how to disconnect it.
    public typealias Connect = (MotionObserver<Value>) -> Disconnect

    private let connect: Connect

    /// Creates a stream whose subscriptions run `connect`.
    public init(_ connect: @escaping Connect) {
        self.connect = connect
    }

    /// Connects `observer` to the source.
    public func subscribe(_ observer: MotionObserver<Value>) -> Subscription {
        Subscription(connect(observer))
    }

    /// Connects closures for the three channels to the source.
    public func subscribe(
        next: @escaping (Value) -> Void,
        state: @escaping (ActivityState) -> Void = { _ in },
        coreAnimation: @escaping CoreAnimationChannel<Value> = { _ in }
    ) -> Subscription {
        subscribe(MotionObserver(next: next, state: state, coreAnimation: coreAnimation))
    }
}

/// Something a ``StreamRuntime`` can write a stream to.
public protocol WritableProperty<Value>: AnyObject {
    /// The type of the property's values.
    associatedtype Value

    /// Sets the property's value.
    func write(_ value: Value)

    /// Forwards a render-server event; returns `false` if the property has no render-server channel.
    @discardableResult
    func coreAnimation(_ event: CoreAnimationEvent<Value>) -> Bool
}

/// An observable value: writing it calls the external write (if any), then every observer.
///
/// The property does not watch what it wraps: changes made behind its back are not seen.
public final class ReactiveProperty<Value>: WritableProperty {
    private let externalWrite: ((Value) -> Void)?
    private let coreAnimationChannel: CoreAnimationChannel<Value>?
    private var observers: [(id: Int, body: (Value) -> Void)] = []
    private var nextID = 0

    /// The current value.
    public private(set) var value: Value

    /// Creates a property holding `initialValue`.
    ///
    /// - Parameters:
    ///   - initialValue: the value the property holds until the first write.
    ///   - externalWrite: called with every written value before observers are notified, e.g. to
    ///     set a layer's property.
    ///   - coreAnimation: where render-server events written to the property go.
    public init(
        initialValue: Value,
        externalWrite: ((Value) -> Void)? = nil,
        coreAnimation: CoreAnimationChannel<Value>? = nil
    ) {
        self.value = initialValue
        self.externalWrite = externalWrite
        self.coreAnimationChannel = coreAnimation
    }

    /// Sets the value, calls the external write, then each observer in subscription order.
    /// - Complexity: O(observers).
    public func write(_ value: Value) {
        self.value = value
        externalWrite?(value)
        for observer in observers { observer.body(value) }
    }

    /// Calls `next` with the current value now and with every later write, until unsubscribed.
    public func subscribe(_ next: @escaping (Value) -> Void) -> Subscription {
        nextID += 1
        let id = nextID
        observers.append((id, next))
        next(value)
        return Subscription { [weak self] in self?.observers.removeAll { $0.id == id } }
    }

    /// Whether render-server events have somewhere to go.
    public var supportsCoreAnimation: Bool { coreAnimationChannel != nil }

    /// Forwards `event` to the render-server channel given at creation.
    /// - Returns: `false`, and does nothing, if the property was created without one (a library
    ///   must not crash on it).
    @discardableResult
    public func coreAnimation(_ event: CoreAnimationEvent<Value>) -> Bool {
        guard let coreAnimationChannel else { return false }
        coreAnimationChannel(event)
        return true
    }

    /// The property as a stream of its values (current value first).
    public func asStream() -> MotionObservable<Value> {
        MotionObservable { observer in
            let subscription = self.subscribe(observer.next)
            return { subscription.unsubscribe() }
        }
    }
}

/// Writes streams to properties and reports whether any of them is active.
///
/// It is the runtime of streams, before intentions; a ``Runtime`` holds one.
///
/// Named `StreamRuntime` because a type named like its module (`MotionRuntime`) would shadow the
/// module name and break module-qualified names such as `MotionRuntime.Transaction` in clients.
/// A ``Runtime`` holds one and offers the same ``Runtime/write(_:to:)``: apps usually write
/// streams there, so that streams and intentions share one activity state.
///
/// Each ``write(_:to:)`` gets its own token; the stream's ``ActivityState/active`` inserts it into a
/// set, ``ActivityState/atRest`` removes it, so repeated equal states are harmless. Tokens only ever
/// meet the set of the runtime that made them, so a per-runtime counter makes them unique.
public final class StreamRuntime {
    private var subscriptions: [Int: Subscription] = [:]
    private var activeTokens: Set<Int> = []
    private var nextToken = 0
    private let aggregate = ReactiveProperty<ActivityState>(initialValue: .atRest)

    /// Creates a runtime with no streams, at rest.
    public init() {}

    /// ``ActivityState/active`` while any written stream's last state was active.
    ///
    /// Read-only: only the written streams' states change it.
    public var aggregateState: ActivityState { aggregate.value }

    /// The same as ``aggregateState``.
    public var state: ActivityState { aggregate.value }

    /// Calls `body` with the aggregate state now and with every change of it, until unsubscribed.
    ///
    /// It never calls twice in a row with the same state.
    public func observeAggregateState(_ body: @escaping (ActivityState) -> Void) -> Subscription {
        aggregate.subscribe(body)
    }

    /// How many streams are currently written.
    public var subscriptionCount: Int { subscriptions.count }

    /// Subscribes to `stream` and keeps the subscription, writing the stream to `property`.
    ///
    /// Every `next` value is written to `property`, every render-server event forwarded to it, and
    /// `state` joins the aggregate.
    ///
    /// - Returns: the write; unsubscribing it disconnects the stream and drops its state from the
    ///   aggregate (e.g. to hand a property from a drag to a spring). Dropping it does nothing.
    @discardableResult
    public func write<Property: WritableProperty>(_ stream: MotionObservable<Property.Value>, to property: Property)
        -> Subscription
    {
        nextToken += 1
        let token = nextToken
        subscriptions[token] = Subscription {}
        // Once cut, a write hears nothing more, even from a source still mid-delivery.
        let subscription = stream.subscribe(
            next: { [weak self] value in if self?.subscriptions[token] != nil { property.write(value) } },
            state: { [weak self] state in self?.stream(token, didChangeTo: state) },
            coreAnimation: { [weak self] event in if self?.subscriptions[token] != nil { property.coreAnimation(event) } })
        if subscriptions[token] != nil {
            subscriptions[token] = subscription
        } else {
            subscription.unsubscribe()
        }
        return Subscription { [weak self] in self?.cut(token) }
    }

    /// Unsubscribes from every stream and comes to rest (telling aggregate observers if it was active).
    public func tearDown() {
        // Sources hear the disconnect first, so what they send on it (a `remove`) still arrives.
        for token in subscriptions.keys.sorted() { subscriptions[token]?.unsubscribe() }
        subscriptions = [:]
        activeTokens = []
        publish()
    }

    private func cut(_ token: Int) {
        guard let subscription = subscriptions[token] else { return }
        subscription.unsubscribe()
        subscriptions[token] = nil
        activeTokens.remove(token)
        publish()
    }

    private func stream(_ token: Int, didChangeTo state: ActivityState) {
        guard subscriptions[token] != nil else { return }
        switch state {
        case .active: activeTokens.insert(token)
        case .atRest: activeTokens.remove(token)
        }
        publish()
    }

    private func publish() {
        let state: ActivityState = activeTokens.isEmpty ? .atRest : .active
        if state != aggregate.value { aggregate.write(state) }
    }
}
