import MotionCore

/// The executor of draggable, pinchable and rotatable on one target: a handle the runtime may release at rest.
///
/// The state and work live in ``GestureCore``, kept by the target, so the runtime can
/// release the handle at rest and make it again with nothing lost.
public final class GestureExecutor: StoredExecutor<GestureCore>, NamedIntentionExecuting, ContinuousExecuting {}

/// Fulfils ``Draggable``, ``Pinchable`` and ``Rotatable`` (docs/format.md §2.4), one per target.
///
/// It is driven by ``GestureSource``s: the live ones an app attached to the target
/// (``MotionTarget/addGestureSource(_:kind:id:)``), and one per recorded input of the channel (a
/// document's `inputs`), which replays the input into its source at the input's start and end.
///
/// A live gesture writes the property on every report: position = position at `began` +
/// translation (masked by `axis`); scale = scale at `began` x factor; rotation = rotation at
/// `began` + angle. A drag along one axis drives only that component of `position`
/// (`position.x` or `position.y`): the other stays with whatever drives it (§2.6).
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
public final class GestureCore: NamedIntentionExecuting, ContinuousExecuting, ExecutorCore, TokenLedgerOwner {
    /// The store slot of the target's core.
    public static let storeName = "motionc.executor.gesture"

    private enum Phase { case pending, active, ended, cancelled }

    private final class Drive {
        /// The recorded input, or nil for a live gesture.
        let input: GestureInput?
        let samples: PiecewiseLinearInput?
        let source: GestureSource
        let kind: InputKind
        var subscription: Subscription?
        /// The latest report's value and velocity, in the input's terms.
        var latest: (value: MotionValue, velocity: MotionValue)?
        let property: LayerProperty
        let axis: DragAxis
        /// What the drive writes: the property, or its one component for a drag along one axis.
        let path: PropertyPath
        let name: String?
        let key: String
        var phase: Phase = .pending
        /// Maps an input value at time t to the property's value.
        var map: (MotionValue) -> MotionValue = { $0 }
        /// Maps an input velocity to the property's velocity.
        var mapVelocity: (MotionValue) -> MotionValue = { $0 }

        /// The part of a property value the drive writes: the value, or its one component.
        func written(_ value: MotionValue) -> MotionValue {
            guard let component = path.component else { return value }
            return .scalar(value[component])
        }

        init(
            input: GestureInput?, source: GestureSource, kind: InputKind, property: LayerProperty, axis: DragAxis,
            name: String?, key: String
        ) {
            self.input = input
            self.samples = input.map { PiecewiseLinearInput(samples: $0.samples, start: $0.start, duration: $0.duration) }
            self.source = source
            self.kind = kind
            self.property = property
            self.axis = axis
            switch (property, axis) {
            case (.position, .horizontal): path = PropertyPath(.position, component: 0)
            case (.position, .vertical): path = PropertyPath(.position, component: 1)
            default: path = PropertyPath(property)
            }
            self.name = name
            self.key = key
        }
    }

    /// The target, through its shared reference (nil once it went): the target keeps this core,
    /// so holding it would keep both alive; a gesture source an app keeps may still report after
    /// the target is gone.
    private let targetReference: TargetReference
    private var target: MotionTarget? { targetReference.target }
    private let channel: TargetPresentation?
    /// Activity per animation key; its token ends when the core goes. Unchecked exclusivity (see
    /// ``TokenLedgerOwner``).
    @exclusivity(unchecked) var ledger = TokenLedger()
    private var drives: [Drive] = []
    /// How many active drives hold each component of each property (keyed by the property's
    /// ``LayerProperty/ordinal``; component `c` at lane `c`): what a release reads of the others
    /// in O(1), however many drives the target has.
    private var holds: [Int: SIMD4<Int32>] = [:]

    /// Creates the gesture executor of `target`.
    public init(target: MotionTarget) {
        targetReference = target.reference
        channel = TargetPresentation.of(target)
    }

