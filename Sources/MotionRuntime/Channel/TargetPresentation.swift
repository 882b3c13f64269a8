import MotionCore

/// A target's channel as its executors share it: the channel, plus which executor family drives
/// each live animation key, so that a family starting on a property ends the others there
/// (hand-off, docs/format.md §2.6), and observers of hand-offs and of the target's events.
///
/// Kept by the target (it outlives any one executor; a field of the target rather than a slot of
/// its store, so that each executor made finds it without a lookup) and created on first use; a
/// target without a channel has none, and its executors do nothing. It is also the target's
/// shared reference (``MotionTarget/reference``), which its cores and services hold.
final class TargetPresentation: TargetReference {
    /// Where the target's events go and its presentation is read: its channel, or for a
    /// document target its channel source with the target's index (no channel object made).
    let channel: ChannelRoute
    // Unchecked exclusivity under the rules of `Runtime`'s tables (Runtime.swift): the key table
    // holds values; hand-off observers are read one at a time and called outside the access,
    // and only unowned entries are ever removed.
    /// What the target knows of each key: one table, so that an `add` costs one lookup and one
    /// write (see ``KeyRecord``).
    @exclusivity(unchecked) private var keys = KeyTable()
    /// Observers of hand-offs (executors that must drop what they lost).
    @exclusivity(unchecked) private var handOffObservers = HandOffObserverList()
    /// Observers of events (the shape and link executors' wake-up); unchecked, as the lists only
    /// grow and are called on a copy, outside the access.
    @exclusivity(unchecked) private var changeObservers: [(LayerProperty) -> Void] = []
    /// The link cores with a link reading this target: an event here marks those links (and the
    /// links down their chains) to be brought up to date again (``LinkCore``).
    @exclusivity(unchecked) private(set) var linkReaders: [LinkReader] = []
    /// A counter for unique animation keys on this target, shared by its executors.
    @exclusivity(unchecked) private var serial = 0
    /// The target's link core, once made: a link reading this target brings the links it reads
    /// up to date first (docs/format.md §7.4), whichever executor the runtime updates first.
    weak var links: LinkCore?
    /// The target's squash-and-stretch core, once made: a link reading this target's scale brings
    /// it up to date first, whichever executor the runtime updates first.
    weak var shape: ShapeCore?

    private init(target: MotionTarget, channel: ChannelRoute) {
        self.channel = channel
        super.init(target: target)
    }

    /// The shared presentation of `target`, created on first use; nil when it has no channel.
    ///
    /// A document target's presentation goes to its channel source with the target's index:
    /// the target's ``MotionTarget/channel`` object is made only if something asks for it.
    static func of(_ target: MotionTarget) -> TargetPresentation? {
        if let existing = target.sharedPresentation { return existing }
        let route: ChannelRoute
        if let source = target.channelSource {
            route = ChannelRoute(source: source, index: target.channelIndex)
        } else {
            guard let channel = target.channel else { return nil }
            route = ChannelRoute(channel: channel, holdEndScheduler: target.holdEndScheduler)
        }
        let presentation = TargetPresentation(target: target, channel: route)
        target.sharedPresentation = presentation
        return presentation
    }

    var now: Double { channel.now }
    var fps: Double { channel.fps }

    /// A fresh key `"<prefix>-<n>"`, unique on the target.
    ///
    /// Written as bytes: a tween's commit makes one key, and building it from `String`s cost
    /// ~280 instructions more per commit.
    func makeKey(_ prefix: StaticString) -> String {
        serial += 1
        var digits = serial.magnitude
        // At most 20 digits, in a 32-byte tuple on the stack, written from the back.
        var buffer: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)
        return withUnsafeMutableBytes(of: &buffer) { buffer in
            var start = buffer.count
            repeat {
                start -= 1
                buffer[start] = UInt8(ascii: "0") + UInt8(truncatingIfNeeded: digits % 10)
                digits /= 10
            } while digits > 0
            let number = UnsafeRawBufferPointer(rebasing: buffer[start...])
            let head = UnsafeRawBufferPointer(start: prefix.utf8Start, count: prefix.utf8CodeUnitCount)
            return String(unsafeUninitializedCapacity: head.count + 1 + number.count) { text in
                var i = 0
                for byte in head { text[i] = byte; i += 1 }
                text[i] = UInt8(ascii: "-")
                i += 1
                for byte in number { text[i] = byte; i += 1 }
                return i
            }
        }
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

