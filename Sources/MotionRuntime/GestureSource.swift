import MotionCore

/// The phase of a gesture, as a recognizer reports it.
public enum GesturePhase: String, Sendable, Hashable {
    /// `began` when fingers land, `changed` as they move, `ended` when they lift, `cancelled` when the system stops it.
    case began, changed, ended, cancelled
}

/// What a recorded gesture's samples are: pan translations, pinch factors or rotation angles.
public enum GestureKind: String, Sendable, Hashable {
    /// `pan` samples translations in points, `pinch` scale factors, `rotate` angles in degrees.
    case pan, pinch, rotate
}

/// One report of a gesture: its phase, the time, and where it stands since it began.
public struct GestureEvent: Sendable, Hashable {
    /// Whether the gesture began, changed, ended or was cancelled.
    public var phase: GesturePhase
    /// Seconds on the clock the app's runtime uses.
    public var time: Double
    /// The finger's movement since the gesture began, in points (a `.point`).
    public var translation: MotionValue
    /// The pinch factor since the gesture began (1 at the start).
    public var scale: Double
    /// The rotation since the gesture began, in degrees.
    public var angle: Double
    /// The translation's velocity, in points per second (a `.point`).
    public var velocity: MotionValue
    /// The scale's velocity, per second.
    public var scaleVelocity: Double
    /// The angle's velocity, in degrees per second.
    public var angularVelocity: Double

    /// Creates a report; the defaults are a gesture's state when it begins.
    public init(
        phase: GesturePhase, time: Double, translation: MotionValue = .point(0, 0), scale: Double = 1, angle: Double = 0,
        velocity: MotionValue = .point(0, 0), scaleVelocity: Double = 0, angularVelocity: Double = 0
    ) {
        self.phase = phase
        self.time = time
        self.translation = translation
        self.scale = scale
        self.angle = angle
        self.velocity = velocity
        self.scaleVelocity = scaleVelocity
        self.angularVelocity = angularVelocity
    }
}

/// A gesture an app feeds in real time, as a stream of ``GestureEvent``s.
///
/// The reports are a pan, pinch or rotation recognizer's.
///
/// The app calls ``begin(at:)``, then ``change(translation:scale:angle:at:velocity:)`` as the
/// fingers move, then ``end(at:velocity:)`` or ``cancel(at:)``. Subscribers hear every report on
/// `next`, and ``ActivityState/active`` from `began` to `ended`/`cancelled`; a subscriber that comes
/// mid-gesture hears the active state and the latest report at once. Velocities the app does not
/// give are the slope of the last two reports (a release keeps the last change's velocity). A
/// recorded gesture (a document's `inputs`) is one more producer of it: ``follow(_:kind:at:)``.
///
/// Not thread-safe: feed it on the thread the runtime uses.
public final class GestureSource {
    private var observers: [(id: Int, observer: MotionObserver<GestureEvent>)] = []
    private var nextID = 0

    /// The latest report, or nil before the first gesture.
    public private(set) var latest: GestureEvent?

    /// Creates a source with no gesture under way.
    public init() {}

    /// Whether a gesture has begun and not yet ended or been cancelled.
    public var isActive: Bool {
        guard let phase = latest?.phase else { return false }
        return phase == .began || phase == .changed
    }

    /// The source as a stream of reports.
    public var stream: MotionObservable<GestureEvent> {
        MotionObservable { observer in
            self.nextID += 1
            let id = self.nextID
            self.observers.append((id, observer))
            if self.isActive, let latest = self.latest {
                observer.state(.active)
                observer.next(latest)
            }
            return { [weak self] in self?.observers.removeAll { $0.id == id } }
        }
    }

    /// A gesture begins at `time`: translation zero, scale 1, angle 0.
    ///
    /// A gesture still under way is cancelled first.
    public func begin(at time: Double) {
        if isActive { cancel(at: time) }
        report(GestureEvent(phase: .began, time: time))
    }

    /// The gesture moved: its translation, scale and angle since it began, at `time`.
    ///
    /// Does nothing while no gesture is under way. Scale and angle velocities are slopes.
    ///
    /// - Parameters:
    ///   - translation: the fingers' movement since the gesture began, in points.
    ///   - scale: the pinch factor since the gesture began.
    ///   - angle: the rotation since the gesture began, in degrees.
    ///   - time: when the report is made, on the runtime's clock.
    ///   - velocity: the translation's velocity as the recognizer measured it; nil for the slope
    ///     since the previous report.
    public func change(
        translation: MotionValue = .point(0, 0), scale: Double = 1, angle: Double = 0, at time: Double,
        velocity: MotionValue? = nil
    ) {
        guard isActive, let previous = latest else { return }
        var event = GestureEvent(phase: .changed, time: time, translation: translation, scale: scale, angle: angle)
        let dt = time - previous.time
        if dt > 0 {
            event.velocity = MotionValue(
                kind: .point, components: (translation.components - previous.translation.components) / dt)
            event.scaleVelocity = (scale - previous.scale) / dt
            event.angularVelocity = (angle - previous.angle) / dt
        } else {
            (event.velocity, event.scaleVelocity, event.angularVelocity) =
                (previous.velocity, previous.scaleVelocity, previous.angularVelocity)
        }
        if let velocity { event.velocity = velocity }
        report(event)
    }

