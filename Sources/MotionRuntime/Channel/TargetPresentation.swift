import MotionCore

/// A target's channel as its executors share it: the channel, plus which executor family drives
/// each live animation key, so that a family starting on a property ends the others there
/// (hand-off, docs/format.md §2.6), and observers of hand-offs and of the target's events.
///
/// Kept in the target's ``MotionTarget/properties`` (it outlives any one executor) and created
/// on first use; a target without a channel has none, and its executors do nothing.
final class TargetPresentation {
    private static let key = PropertyKey<TargetPresentation>("motionc.presentation")

    let channel: any MotionChannel
    /// The parts of each live key: the key itself (or, once a hand-off took some of its
    /// components, the keys of its per-component projections) and the path each animates.
    private var keyParts: [String: [String: PropertyPath]] = [:]
    /// The family that emitted each live key.
    private var keyFamilies: [String: DriverFamily] = [:]
    /// The live key each animation key belongs to (itself, or the key it was projected from).
    private var keyOwners: [String: String] = [:]
    /// Observers of hand-offs (executors that must drop what they lost).
    private var handOffObservers: [(HandOff) -> Void] = []
    /// Observers of events (the shape and link executors' wake-up).
    private var changeObservers: [(LayerProperty) -> Void] = []
    /// A counter for unique animation keys on this target, shared by its executors.
    private var serial = 0

    private init(channel: any MotionChannel) {
        self.channel = channel
    }

    /// The shared presentation of `target`, created on first use; nil when it has no channel.
    static func of(_ target: MotionTarget) -> TargetPresentation? {
        if let existing = target.properties[key] { return existing }
        guard let channel = target.channel else { return nil }
        let presentation = TargetPresentation(channel: channel)
        target.properties[key] = presentation
        return presentation
    }

    var now: Double { channel.now }
    var fps: Double { channel.fps }

    /// A fresh key `"<prefix>-<n>"`, unique on the target.
    func makeKey(_ prefix: String) -> String {
        serial += 1
        return "\(prefix)-\(serial)"
    }

    // MARK: Reading

    /// The presented value of `path` now.
    func presented(_ path: PropertyPath) -> MotionValue {
        channel.presentedValue(of: path)
    }

    /// The velocity of the presented value of `path` now, in closed form.
    func velocity(_ path: PropertyPath) -> MotionValue {
        channel.presentedVelocity(of: path)
    }

    /// The velocity of the presented value of `property` at `t`, per component: the covering
    /// spring's own velocity, or a symmetric difference (h = 1e-5 s) of the presented value under
    /// a keyframe animation; zero where nothing covers `t`.
    func presentedVelocity(_ property: LayerProperty, at t: Double) -> MotionValue {
        let presentation = channel.presentation(of: property)
        var velocity = MotionValue(kind: property.kind, components: .zero)
        let h = 1e-5
        var difference: MotionValue?
        for c in 0..<property.kind.componentCount {
            for entry in presentation.entries.reversed() where entry.component == nil || entry.component == c {
                guard entry.addedTime <= t, t <= entry.end else { continue }
                switch entry.animation {
                case .spring(let spring):
                    velocity[c] = spring.velocity(at: t)[entry.component == nil ? c : 0]
                case .keyframe, .path:
                    if difference == nil {
                        let before = presentation.value(at: max(entry.addedTime, t - h))
                        let after = presentation.value(at: t + h)
                        let span = t + h - max(entry.addedTime, t - h)
                        difference = MotionValue(kind: property.kind, components: (after.components - before.components) / span)
                    }
                    velocity[c] = difference?[c] ?? 0
                }
                break
            }
        }
        return velocity
    }

    /// Whether some animation on `property` covers `t` or ends after it.
    func isAnimating(_ property: LayerProperty, at t: Double) -> Bool {
        channel.presentation(of: property).isAnimating(at: t)
    }

    /// Whether `key` gives the presented value of component `c` of `property` now.
    func presents(_ property: LayerProperty, component c: Int, key: String) -> Bool {
        let presentation = channel.presentation(of: property)
        guard let i = presentation.presenter(of: c, at: now) else { return false }
        return keyOwners[presentation.entries[i].key] == key
    }

    /// Whether `key` is live.
    func hasKey(_ key: String) -> Bool {
        keyParts[key] != nil
    }

    // MARK: Emitting events

    /// Emits a `set` of `value` on `path` now.
    func set(_ path: PropertyPath, _ value: MotionValue) {
        channel.set(path, to: value)
        notify(path.property)
    }

    /// Emits an `add` of `animation` under `key` on `path` now, emitted by `family`. Projections
    /// of an earlier animation under `key` (from a hand-off) are removed first.
    func add(
        _ path: PropertyPath, key: String, animation: Animation, modelValue: MotionValue, initialVelocity: MotionValue?,
        family: DriverFamily
    ) {
        if let parts = keyParts[key] {
            for part in parts.keys.sorted() where part != key { emitRemove(part, property: path.property) }
        }
        keyParts[key] = [key: path]
        keyFamilies[key] = family
        keyOwners[key] = key
        emitAdd(path, key: key, animation: animation, modelValue: modelValue, initialVelocity: initialVelocity)
    }

    private func emitAdd(
        _ path: PropertyPath, key: String, animation: Animation, modelValue: MotionValue, initialVelocity: MotionValue?
    ) {
        channel.add(animation, key: key, on: path, modelValue: modelValue, initialVelocity: initialVelocity)
        notify(path.property)
    }

