import MotionCore

/// The executor of squash and stretch on one target: a handle the runtime may release at rest.
///
/// The state and work live in ``ShapeCore``, kept by the target, so the runtime can release
/// the handle at rest and make it again with nothing lost.
public final class ShapeExecutor: StoredExecutor<ShapeCore>, FrameDriven, NamedIntentionExecuting {}

/// Fulfils ``SquashAndStretch``: stretches the target along its motion, in proportion to its speed.
///
/// Frame-driven; one per target.
///
/// Every frame it reads the velocity `v` of the intention's property (`position` by default) from
/// the presentation, in closed form: a spring's own velocity, or the derivative of a keyframe
/// animation's eased segment (zero from the animation's end on, as once at rest), and writes
/// `scale` with a `set` event:
/// - stretch along the motion `s = 1 + factor * min(|v| / 1000, 1)` (speed in points per second;
///   1000 pt/s or more gives the full factor), and `1 / s` across it (area is kept);
/// - projected on the layer's axes (scale has no rotation): with `c = vx / |v|`, `d = vy / |v|`,
///   `scale.x = base.x * (s c² + d² / s)` and `scale.y = base.y * (s d² + c² / s)`, where `base`
///   is the scale the layer would present without squash and stretch: a scale animation's value
///   (running, or its final value holding), else the scale model value others last wrote (a
///   `set`, or an animation's model value).
/// At rest the scale returns to `base`. In a baked timeline this appears as one `set` per frame
/// while the target moves: it is **sampled** at the frame rate. A `set` does not show under a
/// running scale animation, so while one runs it presents its own values, unstretched.
public final class ShapeCore: FrameDriven, NameAwareExecuting, ExecutorCore {
    /// The store slot of the target's core.
    public static let storeName = "motionc.executor.shape"

    private let channel: TargetPresentation?
    private var current: SquashAndStretch?
    private var currentName: String?
    /// The scale model value that others wrote (not this executor's own `set`s).
    private var baseModel: MotionValue?
    /// The last scale this executor wrote.
    private var lastWritten: MotionValue?
    /// Whether the last frame found the watched property moving, so that the scale may change
    /// on the next frame (a link reading the scale keeps up while it does).
    private(set) var isStretching = false
    private var requester: FrameRequester?
    private var observing = false

    /// Creates the shape executor of `target`.
    public init(target: MotionTarget) {
        channel = TargetPresentation.of(target)
        channel?.shape = self
    }

    /// Receives the handle used to wake up when the watched property starts moving again.
    public func setFrameRequester(_ requester: FrameRequester) {
        self.requester = requester
    }

    /// Stops the named squash and stretch; the scale returns to its base.
    public func removeIntention(named name: String) {
        guard currentName == name else { return }
        current = nil
        currentName = nil
        // The scale it writes from the next update on changes: links reading it follow.
        channel?.readersMustUpdate(.scale)
    }

    /// Starts (or replaces) squash and stretch, under `name` if given.
    public func receive(_ intention: any Intention, name: String?) {
        guard let squash = intention.exactly(SquashAndStretch.self), let channel else { return }
        current = squash
        currentName = name
        // The scale it writes from the next update on changes: links reading it follow.
        channel.readersMustUpdate(.scale)
        guard !observing else { return }
        observing = true
        channel.observeChanges { [weak self] property in
            guard let self, property == self.current?.property.property else { return }
            self.requester?.requestFrames()
        }
    }

    /// The scale factors `(x, y)` for velocity `(vx, vy)` and `factor` (see the type's overview).
    ///
    /// - Complexity: O(1).
    public static func stretch(vx: Double, vy: Double, factor: Double) -> (x: Double, y: Double) {
        let speed = (vx * vx + vy * vy).squareRoot()
        guard speed > 0, speed.isFinite else { return (1, 1) }
        let s = 1 + factor * min(speed / 1000, 1)
        guard s > 0 else { return (1, 1) }
        let c2 = (vx / speed) * (vx / speed)
        let d2 = (vy / speed) * (vy / speed)
        return (s * c2 + d2 / s, s * d2 + c2 / s)
    }

    /// Writes this frame's scale.
    ///
    /// - Complexity: O(animations on the watched property).
    public func update(elapsed: Double) -> ActivityState {
        guard let channel else { return .atRest }
        let now = channel.now
        let base = baseScale(at: now, channel)
        var value = base.scale
        var moving = false
        if let squash = current {
            let property = squash.property.property
            let v = channel.channel.presentation(of: property).velocity(at: now)
            let vy = property.kind.componentCount > 1 ? v[1] : 0
            let (sx, sy) = Self.stretch(vx: v[0], vy: vy, factor: squash.factor)
            value = .point(value[0] * sx, value[1] * sy)
            moving = channel.isAnimating(property, at: now) || sx != 1 || sy != 1
        }
        if value != base.presented {
            channel.set(PropertyPath(.scale), value)
            lastWritten = value
        }
        isStretching = moving
        return moving ? .active : .atRest
    }

