import MotionCore
import MotionPlans
import MotionSelectors

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What the executors of one document run share: the presentation they emit events to, the sink
/// that observes those events, the clock, the scheduled work, and the document's inputs.
///
/// Executors reach it through their target's ``TargetContext`` (in the target's property store),
/// since the runtime creates them with a target only.
final class PresentationHub {
    private(set) var model: PresentationModel
    let sink: (any PresentationSink)?
    let clock: DocumentClock
    var queue = EventQueue()
    let document: MotionDocument
    private(set) var targets: [MotionTarget] = []
    private let selectorTree: SelectorTree
    private var selectorCache: [String: [Int]] = [:]
    /// Animated components, encoded as `target * 64 + ordinal * 4 + component`.
    private(set) var animated: Set<Int> = []
    /// The parts of each live key, per target: the key itself (or, once a hand-off took some of
    /// its components, the keys of its per-component projections) and the path each animates.
    private var keyParts: [[String: [String: PropertyPath]]]
    /// The family that emitted each live key, per target.
    private var keyFamilies: [[String: DriverFamily]]
    /// The live key each animation key belongs to (itself, or the key it was projected from).
    private var keyOwners: [[String: String]]
    /// Observers of hand-offs per target (executors that must drop what they lost).
    private var handOffObservers: [Int: [(HandOff) -> Void]] = [:]
    /// Observers of presentation events per target (the shape executor's wake-up).
    private var changeObservers: [Int: [(LayerProperty) -> Void]] = [:]
    /// How many events were applied: for tests and summaries.
    private(set) var eventCount = 0

    init(document: MotionDocument, sink: (any PresentationSink)?) {
        self.document = document
        self.sink = sink
        self.clock = DocumentClock(fps: document.canvas.fps)
        self.model = PresentationModel(layers: document.targets.map { $0.layer })
        self.selectorTree = document.selectorTree
        self.keyParts = Array(repeating: [:], count: document.targets.count)
        self.keyFamilies = Array(repeating: [:], count: document.targets.count)
        self.keyOwners = Array(repeating: [:], count: document.targets.count)
    }

    func attach(targets: [MotionTarget]) {
        self.targets = targets
    }

    var now: Double { clock.now }
    var fps: Double { clock.fps }

    // MARK: Selectors and inputs

    /// The targets `selector` resolves to, in document order, each once; none if it does not parse.
    func resolve(_ selector: String) -> [Int] {
        if let cached = selectorCache[selector] { return cached }
        let matches: [Int]
        switch Selector.parse(selector) {
        case .success(let parsed): matches = selectorTree.matches(parsed)
        case .failure: matches = []
        }
        selectorCache[selector] = matches
        return matches
    }

    /// The inputs that drive a gesture intention of `kind` on `target`: the one named `gesture`,
    /// or else every input of the kind whose target selector resolves to `target`; in document
    /// order.
    /// - Complexity: O(inputs named `gesture` or aimed at `target`), after one O(inputs x
    ///   matches) pass on the first call that builds the index.
    func inputs(kind: InputKind, gesture: String?, target: Int) -> [InputSpec] {
        let index = inputIndex ?? buildInputIndex()
        let found = gesture.map { index.byID[$0] ?? [] } ?? index.byTarget[target] ?? []
        return found.lazy.map { self.document.inputs[$0] }.filter { $0.kind == kind }
    }

    /// The document's inputs by id and by the targets their selectors resolve to, as indices into
    /// `document.inputs` in document order.
    private var inputIndex: (byID: [String: [Int]], byTarget: [Int: [Int]])?

    private func buildInputIndex() -> (byID: [String: [Int]], byTarget: [Int: [Int]]) {
        var byID: [String: [Int]] = [:]
        var byTarget: [Int: [Int]] = [:]
        for (i, input) in document.inputs.enumerated() {
            byID[input.id.value, default: []].append(i)
            for target in resolve(input.target.value) { byTarget[target, default: []].append(i) }
        }
        inputIndex = (byID, byTarget)
        return (byID, byTarget)
    }

    // MARK: Reading the presentation

    /// The presented value of `path` on `target` now.
    func presented(_ target: Int, _ path: PropertyPath) -> MotionValue {
        let value = model.value(layer: target, property: path.property, at: now)
        guard let component = path.component else { return value }
        return .scalar(value[component])
    }

