import MotionCore

/// A position dragged by a live pan and tossed, on release, into a spring with the pan's velocity.
///
/// This is Material Motion's `Tossable` interaction: drag, then attach with a spring to a
/// destination.
///
/// While the gesture is under way the position is the value it presented when the gesture began
/// plus the translation; a gesture that begins while the spring runs catches the position where
/// it shows then. On `ended` a spring starts from the last dragged position with the gesture's
/// velocity; on `cancelled` from there at rest. The spring is computed by the source the app
/// chooses, on the render server or on frames; both show the same values at every frame.
///
/// Everything goes through ``Runtime/write(_:to:)``, so the runtime is active while a finger is
/// down or the spring moves.
public final class TossInteraction {
    /// Where the spring computes: a render-server source or a frame-driven one.
    public enum SpringSource: Sendable {
        /// `renderServer` hands the spring to the render server; `frames` computes it on every frame.
        case renderServer, frames
    }

    private let runtime: Runtime
    private let position: LayerChannelProperty
    private let source: SpringSource
    private var gestureSubscription: Subscription?
    private var drag: Subscription?
    private var toss: Subscription?
    private var running: SpringAnimation?

    /// The spring's destination and constants; changes apply at the next release.
    ///
    /// ``SpringMotion/from`` and ``SpringMotion/initialVelocity`` are replaced by the release's.
    public var spring: SpringMotion

    /// Connects `gesture` to `position`.
    public init(
        runtime: Runtime, gesture: GestureSource, position: LayerChannelProperty, spring: SpringMotion,
        source: SpringSource = .renderServer
    ) {
        self.runtime = runtime
        self.position = position
        self.spring = spring
        self.source = source
        gestureSubscription = gesture.stream.subscribe(next: { [weak self] event in
            self?.gesture(event, from: gesture)
        })
    }

    deinit {
        gestureSubscription?.unsubscribe()
        drag?.unsubscribe()
        toss?.unsubscribe()
    }

    /// The value the position presents now: the running spring's, else the model value.
    public var presentedValue: MotionValue {
        guard let animation = running else { return position.modelValue }
        return animation.value(at: runtime.now)
    }

    private func gesture(_ event: GestureEvent, from gesture: GestureSource) {
        switch event.phase {
        case .began:
            // The new write starts before the old one is cut, so the runtime never rests between.
            let start = presentedValue
            let previous = (drag, toss)
            drag = runtime.write(gesture.stream.translation(addedTo: { start }), to: position)
            toss = nil
            running = nil
            previous.0?.unsubscribe()
            previous.1?.unsubscribe()
        case .changed:
            break
        case .ended, .cancelled:
            var motion = spring
            motion.from = position.modelValue
            motion.initialVelocity = event.phase == .ended ? event.velocity : MotionValue(kind: .point, components: .zero)
            running = motion.animation(beginTime: runtime.now)
            let stream =
                switch source {
                case .renderServer: renderServerSpringSource(motion, clock: runtime.clock, key: "toss")
                case .frames: frameSpringSource(motion, clock: runtime.clock)
                }
            let previous = drag
            drag = nil
            toss = runtime.write(stream, to: position)
            previous?.unsubscribe()
        }
    }
}