    /// Emits a `remove` of `key` (and of its projections) now, if the key is live; returns the
    /// property it animated.
    @discardableResult
    func remove(key: String) -> LayerProperty? {
        guard let parts = keyParts.removeValue(forKey: key) else { return nil }
        keyFamilies[key] = nil
        guard let property = parts.values.first?.property else { return nil }
        for part in parts.keys.sorted() { emitRemove(part, property: property) }
        return property
    }

    private func emitRemove(_ key: String, property: LayerProperty) {
        keyOwners[key] = nil
        channel.remove(key: key)
        notify(property)
    }

    /// Removes `key` so that its paths keep the values they present now (docs/format.md §2.5):
    /// a `remove` followed by a `set` of each presented value. Does nothing for a key that is
    /// not live.
    func removeKeepingPresented(key: String) {
        guard let parts = keyParts[key] else { return }
        let paths = parts.values.sorted()
        let values = paths.map { presented($0) }
        remove(key: key)
        for (path, value) in zip(paths, values) { set(path, value) }
    }

    /// Runs `action` at exactly `time` (now if `time` has passed).
    func schedule(at time: Double, keepsAlive: Bool = false, _ action: @escaping () -> Void) {
        channel.schedule(at: max(time, now), keepsAlive: keepsAlive, action)
    }

    // MARK: Hand-off between families

    /// Gives the components of `path` to `family` (docs/format.md §2.6): every live animation it
    /// takes over from (``DriverFamily/takesOver(from:)``) on those components ends now, as if
    /// removed. An animation on the whole property that shares only some components with `path`
    /// goes on for the others: it is re-added as one projection per remaining component, with its
    /// own timing. Observers then hear which keys ended and which path changed hands.
    ///
    /// Call it after reading the presented value and velocity the new motion starts from.
    ///
    /// - Complexity: O(k) for k animations on the property.
    func handOff(_ path: PropertyPath, to family: DriverFamily) {
        guard family != .shape else { return }
        let entries = channel.presentation(of: path.property).entries
        guard !entries.isEmpty else {
            // Nothing animates the property: nothing ends, nothing to build.
            notifyHandOff(HandOff(path: path, family: family, endedKeys: []))
            return
        }
        let taken = Set(path.componentIndices)
        let owners = entries.map { keyOwners[$0.key] }
        var ended: [String] = []
        var visited: Set<String> = []
        var firstProjected: Int?
        for (index, entry) in entries.enumerated() {
            guard let key = keyOwners[entry.key], visited.insert(key).inserted,
                let owner = keyFamilies[key], family.takesOver(from: owner),
                var parts = keyParts[key]
            else { continue }
            for (part, partPath) in parts.sorted(by: { $0.key < $1.key }) {
                let theirs = Set(partPath.componentIndices)
                guard !theirs.isDisjoint(with: taken) else { continue }
                let animation = entries.first { $0.key == part }?.animation
                parts[part] = nil
                emitRemove(part, property: path.property)
                guard let animation else { continue }
                for c in theirs.subtracting(taken).sorted() {
                    firstProjected = firstProjected ?? index
                    let projectedKey = parts[key] == nil ? key : "\(key)+\(c)"
                    let projectedPath = PropertyPath(path.property, component: c)
                    let modelValue = MotionValue.scalar(channel.presentation(of: path.property).model[c])
                    parts[projectedKey] = projectedPath
                    keyOwners[projectedKey] = key
                    emitAdd(
                        projectedPath, key: projectedKey, animation: animation.projected(toComponent: c),
                        modelValue: modelValue, initialVelocity: nil)
                }
            }
            if parts.isEmpty {
                keyParts[key] = nil
                keyFamilies[key] = nil
                ended.append(key)
            } else {
                keyParts[key] = parts
            }
        }
        // A projection is added now, so it would present over animations added after the one it
        // comes from: add those again, in their order, to keep their precedence.
        if let first = firstProjected, let firstOwner = owners[first] {
            var readded: Set<String> = [firstOwner]
            for owner in owners[(first + 1)...] {
                guard let owner, readded.insert(owner).inserted else { continue }
                let presentation = channel.presentation(of: path.property)
                for entry in presentation.entries where keyOwners[entry.key] == owner {
                    let entryPath = PropertyPath(path.property, component: entry.component)
                    let modelValue = entry.component.map { MotionValue.scalar(presentation.model[$0]) } ?? presentation.model
                    emitAdd(entryPath, key: entry.key, animation: entry.animation, modelValue: modelValue, initialVelocity: nil)
                }
            }
        }
        notifyHandOff(HandOff(path: path, family: family, endedKeys: ended))
    }

    private func notifyHandOff(_ event: HandOff) {
        for observer in handOffObservers { observer(event) }
    }

    /// Calls `body` after every hand-off on the target, from now on.
    func observeHandOffs(_ body: @escaping (HandOff) -> Void) {
        handOffObservers.append(body)
    }

    /// Calls `body` after every event on the target (with the property it touched), from now on.
    func observeChanges(_ body: @escaping (LayerProperty) -> Void) {
        changeObservers.append(body)
    }

    private func notify(_ property: LayerProperty) {
        for observer in changeObservers { observer(property) }
    }
}