    /// The velocity of the presented value of `property` on `target` at `t`, per component: the
    /// covering spring's own velocity, or a symmetric difference (h = 1e-5 s) of the presented
    /// value under a keyframe animation; zero where nothing covers `t`.
    func presentedVelocity(_ target: Int, _ property: LayerProperty, at t: Double) -> MotionValue {
        let channel = model.channel(layer: target, property: property)
        var velocity = MotionValue(kind: property.kind, components: .zero)
        let h = 1e-5
        var difference: MotionValue?
        for c in 0..<property.kind.componentCount {
            for entry in channel.entries.reversed() where entry.component == nil || entry.component == c {
                guard entry.addedTime <= t, t <= entry.end else { continue }
                switch entry.animation {
                case .spring(let spring):
                    velocity[c] = spring.velocity(at: t)[entry.component == nil ? c : 0]
                case .keyframe, .path:
                    if difference == nil {
                        let before = channel.value(at: max(entry.addedTime, t - h))
                        let after = channel.value(at: t + h)
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

    /// Whether some animation on `property` of `target` covers `t` or ends after it.
    func isAnimating(_ target: Int, _ property: LayerProperty, at t: Double) -> Bool {
        model.channel(layer: target, property: property).isAnimating(at: t)
    }

    /// The velocity of the presented value of `path` on `target` now, in closed form: the
    /// presenting animation's own velocity per component (a keyframe segment's derivative, a
    /// spring's velocity), 0 where none covers now (docs/format.md §2.6).
    func velocity(_ target: Int, _ path: PropertyPath) -> MotionValue {
        let v = model.channel(layer: target, property: path.property).velocity(at: now)
        guard let component = path.component else { return v }
        return .scalar(v[component])
    }

    /// Whether `key` gives the presented value of component `c` of `property` on `target` now.
    func presents(_ target: Int, _ property: LayerProperty, component c: Int, key: String) -> Bool {
        let channel = model.channel(layer: target, property: property)
        guard let i = channel.presenter(of: c, at: now) else { return false }
        return keyOwners[target][channel.entries[i].key] == key
    }

    /// Whether `key` is live on `target`.
    func hasKey(_ target: Int, _ key: String) -> Bool {
        keyParts[target][key] != nil
    }

    // MARK: Emitting events

    /// Emits a `set` of `value` on `path` now.
    func set(_ target: Int, _ path: PropertyPath, _ value: MotionValue) {
        let t = now
        model.set(layer: target, path: path, value: value, at: t)
        sink?.set(target: target, path: path, value: value, at: t)
        touched(target, path)
    }

    /// Emits an `add` of `animation` under `key` on `path` now, emitted by `family`. Projections
    /// of an earlier animation under `key` (from a hand-off) are removed first.
    func add(
        _ target: Int, _ path: PropertyPath, key: String, animation: Animation, modelValue: MotionValue,
        initialVelocity: MotionValue?, family: DriverFamily
    ) {
        if let parts = keyParts[target][key] {
            for part in parts.keys.sorted() where part != key { emitRemove(target, part, property: path.property) }
        }
        keyParts[target][key] = [key: path]
        keyFamilies[target][key] = family
        keyOwners[target][key] = key
        emitAdd(target, path, key: key, animation: animation, modelValue: modelValue, initialVelocity: initialVelocity)
    }

    private func emitAdd(
        _ target: Int, _ path: PropertyPath, key: String, animation: Animation, modelValue: MotionValue,
        initialVelocity: MotionValue?
    ) {
        let t = now
        model.add(layer: target, path: path, key: key, animation: animation, modelValue: modelValue, at: t)
        sink?.add(
            target: target, path: path, key: key, animation: animation, modelValue: modelValue,
            initialVelocity: initialVelocity, at: t)
        touched(target, path)
    }

    /// Emits a `remove` of `key` (and of its projections) now, if the key is live; returns the
    /// property it animated.
    @discardableResult
    func remove(_ target: Int, key: String) -> LayerProperty? {
        guard let parts = keyParts[target].removeValue(forKey: key) else { return nil }
        keyFamilies[target][key] = nil
        guard let property = parts.values.first?.property else { return nil }
        for part in parts.keys.sorted() { emitRemove(target, part, property: property) }
        return property
    }

    private func emitRemove(_ target: Int, _ key: String, property: LayerProperty) {
        keyOwners[target][key] = nil
        model.remove(layer: target, key: key)
        sink?.remove(target: target, key: key, at: now)
        eventCount += 1
        notify(target, property)
    }

    /// Removes `key` so that its paths keep the values they present now (docs/format.md §2.5):
    /// a `remove` followed by a `set` of each presented value. Does nothing for a key that is
    /// not live.
    func removeKeepingPresented(_ target: Int, key: String) {
        guard let parts = keyParts[target][key] else { return }
        let paths = parts.values.sorted()
        let values = paths.map { presented(target, $0) }
        remove(target, key: key)
        for (path, value) in zip(paths, values) { set(target, path, value) }
    }

    // MARK: Hand-off between families

    /// Gives the components of `path` on `target` to `family` (docs/format.md §2.6): every live
    /// animation it takes over from (``DriverFamily/takesOver(from:)``) on those components ends
    /// now, as if removed. An animation on the whole property that shares only some components with `path`
    /// goes on for the others: it is re-added as one projection per remaining component, with
    /// its own timing. Observers then hear which keys ended and which path changed hands.
    ///
    /// Call it after reading the presented value and velocity the new motion starts from.
    ///
    /// - Complexity: O(k) for k animations on the property.
    func handOff(_ target: Int, _ path: PropertyPath, to family: DriverFamily) {
        guard family != .shape else { return }
        let entries = model.channel(layer: target, property: path.property).entries
        guard !entries.isEmpty else {
            // Nothing animates the property: nothing ends, nothing to build.
            notifyHandOff(target, HandOff(path: path, family: family, endedKeys: []))
            return
        }
        let taken = Set(path.componentIndices)
        let owners = entries.map { keyOwners[target][$0.key] }
        var ended: [String] = []
        var visited: Set<String> = []
        var firstProjected: Int?
        for (index, entry) in entries.enumerated() {
            guard let key = keyOwners[target][entry.key], visited.insert(key).inserted,
                let owner = keyFamilies[target][key], family.takesOver(from: owner),
                var parts = keyParts[target][key]
            else { continue }
            for (part, partPath) in parts.sorted(by: { $0.key < $1.key }) {
                let theirs = Set(partPath.componentIndices)
                guard !theirs.isDisjoint(with: taken) else { continue }
                let animation = entries.first { $0.key == part }?.animation
                parts[part] = nil
                emitRemove(target, part, property: path.property)
                guard let animation else { continue }
                for c in theirs.subtracting(taken).sorted() {
                    firstProjected = firstProjected ?? index
                    let projectedKey = parts[key] == nil ? key : "\(key)+\(c)"
                    let projectedPath = PropertyPath(path.property, component: c)
                    let modelValue = MotionValue.scalar(model.channel(layer: target, property: path.property).model[c])
                    parts[projectedKey] = projectedPath
                    keyOwners[target][projectedKey] = key
                    emitAdd(
                        target, projectedPath, key: projectedKey, animation: animation.projected(toComponent: c),
                        modelValue: modelValue, initialVelocity: nil)
                }
            }
            if parts.isEmpty {
                keyParts[target][key] = nil
                keyFamilies[target][key] = nil
                ended.append(key)
            } else {
                keyParts[target][key] = parts
            }
        }
        // A projection is added now, so it would present over animations added after the one it
        // comes from: add those again, in their order, to keep their precedence.
        if let first = firstProjected, let firstOwner = owners[first] {
            var readded: Set<String> = [firstOwner]
            for owner in owners[(first + 1)...] {
                guard let owner, readded.insert(owner).inserted else { continue }
                let channel = model.channel(layer: target, property: path.property)
                for entry in channel.entries where keyOwners[target][entry.key] == owner {
                    let entryPath = PropertyPath(path.property, component: entry.component)
                    let modelValue = entry.component.map { MotionValue.scalar(channel.model[$0]) } ?? channel.model
                    emitAdd(
                        target, entryPath, key: entry.key, animation: entry.animation, modelValue: modelValue,
                        initialVelocity: nil)
                }
            }
        }
        notifyHandOff(target, HandOff(path: path, family: family, endedKeys: ended))
    }

    private func notifyHandOff(_ target: Int, _ event: HandOff) {
        guard let observers = handOffObservers[target] else { return }
        for observer in observers { observer(event) }
    }

    /// Calls `body` after every hand-off on `target`, from now on.
    func observeHandOffs(of target: Int, _ body: @escaping (HandOff) -> Void) {
        handOffObservers[target, default: []].append(body)
    }

    /// Calls `body` after every event on `target` (with the property it touched), from now on.
    func observeChanges(of target: Int, _ body: @escaping (LayerProperty) -> Void) {
        changeObservers[target, default: []].append(body)
    }

    private func touched(_ target: Int, _ path: PropertyPath) {
        eventCount += 1
        for c in path.componentIndices { animated.insert(target * 64 + path.property.ordinal * 4 + c) }
        notify(target, path.property)
    }

    private func notify(_ target: Int, _ property: LayerProperty) {
        guard let observers = changeObservers[target] else { return }
        for observer in observers { observer(property) }
    }

    // MARK: Scheduling

    /// Runs `action` at exactly `time` (now if `time` has passed), before any transaction of that
    /// time. `keepsAlive` work keeps the run from being at rest while it is pending.
    func schedule(at time: Double, keepsAlive: Bool = false, _ action: @escaping () -> Void) {
        queue.schedule(at: max(time, now), priority: 0, keepsAlive: keepsAlive, action)
    }
}

/// The executor family that drives a property (docs/format.md §2.6): one at a time per
/// component, the latest to start.
enum DriverFamily: Hashable {
    case tween, physics, gesture
    /// Squash and stretch writes scale from another property's motion; it takes part in no hand-off.
    case shape
    /// A link (docs/format.md §7.4) writes a property from another's value; it ends tweens and
    /// physics where it starts, and stops itself where another family starts.
    case link

    /// Whether this family, starting on a component, ends `other`'s animations there: physics
    /// and gestures end tweens, tweens end physics. (Physics follows a gesture while it drives,
    /// and ends at the gesture's start through ``GestureSignal``.)
    func takesOver(from other: DriverFamily) -> Bool {
        switch (self, other) {
        case (.physics, .tween), (.gesture, .tween), (.tween, .physics), (.link, .tween), (.link, .physics): true
        default: false
        }
    }
}

/// A property component changing hands: `family` took `path`; the animations under `endedKeys`
/// (of other families) ended there, entirely.
struct HandOff {
    var path: PropertyPath
    var family: DriverFamily
    var endedKeys: [String]
}

/// A document target's link to its run, kept in the target's ``MotionTarget/properties`` under
/// ``TargetContext/key`` so that executors, created with a target only, find their run.
final class TargetContext {
    static let key = PropertyKey<TargetContext>("motionc.document")

    /// The target's index in document pre-order.
    let index: Int
    weak var hub: PresentationHub?
    /// A counter for unique animation keys on this target, shared by its executors.
    private var serial = 0

    init(index: Int, hub: PresentationHub) {
        self.index = index
        self.hub = hub
    }

    /// A fresh key `"<prefix>-<n>"`, unique on the target.
    func makeKey(_ prefix: String) -> String {
        serial += 1
        return "\(prefix)-\(serial)"
    }
}

/// A gesture's start or end on a property, as a gesture executor announces it to the other
/// executors of its target through the target's property store (docs/format.md §2.4).
///
/// The seeds call sharing state across executor types an open problem; here it is solved with the
/// store: the gesture executor writes ``heldKey(_:)`` and the release velocity
/// (``rememberedVelocityKey(_:)``), then writes a signal under ``key``; the physics executor
/// observes ``key`` and follows: it stops on `began`, and on `ended` continues from the presented
/// value with the remembered velocity.
public struct GestureSignal: Hashable, Sendable {
    /// Whether the gesture began or ended.
    public enum Phase: Hashable, Sendable { case began, ended }

    public var phase: Phase
    /// The property the gesture drives.
    public var property: LayerProperty
    /// When, in document seconds.
    public var time: Double

    /// The store key the signals are written under.
    public static let key = PropertyKey<GestureSignal>("motionc.gesture")

    /// The store key saying whether a gesture currently drives `property`.
    public static func heldKey(_ property: LayerProperty) -> PropertyKey<Bool> {
        PropertyKey("motionc.held.\(property.rawValue)")
    }

    /// The store key whose *velocity* slot remembers a velocity of `property` for the next physics
    /// motion on it: a gesture's release velocity, or the velocity a removed physics plan left.
    /// The next spring (or friction) on the property consumes it.
    public static func rememberedVelocityKey(_ property: LayerProperty) -> PropertyKey<MotionValue> {
        PropertyKey(property.rawValue)
    }
}

/// Activity per animation key: the executor is active from an animation's add until its end.
///
/// One ``ActivityToken`` stands for all the keys of an executor: it starts when the first key
/// becomes live and ends when the last one ends, so holding a key costs a table entry and a
/// scheduled end, not a token of its own.
final class TokenLedger {
    private var generator: ActivityTokenGenerator?
    /// The token held while any key is live.
    private var token: ActivityToken?
    /// The live keys, each with the number of the hold that made it live (a later hold of the
    /// same key replaces it, and the earlier hold's scheduled end then does nothing).
    private var live: [String: Int] = [:]
    private var holds = 0

    func setGenerator(_ generator: ActivityTokenGenerator) {
        self.generator = generator
    }

    /// Holds `key` from now until `end` (forever for an infinite end), replacing what the key
    /// held. Holds nothing when `end` is not after now.
    /// - Complexity: O(1) expected.
    func hold(_ key: String, until end: Double, hub: PresentationHub) {
        live.removeValue(forKey: key)
        guard end > hub.now, let generator else {
            endTokenIfIdle()
            return
        }
        holds += 1
        let hold = holds
        live[key] = hold
        if token == nil { token = generator.generate() }
        guard end.isFinite else { return }
        hub.schedule(at: end) { [weak self] in
            guard let self, self.live[key] == hold else { return }
            self.live[key] = nil
            self.endTokenIfIdle()
        }
    }

    /// Ends the hold of `key`, if any.
    func end(_ key: String) {
        if live.removeValue(forKey: key) != nil { endTokenIfIdle() }
    }

    private func endTokenIfIdle() {
        guard live.isEmpty, let token else { return }
        self.token = nil
        token.end()
    }
}