    /// Whether some animation on `property` covers `t` or ends after it.
    func isAnimating(_ property: LayerProperty, at t: Double) -> Bool {
        channel.presentation(of: property).isAnimating(at: t)
    }

    /// Whether `key` gives the presented value of component `c` of `property` now.
    func presents(_ property: LayerProperty, component c: Int, key: String) -> Bool {
        let presentation = channel.presentation(of: property)
        guard let i = presentation.presenter(of: c, at: now) else { return false }
        return owner(of: presentation.entries[i].key) == key
    }

    /// Whether `key` is live.
    func hasKey(_ key: String) -> Bool {
        keys[key]?.live != nil
    }

    /// The live key the animation under `key` belongs to, or nil when no animation is under it.
    private func owner(of key: String) -> String? {
        keys[key]?.owner
    }

    /// Records that the animation under `key` belongs to the live key `owner` (nil: none is under it).
    private func setOwner(_ key: String, _ owner: String?) {
        updateRecord(key) { $0.owner = owner }
    }

    /// Records `key` as live with `live`, or (nil) as live no more.
    private func setLive(_ key: String, _ live: LiveKey?) {
        updateRecord(key) { $0.live = live }
    }

    /// Changes the record of `key` in place; a record left with nothing is dropped.
    private func updateRecord(_ key: String, _ change: (inout KeyRecord) -> Void) {
        keys.update(key, change)
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
        _ path: PropertyPath, key: String, animation: consuming Animation, modelValue: MotionValue, initialVelocity: MotionValue?,
        family: DriverFamily
    ) {
        let record = KeyRecord(owner: key, live: LiveKey(family: family, path: path))
        // Mostly a key without projections: its record written in one access, in place.
        if !keys.replaceUnsplit(key, with: record) {
            if let split = keys[key]?.live?.split {
                for part in split.keys.sorted() where part != key { emitRemove(part, property: path.property) }
            }
            keys.update(key) { $0 = record }
        }
        emitAdd(path, key: key, animation: animation, modelValue: modelValue, initialVelocity: initialVelocity)
    }

    private func emitAdd(
        _ path: PropertyPath, key: String, animation: consuming Animation, modelValue: MotionValue, initialVelocity: MotionValue?
    ) {
        channel.add(animation, key: key, on: path, modelValue: modelValue, initialVelocity: initialVelocity)
        notify(path.property)
    }

    /// Emits a `remove` of `key` (and of its projections) now, if the key is live; returns the
    /// property it animated.
    @discardableResult
    func remove(key: String) -> LayerProperty? {
        guard let live = keys[key]?.live else { return nil }
        setLive(key, nil)
        guard let split = live.split else {
            emitRemove(key, property: live.path.property)
            return live.path.property
        }
        guard let property = split.values.first?.property else { return nil }
        for part in split.keys.sorted() { emitRemove(part, property: property) }
        return property
    }

    private func emitRemove(_ key: String, property: LayerProperty) {
        setOwner(key, nil)
        channel.remove(key: key)
        notify(property)
    }

    /// Removes `key` so that its paths keep the values they present now (docs/format.md §2.5):
    /// a `remove` followed by a `set` of each presented value. Does nothing for a key that is
    /// not live.
    func removeKeepingPresented(key: String) {
        guard let live = keys[key]?.live else { return }
        let paths = live.parts(of: key).values.sorted()
        let values = paths.map { presented($0) }
        remove(key: key)
        for (path, value) in zip(paths, values) { set(path, value) }
    }

    /// Runs `action` at exactly `time` (now if `time` has passed).
    func schedule(at time: Double, keepsAlive: Bool = false, _ action: @escaping () -> Void) {
        channel.schedule(at: max(time, now), keepsAlive: keepsAlive, action)
    }

