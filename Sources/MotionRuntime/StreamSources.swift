import MotionCore

/// A spring motion for a stream source (docs/format.md §2.3).
///
/// It holds where the motion starts, where it goes, how fast it starts and the spring's constants.
public struct SpringMotion: Hashable, Sendable {
    /// The value the motion starts from.
    public var from: MotionValue
    /// The destination; also the model value a render-server source emits.
    public var to: MotionValue
    /// The velocity the motion starts with, in units per second (applied once, at the start).
    public var initialVelocity: MotionValue
    /// Stiffness, damping, mass and rest threshold.
    ///
    /// A missing threshold is 0.01 (the format's default for positions).
    public var parameters: SpringParameters

    /// Creates a spring motion; a missing velocity is zero.
    public init(
        from: MotionValue, to: MotionValue, initialVelocity: MotionValue? = nil,
        parameters: SpringParameters = SpringParameters()
    ) {
        self.from = from
        self.to = to
        self.initialVelocity = initialVelocity ?? MotionValue(kind: from.kind, components: .zero)
        self.parameters = parameters
    }

    /// Creates a spring motion from its constants; a missing velocity is zero.
    ///
    /// The defaults are Material Motion's: stiffness 342, damping 30, mass 1.
    public init(
        from: MotionValue, to: MotionValue, initialVelocity: MotionValue? = nil, stiffness: Double,
        damping: Double = 30, mass: Double = 1, threshold: Double? = nil
    ) {
        self.init(
            from: from, to: to, initialVelocity: initialVelocity,
            parameters: SpringParameters(stiffness: stiffness, damping: damping, mass: mass, threshold: threshold))
    }

    /// The render server's animation of this motion starting at `beginTime`.
    public func animation(beginTime: Double) -> SpringAnimation {
        SpringAnimation(
            from: from, to: to, initialVelocity: initialVelocity, stiffness: parameters.stiffness,
            damping: parameters.damping, mass: parameters.mass, beginTime: beginTime,
            threshold: parameters.threshold ?? 0.01)
    }
}

/// A tween for a stream source (docs/format.md §2.2).
///
/// It runs from one value to another over `duration` seconds after `delay`, eased by `curve`.
public struct TweenMotion: Hashable, Sendable {
    /// The first value; it shows during the delay.
    public var from: MotionValue
    /// The last value; also the model value a render-server source emits.
    public var to: MotionValue
    /// Seconds from the first value to the last.
    public var duration: Double
    /// Seconds between subscription and the start.
    public var delay: Double
    /// How progress is eased.
    public var curve: TimingCurve

    /// Creates a tween motion.
    public init(from: MotionValue, to: MotionValue, duration: Double, delay: Double = 0, curve: TimingCurve = .linear) {
        self.from = from
        self.to = to
        self.duration = duration
        self.delay = delay
        self.curve = curve
    }

    /// The render server's animation of this tween committed at `time`.
    public func animation(committedAt time: Double) -> KeyframeAnimation {
        KeyframeAnimation(
            values: [from, to], keyTimes: [0, 1], timingFunctions: [curve], beginTime: Seconds.sum(time, max(0, delay)),
            duration: max(0, duration))
    }
}

/// A spring source the render server animates: one `add` of the spring, then at rest when it settles.
///
/// The source emits `next(spring.to)`, then `add` of the spring animation under `key` with its
/// initial velocity; it is at rest on the first frame at or after the spring's rest time.
///
/// Spring and tween sources come in two interchangeable kinds, as Core Animation and
/// frame-by-frame animation engines such as POP offer them:
///
/// - **render server** sources emit the motion's model value once on `next` and hand the motion
///   to the render server on the `coreAnimation` channel: `add` at subscription, `remove` when
///   unsubscribed early. They follow the clock only to say when the motion ends.
/// - **frame-driven** sources compute the value on every frame of the clock and emit it on
///   `next`.
///
/// Written to a ``LayerChannelProperty`` the two give the same presented values at every frame,
/// so an app chooses where the motion is computed by choosing the source, nothing else:
/// ```swift
/// runtime.write(renderServerSpringSource(spring, clock: clock).x(), to: positionX)
/// runtime.write(frameSpringSource(spring, clock: clock).x(), to: positionX)  // same trace
/// ```
/// Both report ``ActivityState/active`` from subscription until the motion ends, then
/// ``ActivityState/atRest``; a motion that takes no time only emits its last value.
public func renderServerSpringSource(
    _ spring: SpringMotion, clock: any FrameClock, key: String = "spring"
) -> MotionObservable<MotionValue> {
    renderServerSource(clock: clock, key: key) { now in
        let animation = spring.animation(beginTime: now)
        return (.spring(animation), spring.to, spring.initialVelocity, now + animation.duration)
    }
}

/// A frame-driven spring source: the spring's closed-form value on every frame until it settles.
///
/// It emits the value at subscription and at every frame time after it, until the spring's rest
/// time (then its destination).
public func frameSpringSource(_ spring: SpringMotion, clock: any FrameClock) -> MotionObservable<MotionValue> {
    frameSource(clock: clock) { now in
        let animation = spring.animation(beginTime: now)
        return (animation.value(at:), now + animation.duration)
    }
}

