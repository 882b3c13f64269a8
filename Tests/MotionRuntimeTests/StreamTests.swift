import MotionRuntime
import Testing

/// A hand-driven stream source: tests push values and states to whoever is subscribed.
final class TestSource<Value> {
    private var observers: [Int: MotionObserver<Value>] = [:]
    private var nextID = 0
    var disconnects = 0

    var stream: MotionObservable<Value> {
        MotionObservable { observer in
            self.nextID += 1
            let id = self.nextID
            self.observers[id] = observer
            return {
                self.disconnects += 1
                self.observers[id] = nil
            }
        }
    }

    func next(_ value: Value) { for observer in observers.values { observer.next(value) } }
    func state(_ state: ActivityState) { for observer in observers.values { observer.state(state) } }
    func coreAnimation(_ event: CoreAnimationEvent<Value>) {
        for observer in observers.values { observer.coreAnimation(event) }
    }
}

struct FadeAnimation: AnimationPayload, Equatable {
    var duration: Double
}

/// Describes a render-server event for comparison.
func describe<Value>(_ event: CoreAnimationEvent<Value>) -> String {
    switch event {
    case .add(let animation, let key, let modelValue, let initialVelocity):
        "add \(animation) \(key) \(modelValue) \(initialVelocity.map { "\($0)" } ?? "nil")"
    case .remove(let key):
        "remove \(key)"
    }
}

/// StreamRuntime, ported from material-motion-js MotionRuntime.test.ts (a stream written to a property, mapped and aggregated).
@Suite struct StreamRuntimeTests {
    let runtime = StreamRuntime()

    @Test("write forwards every next value to the property")
    func forwardsNextValues() {
        let source = TestSource<Int>()
        let property = ReactiveProperty(initialValue: 0)
        runtime.write(source.stream, to: property)
        var seen: [Int] = []
        let subscription = property.subscribe { seen.append($0) }
        source.next(1)
        source.next(2)
        #expect(seen == [0, 1, 2])
        #expect(property.value == 2)
        subscription.unsubscribe()
    }

    @Test("starts at rest and next alone never makes it active")
    func nextAloneIsNotActivity() {
        #expect(runtime.state == .atRest)
        let source = TestSource<Int>()
        runtime.write(source.stream, to: ReactiveProperty(initialValue: 0))
        source.next(1)
        #expect(runtime.state == .atRest)
        source.state(.active)
        #expect(runtime.state == .active)
    }

    @Test("active if any stream is active, at rest only when all are")
    func aggregateOverStreams() {
        let first = TestSource<Int>()
        let second = TestSource<Int>()
        runtime.write(first.stream, to: ReactiveProperty(initialValue: 0))
        runtime.write(second.stream, to: ReactiveProperty(initialValue: 0))
        first.state(.active)
        second.state(.active)
        first.state(.atRest)
        #expect(runtime.state == .active)
        second.state(.atRest)
        #expect(runtime.state == .atRest)
    }

    @Test(
        "imbalanced states are deduplicated by token",
        arguments: [
            ([ActivityState.atRest, .atRest, .active], ActivityState.active),
            ([.atRest, .atRest, .active, .active], .active),
            ([.atRest, .atRest, .active, .active, .atRest], .atRest),
        ])
    func imbalancedStates(states: [ActivityState], expected: ActivityState) {
        let source = TestSource<Int>()
        runtime.write(source.stream, to: ReactiveProperty(initialValue: 0))
        for state in states { source.state(state) }
        #expect(runtime.state == expected)
    }

    @Test("the aggregate property is written only when the aggregate changes, as often as it does")
    func aggregateWrittenOnChange() {
        let first = TestSource<Int>()
        let second = TestSource<Int>()
        runtime.write(first.stream, to: ReactiveProperty(initialValue: 0))
        runtime.write(second.stream, to: ReactiveProperty(initialValue: 0))
        var seen: [ActivityState] = []
        let subscription = runtime.observeAggregateState { seen.append($0) }
        first.state(.active)
        second.state(.active)
        first.state(.atRest)
        second.state(.atRest)
        first.state(.active)
        first.state(.atRest)
        #expect(seen == [.atRest, .active, .atRest, .active, .atRest])
        subscription.unsubscribe()
    }