    /// Schedules the end of `owner`'s hold numbered `hold` of `key` at `time` (now if it has
    /// passed), as ``schedule(at:keepsAlive:_:)`` would schedule a closure making the call; the
    /// channel holds `owner` until it runs.
    func scheduleHoldEnd(at time: Double, of owner: any ScheduledHoldEnding, key: String, hold: Int) {
        channel.scheduleHoldEnd(at: max(time, now), of: owner, key: key, hold: hold)
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
    /// - Complexity: O(1) when no live key on the property is of a family `family` takes over
    ///   from (gestures following gestures: each input on a target then costs the same however
    ///   many run at once); else O(k) for k animations on the property.
    func handOff(_ path: PropertyPath, to family: DriverFamily) {
        guard family != .shape else { return }
        // Every animation on the property belongs to a key live on it (an add under a key
        // replaces it on the whole layer), so without such a key the walk below ends nothing.
        guard keys.hasLive(takenOverBy: family, overlapping: path) else {
            notifyHandOff(HandOff(path: path, family: family, endedKeys: []))
            return
        }
        let entries = channel.presentation(of: path.property).entries
        guard !entries.isEmpty else {
            // Nothing animates the property: nothing ends, nothing to build.
            notifyHandOff(HandOff(path: path, family: family, endedKeys: []))
            return
        }
        let taken = Set(path.componentIndices)
        let owners = entries.map { owner(of: $0.key) }
        var ended: [String] = []
        var visited: Set<String> = []
        var firstProjected: Int?
        for (index, entry) in entries.enumerated() {
            guard let key = owner(of: entry.key), visited.insert(key).inserted,
                let live = keys[key]?.live, family.takesOver(from: live.family)
            else { continue }
            var parts = live.parts(of: key)
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
                    setOwner(projectedKey, key)
                    emitAdd(
                        projectedPath, key: projectedKey, animation: animation.projected(toComponent: c),
                        modelValue: modelValue, initialVelocity: nil)
                }
            }
            if parts.isEmpty {
                setLive(key, nil)
                ended.append(key)
            } else {
                setLive(key, LiveKey(family: live.family, path: live.path, split: parts))
            }
        }
        // A projection is added now, so it would present over animations added after the one it
        // comes from: add those again, in their order, to keep their precedence.
        if let first = firstProjected, let firstOwner = owners[first] {
            var readded: Set<String> = [firstOwner]
            for owner in owners[(first + 1)...] {
                guard let owner, readded.insert(owner).inserted else { continue }
                let presentation = channel.presentation(of: path.property)
                for entry in presentation.entries where self.owner(of: entry.key) == owner {
                    let entryPath = PropertyPath(path.property, component: entry.component)
                    let modelValue = entry.component.map { MotionValue.scalar(presentation.model[$0]) } ?? presentation.model
                    emitAdd(entryPath, key: entry.key, animation: entry.animation, modelValue: modelValue, initialVelocity: nil)
                }
            }
        }
        notifyHandOff(HandOff(path: path, family: family, endedKeys: ended))
    }

    private func notifyHandOff(_ event: HandOff) {
        // By index, reading the list each time: a core that goes meanwhile has left it.
        var index = 0
        while let observer = handOffObservers.observer(at: index) {
            index += 1
            switch observer {
            case .closure(let body): body(event)
            case .core(let core): core.observer.handOffDidHappen(event)
            }
        }
    }

    /// Calls `body` after every hand-off on the target, from now on.
    func observeHandOffs(_ body: @escaping (HandOff) -> Void) {
        handOffObservers.append(.closure(body))
    }

    /// Tells `core` every hand-off on the target, from now on, holding it `unowned` until the
    /// core stops observing (``stopObservingHandOffs(by:)``, from its `deinit`).
    ///
    /// No closure and no weak reference per core.
    func observeHandOffs(by core: any HandOffObserving) {
        handOffObservers.append(.core(UnownedHandOffObserver(observer: core, id: ObjectIdentifier(core))))
    }

    /// Stops telling the core `id` about hand-offs: a core calls it as it goes, so that the
    /// presentation never reaches a released core.
    /// - Complexity: O(observers): a target has a few.
    func stopObservingHandOffs(by id: ObjectIdentifier) {
        handOffObservers.removeAll {
            if case .core(let core) = $0 { return core.id == id }
            return false
        }
    }

    /// Calls `body` after every event on the target (with the property it touched), from now on.
    func observeChanges(_ body: @escaping (LayerProperty) -> Void) {
        changeObservers.append(body)
    }

    private func notify(_ property: LayerProperty) {
        for observer in changeObservers { observer(property) }
        if !linkReaders.isEmpty { LinkCore.sourceDidChange(self, property) }
    }

    /// Tells `core`, from now on, of every event on the target and of every change of the links
    /// or the squash and stretch that it reads through (see ``linkReaders``).
    func addLinkReader(_ core: LinkCore) {
        linkReaders.append(LinkReader(core: core))
    }

    /// Marks the links that read this target's `property` to be brought up to date again,
    /// without an event: the links or the squash and stretch that write it changed.
    func readersMustUpdate(_ property: LayerProperty) {
        if !linkReaders.isEmpty { LinkCore.sourceDidChange(self, property) }
    }
}

