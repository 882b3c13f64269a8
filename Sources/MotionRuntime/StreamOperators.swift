import MotionCore

extension MotionObservable {
    /// A stream of `transform` applied to every value.
    ///
    /// `next` values and render-server model values are mapped; states pass unchanged.
    ///
    /// Render-server events keep their payload as it is and lose their initial velocity (a
    /// velocity is not a value and `transform` says nothing about it); streams of
    /// `MotionValue` have a `map(_:)` of their own that maps animations too.
    public func map<Mapped>(_ transform: @escaping (Value) -> Mapped) -> MotionObservable<Mapped> {
        MotionObservable<Mapped> { observer in
            let subscription = self.subscribe(
                next: { observer.next(transform($0)) },
                state: observer.state,
                coreAnimation: { event in
                    switch event {
                    case .add(let animation, let key, let modelValue, _):
                        observer.coreAnimation(
                            .add(animation: animation, key: key, modelValue: transform(modelValue), initialVelocity: nil))
                    case .remove(let key):
                        observer.coreAnimation(.remove(key: key))
                    }
                })
            return { subscription.unsubscribe() }
        }
    }
}

extension MotionObservable where Value == MotionValue {
    /// A stream of `transform` applied to every value, render-server animations included.
    ///
    /// The model value, a keyframe animation's values and a spring's start and destination are
    /// mapped, and velocities (the event's and the spring's) are mapped by the derivative of
    /// `transform` along them.
    ///
    /// The render server interpolates what it is given, so an animation mapped this way shows
    /// exactly `transform` of the original at every moment only when `transform` is affine
    /// (`a * v + b` per component, as a link's map before its clamp): use a frame-driven source
    /// for anything else. Other payloads pass unchanged.
    public func map(_ transform: @escaping (MotionValue) -> MotionValue) -> MotionObservable<MotionValue> {
        mapAnimations(value: transform) { animation in
            switch animation {
            case .keyframe(var keyframes):
                keyframes.values = keyframes.values.map(transform)
                return .keyframe(keyframes)
            case .spring(var spring):
                spring.initialVelocity = Self.derivative(of: transform, at: spring.from, along: spring.initialVelocity)
                spring.from = transform(spring.from)
                spring.to = transform(spring.to)
                return .spring(spring)
            case .path(var path):
                // Bézier curves map with their control points; arc-length progress stays exact
                // for translations and uniform scales of a position.
                guard let mapped = Self.mapPoints(of: path, transform) else { return .path(path) }
                path.path = mapped
                return .path(path)
            }
        } velocity: { value, velocity in
            Self.derivative(of: transform, at: value, along: velocity)
        }
    }

    /// A path with its control points mapped by `transform` in the space of the path's output;
    /// nil for an angle output, whose values are not points.
    private static func mapPoints(of path: PathAnimation, _ transform: (MotionValue) -> MotionValue) -> MotionPath? {
        switch path.output {
        case .position:
            return MotionPath(
                points: path.path.points.map { p in
                    let v = transform(.point(p.x, p.y))
                    return SIMD2(v[0], v[1])
                })
        case .coordinate(let c):
            return MotionPath(
                points: path.path.points.map { p in
                    var q = p
                    q[c] = transform(.scalar(p[c]))[0]
                    return q
                })
        case .angle:
            return nil
        }
    }

    /// The stream of component `index` of every value, as scalars.
    ///
    /// Render-server animations are projected on that component with their timing unchanged
    /// (`Animation.projected(toComponent:)`), so they stay exact.
    public func component(_ index: Int) -> MotionObservable<MotionValue> {
        mapAnimations(value: { .scalar($0[index]) }, animation: { $0.projected(toComponent: index) }) { _, velocity in
            .scalar(velocity[index])
        }
    }

    /// The stream of the first component (a point's x, a size's width).
    public func x() -> MotionObservable<MotionValue> { component(0) }

    /// The stream of the second component (a point's y, a size's height).
    public func y() -> MotionObservable<MotionValue> { component(1) }

    private func mapAnimations(
        value: @escaping (MotionValue) -> MotionValue, animation: @escaping (Animation) -> Animation,
        velocity: @escaping (_ at: MotionValue, _ velocity: MotionValue) -> MotionValue
    ) -> MotionObservable<MotionValue> {
        MotionObservable { observer in
            let subscription = self.subscribe(
                next: { observer.next(value($0)) },
                state: observer.state,
                coreAnimation: { event in
                    switch event {
                    case .add(let payload, let key, let modelValue, let initialVelocity):
                        let mapped: any AnimationPayload = (payload as? Animation).map(animation) ?? payload
                        observer.coreAnimation(
                            .add(
                                animation: mapped, key: key, modelValue: value(modelValue),
                                initialVelocity: initialVelocity.map { velocity(modelValue, $0) }))
                    case .remove(let key):
                        observer.coreAnimation(.remove(key: key))
                    }
                })
            return { subscription.unsubscribe() }
        }
    }

    /// The derivative of `transform` at `value` in the direction of `velocity`: a forward
    /// difference over a step of about 1e-6 of the values' size, exact up to rounding when
    /// `transform` is affine.
    static func derivative(
        of transform: (MotionValue) -> MotionValue, at value: MotionValue, along velocity: MotionValue
    ) -> MotionValue {
        let speed = velocity.componentArray.reduce(0) { max($0, abs($1)) }
        let base = transform(value)
        guard speed > 0, speed.isFinite else { return MotionValue(kind: base.kind, components: .zero) }
        let size = value.componentArray.reduce(1) { max($0, abs($1)) }
        let h = 1e-6 * size / speed
        var moved = value
        moved.components += velocity.components * h
        return MotionValue(kind: base.kind, components: (transform(moved).components - base.components) / h)
    }
}
