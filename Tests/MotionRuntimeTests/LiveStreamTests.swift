import MotionCore
import MotionRuntime
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension TestWorld {
    /// Moves `frames` frames on.
    func step(_ frames: Int = 1) {
        advance(toFrame: clock.frame + frames)
    }

    /// A one-layer channel whose position starts at `position`.
    func layer(position: MotionValue) -> TestChannel {
        makeTarget("layer\(targets.count)", [.position: position]).1
    }
}

extension TestChannel {
    func property(_ path: PropertyPath) -> LayerChannelProperty {
        LayerChannelProperty(channel: self, path: path)
    }

    /// The presented position at frame `k`.
    func position(frame k: Int) -> MotionValue {
        model.value(layer: 0, property: .position, at: Double(k) / fps)
    }
}

/// The underdamped closed form of `m x'' = -k (x - d) - c x'`, written out here independently of
/// the library's solver: x(t) = d + e^(-c t / 2m) (A cos(w t) + B sin(w t)).
func underdampedSpring(x0: Double, v0: Double, d: Double, k: Double, c: Double, m: Double, t: Double) -> Double {
    let decay = c / (2 * m)
    let w = (k / m - decay * decay).squareRoot()
    let a = x0 - d
    let b = (v0 + decay * a) / w
    return d + exp(-decay * t) * (a * cos(w * t) + b * sin(w * t))
}

/// Stream sources on the render server and on frames, their operators, and live gestures.
@Suite struct LiveStreamTests {
    let world = TestWorld()
    var clock: SimulatedClock { world.clock }

    /// Runs `stream` written to position.x (or the whole position) and returns the presented
    /// position at every frame up to `frames`.
    func trace(_ make: (any FrameClock) -> MotionObservable<MotionValue>, path: PropertyPath, frames: Int)
        -> [MotionValue]
    {
        let world = TestWorld()
        world.step(6)
        let recorder = world.layer(position: .point(5, 7))
        let runtime = world.runtime
        runtime.write(make(world.clock), to: recorder.property(path))
        var values: [MotionValue] = [recorder.position(frame: 6)]
        for k in 7...frames {
            world.step()
            values.append(recorder.position(frame: k))
        }
        #expect(!runtime.isActive)
        return values
    }

    @Test("a spring's x gives the same trace from a render-server source and a frame-driven one")
    func springSourcesAgree() {
        let spring = SpringMotion(from: .point(5, 7), to: .point(200, -40), initialVelocity: .point(-300, 80))
        let server = trace({ renderServerSpringSource(spring, clock: $0).x() }, path: PropertyPath(.position, component: 0), frames: 120)
        let frames = trace({ frameSpringSource(spring, clock: $0).x() }, path: PropertyPath(.position, component: 0), frames: 120)
        #expect(server.count == 115)
        for (a, b) in zip(server, frames) {
            #expect(abs(a[0] - b[0]) <= 1e-9)
            #expect(a[1] == 7)
            #expect(b[1] == 7)
        }
        // And both are the closed-form spring of x, started at frame 6.
        for (i, value) in server.enumerated() where i < 30 {
            let expected = underdampedSpring(x0: 5, v0: -300, d: 200, k: 342, c: 30, m: 1, t: Double(i) / 60)
            #expect(abs(value[0] - expected) <= 1e-9)
        }
        #expect(server.last?[0] == 200)
    }