/// Where a target presentation sends its events and reads the presentation: the target's
/// channel, or a channel source with the target's index there (a document run's targets: no
/// channel object per target). It offers what the presentation and the built-in cores use of a
/// ``MotionChannel``, meaning the same.
struct ChannelRoute {
    /// The target's channel, when it has one of its own.
    private let object: (any MotionChannel)?
    /// The channel again, when it schedules hold ends without closures.
    private let holdEndScheduler: (any HoldEndScheduling)?
    /// The channel source, for a target whose channel it makes.
    private let source: (any MotionChannelSource)?
    /// The target's index in ``source``.
    private let index: Int

    /// The route to `channel`.
    init(channel: any MotionChannel, holdEndScheduler: (any HoldEndScheduling)?) {
        object = channel
        self.holdEndScheduler = holdEndScheduler
        source = nil
        index = 0
    }

    /// The route to the target `index` of `source`.
    init(source: any MotionChannelSource, index: Int) {
        object = nil
        holdEndScheduler = nil
        self.source = source
        self.index = index
    }

    /// ``MotionChannel/now``.
    var now: Double {
        source?.now ?? object?.now ?? 0
    }

    /// ``MotionChannel/fps``.
    var fps: Double {
        source?.fps ?? object?.fps ?? 60
    }

    /// ``MotionChannel/presentation(of:)``.
    func presentation(of property: LayerProperty) -> PropertyChannel {
        source?.presentation(of: property, onTarget: index) ?? object?.presentation(of: property)
            ?? PropertyChannel(model: property.defaultValue)
    }

    /// ``MotionChannel/presentedValue(of:)``, the same rule.
    func presentedValue(of path: PropertyPath) -> MotionValue {
        guard source != nil else { return object?.presentedValue(of: path) ?? path.property.defaultValue }
        return presentation(of: path.property).presentedValue(of: path, at: now)
    }

    /// ``MotionChannel/presentedVelocity(of:)``, the same rule.
    ///
    /// A property without animations moves at no speed: its presentation, which for a document
    /// target's channel not built yet reads the layer's value in the document, is not made.
    func presentedVelocity(of path: PropertyPath) -> MotionValue {
        guard let source else { return object?.presentedVelocity(of: path) ?? MotionValue(kind: path.kind, components: .zero) }
        guard source.hasAnimations(of: path.property, onTarget: index) else { return MotionValue(kind: path.kind, components: .zero) }
        return presentation(of: path.property).presentedVelocity(of: path, at: now)
    }

    /// ``MotionChannel/set(_:to:)``.
    func set(_ path: PropertyPath, to value: MotionValue) {
        guard source == nil else { return source?.set(path, to: value, onTarget: index) ?? () }
        object?.set(path, to: value)
    }

    /// ``MotionChannel/add(_:key:on:modelValue:initialVelocity:)``.
    func add(
        _ animation: consuming Animation, key: String, on path: PropertyPath, modelValue: MotionValue, initialVelocity: MotionValue?
    ) {
        guard source == nil else {
            return source?.add(
                animation, key: key, on: path, modelValue: modelValue, initialVelocity: initialVelocity, onTarget: index) ?? ()
        }
        object?.add(animation, key: key, on: path, modelValue: modelValue, initialVelocity: initialVelocity)
    }

