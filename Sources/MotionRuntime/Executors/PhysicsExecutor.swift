import MotionCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The executor of springs and friction on one target: a handle the runtime may release at rest.
///
/// The state and work live in ``PhysicsCore``, kept by the target, so the runtime can
/// release the handle at rest and make it again with nothing lost.
public final class PhysicsExecutor: StoredExecutor<PhysicsCore>, NamedIntentionExecuting, ContinuousExecuting {}

/// Fulfils ``Spring``, ``AnchoredSpring`` and ``Friction`` (docs/format.md §2.3), one per target.
///
/// There is ONE per target so that springs and friction on one property share one value and
/// velocity (forces add).
///
/// Per property path it knows the current spring (the latest added that is still held: its
/// destination, stiffness, damping, mass, threshold) and the summed friction coefficient. Whenever
/// anything changes (a new spring or destination, friction added, a named plan removed, a gesture
/// released) it reads the presented value and the current velocity and emits one new animation
/// under the path's key `physics:<path>`, replacing the previous one:
/// - with a spring: a closed-form `SpringAnimation` from there, damping = spring damping + the
///   friction coefficients, ending at the rest time of the format's measure (then it shows the
///   destination: the snap);
/// - with friction alone: `m v' = -c v` in closed form (`FrictionDecay`, m = 1). The timeline has
///   no decay animation, so it is emitted as a keyframe animation **sampled** at the channel's
///   frame times `k / fps` (plus its start and end; linear segments), until the speed (the norm
///   of the velocity vector) is at most the property's threshold; at most 600 s are sampled;
/// - with neither: the animation is removed, the property keeps its presented value and the
///   velocity is remembered for the next physics motion on the property.
///
/// Hand-off (docs/format.md §2.6): a spring, anchored spring or friction takes its path from
/// tweens and gestures at its commit: it reads the presented value and velocity first, then the
/// earlier tweens on the path end. When a tween later takes the path (or some of its
/// components), physics on it stops and its velocity is discarded.
///
/// The velocity carried over, per component, is the current physics animation's own (closed
/// form) where it presents the component, else the presented velocity (a tween's derivative,
/// in closed form), plus the velocity remembered in the target's store
/// (``GestureSignal/rememberedVelocityKey(_:)``: a gesture's release velocity or the velocity a
/// removed plan left), which the new motion consumes. A spring's `initialVelocity` adds to it.
/// While a gesture drives the property the executor only records changes; it continues on release.
public final class PhysicsCore: NameAwareExecuting, ContinuousExecuting, ExecutorCore, GestureSignalObserving,
    TokenLedgerOwner, HandOffObserving
{
    /// The store slot of the target's core.
    public static let storeName = "motionc.executor.physics"

    private struct SpringConfig {
        var name: String?
        var destination: MotionValue
        var parameters: SpringParameters
    }

    private struct FrictionConfig {
        var name: String?
        var coefficient: Double
    }

    private enum Motion {
        case none
        case spring(SpringAnimation)
        case decay([FrictionDecay], start: Double, end: Double)
    }

    // Unchecked exclusivity under the rules of `Runtime`'s tables (Runtime.swift): a path's state
    // is values (configurations, motions), changed in place by accesses that call nothing out.
    private final class PathState {
        let path: PropertyPath
        let key: String
        @exclusivity(unchecked) var springs = FirstInPlace<SpringConfig>()
        @exclusivity(unchecked) var frictions: [FrictionConfig] = []
        /// The components of the property gestures hold now, as bits (bit c for component c).
        @exclusivity(unchecked) var heldMask: UInt8
        @exclusivity(unchecked) var motion: Motion = .none
        /// What ``motion`` drives: the path, or its one free component while a drag along one
        /// axis holds the other.
        @exclusivity(unchecked) var motionPath: PropertyPath

        init(path: PropertyPath, heldMask: UInt8) {
            self.path = path
            self.key = path.component == nil ? Self.wholeKeys[path.property.ordinal] : "physics:\(path)"
            self.heldMask = heldMask
            motionPath = path
        }

        /// The path's components, as bits (bit c for component c).
        var pathMask: UInt8 {
            path.componentIndices.reduce(0) { $0 | (1 << $1) }
        }

        /// What physics drives of the path now: the path itself; its one component no gesture
        /// holds, while a drag along one axis holds the other (docs/format.md §2.4); or nil while
        /// gestures hold the path.
        var drivenPath: PropertyPath? {
            guard heldMask & pathMask != 0 else { return path }
            let free = path.componentIndices.filter { heldMask & (1 << $0) == 0 }
            guard free.count == 1, path.component == nil else { return nil }
            return PropertyPath(path.property, component: free[0])
        }

        /// `value` (of the path's kind) on `part`: itself, or its one component.
        func value(_ value: MotionValue, on part: PropertyPath) -> MotionValue {
            guard part != path, let component = part.component, value.kind == path.kind else { return value }
            return .scalar(value[component])
        }

        /// The keys of whole-property paths, by ``LayerProperty/ordinal``: made once, not per path.
        private static let wholeKeys = LayerProperty.allCases.map { "physics:\(PropertyPath($0))" }

        var friction: Double { frictions.reduce(0) { $0 + max(0, $1.coefficient) } }
    }

    /// Seconds of friction decay sampled at most; the value holds after.
    static let maximumDecayDuration = 600.0
    /// Keyframes of one sampled decay at most (coarser than every frame beyond this).
    static let maximumDecayKeyframes = 100_000

    /// The target, through its shared reference (nil once it went): the target keeps this core,
    /// so holding it would keep both alive, and an app may keep the core (it is public) past the
    /// target's life.
    private let targetReference: TargetReference
    private var target: MotionTarget? { targetReference.target }
    private let channel: TargetPresentation?
    /// Activity per animation key; its token ends when the core goes. Unchecked exclusivity (see
    /// ``TokenLedgerOwner``).
    @exclusivity(unchecked) var ledger = TokenLedger()
    /// The paths physics ever drove on the target, in first-use order: a list, as there are at
    /// most a few per property (the whole property and its components). Unchecked (the rules of
    /// `Runtime`'s tables): it only grows, and is walked on a copy.
    @exclusivity(unchecked) private var states = FirstInPlace<PathState>()

    /// Creates the physics executor of `target` and starts listening to its gesture signals.
    public init(target: MotionTarget) {
        targetReference = target.reference
        channel = TargetPresentation.of(target)
        // The target's store (once made) holds the core as its gesture-signal observer for the
        // store's life (the target keeps both, and the core holds only its target's reference: no
        // cycle, no closure).
        target.observeGestureSignals(self)
        channel?.observeHandOffs(by: self)
    }

    deinit {
        endHeldToken()
        channel?.stopObservingHandOffs(by: ObjectIdentifier(self))
    }

    /// Receives the token generator that keeps the runtime active while a motion runs.
    public func setActivityTokenGenerator(_ generator: ActivityTokenGenerator) {
        withExtendedLifetime(ledger.use(generator)) {}
    }

    /// Ends the hold numbered `hold` of `key`, when its scheduled end comes.
    package func holdDidEnd(key: String, hold: Int) {
        endHold(key, hold)
    }

    /// Drops the configuration the named plan brought (docs/format.md §2.5).
    ///
    /// The property continues from its presented value and velocity with what remains.
    public func removeIntention(named name: String) {
        for state in states {
            let springs = state.springs.count
            let frictions = state.frictions.count
            state.springs.removeAll { $0.name == name }
            state.frictions.removeAll { $0.name == name }
            if state.springs.count != springs || state.frictions.count != frictions { retarget(state) }
        }
    }

    /// Adds a spring, anchored spring or friction, under `name` if given.
    public func receive(_ intention: any Intention, name: String?) {
        let state: PathState
        var extraVelocity: MotionValue?
        // Each type compared exactly (no general cast per intention).
        if let spring = intention.exactly(Spring.self) {
            state = self.state(spring.property)
            state.springs.append(SpringConfig(name: name, destination: spring.destination, parameters: spring.parameters))
            extraVelocity = spring.initialVelocity
        } else if let anchored = intention.exactly(AnchoredSpring.self) {
            state = self.state(PropertyPath(.position))
            state.springs.append(SpringConfig(name: name, destination: anchored.anchor, parameters: anchored.parameters))
        } else if let friction = intention.exactly(Friction.self) {
            state = self.state(friction.property)
            state.frictions.append(FrictionConfig(name: name, coefficient: friction.coefficient))
        } else {
            return
        }
        // Physics starts here: from the presented value and velocity, then earlier tweens end.
        guard let channel else { return }
        let driven = state.drivenPath
        let start = driven.map { (channel.presented($0), startVelocity(state, along: $0, now: channel.now)) }
        channel.handOff(driven ?? state.path, to: .physics)
        retarget(state, adding: extraVelocity, from: start)
    }

    /// A tween took `handOff.path` (or part of it): physics on the components it took stops, and
    /// their remembered velocity is discarded.
    func handOffDidHappen(_ handOff: HandOff) {
        for key in handOff.endedKeys { endActivity(key) }
        guard handOff.family == .tween else { return }
        let property = handOff.path.property
        // Components are ranges (a whole property, or one component): compared as ranges, no set
        // made per tween that hands a property over.
        let taken = handOff.path.componentIndices
        for state in states where state.path.property == property {
            let owned = state.path.componentIndices
            guard taken.overlaps(owned) else { continue }
            if taken.lowerBound <= owned.lowerBound, owned.upperBound <= taken.upperBound {
                state.springs.removeAll()
                state.frictions.removeAll()
                state.motion = .none
                endActivity(state.key)
            }
        }
        let key = GestureSignal.rememberedVelocityKey(property)
        if let properties = target?.storeIfMade, var stored = properties.velocity(of: key) {
            for c in taken { stored[c] = 0 }
            properties.setVelocity(stored.components == .zero ? nil : stored, of: key)
        }
    }

    private func state(_ path: PropertyPath) -> PathState {
        if let state = states.first(where: { $0.path == path }) { return state }
        let held = target?.storeIfMade.map { GestureSignal.heldComponents(of: path.property, in: $0) } ?? 0
        let state = PathState(path: path, heldMask: held)
        states.append(state)
        return state
    }

    /// A gesture began on a property (physics there stops and follows it) or ended (physics
    /// continues from the release).
    ///
    /// A drag along one axis holds one component of `position`: physics on the other component,
    /// or on the other component of a whole-`position` motion, runs on.
    func gestureSignalDidChange(_ signal: GestureSignal) {
        guard let channel else { return }
        let mask = signal.componentMask
        for state in states where state.path.property == signal.property && state.pathMask & mask != 0 {
            switch signal.phase {
            case .began:
                state.heldMask |= mask
                // The gesture's animation drives the path now; physics follows it. Where it
                // drives only one component of a whole-property motion, the hand-off projected
                // the rest of the motion under the path's key, and that runs on.
                guard state.drivenPath == nil else { continue }
                channel.remove(key: state.key)
                endActivity(state.key)
                state.motion = .none
            case .ended:
                state.heldMask &= ~mask
                retarget(state)
            }
        }
    }

    // MARK: Velocity

    private func zero(_ path: PropertyPath) -> MotionValue {
        MotionValue(kind: path.kind, components: .zero)
    }

    /// The velocity of the path's current physics motion at `now` (on ``PathState/motionPath``),
    /// or nil when it has none.
    private func ownVelocity(_ state: PathState, now: Double) -> MotionValue? {
        switch state.motion {
        case .spring(let animation):
            return animation.velocity(at: now)
        case .decay(let decays, let start, let end):
            var v = zero(state.motionPath)
            guard now < end else { return v }
            for (c, decay) in decays.enumerated() { v[c] = decay.velocity(at: now - start) }
            return v
        case .none:
            return nil
        }
    }

    /// The velocity a motion of `path` (the state's path or its one driven component) starting
    /// now starts from: per component, the path's own physics motion where it presents the
    /// component, else the presented velocity; plus the remembered velocity (consumed).
    private func startVelocity(_ state: PathState, along path: PropertyPath, now: Double) -> MotionValue {
        guard let channel else { return zero(path) }
        var v = channel.velocity(path)
        if let own = ownVelocity(state, now: now) {
            let owned = state.motionPath.componentIndices
            for (i, c) in path.componentIndices.enumerated()
            where owned.contains(c) && channel.presents(path.property, component: c, key: state.key) {
                v[i] = own[c - owned.lowerBound]
            }
        }
        let remembered = consumeRememberedVelocity(path)
        v.components += remembered.components
        return v
    }

    private func consumeRememberedVelocity(_ path: PropertyPath) -> MotionValue {
        let key = GestureSignal.rememberedVelocityKey(path.property)
        guard let properties = target?.storeIfMade, var stored = properties.velocity(of: key) else { return zero(path) }
        guard let component = path.component else {
            properties.setVelocity(nil, of: key)
            return stored
        }
        let v = MotionValue.scalar(stored[component])
        stored[component] = 0
        properties.setVelocity(stored, of: key)
        return v
    }

    private func rememberVelocity(_ v: MotionValue, of path: PropertyPath) {
        guard v.components != .zero, let properties = target?.properties else { return }
        let key = GestureSignal.rememberedVelocityKey(path.property)
        if let component = path.component {
            var stored = properties.velocity(of: key) ?? path.property.defaultValue
            if properties.velocity(of: key) == nil { stored.components = .zero }
            stored[component] = v[0]
            properties.setVelocity(stored, of: key)
        } else {
            properties.setVelocity(v, of: key)
        }
    }

    // MARK: Emitting

    /// Emits the path's motion from `start` (a value and velocity read before a hand-off), or
    /// else from its presented value and velocity now.
    private func retarget(
        _ state: PathState, adding extraVelocity: MotionValue? = nil, from start: (MotionValue, MotionValue)? = nil
    ) {
        guard let channel else { return }
        guard let path = state.drivenPath else {
            if let extraVelocity { rememberVelocity(extraVelocity, of: state.path) }
            return
        }
        let now = channel.now
        let (x, startingVelocity) = start ?? (channel.presented(path), startVelocity(state, along: path, now: now))
        var v = startingVelocity
        if let extraVelocity {
            let extra = state.value(extraVelocity, on: path)
            if extra.kind == v.kind { v.components += extra.components }
        }
        let friction = state.friction
        state.motionPath = path
        if let spring = state.springs.last {
            let p = spring.parameters
            let destination = state.value(spring.destination, on: path)
            let animation = SpringAnimation(
                from: x, to: destination, initialVelocity: v, stiffness: p.stiffness, damping: p.damping + friction,
                mass: p.mass, beginTime: now, threshold: p.threshold ?? path.property.defaultRestThreshold)
            if animation.duration > 0 {
                channel.add(
                    path, key: state.key, animation: .spring(animation), modelValue: destination, initialVelocity: v,
                    family: .physics)
                state.motion = .spring(animation)
                holdActivity(state.key, until: now + animation.duration, on: channel)
            } else {
                settle(state, along: path, at: destination)
            }
        } else if friction > 0 {
            emitDecay(state, along: path, from: x, velocity: v, coefficient: friction)
        } else {
            // No physics left on the path: keep the presented value, remember the velocity.
            settle(state, along: path, at: x)
            rememberVelocity(v, of: path)
        }
    }

    /// Ends the motion of `path` (the state's path or its driven component) at `value`: removes
    /// its animation and writes `value` if it differs from what shows then.
    private func settle(_ state: PathState, along path: PropertyPath, at value: MotionValue) {
        guard let channel else { return }
        let removed = channel.remove(key: state.key) != nil
        if removed || value != channel.presented(path) { channel.set(path, value) }
        endActivity(state.key)
        state.motion = .none
    }

    private func emitDecay(
        _ state: PathState, along path: PropertyPath, from x: MotionValue, velocity v: MotionValue, coefficient: Double
    ) {
        guard let channel else { return }
        let count = path.kind.componentCount
        var sum = 0.0
        for c in 0..<count { sum += v[c] * v[c] }
        let speed = sum.squareRoot()
        let threshold = path.property.defaultRestThreshold
        let settling = FrictionDecay(initialValue: 0, initialVelocity: speed, coefficient: coefficient).settlingTime(threshold: threshold)
        guard speed > threshold, settling > 0 else {
            settle(state, along: path, at: x)
            return
        }
        let now = channel.now
        let duration = min(settling, Self.maximumDecayDuration)
        let end = now + duration
        let decays = (0..<count).map { FrictionDecay(initialValue: x[$0], initialVelocity: v[$0], coefficient: coefficient) }
        // Sample times: the start, every frame time k / fps strictly inside, the end.
        let fps = channel.fps
        let firstFrame = (now * fps).rounded(.down) + 1
        let lastFrame = (end * fps).rounded(.up) - 1
        let frames = max(0, lastFrame - firstFrame + 1)
        let stride = max(1, (frames / Double(Self.maximumDecayKeyframes)).rounded(.up))
        var times = [now]
        var k = firstFrame
        while k <= lastFrame {
            let t = k / fps
            if t > now, t < end { times.append(t) }
            k += stride
        }
        times.append(end)
        var values: [MotionValue] = []
        values.reserveCapacity(times.count)
        var keyTimes: [Double] = []
        keyTimes.reserveCapacity(times.count)
        for t in times {
            var value = x
            for c in 0..<count { value[c] = decays[c].value(at: t - now) }
            values.append(value)
            keyTimes.append(t == end ? 1 : (t - now) / duration)
        }
        let animation = KeyframeAnimation(
            values: values, keyTimes: keyTimes, timingFunctions: [.linear], beginTime: now, duration: duration)
        channel.add(
            path, key: state.key, animation: .keyframe(animation), modelValue: values[values.count - 1],
            initialVelocity: v, family: .physics)
        state.motion = .decay(decays, start: now, end: end)
        holdActivity(state.key, until: end, on: channel)
    }
}