    @Test("a tween's y gives the same trace from both sources, delay included")
    func tweenSourcesAgree() {
        let tween = TweenMotion(
            from: .point(0, 0), to: .point(10, 90), duration: 0.5, delay: 0.1, curve: .cubicBezier(x1: 0.42, y1: 0, x2: 0.58, y2: 1))
        let path = PropertyPath(.position, component: 1)
        let server = trace({ renderServerTweenSource(tween, clock: $0).y() }, path: path, frames: 60)
        let frames = trace({ frameTweenSource(tween, clock: $0).y() }, path: path, frames: 60)
        for (a, b) in zip(server, frames) { #expect(abs(a[1] - b[1]) <= 1e-12) }
        #expect(server[3][1] == 0)
        #expect(server.last?[1] == 90)
        // Halfway through an ease-in-out tween the value is halfway.
        #expect(abs(server[6 + 15][1] - 45) <= 1e-9)
    }

    /// Both sources subscribe at 0.1 s (frame 6): a jump after 0.2 s of delay, and the end of a
    /// 0.2 s tween, are at 0.1 + 0.2 s, the frame at 0.3 s (frame 18), not the one after.
    @Test("tween sources change on the frame of a decimal sum of times")
    func tweenSourcesLandOnDecimalFrames() {
        let jump = TweenMotion(from: .point(0, 0), to: .point(10, 90), duration: 0, delay: 0.2)
        let ramp = TweenMotion(from: .point(0, 0), to: .point(10, 90), duration: 0.2)
        let path = PropertyPath(.position, component: 1)
        for tween in [jump, ramp] {
            let sources: [(any FrameClock) -> MotionObservable<MotionValue>] = [
                { renderServerTweenSource(tween, clock: $0) }, { frameTweenSource(tween, clock: $0) },
            ]
            for source in sources {
                let values = trace({ source($0).y() }, path: path, frames: 24)
                // values[k - 6] is frame k.
                #expect(values[11][1] < 90 && values[12][1] == 90, "\(tween)")
            }
        }
    }

    /// A render-server tween source subscribed at 0.1 s for 0.2 s is at rest on the frame at
    /// 0.3 s (frame 18), where its value arrives, not a frame later.
    @Test func aRenderServerTweenSourceRestsOnTheFrameOfItsDecimalEnd() {
        let world = TestWorld()
        world.step(6)
        let recorder = world.layer(position: .point(5, 7))
        let ramp = TweenMotion(from: .point(0, 0), to: .point(10, 90), duration: 0.2)
        world.runtime.write(renderServerTweenSource(ramp, clock: world.clock), to: recorder.property(PropertyPath(.position)))
        world.step(11)
        #expect(world.runtime.isActive)
        world.step()
        #expect(!world.runtime.isActive)
    }

    @Test("map maps next values, render-server animations and velocities; exact for affine maps")
    func affineMapAgrees() {
        let spring = SpringMotion(from: .point(5, 7), to: .point(50, 7), initialVelocity: .point(100, 0))
        let map: (MotionValue) -> MotionValue = { .scalar(2 * $0[0] + 1) }
        let path = PropertyPath(.position, component: 0)
        let server = trace({ renderServerSpringSource(spring, clock: $0).map(map) }, path: path, frames: 90)
        let frames = trace({ frameSpringSource(spring, clock: $0).map(map) }, path: path, frames: 90)
        for (a, b) in zip(server, frames) { #expect(abs(a[0] - b[0]) <= 1e-6) }
        for (i, value) in frames.enumerated() where i < 25 {
            let x = underdampedSpring(x0: 5, v0: 100, d: 50, k: 342, c: 30, m: 1, t: Double(i) / 60)
            #expect(abs(value[0] - (2 * x + 1)) <= 1e-9)
        }
    }

    @Test("the channel property scopes keys to its path and carries the event's initial velocity")
    func channelPropertyEvents() throws {
        let recorder = world.layer(position: .point(0, 0))
        let property = recorder.property(PropertyPath(.position))
        let spring = SpringAnimation(
            from: .point(0, 0), to: .point(10, 0), initialVelocity: .point(0, 0), stiffness: 342, damping: 30, mass: 1,
            beginTime: 0, threshold: 0.01)
        property.coreAnimation(
            .add(animation: Animation.spring(spring), key: "k", modelValue: .point(10, 0), initialVelocity: .point(40, 0)))
        property.coreAnimation(.remove(key: "k"))
        #expect(
            !property.coreAnimation(.add(animation: FadeAnimation(duration: 1), key: "f", modelValue: .point(0, 0), initialVelocity: nil)))
        #expect(recorder.events.count == 2)
        guard case .add(let key, _, .spring(let added), let model, let velocity) = recorder.events[0].action else {
            Issue.record("expected a spring add")
            return
        }
        #expect(key == "position/k")
        #expect(model == .point(10, 0))
        #expect(velocity == .point(40, 0))
        #expect(added.initialVelocity == .point(40, 0))
        #expect(recorder.events[1] == ChannelEvent(time: 0, layer: 0, action: .remove(key: "position/k")))
        #expect(property.modelValue == .point(10, 0))
    }

    @Test("an app's layer channel mirrors the presentation, forwards events to its layer and runs scheduled work on frames")
    func layerChannel() {
        var sent: [ChannelEvent] = []
        let channel = LayerChannel(layer: 3, initial: [.opacity: .scalar(0.5)], clock: clock) { sent.append($0) }
        let target = MotionTarget(id: "app", channel: channel)
        #expect(channel.presentedValue(of: PropertyPath(.opacity)) == .scalar(0.5))
        world.runtime.write(
            frameTweenSource(TweenMotion(from: .scalar(0.5), to: .scalar(1), duration: 0.5), clock: clock),
            to: LayerChannelProperty(channel: channel, path: PropertyPath(.opacity)))
        var ran: [Double] = []
        channel.schedule(at: 0.1, keepsAlive: false) { ran.append(self.clock.now) }
        world.step(30)
        #expect(ran == [6.0 / 60])
        #expect(sent.count == 31)
        #expect(sent.allSatisfy { $0.layer == 3 })
        #expect(sent.last == ChannelEvent(time: 0.5, layer: 3, action: .set(path: PropertyPath(.opacity), value: .scalar(1))))
        #expect(channel.presentedValue(of: PropertyPath(.opacity)) == .scalar(1))
        #expect(target.channel === channel)
    }

    @Test("a source unsubscribed early removes its animation and comes to rest; runtime activity follows")
    func earlyUnsubscribe() {
        let recorder = world.layer(position: .point(0, 0))
        let runtime = world.runtime
        var states: [ActivityState] = []
        let observer = ActivityObserver { states.append($0) }
        runtime.addActivityObserver(observer)
        let write = runtime.write(
            renderServerSpringSource(SpringMotion(from: .point(0, 0), to: .point(100, 0)), clock: clock),
            to: recorder.property(PropertyPath(.position)))
        #expect(runtime.isActive)
        #expect(clock.isListenedTo)
        world.step(3)
        write.unsubscribe()
        #expect(!runtime.isActive)
        #expect(!clock.isListenedTo)
        #expect(runtime.streamCount == 0)
        #expect(states == [.active, .atRest])
        #expect(recorder.events.last == ChannelEvent(time: 3.0 / 60, layer: 0, action: .remove(key: "position/spring")))
    }

    @Test(
        "a live pan drags the position, and its release velocity starts a spring",
        arguments: [TossInteraction.SpringSource.renderServer, .frames])
    func livePanIntoSpring(source: TossInteraction.SpringSource) {
        let recorder = world.layer(position: .point(100, 100))
        let runtime = world.runtime
        let gesture = GestureSource()
        let property = recorder.property(PropertyPath(.position))
        let toss = TossInteraction(
            runtime: runtime, gesture: gesture, position: property,
            spring: SpringMotion(
                from: .point(0, 0), to: .point(100, 100), parameters: SpringParameters(stiffness: 200, damping: 20, mass: 2)),
            source: source)
        world.step(2)
        gesture.begin(at: runtime.now)
        #expect(runtime.isActive)
        for k in 1...12 {
            world.step()
            gesture.change(translation: .point(Double(k) * 5, Double(k) * -2), at: runtime.now)
            #expect(recorder.position(frame: 2 + k) == .point(100 + Double(k) * 5, 100 - Double(k) * 2))
        }
        // The recognizer measured 300, -120 points per second at the release.
        let releaseFrame = 14
        gesture.end(at: runtime.now, velocity: .point(300, -120))
        #expect(runtime.isActive)
        for k in 0...60 {
            let t = Double(k) / 60
            let x = underdampedSpring(x0: 160, v0: 300, d: 100, k: 200, c: 20, m: 2, t: t)
            let y = underdampedSpring(x0: 76, v0: -120, d: 100, k: 200, c: 20, m: 2, t: t)
            let shown = recorder.position(frame: releaseFrame + k)
            #expect(abs(shown[0] - x) <= 1e-9 && abs(shown[1] - y) <= 1e-9, "frame \(k) after release")
            #expect(abs(toss.presentedValue[0] - x) <= 1e-9)
            world.step()
        }
        world.step(300)
        #expect(!runtime.isActive)
        #expect(recorder.position(frame: clock.frame) == .point(100, 100))
    }

    @Test("a live pan drives the Tossable intention: dragged on every report, then a spring with the release velocity")
    func livePanTossableIntention() {
        let (card, channel) = world.makeTarget("card", [.position: .point(100, 100)])
        let pan = GestureSource()
        card.addGestureSource(pan, kind: .pan)
        let parameters = SpringParameters(stiffness: 200, damping: 20, mass: 2)
        world.runtime.add(Tossable(destination: .point(100, 100), parameters: parameters), to: card)
        world.step(2)
        pan.begin(at: world.now)
        #expect(world.runtime.isActive)
        for k in 1...12 {
            world.step()
            pan.change(translation: .point(Double(k) * 5, Double(k) * -2), at: world.now)
            #expect(channel.value(.position, at: world.now) == .point(100 + Double(k) * 5, 100 - Double(k) * 2))
        }
        let release = world.now
        pan.end(at: release, velocity: .point(300, -120))
        for k in 0...60 {
            let t = Double(k) / 60
            let x = underdampedSpring(x0: 160, v0: 300, d: 100, k: 200, c: 20, m: 2, t: t)
            let y = underdampedSpring(x0: 76, v0: -120, d: 100, k: 200, c: 20, m: 2, t: t)
            let shown = channel.value(.position, at: release + t)
            #expect(abs(shown[0] - x) <= 1e-9 && abs(shown[1] - y) <= 1e-9, "\(k) frames after release")
        }
        world.step(300)
        #expect(!world.runtime.isActive)
        #expect(channel.value(.position, at: world.now) == .point(100, 100))
        // A second pan on the same source drives the card again, from where it rests.
        pan.begin(at: world.now)
        world.step()
        pan.change(translation: .point(-10, 0), at: world.now)
        #expect(channel.value(.position, at: world.now) == .point(90, 100))
        pan.cancel(at: world.now)
        world.step(300)
        #expect(channel.value(.position, at: world.now) == .point(100, 100))
    }

    @Test("built-in executors are released 0.5 s after rest and made again by later work with their state intact")
    func storedExecutorsSurviveCollection() throws {
        let (card, channel) = world.makeTarget("card", [.position: .point(0, 0)])
        let pan = GestureSource()
        card.addGestureSource(pan, kind: .pan)
        let runtime = world.runtime
        runtime.add(Draggable(), to: card)
        runtime.add(Spring(property: PropertyPath(.position), destination: .point(0, 0)), to: card)
        #expect(runtime.executorCount == 2)
        // Both came to rest at once (nothing to do); 29 frames later they are kept, at 30 released.
        world.step(29)
        runtime.collectGarbage()
        #expect(runtime.executorCount == 2)
        world.step()
        runtime.collectGarbage()
        #expect(runtime.executorCount == 0)
        // The pan still drives the card, and its release still springs back: the state (the
        // gesture's source, the spring's destination) was in the target's store.
        pan.begin(at: world.now)
        #expect(runtime.executorCount == 1)
        world.step()
        pan.change(translation: .point(40, 0), at: world.now)
        #expect(channel.value(.position, at: world.now) == .point(40, 0))
        let release = world.now
        pan.end(at: release, velocity: .point(-100, 0))
        #expect(runtime.executorCount == 2)
        for k in 0...20 {
            let t = Double(k) / 60
            let x = underdampedSpring(x0: 40, v0: -100, d: 0, k: 342, c: 30, m: 1, t: t)
            #expect(abs(channel.value(.position, at: release + t)[0] - x) <= 1e-9)
        }
        world.step(120)
        #expect(!runtime.isActive)
        // A new spring destination reaches the core through a new handle.
        runtime.add(Spring(property: PropertyPath(.position), destination: .point(10, 0)), to: card)
        world.step(120)
        #expect(channel.value(.position, at: world.now) == .point(10, 0))
        _ = try #require(runtime.executors(of: card).first { $0 is PhysicsExecutor })
    }

    @Test("a pan that begins while the spring runs catches the position where it shows")
    func catchMidSpring() {
        let recorder = world.layer(position: .point(0, 0))
        let runtime = world.runtime
        let gesture = GestureSource()
        let toss = TossInteraction(
            runtime: runtime, gesture: gesture, position: recorder.property(PropertyPath(.position)),
            spring: SpringMotion(from: .point(0, 0), to: .point(0, 0)))
        gesture.begin(at: 0)
        world.step()
        gesture.change(translation: .point(50, 0), at: runtime.now)
        gesture.end(at: runtime.now, velocity: .point(0, 0))
        world.step(5)
        let caught = underdampedSpring(x0: 50, v0: 0, d: 0, k: 342, c: 30, m: 1, t: 5.0 / 60)
        gesture.begin(at: runtime.now)
        #expect(abs(toss.presentedValue[0] - caught) <= 1e-9)
        #expect(abs(recorder.position(frame: 6)[0] - caught) <= 1e-9)
        world.step(30)
        #expect(abs(recorder.position(frame: 36)[0] - caught) <= 1e-9)
        #expect(runtime.isActive)
        gesture.cancel(at: runtime.now)
        world.step(180)
        #expect(!runtime.isActive)
    }

    @Test("gesture velocities are the slope of the last two reports unless the recognizer gives one")
    func gestureVelocities() {
        let gesture = GestureSource()
        var seen: [GestureEvent] = []
        let subscription = gesture.stream.subscribe(next: { seen.append($0) })
        gesture.change(translation: .point(1, 1), at: 0)
        #expect(seen.isEmpty)
        gesture.begin(at: 1)
        gesture.change(translation: .point(10, -5), scale: 1.5, angle: 30, at: 1.5)
        gesture.change(translation: .point(12, -5), scale: 2, angle: 30, at: 2)
        gesture.end(at: 2.1)
        #expect(seen.map(\.phase) == [.began, .changed, .changed, .ended])
        #expect(seen[1].velocity == .point(20, -10))
        #expect(seen[1].scaleVelocity == 1)
        #expect(seen[1].angularVelocity == 60)
        #expect(seen[3].velocity == .point(4, 0))
        #expect(seen[3].translation == .point(12, -5))
        #expect(!gesture.isActive)
        subscription.unsubscribe()
    }

    @Test("a recorded input replays as began, changed and ended reports with its release velocity")
    func recordedInputIsAProducer() {
        let input = PiecewiseLinearInput(samples: [.point(0, 0), .point(30, 0), .point(30, 60)], start: 0.5, duration: 1)
        let gesture = GestureSource()
        var seen: [GestureEvent] = []
        let subscription = gesture.stream.subscribe(next: { seen.append($0) })
        for t in [0.25, 0.5, 0.75, 1.25, 1.5, 1.75] { gesture.follow(input, kind: .pan, at: t) }
        #expect(seen.map(\.phase) == [.began, .changed, .changed, .ended])
        #expect(seen.map(\.time) == [0.5, 0.75, 1.25, 1.5])
        #expect(seen[1].translation == .point(15, 0))
        #expect(seen[1].velocity == .point(60, 0))
        #expect(seen[2].translation == .point(30, 30))
        #expect(seen[3].velocity == .point(0, 120))
        subscription.unsubscribe()
    }
}

/// The streams runtime's aggregate state.
@Suite struct AggregateStateTests {
    @Test("equal states in a row from one stream count once; the aggregate is read-only and heard on change")
    func tokenDedupe() {
        let runtime = StreamRuntime()
        let first = TestSource<Int>()
        let second = TestSource<Int>()
        var heard: [ActivityState] = []
        let subscription = runtime.observeAggregateState { heard.append($0) }
        runtime.write(first.stream, to: ReactiveProperty(initialValue: 0))
        let secondWrite = runtime.write(second.stream, to: ReactiveProperty(initialValue: 0))
        first.state(.active)
        first.state(.active)
        second.state(.active)
        first.state(.atRest)
        #expect(runtime.aggregateState == .active)
        second.state(.atRest)
        second.state(.atRest)
        #expect(runtime.aggregateState == .atRest)
        first.state(.active)
        first.state(.atRest)
        first.state(.atRest)
        second.state(.active)
        secondWrite.unsubscribe()
        #expect(second.disconnects == 1)
        second.state(.active)
        #expect(runtime.aggregateState == .atRest)
        #expect(heard == [.atRest, .active, .atRest, .active, .atRest, .active, .atRest])
        subscription.unsubscribe()
    }
}
