import Dispatch
import MotionCore
import Testing

@testable import MotionRuntime

/// The per-target property store and the clocks.
@Suite struct StoreAndClockTests {
    @Test("the store keeps typed values and velocities per name")
    func typedValues() {
        let store = PropertyStore()
        let opacity = PropertyKey<Double>("opacity")
        store[opacity] = 0.5
        store.setVelocity(2, of: opacity)
        #expect(store[opacity] == 0.5)
        #expect(store.velocity(of: opacity) == 2)
        #expect(store[PropertyKey<String>("opacity")] == nil)
        #expect(store[PropertyKey<Double>("scale")] == nil)
        store[PropertyKey<Double>("scale")] = 1
        #expect(store.names == ["opacity", "scale"])
        store[opacity] = nil
        #expect(!store.hasValue(named: "opacity"))
        #expect(store.velocity(of: opacity) == 2)
    }

    @Test("store observers hear value writes until unsubscribed; velocity writes are silent")
    func observers() {
        let store = PropertyStore()
        let opacity = PropertyKey<Double>("opacity")
        var values: [Double] = []
        var names: [String] = []
        let byKey = store.observe(opacity) { values.append($0) }
        let all = store.observeAll { names.append($0) }
        store[opacity] = 1
        store.setVelocity(3, of: opacity)
        store[PropertyKey<Double>("scale")] = 2
        byKey.unsubscribe()
        store[opacity] = 0
        #expect(values == [1])
        #expect(names == ["opacity", "scale", "opacity"])
        all.unsubscribe()
    }

    @Test("executors of one target share its store, across executor types")
    func sharedAcrossExecutors() {
        let log = Log()
        let target = makeTarget("t", log: log)
        let (runtime, _) = makeRuntime()
        runtime.add(Mark(text: "from mark"), to: target)
        runtime.add(Plain(), to: target)
        #expect(runtime.executors(of: target).count == 2)
        #expect(target.properties[markKey] == "from mark")
        #expect(log.entries == ["t.add:from mark", "t.plain.add"])
    }

    @Test("a target keeps one core per stored executor type, beside its store, whatever the number of types")
    func coresKeptByTarget() {
        let target = MotionTarget(id: "t")
        // Six core types: more than the three a target keeps in place.
        let first: [AnyObject] = [
            TweenExecutor(target: target).core, PhysicsExecutor(target: target).core, GestureExecutor(target: target).core,
            ShapeExecutor(target: target).core, LinkExecutor(target: target).core, CompositeExecutor(target: target).core,
        ]
        let again: [AnyObject] = [
            TweenExecutor(target: target).core, PhysicsExecutor(target: target).core, GestureExecutor(target: target).core,
            ShapeExecutor(target: target).core, LinkExecutor(target: target).core, CompositeExecutor(target: target).core,
        ]
        #expect(Set(first.map(ObjectIdentifier.init)).count == 6)
        #expect(zip(first, again).allSatisfy { $0 === $1 })
        // The store holds no core: only what executors and apps write to it.
        #expect(!target.properties.names.contains { $0.hasPrefix("motionc.executor.") })
        let other = MotionTarget(id: "u")
        #expect(TweenExecutor(target: other).core !== first[0])
    }

    @Test("a physics core made before its target's store hears the gesture signals written to it, before later observers")
    func gestureSignalsReachACoreMadeBeforeTheStore() {
        let world = TestWorld()
        let (box, channel) = world.makeTarget("box", [.position: .point(0, 0)])
        world.runtime.add(Spring(property: PropertyPath(.position), destination: .point(100, 0)), to: box)
        world.advance(to: 0.1)
        #expect(!box.properties.names.contains(GestureSignal.key.name))
        // The store is made by this observe, after the core asked for the signals.
        var eventsSeenByApp: [Int] = []
        let subscription = box.properties.observe(GestureSignal.key) { _ in eventsSeenByApp.append(channel.events.count) }
        let before = channel.events.count
        box.properties[GestureSignal.key] = GestureSignal(phase: .began, property: .position, time: world.now)
        // The core followed the gesture first: its spring was removed before the app heard the signal.
        guard case .remove(let key)? = channel.events.last?.action else {
            Issue.record("the spring was not removed")
            return
        }
        #expect(key == "physics:position")
        #expect(eventsSeenByApp == [before + 1])
        subscription.unsubscribe()
    }

