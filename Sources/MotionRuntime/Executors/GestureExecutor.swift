import MotionCore
import MotionPlans

/// Fulfils ``Draggable``, ``Pinchable`` and ``Rotatable`` (docs/format.md §2.4): one per target, driven
/// by the document's `inputs`.
///
/// A gesture intention follows the input named by its `gesture`, or else every input of its kind
/// (pan, pinch, rotate) whose target selector resolves to the executor's target. The whole input
/// is known in advance, so at the input's start the executor emits one keyframe animation that
/// follows it exactly (the input's samples mapped to the property, key times at the samples'
/// times, linear): position = position at start + translation (masked by `axis`); scale = scale at
/// start x factor; rotation = rotation at start + angle. Gesture motion is thus recorded as
/// sampled keyframes. An input that started before the intention was committed is followed from
/// the commit, relative to its value then.
///
/// From the input's start to its end the executor holds an activity token, marks the property as
/// held in the target's store and signals ``GestureSignal`` `began`; at the end it stores the
/// release velocity (the last segment's slope, mapped to the property) as the property's
/// remembered velocity and signals `ended`, so that physics on the property continues from there.
/// Removing a named gesture intention mid-gesture releases it at that moment with the input's
/// velocity then; the property keeps its presented value.
public final class GestureExecutor: NamedIntentionExecuting, ContinuousExecuting {
    private enum Phase { case pending, active, ended, cancelled }

    private final class Drive {
        let input: GestureInput
        let samples: PiecewiseLinearInput
        let property: LayerProperty
        let axis: DragAxis
        let name: String?
        let key: String
        var phase: Phase = .pending
        /// Maps an input value at time t to the property's value.
        var map: (MotionValue) -> MotionValue = { $0 }
        /// Maps an input velocity to the property's velocity.
        var mapVelocity: (MotionValue) -> MotionValue = { $0 }

        init(input: GestureInput, property: LayerProperty, axis: DragAxis, name: String?, key: String) {
            self.input = input
            self.samples = PiecewiseLinearInput(samples: input.samples, start: input.start, duration: input.duration)
            self.property = property
            self.axis = axis
            self.name = name
            self.key = key
        }
    }

    private let target: MotionTarget
    private let channel: TargetPresentation?
    private let ledger = TokenLedger()
    private var drives: [Drive] = []

    /// Creates the gesture executor of `target`.
    public init(target: MotionTarget) {
        self.target = target
        channel = TargetPresentation.of(target)
    }

    /// Receives the token generator held from each gesture's start to its end.
    public func setActivityTokenGenerator(_ generator: ActivityTokenGenerator) {
        ledger.setGenerator(generator)
    }

    /// Attaches an unnamed gesture intention to its inputs.
    public func add(_ intention: any Intention) {
        attach(intention, name: nil)
    }

    /// Attaches a named gesture intention to its inputs.
    public func add(_ intention: any NamedIntention, named name: String) {
        attach(intention, name: name)
    }

    /// Detaches the named intention: pending gestures never start, a running one is released now,
    /// and the property keeps its presented value.
    public func removeIntention(named name: String) {
        guard let channel else { return }
        for drive in drives where drive.name == name {
            switch drive.phase {
            case .pending:
                drive.phase = .cancelled
            case .active:
                channel.removeKeepingPresented(key: drive.key)
                release(drive)
            case .ended:
                channel.removeKeepingPresented(key: drive.key)
            case .cancelled:
                break
            }
        }
        drives.removeAll { $0.name == name }
    }

    private func attach(_ intention: any Intention, name: String?) {
        guard let channel else { return }
        let kind: InputKind
        let property: LayerProperty
        var axis = DragAxis.both
        let gesture: String?
        switch intention {
        case let drag as Draggable:
            (kind, property, axis, gesture) = (.pan, .position, drag.axis, drag.gesture)
        case let pinch as Pinchable:
            (kind, property, gesture) = (.pinch, .scale, pinch.gesture)
        case let rotate as Rotatable:
            (kind, property, gesture) = (.rotate, .rotation, rotate.gesture)
        default:
            return
        }
        let now = channel.now
        for input in channel.channel.inputs(kind: kind, gesture: gesture) where input.end >= now {
            let key = name.map { "name:\($0)/\(input.id)" } ?? channel.makeKey("gesture")
            let drive = Drive(input: input, property: property, axis: axis, name: name, key: key)
            drives.append(drive)
            if input.start <= now {
                begin(drive)
            } else {
                channel.schedule(at: input.start, keepsAlive: true) { [weak self, weak drive] in
                    guard let self, let drive else { return }
                    self.begin(drive)
                }
            }
        }
    }