    deinit {
        endHeldToken()
    }

    /// Receives the token generator held from each gesture's start to its end.
    public func setActivityTokenGenerator(_ generator: ActivityTokenGenerator) {
        withExtendedLifetime(ledger.use(generator)) {}
    }

    /// Ends the hold numbered `hold` of `key`, when its scheduled end comes.
    package func holdDidEnd(key: String, hold: Int) {
        endHold(key, hold)
    }

    /// Attaches an unnamed gesture intention to its inputs.
    public func add(_ intention: any Intention) {
        attach(intention, name: nil)
    }

    /// Attaches a named gesture intention to its inputs.
    public func add(_ intention: any NamedIntention, named name: String) {
        attach(intention, name: name)
    }

    /// Detaches the named intention; the property keeps its presented value.
    ///
    /// Pending gestures never start, and a running one is released now.
    public func removeIntention(named name: String) {
        guard let channel else { return }
        for drive in drives where drive.name == name {
            switch drive.phase {
            case .pending:
                drive.phase = .cancelled
            case .active:
                channel.removeKeepingPresented(key: drive.key)
                release(drive, velocity: drive.samples?.velocity(at: channel.now) ?? drive.latest?.velocity)
            case .ended:
                channel.removeKeepingPresented(key: drive.key)
            case .cancelled:
                break
            }
        }
        for drive in drives where drive.name == name { drive.subscription?.unsubscribe() }
        drives.removeAll { $0.name == name }
    }

    private func attach(_ intention: any Intention, name: String?) {
        guard let channel else { return }
        let kind: InputKind
        let property: LayerProperty
        var axis = DragAxis.both
        let gesture: String?
        // Each type compared exactly (no general cast per intention).
        if let drag = intention.exactly(Draggable.self) {
            (kind, property, axis, gesture) = (.pan, .position, drag.axis, drag.gesture)
        } else if let pinch = intention.exactly(Pinchable.self) {
            (kind, property, gesture) = (.pinch, .scale, pinch.gesture)
        } else if let rotate = intention.exactly(Rotatable.self) {
            (kind, property, gesture) = (.rotate, .rotation, rotate.gesture)
        } else {
            return
        }
        let now = channel.now
        guard let target else { return }
        for live in target.gestureSources(kind: GestureKind(kind), id: gesture) {
            let drive = Drive(
                input: nil, source: live, kind: kind, property: property, axis: axis, name: name,
                key: channel.makeKey("gesture"))
            follow(drive)
        }
        for input in channel.channel.inputs(kind: kind, gesture: gesture) where input.end >= now {
            let key = name.map { "name:\($0)/\(input.id)" } ?? channel.makeKey("gesture")
            let drive = Drive(
                input: input, source: GestureSource(), kind: kind, property: property, axis: axis, name: name, key: key)
            follow(drive)
            // The recorded input is one producer of the drive's source: it reports at its start and end.
            let replay = { [weak drive] in
                guard let drive, let samples = drive.samples else { return }
                drive.source.follow(samples, kind: GestureKind(kind), at: channel.now)
            }
            if input.start <= now {
                replay()
            } else {
                channel.schedule(at: input.start, keepsAlive: true, replay)
            }
        }
    }

    /// Subscribes the drive to its source: `began` begins it, `changed` moves a live one, `ended`
    /// and `cancelled` release it.
    private func follow(_ drive: Drive) {
        drives.append(drive)
        drive.subscription = drive.source.stream.subscribe(next: { [weak self, weak drive] event in
            guard let self, let drive else { return }
            let reported = Self.reported(event, kind: drive.kind)
            drive.latest = reported
            switch event.phase {
            case .began:
                self.begin(drive)
            case .changed:
                if drive.input == nil, drive.phase == .active { self.channel?.set(drive.path, drive.written(drive.map(reported.value))) }
            case .ended:
                self.release(drive, velocity: reported.velocity)
            case .cancelled:
                self.release(drive, velocity: nil)
            }
        })
    }