    @Test("simulated time is frame / fps exactly, never an accumulated sum", arguments: [24.0, 30, 60, 120])
    func simulatedTimeIsExact(fps: Double) {
        let clock = SimulatedClock(fps: fps)
        var times: [Double] = []
        let subscription = clock.subscribe { times.append($0) }
        clock.advance(frames: 1000)
        subscription.unsubscribe()
        #expect(times == (1...1000).map { Double($0) / fps })
        #expect(clock.now == 1000 / fps)
        #expect(!clock.isListenedTo)
    }

    @Test("advancing by seconds rounds to whole frames", arguments: [(0.5, 30), (0.51, 31), (1.0 / 3, 20), (-1, 0)])
    func advanceBySeconds(seconds: Double, frames: Int) {
        let clock = SimulatedClock(fps: 60)
        clock.advance(seconds: seconds)
        #expect(clock.frame == frames)
    }

    @Test("a real-time clock ticks on its queue while subscribed", .timeLimit(.minutes(1)))
    func realTimeClockTicks() async {
        let queue = DispatchQueue(label: "RealTimeClock test")
        let times = await withCheckedContinuation { (done: CheckedContinuation<[Double], Never>) in
            queue.async {
                let clock = RealTimeClock(fps: 200, queue: queue)
                var times: [Double] = []
                var subscription: Subscription?
                subscription = clock.subscribe { time in
                    times.append(time)
                    if times.count == 3 {
                        subscription?.unsubscribe()  // also breaks the clock -> handler -> clock cycle
                        _ = clock
                        done.resume(returning: times)
                    }
                }
            }
        }
        #expect(times.count == 3)
        #expect(times == times.sorted())
    }
}

/// A runtime on the real-time clock (run under ThreadSanitizer by .ci/run, with this suite).
extension StoreAndClockTests {
    /// What the real-time run saw, handed back from its queue.
    struct RealTimeRun: Sendable {
        var releaseTime = 0.0
        var releaseValue = 0.0
        var sets: [(time: Double, x: Double)] = []
        var restingValue = MotionValue.scalar(0)
        var listening = true
    }

    @Test(
        "a runtime on the real-time clock: a live pan fed at its frames tosses into a frame-driven spring",
        .timeLimit(.minutes(1)))
    func realTimeRuntime() async {
        let queue = DispatchQueue(label: "RealTimeClock runtime test")
        let run = await withCheckedContinuation { (done: CheckedContinuation<RealTimeRun, Never>) in
            queue.async {
                let clock = RealTimeClock(fps: 120, queue: queue)
                let runtime = Runtime(clock: clock)
                var result = RealTimeRun()
                var released = false
                let layer = LayerChannel(layer: 0, initial: [.position: .point(0, 0)], clock: clock) { event in
                    if released, case .set(_, let value) = event.action { result.sets.append((event.time, value[0])) }
                }
                let pan = GestureSource()
                let toss = TossInteraction(
                    runtime: runtime, gesture: pan, position: LayerChannelProperty(channel: layer, path: PropertyPath(.position)),
                    spring: SpringMotion(from: .point(0, 0), to: .point(0, 0)), source: .frames)
                var reports = 0
                var feed: Subscription?
                var finish: ActivityObserver?
                finish = ActivityObserver { state in
                    guard released, state == .atRest, let observer = finish else { return }
                    runtime.removeActivityObserver(observer)
                    result.restingValue = toss.presentedValue
                    result.listening = runtime.isListeningToClock
                    finish = nil
                    done.resume(returning: result)
                }
                if let finish { runtime.addActivityObserver(finish) }
                // Touches are handled at the start of a frame, so everything sees the frame's time.
                feed = clock.subscribe { now in
                    reports += 1
                    if reports == 1 {
                        pan.begin(at: now)
                    } else if reports < 6 {
                        pan.change(translation: .point(Double(reports) * 10, 0), at: now)
                    } else {
                        released = true
                        result.releaseTime = now
                        result.releaseValue = layer.presentedValue(of: PropertyPath(.position, component: 0))[0]
                        pan.end(at: now, velocity: .point(200, 0))
                        feed?.unsubscribe()
                    }
                }
            }
        }
        #expect(run.releaseValue == 50)
        #expect(!run.sets.isEmpty)
        for (time, x) in run.sets where time - run.releaseTime < 0.5 {
            let expected = underdampedSpring(x0: 50, v0: 200, d: 0, k: 342, c: 30, m: 1, t: time - run.releaseTime)
            #expect(abs(x - expected) <= 1e-9)
        }
        #expect(run.restingValue == .point(0, 0))
        #expect(!run.listening)
    }
}