/// A list that keeps its first element in place and any others in an array: a physics core
/// mostly drives one path with one spring, which then costs no array to make and free.
private struct FirstInPlace<Element>: Sequence {
    private var head: Element?
    private var rest: [Element] = []

    /// How many elements the list holds.
    var count: Int { head == nil ? 0 : 1 + rest.count }

    /// The element added last, or nil.
    var last: Element? { rest.last ?? head }

    /// Adds `element` after the others.
    /// - Complexity: O(1) amortised.
    mutating func append(_ element: Element) {
        if head == nil { head = element } else { rest.append(element) }
    }

    /// Removes every element.
    mutating func removeAll() {
        head = nil
        rest = []
    }

    /// Removes the elements `shouldRemove` picks, keeping the others in order.
    /// - Complexity: O(count).
    mutating func removeAll(where shouldRemove: (Element) -> Bool) {
        guard let kept = head else { return }
        if rest.isEmpty {
            if shouldRemove(kept) { head = nil }
            return
        }
        var all = [kept] + rest
        all.removeAll(where: shouldRemove)
        head = all.first
        rest = Array(all.dropFirst())
    }

    func makeIterator() -> Iterator {
        Iterator(list: self)
    }

    /// The elements in order.
    struct Iterator: IteratorProtocol {
        fileprivate let list: FirstInPlace
        private var index = 0

        fileprivate init(list: FirstInPlace) {
            self.list = list
        }

        mutating func next() -> Element? {
            defer { index += 1 }
            guard index > 0 else { return list.head }
            return index - 1 < list.rest.count ? list.rest[index - 1] : nil
        }
    }
}