    /// A report's value and velocity in the input's terms: a translation, a factor or an angle.
    private static func reported(_ event: GestureEvent, kind: InputKind) -> (value: MotionValue, velocity: MotionValue) {
        switch kind {
        case .pan: (event.translation, event.velocity)
        case .pinch: (.scalar(event.scale), .scalar(event.scaleVelocity))
        case .rotate: (.scalar(event.angle), .scalar(event.angularVelocity))
        }
    }

    private func begin(_ drive: Drive) {
        guard drive.phase == .pending || (drive.input == nil && drive.phase == .ended), let channel else { return }
        let g = channel.now
        let base = channel.presented(PropertyPath(drive.property))
        guard let input = drive.input, let samples = drive.samples else {
            beginLive(drive, at: g, base: base)
            return
        }
        let start = input.start
        let end = input.end
        let late = g > start
        let reference = samples.value(at: g)
        switch drive.property {
        case .position:
            let mask = Self.mask(drive.axis)
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
        activate(drive)
        // Key times: the start, every sample strictly after it, the end.
        let n = input.samples.count
        var times = [g]
        if n >= 2, input.duration > 0 {
            let step = input.duration / Double(n - 1)
            for i in 1..<(n - 1) {
                let t = start + Double(i) * step
                if t > g, t < end { times.append(t) }
            }
        }
        if end > g { times.append(end) }
        let values = times.map { drive.written(drive.map(samples.value(at: $0))) }
        let last = values[values.count - 1]
        let span = end - g
        channel.handOff(drive.path, to: .gesture)
        if span > 0 {
            let keyTimes = times.map { $0 == end ? 1 : ($0 - g) / span }
            let animation = KeyframeAnimation(
                values: values, keyTimes: keyTimes, timingFunctions: [.linear], beginTime: g, duration: span)
            channel.add(
                drive.path, key: drive.key, animation: .keyframe(animation), modelValue: last, initialVelocity: nil,
                family: .gesture)
        } else {
            channel.set(drive.path, last)
        }
        holdActivity(drive.key, until: end, on: channel)
        signalBegan(drive, at: g)
        if span > 0 {
            channel.schedule(at: end) { [weak drive] in
                guard let drive, let samples = drive.samples else { return }
                drive.source.follow(samples, kind: GestureKind(drive.kind), at: channel.now)
            }
        }
    }

    /// Begins a live gesture: the property follows each report from its value now.
    private func beginLive(_ drive: Drive, at g: Double, base: MotionValue) {
        guard let channel else { return }
        switch drive.property {
        case .position:
            let mask = Self.mask(drive.axis)
            drive.map = { MotionValue(kind: .point, components: base.components + $0.components * mask) }
            drive.mapVelocity = { MotionValue(kind: .point, components: $0.components * mask) }
        case .scale:
            drive.map = { MotionValue(kind: .point, components: base.components * $0[0]) }
            drive.mapVelocity = { MotionValue(kind: .point, components: base.components * $0[0]) }
        default:
            drive.map = { .scalar(base[0] + $0[0]) }
            drive.mapVelocity = { .scalar($0[0]) }
        }
        activate(drive)
        channel.handOff(drive.path, to: .gesture)
        channel.set(drive.path, drive.written(drive.map(drive.latest?.value ?? .scalar(0))))
        holdActivity(drive.key, until: .infinity, on: channel)
        signalBegan(drive, at: g)
    }

    private static func mask(_ axis: DragAxis) -> SIMD4<Double> {
        switch axis {
        case .both: SIMD4(1, 1, 0, 0)
        case .horizontal: SIMD4(1, 0, 0, 0)
        case .vertical: SIMD4(0, 1, 0, 0)
        }
    }

    private func signalBegan(_ drive: Drive, at g: Double) {
        guard let target else { return }
        target.properties[GestureSignal.heldKey(drive.path)] = true
        target.properties[GestureSignal.key] = GestureSignal(
            phase: .began, property: drive.property, time: g, components: drive.path.component.map { [$0] })
    }

    /// Ends the drive with the release `velocity` (in the input's terms; nil for none), which
    /// physics on the property continues with.
    private func release(_ drive: Drive, velocity: MotionValue?) {
        guard drive.phase == .active, let channel else { return }
        drive.phase = .ended
        let componentCount = drive.property.kind.componentCount
        let all = UInt8(truncatingIfNeeded: (1 << componentCount) - 1)
        let held = hold(Self.mask(of: drive.path, all: all), of: drive.property, by: -1)
        let now = channel.now
        endActivity(drive.key)
        // The components another active drive on the property holds stay held (a drag along
        // the other axis holds its own component only); the rest are released.
        var stillHeld: UInt8 = 0
        for c in 0..<componentCount where held[c] > 0 { stillHeld |= 1 << c }
        let releasedMask = Self.mask(of: drive.path, all: all) & ~stillHeld
        guard releasedMask != 0, let target else { return }
        let releasedComponents = (0..<componentCount).filter { releasedMask & (1 << $0) != 0 }
        let partial = releasedMask != all
        let released = velocity.map(drive.mapVelocity)
        let rememberedKey = GestureSignal.rememberedVelocityKey(drive.property)
        if partial, let released {
            // A drag along one axis leaves the other component's remembered velocity as it was.
            let kept = target.properties.velocity(of: rememberedKey)
            var remembered = kept?.kind == released.kind ? kept ?? released : MotionValue(kind: released.kind, components: .zero)
            for component in releasedComponents { remembered[component] = released[component] }
            target.properties.setVelocity(remembered, of: rememberedKey)
        } else {
            target.properties.setVelocity(released, of: rememberedKey)
        }
        // The held marks say exactly what the drives still active hold: the whole property, or
        // each component on its own.
        target.properties[GestureSignal.heldKey(drive.property)] = stillHeld == all
        if componentCount > 1 {
            for component in 0..<componentCount {
                let path = PropertyPath(drive.property, component: component)
                target.properties[GestureSignal.heldKey(path)] = stillHeld != all && stillHeld & (1 << component) != 0
            }
        }
        target.properties[GestureSignal.key] = GestureSignal(
            phase: .ended, property: drive.property, time: now, components: partial ? releasedComponents : nil,
            velocity: released)
    }

    /// Makes `drive` active, holding the components it writes.
    private func activate(_ drive: Drive) {
        drive.phase = .active
        let all = UInt8(truncatingIfNeeded: (1 << drive.property.kind.componentCount) - 1)
        hold(Self.mask(of: drive.path, all: all), of: drive.property, by: 1)
    }

    /// Adds `change` to the count of active drives holding each component of `property` in
    /// `mask`; returns the counts.
    /// - Complexity: O(1).
    @discardableResult
    private func hold(_ mask: UInt8, of property: LayerProperty, by change: Int32) -> SIMD4<Int32> {
        var counts = holds[property.ordinal] ?? SIMD4()
        for c in 0..<4 where mask & (1 << c) != 0 { counts[c] &+= change }
        holds[property.ordinal] = counts
        return counts
    }

    /// The components `path` covers, as bits of a mask (`all` for the whole property).
    private static func mask(of path: PropertyPath, all: UInt8) -> UInt8 {
        guard let component = path.component else { return all }
        return all & UInt8(truncatingIfNeeded: 1 << component)
    }
}

extension GestureKind {
    /// The gesture kind of a document input kind.
    init(_ kind: InputKind) {
        switch kind {
        case .pan: self = .pan
        case .pinch: self = .pinch
        case .rotate: self = .rotate
        }
    }
}