    /// ``MotionChannel/remove(key:)``.
    func remove(key: String) {
        guard source == nil else { return source?.remove(key: key, onTarget: index) ?? () }
        object?.remove(key: key)
    }

    /// ``MotionChannel/schedule(at:keepsAlive:_:)``.
    func schedule(at time: Double, keepsAlive: Bool, _ action: @escaping () -> Void) {
        guard source == nil else { return source?.schedule(at: time, keepsAlive: keepsAlive, action) ?? () }
        object?.schedule(at: time, keepsAlive: keepsAlive, action)
    }

    /// ``HoldEndScheduling/scheduleHoldEnd(at:of:key:hold:)`` where the channel schedules hold
    /// ends so, else a scheduled closure making the call.
    func scheduleHoldEnd(at time: Double, of owner: any ScheduledHoldEnding, key: String, hold: Int) {
        guard source == nil else { return source?.scheduleHoldEnd(at: time, of: owner, key: key, hold: hold) ?? () }
        if let holdEndScheduler { return holdEndScheduler.scheduleHoldEnd(at: time, of: owner, key: key, hold: hold) }
        object?.schedule(at: time, keepsAlive: false) { owner.holdDidEnd(key: key, hold: hold) }
    }

    /// ``MotionChannel/inputs(kind:gesture:)``.
    func inputs(kind: InputKind, gesture: String?) -> [GestureInput] {
        if let source { return source.inputs(kind: kind, gesture: gesture, onTarget: index) }
        return object?.inputs(kind: kind, gesture: gesture) ?? []
    }

    /// ``MotionChannel/target(matching:)``.
    func target(matching selector: String) -> MotionTarget? {
        if let source { return source.target(matching: selector) }
        return object?.target(matching: selector)
    }
}

/// A link core reading a target, held weakly: the target does not keep its readers.
struct LinkReader {
    weak var core: LinkCore?
}

/// The records of a target's keys: the first two in place (a target mostly holds a tween's key
/// and a physics key at a time), any others in a table.
///
/// A place in use holds its key; an empty one holds the empty string, which is no key (keys are
/// never empty; an empty one would go to the table). Not `String?`: the compiler copied optional
/// strings here through a shared, type-parameterised copy function (~130 instructions a copy,
/// four per add), where a string is retained in place.
///
/// It also counts, per property and per component, the live keys of the families a hand-off can
/// end (tweens and physics), so that a hand-off finds in O(1) that it ends nothing.
private struct KeyTable {
    private var firstKey = ""
    private var firstRecord = KeyRecord()
    private var secondKey = ""
    private var secondRecord = KeyRecord()
    private var others: [String: KeyRecord] = [:]
    /// The live tween keys added on each whole property, at its ``LayerProperty/ordinal`` (in
    /// place: no array per target).
    private var liveTweens = SIMD16<Int32>()
    /// The live physics keys added on each whole property, at its ordinal.
    private var livePhysics = SIMD16<Int32>()
    /// The live tween and physics keys added on one component (`position.x`), by
    /// ``componentCode(_:_:)``: made when the first such key goes live, as most targets have none.
    private var liveComponents: [Int: Int32]?

    /// Whether a live key that `family` takes over from (``DriverFamily/takesOver(from:)``)
    /// shares a component with `path`: a key on the whole property shares every one.
    /// - Complexity: O(1).
    func hasLive(takenOverBy family: DriverFamily, overlapping path: PropertyPath) -> Bool {
        let i = path.property.ordinal
        let tweens = family.takesOver(from: .tween)
        let physics = family.takesOver(from: .physics)
        if (tweens && liveTweens[i] > 0) || (physics && livePhysics[i] > 0) { return true }
        guard let liveComponents, !liveComponents.isEmpty else { return false }
        if let component = path.component {
            return (tweens && liveComponents[Self.componentCode(path, .tween, component)] ?? 0 > 0)
                || (physics && liveComponents[Self.componentCode(path, .physics, component)] ?? 0 > 0)
        }
        // The whole property: a key live on any of its components.
        for component in path.componentIndices
        where (tweens && liveComponents[Self.componentCode(path, .tween, component)] ?? 0 > 0)
            || (physics && liveComponents[Self.componentCode(path, .physics, component)] ?? 0 > 0)
        {
            return true
        }
        return false
    }