    /// The fingers lift at `time`, releasing with `velocity` or else the last change's velocities.
    ///
    /// The report keeps the last change's translation, scale and angle; `velocity` is the
    /// recognizer's.
    public func end(at time: Double, velocity: MotionValue? = nil) {
        guard isActive, var event = latest else { return }
        event.phase = .ended
        event.time = time
        if let velocity { event.velocity = velocity }
        report(event)
    }

    /// The gesture is cancelled at `time`; its velocities are zero.
    public func cancel(at time: Double) {
        guard isActive, var event = latest else { return }
        event.phase = .cancelled
        event.time = time
        event.velocity = .point(0, 0)
        event.scaleVelocity = 0
        event.angularVelocity = 0
        report(event)
    }

    /// Reports what the recorded `input` shows at `time`, as a live recognizer would.
    ///
    /// The input's samples are joined by straight lines, as docs/format.md §2.4 defines them:
    /// translations in points for a pan, factors for a pinch, degrees for a rotation, each taken as
    /// the gesture's value since it began. It reports `began` at its start, `changed` inside it
    /// with the input's value and slope, `ended` at its end with its release velocity. Called at
    /// the input's start, on frames and at its end, it replays the input. Times before the start,
    /// and times after an end already reported, do nothing.
    public func follow(_ input: PiecewiseLinearInput, kind: GestureKind, at time: Double) {
        guard time >= input.start else { return }
        let beginning = !isActive
        if beginning, let latest, latest.time >= input.start { return }
        let t = min(time, input.end)
        let done = t >= input.end
        var event = GestureEvent(phase: beginning ? .began : done ? .ended : .changed, time: t)
        let value = input.value(at: t)
        let slope = done ? input.releaseVelocity : input.velocity(at: t)
        switch kind {
        case .pan:
            event.translation = MotionValue(kind: .point, components: value.components)
            event.velocity = MotionValue(kind: .point, components: slope.components)
        case .pinch:
            (event.scale, event.scaleVelocity) = (value[0], slope[0])
        case .rotate:
            (event.angle, event.angularVelocity) = (value[0], slope[0])
        }
        report(event)
        if beginning, done {
            event.phase = .ended
            report(event)
        }
    }

    private func report(_ event: GestureEvent) {
        latest = event
        for (id, observer) in observers where observers.contains(where: { $0.id == id }) {
            if event.phase == .began { observer.state(.active) }
            observer.next(event)
            if event.phase == .ended || event.phase == .cancelled { observer.state(.atRest) }
        }
    }
}

extension MotionObservable where Value == GestureEvent {
    /// The reports of the phases in `phases` only.
    public func whenPhase(is phases: GesturePhase...) -> MotionObservable<GestureEvent> {
        MotionObservable { observer in
            let subscription = self.subscribe(
                next: { if phases.contains($0.phase) { observer.next($0) } }, state: observer.state)
            return { subscription.unsubscribe() }
        }
    }

    /// The value `start()` had when the gesture began, plus the translation: what a dragged position shows.
    ///
    /// `start` is read at every `began`.
    public func translation(addedTo start: @escaping () -> MotionValue) -> MotionObservable<MotionValue> {
        MotionObservable<MotionValue> { observer in
            var origin = start()
            let subscription = self.subscribe(
                next: { event in
                    if event.phase == .began { origin = start() }
                    guard event.phase != .cancelled else { return }
                    observer.next(MotionValue(kind: origin.kind, components: origin.components + event.translation.components))
                }, state: observer.state)
            return { subscription.unsubscribe() }
        }
    }

    /// The translation velocity at each release (`ended` only).
    public func releaseVelocity() -> MotionObservable<MotionValue> {
        MotionObservable<MotionValue> { observer in
            let subscription = self.subscribe(next: { if $0.phase == .ended { observer.next($0.velocity) } })
            return { subscription.unsubscribe() }
        }
    }
}

/// A live gesture attached to a target, with the kind of intention it drives.
private struct AttachedGesture {
    let source: GestureSource
    let kind: GestureKind
    let id: String?
}

extension MotionTarget {
    private static let gestureSourcesKey = PropertyKey<[AttachedGesture]>("motionc.gestureSources")

    /// Attaches a live gesture to the target, for its gesture intentions added from now on.
    ///
    /// The target's ``Draggable`` (for a pan), ``Pinchable`` (pinch) or ``Rotatable`` (rotate)
    /// intentions follow it, those naming a `gesture` only when it is `id`. Kept in the target's
    /// ``properties``, so executors made again after garbage collection find it.
    public func addGestureSource(_ source: GestureSource, kind: GestureKind, id: String? = nil) {
        properties[Self.gestureSourcesKey] =
            (properties[Self.gestureSourcesKey] ?? []) + [AttachedGesture(source: source, kind: kind, id: id)]
    }

    /// The live gestures of `kind` attached to the target (with id `id` when given), in attach order.
    public func gestureSources(kind: GestureKind, id: String? = nil) -> [GestureSource] {
        (storeIfMade?[Self.gestureSourcesKey] ?? []).filter { $0.kind == kind && (id == nil || $0.id == id) }.map(\.source)
    }
}