/// A tween source the render server animates: one `add` of the tween, then at rest when it ends.
///
/// The source emits `next(tween.to)`, then `add` of a two-keyframe animation under `key`; it is at
/// rest on the first frame at or after the tween's end.
public func renderServerTweenSource(
    _ tween: TweenMotion, clock: any FrameClock, key: String = "tween"
) -> MotionObservable<MotionValue> {
    renderServerSource(clock: clock, key: key) { now in
        let animation = tween.animation(committedAt: now)
        return (.keyframe(animation), tween.to, nil, animation.sampler(addedTime: now).timing.end)
    }
}

/// A frame-driven tween source: the tween's value on every frame until it ends.
///
/// It emits the value (its first value during the delay) at subscription and at every frame time
/// after it, until its end.
public func frameTweenSource(_ tween: TweenMotion, clock: any FrameClock) -> MotionObservable<MotionValue> {
    frameSource(clock: clock) { now in
        let (timing, keyframes) = tween.animation(committedAt: now).sampler(addedTime: now)
        return ({ keyframes.value(atProgress: timing.progress(at: $0)) }, timing.end)
    }
}

/// The connect closure shared by render-server sources.
private func renderServerSource(
    clock: any FrameClock, key: String,
    start: @escaping (_ now: Double) -> (Animation, MotionValue, MotionValue?, end: Double)
) -> MotionObservable<MotionValue> {
    MotionObservable { observer in
        let (animation, model, velocity, end) = start(clock.now)
        guard end > clock.now else {
            observer.next(model)
            return {}
        }
        observer.state(.active)
        observer.next(model)
        observer.coreAnimation(.add(animation: animation, key: key, modelValue: model, initialVelocity: velocity))
        return follow(clock, until: end, observer: observer, frame: nil) {
            observer.coreAnimation(.remove(key: key))
        }
    }
}

/// The connect closure shared by frame-driven sources.
private func frameSource(
    clock: any FrameClock, start: @escaping (_ now: Double) -> (value: (Double) -> MotionValue, end: Double)
) -> MotionObservable<MotionValue> {
    MotionObservable { observer in
        let now = clock.now
        let (value, end) = start(now)
        guard end > now else {
            observer.next(value(end))
            return {}
        }
        observer.state(.active)
        observer.next(value(now))
        return follow(clock, until: end, observer: observer, frame: { observer.next(value(min($0, end))) }) {}
    }
}

/// Follows `clock` until the motion ends at `end`: calls `frame` on every frame time, then tells
/// `observer` it is at rest on the first frame at or after `end`. The returned disconnect stops
/// following and, if the motion had not ended, calls `cancel` and comes to rest.
private func follow(
    _ clock: any FrameClock, until end: Double, observer: MotionObserver<MotionValue>,
    frame: ((Double) -> Void)?, cancel: @escaping () -> Void
) -> () -> Void {
    var running = true
    var frames: Subscription?
    frames = clock.subscribe { time in
        guard running else { return }
        frame?(time)
        guard time >= end else { return }
        running = false
        frames?.unsubscribe()
        observer.state(.atRest)
    }
    return {
        frames?.unsubscribe()
        guard running else { return }
        running = false
        cancel()
        observer.state(.atRest)
    }
}
/// A layer property written through the layer's channel, as a render server's layer property is.
///
/// Writes become the channel's `set`, render-server stream events its `add` and `remove`, at the
/// channel's time. It is the same ``MotionChannel`` the built-in
/// executors emit to, so streams and intentions present on one layer the same way.
///
/// Keys are scoped to the property (`position.x/spring`), so streams on different properties of
/// one layer never replace each other's animations. A spring added with an initial velocity
/// starts with that velocity (the render server is handed the event's velocity, not whatever
/// the payload was built with). Payloads other than `Animation` are refused.
public final class LayerChannelProperty: WritableProperty {
    /// The channel of the layer.
    public let channel: any MotionChannel
    /// The property or component written.
    public let path: PropertyPath

    /// Creates the property `path` of the layer `channel` presents.
    public init(channel: any MotionChannel, path: PropertyPath) {
        self.channel = channel
        self.path = path
    }

    /// The model value of the path, as the channel holds it.
    public var modelValue: MotionValue {
        let model = channel.presentation(of: path.property).model
        return path.component.map { .scalar(model[$0]) } ?? model
    }

    /// Sets the model value now.
    public func write(_ value: MotionValue) {
        channel.set(path, to: value)
    }

    /// Adds or removes the event's animation now.
    /// - Returns: `false`, doing nothing, for a payload that is not an `Animation`.
    @discardableResult
    public func coreAnimation(_ event: CoreAnimationEvent<MotionValue>) -> Bool {
        switch event {
        case .add(let payload, let key, let model, let initialVelocity):
            guard let animation = payload as? Animation else { return false }
            channel.add(
                animation.startingWith(initialVelocity), key: "\(path)/\(key)", on: path, modelValue: model,
                initialVelocity: initialVelocity)
        case .remove(let key):
            channel.remove(key: "\(path)/\(key)")
        }
        return true
    }
}