    @Test("render-server events reach the property's channel")
    func coreAnimationForwarded() {
        let source = TestSource<Double>()
        var events: [String] = []
        let property = ReactiveProperty(initialValue: 0.0, coreAnimation: { events.append(describe($0)) })
        runtime.write(source.stream, to: property)
        source.next(1)
        source.coreAnimation(.add(animation: FadeAnimation(duration: 0.3), key: "fade", modelValue: 1, initialVelocity: nil))
        source.coreAnimation(.remove(key: "fade"))
        #expect(property.value == 1)
        #expect(events == ["add FadeAnimation(duration: 0.3) fade 1.0 nil", "remove fade"])
    }

    @Test("tearDown unsubscribes every stream once and comes to rest")
    func tearDownUnsubscribes() {
        let source = TestSource<Int>()
        let property = ReactiveProperty(initialValue: 0)
        runtime.write(source.stream, to: property)
        runtime.write(source.stream, to: property)
        source.state(.active)
        runtime.tearDown()
        runtime.tearDown()
        #expect(source.disconnects == 2)
        #expect(runtime.state == .atRest)
        #expect(runtime.subscriptionCount == 0)
        source.next(9)
        #expect(property.value == 0)
    }
}

/// ReactiveProperty and MotionObservable, ported from material-motion-swift.
@Suite struct ReactivePropertyTests {
    @Test("external write receives every write, before observers")
    func externalWrite() {
        var order: [String] = []
        let property = ReactiveProperty(initialValue: 10, externalWrite: { order.append("external \($0)") })
        let subscription = property.subscribe { order.append("observer \($0)") }
        property.write(5)
        property.write(10)
        #expect(order == ["observer 10", "external 5", "observer 5", "external 10", "observer 10"])
        subscription.unsubscribe()
    }

    @Test("subscribe emits the current value at once, then writes; unsubscribed observers hear nothing")
    func subscription() {
        let property = ReactiveProperty(initialValue: 10)
        var seen: [Int] = []
        let subscription = property.subscribe { seen.append($0) }
        property.write(5)
        subscription.unsubscribe()
        property.write(7)
        #expect(seen == [10, 5])
        #expect(!subscription.isSubscribed)
    }

    @Test("render-server events reach the channel given at creation; without one they are refused")
    func coreAnimationChannel() {
        var events: [String] = []
        let property = ReactiveProperty(initialValue: 0, coreAnimation: { events.append(describe($0)) })
        #expect(property.coreAnimation(.remove(key: "key")))
        #expect(events == ["remove key"])
        let plain = ReactiveProperty(initialValue: 0)
        #expect(!plain.supportsCoreAnimation)
        #expect(!plain.coreAnimation(.remove(key: "key")))
    }

    @Test("a property as a stream emits its current value and its writes")
    func asStream() {
        let property = ReactiveProperty(initialValue: 100)
        var seen: [Int] = []
        let subscription = property.asStream().subscribe(next: { seen.append($0) })
        property.write(100)
        subscription.unsubscribe()
        property.write(3)
        #expect(seen == [100, 100])
    }

    @Test("a stream delivers next, state and render-server events to their channels")
    func motionObservableChannels() {
        let source = TestSource<Int>()
        var seen: [String] = []
        let subscription = source.stream.subscribe(
            next: { seen.append("next \($0)") },
            state: { seen.append("state \($0)") },
            coreAnimation: { seen.append(describe($0)) })
        source.next(1)
        source.state(.active)
        source.coreAnimation(.add(animation: FadeAnimation(duration: 1), key: "k", modelValue: 2, initialVelocity: 3))
        #expect(seen == ["next 1", "state active", "add FadeAnimation(duration: 1.0) k 2 3"])
        subscription.unsubscribe()
    }

    @Test("unsubscribe runs disconnect exactly once")
    func disconnectOnce() {
        var disconnects = 0
        let stream = MotionObservable<Int> { _ in { disconnects += 1 } }
        let subscription = stream.subscribe(next: { _ in })
        subscription.unsubscribe()
        subscription.unsubscribe()
        #expect(disconnects == 1)
    }
}
