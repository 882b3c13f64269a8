/// A typed key into a ``PropertyStore``: a property name and the type of its values.
///
/// The name alone identifies the slot; reading a slot through a key of another value type gives
/// `nil`.
public struct PropertyKey<Value>: Hashable, Sendable, CustomStringConvertible {
    /// The property's name, e.g. `"opacity"` or `"position"`.
    public let name: String

    /// Creates the key of the property `name`.
    public init(_ name: String) {
        self.name = name
    }

    /// The name.
    public var description: String { name }
}

/// The state that all executors of one target share: a model value and a velocity per property.
///
/// This store is how executors of different types share state: a spring executor reads the velocity
/// a drag executor left, a tween starts from the value a spring ended on, and an executor created
/// after garbage collection finds the values its predecessor wrote instead of resetting the target.
///
/// Values are written through typed ``PropertyKey``s. Observers of a key hear every write of its
/// model value (not of its velocity), synchronously and in subscription order; that is how an app
/// or a recorder applies values to what is on screen.
public final class PropertyStore {
    private struct Slot {
        var value: Any?
        var velocity: Any?
    }

    private var slots: [String: Slot] = [:]
    private var order: [String] = []
    /// Observers of one key each, in subscription order: a list rather than a table per key, as a
    /// target has a few (its physics and shape executors, an app's).
    private var keyObservers: [KeyObserver] = []
    private var allObservers: [(id: Int, body: (String) -> Void)] = []
    private var nextObserverID = 0

    /// Creates an empty store.
    public init() {}

    /// The names of the properties that have ever been written, in first-write order.
    public var names: [String] { order }

    /// The model value of `key`, or `nil` if none was written or it has another type.
    ///
    /// Setting notifies the key's observers and the store-wide observers; setting `nil` removes
    /// the value (observers of the key are not called, store-wide observers are).
    /// - Complexity: O(1) to read; a write is O(number of observers).
    public subscript<Value>(key: PropertyKey<Value>) -> Value? {
        // An empty store (a target's first executor looking for its core) hashes nothing.
        get { slots.isEmpty ? nil : slots[key.name]?.value as? Value }
        set {
            // One lookup for the slot (a new one shows in the count); none for observers while
            // there are none (executors storing their cores and shared state write here once per
            // target).
            write(key.name) { $0.value = newValue }
            if let newValue, !keyObservers.isEmpty {
                for observer in keyObservers where observer.name == key.name {
                    switch observer.body {
                    case .closure(let body): body(newValue)
                    case .gestureSignals(let core): if let signal = newValue as? GestureSignal { core.gestureSignalDidChange(signal) }
                    }
                }
            }
            for observer in allObservers { observer.body(key.name) }
        }
    }

    /// The velocity last stored for `key` (units per second), or `nil`.
    public func velocity<Value>(of key: PropertyKey<Value>) -> Value? {
        slots.isEmpty ? nil : slots[key.name]?.velocity as? Value
    }

    /// Stores the velocity of `key`; `nil` clears it. Observers are not notified.
    public func setVelocity<Value>(_ velocity: Value?, of key: PropertyKey<Value>) {
        write(key.name) { $0.velocity = velocity }
    }

    /// Changes the slot `name` in place, making it (in first-write order) if it is new.
    ///
    /// - Complexity: O(1): one lookup; a new slot shows in the count.
    private func write(_ name: String, _ change: (inout Slot) -> Void) {
        reserveOnFirstWrite()
        let count = slots.count
        change(&slots[name, default: Slot()])
        if slots.count != count { order.append(name) }
    }

    /// Whether a model value is stored under `name`, of whatever type.
    public func hasValue(named name: String) -> Bool {
        slots[name]?.value != nil
    }

    /// Calls `body` with every model value written to `key` from now on, until unsubscribed.
    ///
    /// Writes of a value of another type under the same name are not delivered.
    public func observe<Value>(_ key: PropertyKey<Value>, _ body: @escaping (Value) -> Void) -> Subscription {
        let id = makeObserverID()
        keyObservers.append(KeyObserver(name: key.name, id: id, body: .closure({ if let value = $0 as? Value { body(value) } })))
        return Subscription { [weak self] in
            self?.keyObservers.removeAll { $0.id == id }
        }
    }

    /// Tells `observer` every ``GestureSignal`` written from now on, for as long as the store lives.
    ///
    /// An observer of ``GestureSignal/key`` like one of ``observe(_:_:)``, in the same order, made
    /// without a closure or a ``Subscription``: the store holds `observer` (an executor core kept
    /// in this store, which holds its target `unowned`: no cycle).
    func observeGestureSignals(_ observer: any GestureSignalObserving) {
        keyObservers.append(KeyObserver(name: GestureSignal.key.name, id: makeObserverID(), body: .gestureSignals(observer)))
    }

    /// Calls `body` with the name of every property whose model value is written from now on.
    public func observeAll(_ body: @escaping (_ name: String) -> Void) -> Subscription {
        let id = makeObserverID()
        allObservers.append((id, body))
        return Subscription { [weak self] in
            self?.allObservers.removeAll { $0.id == id }
        }
    }

    /// Room for the few slots a target's executors write (their cores, the shared presentation,
    /// gesture state), made at the first write instead of growing the tables one slot at a time.
    private func reserveOnFirstWrite() {
        guard order.isEmpty else { return }
        slots.reserveCapacity(Self.initialCapacity)
        order.reserveCapacity(Self.initialCapacity)
    }

    /// Slots the tables hold before they first grow.
    private static let initialCapacity = 8

    private func makeObserverID() -> Int {
        nextObserverID += 1
        return nextObserverID
    }
}

/// An observer of one key of a ``PropertyStore``.
private struct KeyObserver {
    enum Body {
        /// An observer of ``PropertyStore/observe(_:_:)``.
        case closure((Any) -> Void)
        /// An executor core that follows gestures (``PropertyStore/observeGestureSignals(_:)``).
        case gestureSignals(any GestureSignalObserving)
    }

    let name: String
    let id: Int
    let body: Body
}

/// An executor core that follows the gesture signals written to its target's store.
protocol GestureSignalObserving: AnyObject {
    /// A gesture began or ended on a property of the target.
    func gestureSignalDidChange(_ signal: GestureSignal)
}