    /// The key of a component's count in ``liveComponents``.
    private static func componentCode(_ path: PropertyPath, _ family: DriverFamily, _ component: Int) -> Int {
        (path.property.ordinal * 64 + component) * 2 + (family == .tween ? 0 : 1)
    }

    /// Counts the change of a record's live key from `old` to `new`.
    /// - Complexity: O(1).
    private mutating func count(_ old: LiveKey?, _ new: LiveKey?) {
        if let old { tally(old, -1) }
        if let new { tally(new, 1) }
    }

    private mutating func tally(_ live: LiveKey, _ change: Int32) {
        guard live.family == .tween || live.family == .physics else { return }
        if let component = live.path.component {
            // Taken out while changed, so that the table is not copied.
            var counts = liveComponents ?? [:]
            liveComponents = nil
            counts[Self.componentCode(live.path, live.family, component), default: 0] &+= change
            liveComponents = counts
            return
        }
        let i = live.path.property.ordinal
        if live.family == .tween { liveTweens[i] &+= change } else { livePhysics[i] &+= change }
    }

    /// The record of `key`, or nil when nothing is known of it.
    /// - Complexity: O(1) expected.
    subscript(key: String) -> KeyRecord? {
        if Self.same(firstKey, key) { return firstRecord }
        if Self.same(secondKey, key) { return secondRecord }
        return others.isEmpty ? nil : others[key]
    }

    /// Replaces the record of `key` with `record` (not empty) unless the key is live with
    /// projections (``LiveKey/split``); returns whether it did.
    ///
    /// ``update(_:_:)`` without a closure, for an add's usual case, where its key has no parts.
    /// - Complexity: O(1) expected.
    mutating func replaceUnsplit(_ key: String, with record: KeyRecord) -> Bool {
        if Self.same(firstKey, key) {
            guard firstRecord.live?.split == nil else { return false }
            count(firstRecord.live, record.live)
            firstRecord = record
        } else if Self.same(secondKey, key) {
            guard secondRecord.live?.split == nil else { return false }
            count(secondRecord.live, record.live)
            secondRecord = record
        } else if !others.isEmpty, let i = others.index(forKey: key) {
            guard others.values[i].live?.split == nil else { return false }
            count(others.values[i].live, record.live)
            others.values[i] = record
        } else {
            insert(key, record)
        }
        return true
    }

    /// Whether `kept`, a key in place (empty for none), is `key`: lengths first, so that a free
    /// place or a key of another length costs no string comparison.
    private static func same(_ kept: String, _ key: String) -> Bool {
        let count = kept.utf8.count
        return count != 0 && count == key.utf8.count && kept == key
    }

    /// Keeps `record` for `key`, which has none: in the first free place, else in the table.
    /// - Complexity: O(1) expected.
    private mutating func insert(_ key: String, _ record: KeyRecord) {
        count(nil, record.live)
        if key.isEmpty {
            others[key] = record
        } else if firstKey.isEmpty {
            firstKey = key
            firstRecord = record
        } else if secondKey.isEmpty {
            secondKey = key
            secondRecord = record
        } else {
            others[key] = record
        }
    }

    /// Changes the record of `key` in place (a new one starts empty); a record left with
    /// nothing is dropped.
    /// - Complexity: O(1) expected.
    mutating func update(_ key: String, _ change: (inout KeyRecord) -> Void) {
        if Self.same(firstKey, key) {
            let old = firstRecord.live
            change(&firstRecord)
            count(old, firstRecord.live)
            if firstRecord.isEmpty {
                firstKey = ""
                firstRecord = KeyRecord()
            }
        } else if Self.same(secondKey, key) {
            let old = secondRecord.live
            change(&secondRecord)
            count(old, secondRecord.live)
            if secondRecord.isEmpty {
                secondKey = ""
                secondRecord = KeyRecord()
            }
        } else if !others.isEmpty, let i = others.index(forKey: key) {
            let old = others.values[i].live
            change(&others.values[i])
            count(old, others.values[i].live)
            if others.values[i].isEmpty { others.remove(at: i) }
        } else {
            var record = KeyRecord()
            change(&record)
            guard !record.isEmpty else { return }
            insert(key, record)
        }
    }
}