    private func begin(_ drive: Drive) {
        guard drive.phase == .pending, let channel else { return }
        let g = channel.now
        let start = drive.input.start
        let end = drive.input.end
        let late = g > start
        let base = channel.presented(PropertyPath(drive.property))
        let reference = drive.samples.value(at: g)
        switch drive.property {
        case .position:
            let mask: SIMD4<Double> =
                switch drive.axis {
                case .both: SIMD4(1, 1, 0, 0)
                case .horizontal: SIMD4(1, 0, 0, 0)
                case .vertical: SIMD4(0, 1, 0, 0)
                }
            let offset = late ? reference.components * mask : .zero
            drive.map = { MotionValue(kind: .point, components: base.components + $0.components * mask - offset) }
            drive.mapVelocity = { MotionValue(kind: .point, components: $0.components * mask) }
        case .scale:
            let divisor = late && reference[0] != 0 ? reference[0] : 1
            let scaleBase = base.components / divisor
            drive.map = { MotionValue(kind: .point, components: scaleBase * $0[0]) }
            drive.mapVelocity = { MotionValue(kind: .point, components: scaleBase * $0[0]) }
        default:
            let offset = late ? reference[0] : 0
            drive.map = { .scalar(base[0] + $0[0] - offset) }
            drive.mapVelocity = { .scalar($0[0]) }
        }
        drive.phase = .active
        // Key times: the start, every sample strictly after it, the end.
        let n = drive.input.samples.count
        var times = [g]
        if n >= 2, drive.input.duration > 0 {
            let step = drive.input.duration / Double(n - 1)
            for i in 1..<(n - 1) {
                let t = start + Double(i) * step
                if t > g, t < end { times.append(t) }
            }
        }
        if end > g { times.append(end) }
        let values = times.map { drive.map(drive.samples.value(at: $0)) }
        let last = values[values.count - 1]
        let span = end - g
        channel.handOff(PropertyPath(drive.property), to: .gesture)
        if span > 0 {
            let keyTimes = times.map { $0 == end ? 1 : ($0 - g) / span }
            let animation = KeyframeAnimation(
                values: values, keyTimes: keyTimes, timingFunctions: [.linear], beginTime: g, duration: span)
            channel.add(
                PropertyPath(drive.property), key: drive.key, animation: .keyframe(animation), modelValue: last,
                initialVelocity: nil, family: .gesture)
        } else {
            channel.set(PropertyPath(drive.property), last)
        }
        ledger.hold(drive.key, until: end, on: channel)
        target.properties[GestureSignal.heldKey(drive.property)] = true
        target.properties[GestureSignal.key] = GestureSignal(phase: .began, property: drive.property, time: g)
        if span > 0 {
            channel.schedule(at: end) { [weak self, weak drive] in
                guard let self, let drive else { return }
                self.release(drive)
            }
        } else {
            release(drive)
        }
    }

    private func release(_ drive: Drive) {
        guard drive.phase == .active, let channel else { return }
        drive.phase = .ended
        let now = channel.now
        let velocity = now >= drive.input.end ? drive.samples.releaseVelocity : drive.samples.velocity(at: now)
        ledger.end(drive.key)
        let stillHeld = drives.contains { $0 !== drive && $0.phase == .active && $0.property == drive.property }
        guard !stillHeld else { return }
        target.properties.setVelocity(drive.mapVelocity(velocity), of: GestureSignal.rememberedVelocityKey(drive.property))
        target.properties[GestureSignal.heldKey(drive.property)] = false
        target.properties[GestureSignal.key] = GestureSignal(phase: .ended, property: drive.property, time: now)
    }
}