    /// Writes this frame's scale now, if not yet written: for a link reading it this frame.
    func bringUpToDate() {
        _ = update(elapsed: 0)
    }

    /// The scale the layer would present at `now` without this executor's writes (`scale`), and
    /// the scale it presents (`presented`).
    ///
    /// A model value that differs from the last one written here was written by another (a `set`,
    /// or an animation's model value), and becomes the base model.
    ///
    /// - Complexity: O(animations on `scale`).
    private func baseScale(at now: Double, _ channel: TargetPresentation) -> (scale: MotionValue, presented: MotionValue) {
        var scale = channel.channel.presentation(of: .scale)
        let presented = scale.value(at: now)
        if baseModel == nil || scale.model != lastWritten { baseModel = scale.model }
        scale.model = baseModel ?? scale.model
        return (scale.value(at: now), presented)
    }
}

/// The executor of the composite intentions on one target: a handle the runtime may release at rest.
///
/// The state and work live in ``CompositeCore``, kept by the target, so the runtime can
/// release the handle at rest and make it again with nothing lost.
public final class CompositeExecutor: StoredExecutor<CompositeCore>, PlanEmitting {}

/// Fulfils the composite intentions by emitting others for its own target (composition).
///
/// ``DirectlyManipulable`` emits draggable, pinchable and rotatable; ``Tossable`` emits draggable
/// at its commit and, at the first release of a drag on the target after that, a spring on
/// `position` to its destination (default: the position presented at commit), which starts with
/// the release velocity (the physics executor then follows later drags and continues after each
/// release). A tossable with snap points chooses again at every release, and emits the spring to
/// the point chosen, which keeps the value and velocity the release gave. ``TransitionTween``
/// emits its ``TransitionTween/emittedTween``.
public final class CompositeCore: PlanEmitting, ExecutorCore {
    /// The store slot of the target's core.
    public static let storeName = "motionc.executor.composite"

    private let channel: TargetPresentation?
    private var emitter: PlanEmitter?
    /// Tossables whose spring waits for a release, with their snap points (none: the spring's
    /// destination stands, and the toss is done at its first release), and tossables with snap
    /// points, which choose again at every release.
    private var waitingTosses: [(spring: Spring, snap: [MotionValue])] = []
    private var subscription: Subscription?

    /// Creates the composite executor of `target`.
    public init(target: MotionTarget) {
        channel = TargetPresentation.of(target)
        subscription = target.properties.observe(GestureSignal.key) { [weak self, weak target] signal in
            guard let self, signal.phase == .ended, signal.property == .position, !self.waitingTosses.isEmpty else { return }
            let tosses = self.waitingTosses
            // Only tossables with snap points choose again at the next release.
            self.waitingTosses = tosses.filter { !$0.snap.isEmpty }
            for (spring, snap) in tosses {
                var chosen = spring
                // Snap points: the one nearest where the release velocity would carry the layer.
                // The signal carries it: physics on the position, told of the release first,
                // has consumed the store's remembered velocity by now.
                let velocity =
                    signal.velocity ?? target?.properties.velocity(of: GestureSignal.rememberedVelocityKey(.position))
                    ?? .point(0, 0)
                if let channel = self.channel,
                    let point = SnapPoints.target(
                        position: channel.presented(PropertyPath(.position)), velocity: velocity, points: snap)
                {
                    chosen.destination = point
                }
                self.emitter?.emit(chosen)
            }
        }
    }

    deinit {
        subscription?.unsubscribe()
    }

    /// Receives the emitter for the executor's own target.
    public func setPlanEmitter(_ emitter: PlanEmitter) {
        self.emitter = emitter
    }

    /// Emits the intentions the composite stands for.
    public func add(_ intention: any Intention) {
        guard let emitter else { return }
        if intention.exactly(DirectlyManipulable.self) != nil {
            emitter.emit(Draggable())
            emitter.emit(Pinchable())
            emitter.emit(Rotatable())
        } else if let toss = intention.exactly(Tossable.self) {
            let destination =
                toss.destination ?? channel?.presented(PropertyPath(.position))
                ?? .point(0, 0)
            emitter.emit(Draggable())
            waitingTosses.append(
                (Spring(property: PropertyPath(.position), destination: destination, parameters: toss.parameters), toss.snap))
        } else if let transition = intention.exactly(TransitionTween.self) {
            emitter.emit(transition.emittedTween)
        }
    }
}