private struct KeyRecord {
    /// The live key the animation under this key belongs to (itself, or the key it was
    /// projected from); nil when no animation is under it.
    var owner: String? {
        get { ownerKey.isEmpty ? nil : ownerKey }
        set { ownerKey = newValue ?? "" }
    }
    /// ``owner``, or the empty string for none (keys are never empty): kept as a plain string,
    /// as ``KeyTable`` keeps its keys.
    private var ownerKey = ""
    /// Set while the key is live: an animation an executor added and has not removed or lost.
    var live: LiveKey?

    /// Whether the record says nothing (and is dropped).
    var isEmpty: Bool { ownerKey.isEmpty && live == nil }

    /// A record of `owner` (nil: no animation under the key), live with `live`.
    init(owner: String? = nil, live: LiveKey? = nil) {
        self.ownerKey = owner ?? ""
        self.live = live
    }
}

/// A live key: the family that emitted it and the parts it animates.
private struct LiveKey {
    var family: DriverFamily
    /// The path the key was added on.
    var path: PropertyPath
    /// The parts, once a hand-off took some of the key's components: the keys of its
    /// per-component projections and the path each animates. Nil while the key is whole: its one
    /// part is the key itself, on `path` (no table made per add).
    var split: [String: PropertyPath]?

    /// The parts of the live key `key`, as a table.
    func parts(of key: String) -> [String: PropertyPath] {
        split ?? [key: path]
    }
}

/// An executor core that drops what a hand-off on its target took from it.
protocol HandOffObserving: AnyObject {
    /// `handOff.family` took `handOff.path`; the animations under `handOff.endedKeys` ended.
    func handOffDidHappen(_ handOff: HandOff)
}

/// A target's hand-off observers in the order they came: the first two in place (a target's
/// tween and physics cores), any more in a list, so that a target's usual observers cost no
/// array to make and free.
private struct HandOffObserverList {
    private var first: HandOffObserver?
    private var second: HandOffObserver?
    private var more: [HandOffObserver] = []

    /// The observer at `index` in order, or nil past the last.
    /// - Complexity: O(1).
    func observer(at index: Int) -> HandOffObserver? {
        switch index {
        case 0: first
        case 1: second
        default: index - 2 < more.count ? more[index - 2] : nil
        }
    }

    /// Adds `observer` after the others.
    /// - Complexity: O(1) amortised.
    mutating func append(_ observer: HandOffObserver) {
        if first == nil {
            first = observer
        } else if second == nil {
            second = observer
        } else {
            more.append(observer)
        }
    }

    /// Removes the observers `shouldRemove` picks, keeping the others in order.
    /// - Complexity: O(observers).
    mutating func removeAll(where shouldRemove: (HandOffObserver) -> Bool) {
        if more.isEmpty {
            // The usual case, without an array: at most the two in place.
            let keepsSecond = second.map { !shouldRemove($0) } ?? false
            if let first, shouldRemove(first) {
                self.first = keepsSecond ? second : nil
                second = nil
            } else if !keepsSecond {
                second = nil
            }
            return
        }
        var kept: [HandOffObserver] = []
        for observer in [first, second].compactMap({ $0 }) + more where !shouldRemove(observer) { kept.append(observer) }
        first = kept.first
        second = kept.count > 1 ? kept[1] : nil
        more = kept.count > 2 ? Array(kept[2...]) : []
    }
}

/// An observer of a ``TargetPresentation``'s hand-offs.
private enum HandOffObserver {
    case closure((HandOff) -> Void)
    case core(UnownedHandOffObserver)
}

/// A core observing hand-offs, held `unowned(unsafe)` (see
/// ``TargetPresentation/observeHandOffs(by:)``): the core leaves the list in its `deinit`, and
/// holds the presentation strongly, so the list never names a core that went.
private struct UnownedHandOffObserver {
    unowned(unsafe) let observer: any HandOffObserving
    /// The core's identity, compared as it goes without reading the reference.
    let id: ObjectIdentifier
}
