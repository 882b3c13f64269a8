import MotionCore
import MotionPlans
import MotionRuntime
import MotionSelectors

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What the executors of one document run share: the presentation they emit events to, the sink
/// that observes those events, the clock, the scheduled work, and the document's inputs.
///
/// Executors reach it through their target's ``DocumentChannel``.
final class PresentationHub: MotionChannelSource {
    // Unchecked exclusivity: the fields every event and selector touches keep the rules of the
    // runtime's tables (MotionRuntime's Runtime.swift): (1) an access never calls out (the model
    // is changed by MotionCore's event application alone, the queue by its own methods, and
    // the sink is called after the access); (2) an access never drops the last reference to an
    // object (what ``detach()`` drops is held until after its accesses; an event taken from the
    // queue is moved out, not dropped).
    @exclusivity(unchecked) private(set) var model: PresentationModel
    let sink: (any ChannelEventSink)?
    let clock: DocumentClock
    @exclusivity(unchecked) var queue = EventQueue()
    let document: MotionDocument
    /// The run's targets by document index, each made on first use (``target(at:)``): most of a
    /// document's are never named by an operation, a link or an input.
    @exclusivity(unchecked) private var madeTargets: [MotionTarget?]
    /// The document's selector tree, built on the first selector that is not a plain `#id`.
    private var selectorTree: SelectorTree?
    /// Every target id: the index of its target, or `-1 - i` for an id several targets share (the
    /// error D006), whose indices are `sharedIDs[i]`. Built on the first `#id` selector. Keyed by
    /// `String`: a short id is held in the key itself, so comparing keys reads no document text.
    @exclusivity(unchecked) private var idIndex: [String: Int]?
    /// Every target id when no two targets share one: the document's own index (the decoder's,
    /// kept while the targets are as decoded), so that nothing is hashed again. Then ``idIndex``
    /// is not built.
    @exclusivity(unchecked) private var uniqueIDs: TargetIDIndex?
    @exclusivity(unchecked) private var sharedIDs: [[Int]] = []
    private var selectorCache: [String: [Int]] = [:]
    /// The last selector resolved and its targets: consecutive operations mostly name one target
    /// (a card's tween, spring and gesture), found again by comparing the text, without hashing.
    @exclusivity(unchecked) private var lastResolved: (selector: String, targets: ResolvedTargets)?
    /// Where the last plain `#id` found its target (``TargetIDCursor``).
    @exclusivity(unchecked) private var idCursor = TargetIDCursor()
    /// Animated components, encoded as ``AnimatedComponent/code(layer:_:_:)``.
    @exclusivity(unchecked) private(set) var animated = AnimatedComponentSet()
    /// How many events were applied: for tests and summaries.
    @exclusivity(unchecked) private(set) var eventCount = 0

    init(document: MotionDocument, sink: (any ChannelEventSink)?) {
        self.document = document
        self.sink = sink
        self.clock = DocumentClock(fps: document.canvas.fps)
        // Channels are built as events first write them: most of a document's are never written.
        // The initial values are read from the document's packed form when a channel is first
        // read, with nothing copied per target.
        let targets = document.targets
        self.model = PresentationModel(lazyLayerCount: targets.count) { i, property in
            targets[i].initialLayer.value(of: property)
        }
        // Sampled only by traces (``DocumentRun/value(of:at:)``), which compile the blocks they
        // read: a bake never samples, so it compiles none.
        model.compilesBlocksOnDemand = true
        madeTargets = [MotionTarget?](repeating: nil, count: targets.count)
    }

    /// The presentation, its stale sampling blocks compiled first (``PresentationModel/compileStaleBlocks()``):
    /// what samples it.
    var sampledModel: PresentationModel {
        model.compileStaleBlocks()
        return model
    }

    /// The presented value of `property` on `layer` at `time`, its block compiled first if stale.
    /// - Complexity: as ``PresentationModel/value(layer:property:at:)``; O(1) more when nothing is stale.
    func sample(layer: Int, property: LayerProperty, at time: Double) -> MotionValue {
        model.compileStaleBlocks()
        return model.value(layer: layer, property: property, at: time)
    }

    /// The channel of the target `index`, made when an executor first needs it.
    func channel(forTarget index: Int) -> any HoldEndScheduling {
        DocumentChannel(hub: self, index: index)
    }

    /// How many targets the document has.
    var targetCount: Int { madeTargets.count }

    /// The runtime target of the document target `index` (in `0..<targetCount`), made on first use.
    /// - Complexity: O(1).
    func target(at index: Int) -> MotionTarget {
        if let made = madeTargets[index] { return made }
        let made = MotionTarget(id: document.targets[index].id.value, channelSource: self, index: index)
        madeTargets[index] = made
        return made
    }

    /// Every runtime target, in document order, made now if not yet.
    /// - Complexity: O(targets).
    func allTargets() -> [MotionTarget] {
        madeTargets.indices.map { target(at: $0) }
    }

    /// Drops the targets and the scheduled work, when the run ends: the targets' channels hold
    /// the hub, and scheduled work may hold executors' state, so these would be cycles. The
    /// queue goes before the targets, so the cores its scheduled hold ends name without counting
    /// them (``HoldEndOwner``) are still alive while it goes.
    func detach() {
        // Dropped after the accesses (the rules above), the queue first: the scheduled closures
        // may hold the last references to executors' state.
        let (queue, targets) = (self.queue, madeTargets)
        self.queue = EventQueue()
        madeTargets = []
        withExtendedLifetime(queue) {}
        withExtendedLifetime(targets) {}
    }

    var now: Double { clock.now }
    var fps: Double { clock.fps }

    /// Makes room for what a commit of about `count` adds writes (a channel first written and a
    /// scheduled end each, mostly), so that the presentation and the queue do not copy
    /// themselves as they grow.
    func reserve(adding count: Int) {
        model.reserve(channels: count)
        queue.reserveCapacity(adding: count)
    }

    // MARK: The targets' channels, by index (``MotionChannelSource``)

    /// The channel of `property` on the target `index`, as its presentation reads it.
    /// - Complexity: O(1); copies the channel, not the model.
    func presentation(of property: LayerProperty, onTarget index: Int) -> PropertyChannel {
        channel(layer: index, property: property)
    }

    /// Whether an animation is on `property` of the target `index`.
    /// - Complexity: O(1); reads no layer value of a channel not built yet.
    func hasAnimations(of property: LayerProperty, onTarget index: Int) -> Bool {
        model.hasAnimations(layer: index, property: property)
    }

    /// Emits a `set` of `value` on `path` of the target `index` now.
    func set(_ path: PropertyPath, to value: MotionValue, onTarget index: Int) {
        emit(ChannelEvent(time: now, layer: index, action: .set(path: path, value: value)))
    }

    /// Emits an `add` on the target `index` now (``emitAdd(layer:key:path:animation:modelValue:initialVelocity:)``).
    /// - Complexity: as ``ChannelEvent/applyAdd(layer:path:key:animation:modelValue:initialVelocity:at:to:)``.
    func add(
        _ animation: consuming Animation, key: String, on path: PropertyPath, modelValue: MotionValue, initialVelocity: MotionValue?,
        onTarget index: Int
    ) {
        emitAdd(layer: index, key: key, path: path, animation: animation, modelValue: modelValue, initialVelocity: initialVelocity)
    }

    /// Emits a `remove` of `key` on the target `index` now.
    func remove(key: String, onTarget index: Int) {
        emit(ChannelEvent(time: now, layer: index, action: .remove(key: key)))
    }

    /// Schedules the end of `owner`'s hold numbered `hold` of `key` at `time` (now if it has
    /// passed), as a plain queue entry (no closure).
    /// - Complexity: O(log n) for n scheduled events.
    func scheduleHoldEnd(at time: Double, of owner: any ScheduledHoldEnding, key: String, hold: Int) {
        queue.schedule(
            at: max(time, now), priority: 0, keepsAlive: false, action: .holdEnd(HoldEndOwner(core: owner), key: key, hold: hold))
    }

    /// The recorded inputs of `kind` that drive a gesture on the target `index` (see
    /// ``inputs(kind:gesture:target:)``), as gesture inputs.
    func inputs(kind: InputKind, gesture: String?, onTarget index: Int) -> [GestureInput] {
        inputs(kind: kind, gesture: gesture, target: index).map {
            GestureInput(id: $0.id.value, start: $0.at, duration: $0.duration, samples: $0.samples)
        }
    }

    /// The first target `selector` resolves to, made now if not yet; nil when none.
    func target(matching selector: String) -> MotionTarget? {
        guard let first = resolve(selector).first, first >= 0, first < targetCount else { return nil }
        return target(at: first)
    }

    /// The channel of `property` on `layer`, read in place (``PresentationModel/channelInPlace(layer:property:)``).
    /// - Complexity: O(1); copies the channel, not the model.
    func channel(layer: Int, property: LayerProperty) -> PropertyChannel {
        model.channelInPlace(layer: layer, property: property)
    }

    // MARK: Selectors and inputs

    /// The targets `selector` resolves to, in document order, each once; none if it does not parse.
    ///
    /// A plain `#id` (the usual selector of a generated document) is looked up in the id index:
    /// no parse, no selector tree, no array. Other selectors are parsed and matched once each, and
    /// their matches kept for the next time.
    ///
    /// - Complexity: O(length of `selector`) for a plain `#id` or a selector seen before, after one
    ///   O(targets) pass that builds the index (or the tree) the first time one is needed.
    func resolve(_ selector: String) -> ResolvedTargets {
        if let last = lastResolved, last.selector == selector { return last.targets }
        let targets = resolveAgain(selector)
        lastResolved = (selector, targets)
        return targets
    }

    /// ``resolve(_:)`` without the last selector's memo.
    private func resolveAgain(_ selector: String) -> ResolvedTargets {
        if let plain = Selector.plainID(selector) {
            let id = String(plain)
            if idIndex == nil && uniqueIDs == nil { buildIDIndex() }
            // The few targets after the last one found, compared before hashing: when no id is
            // shared, a target with the id is the only one.
            if sharedIDs.isEmpty, let near = idCursor.nearby(id, in: document.targets) {
                return ResolvedTargets(single: near)
            }
            if let uniqueIDs {
                guard let found = uniqueIDs.index(of: id, in: document.targets) else { return ResolvedTargets(single: -1) }
                idCursor.found(found)
                return ResolvedTargets(single: found)
            }
            guard let found = idIndex?[id] else { return ResolvedTargets(single: -1) }
            guard found >= 0 else { return ResolvedTargets(sharedIDs[-1 - found]) }
            idCursor.found(found)
            return ResolvedTargets(single: found)
        }
        if let cached = selectorCache[selector] { return ResolvedTargets(cached) }
        let matches: [Int]
        switch Selector.parse(selector) {
        case .success(let parsed):
            let tree = selectorTree ?? document.selectorTree
            selectorTree = tree
            matches = tree.matches(parsed)
        case .failure:
            matches = []
        }
        selectorCache[selector] = matches
        return ResolvedTargets(matches)
    }

    /// Builds ``uniqueIDs`` when no id is shared, else ``idIndex`` and ``sharedIDs``.
    private func buildIDIndex() {
        let decoded = document.targetIDIndex
        if decoded.count == document.targets.count {
            uniqueIDs = decoded
            return
        }
        var index: [String: Int] = [:]
        index.reserveCapacity(document.targets.count)
        for (i, target) in document.targets.enumerated() {
            let id = target.id.value
            guard let found = index[id] else {
                index[id] = i
                continue
            }
            if found >= 0 {
                index[id] = -1 - sharedIDs.count
                sharedIDs.append([found, i])
            } else {
                sharedIDs[-1 - found].append(i)
            }
        }
        idIndex = index
    }

    /// The inputs that drive a gesture intention of `kind` on `target`: the one named `gesture`,
    /// or else every input of the kind whose target selector resolves to `target`; in document
    /// order.
    /// - Complexity: O(inputs named `gesture` or aimed at `target`), after one O(inputs x
    ///   matches) pass on the first call that builds the index.
    func inputs(kind: InputKind, gesture: String?, target: Int) -> [InputSpec] {
        // Most documents record no input: nothing to index or look up.
        if document.inputs.isEmpty { return [] }
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

    // MARK: Emitting events

    /// Applies `event` to the presentation and passes it to the sink.
    func emit(_ event: ChannelEvent) {
        event.apply(to: &model)
        sink?.receive(event)
        eventCount += 1
        guard let path = event.path else { return }
        markAnimated(layer: event.layer, path)
    }

    /// Emits an `add` on `layer` now, as ``emit(_:)`` of the event would: the event itself is made
    /// only for a sink, and without one the fields are applied as they are (no event's copies of
    /// the key, animation and values made and dropped per add).
    ///
    /// - Complexity: as ``ChannelEvent/apply(to:)``.
    func emitAdd(
        layer: Int, key: String, path: PropertyPath, animation: consuming Animation, modelValue: MotionValue,
        initialVelocity: MotionValue?
    ) {
        guard sink == nil else {
            return emit(
                ChannelEvent(
                    time: now, layer: layer,
                    action: .add(
                        key: key, path: path, animation: animation, modelValue: modelValue, initialVelocity: initialVelocity)))
        }
        ChannelEvent.applyAdd(
            layer: layer, path: path, key: key, animation: animation, modelValue: modelValue, initialVelocity: initialVelocity,
            at: now, to: &model)
        eventCount += 1
        markAnimated(layer: layer, path)
    }

    /// Records the components of `path` on `layer` as animated.
    @inline(__always)
    private func markAnimated(layer: Int, _ path: PropertyPath) {
        for c in path.componentIndices { animated.insert(AnimatedComponent.code(layer: layer, path.property, c)) }
    }

    // MARK: Scheduling

    /// Runs `action` at exactly `time` (now if `time` has passed), before any transaction of that
    /// time. `keepsAlive` work keeps the run from being at rest while it is pending.
    func schedule(at time: Double, keepsAlive: Bool = false, _ action: @escaping () -> Void) {
        queue.schedule(at: max(time, now), priority: 0, keepsAlive: keepsAlive, action)
    }
}

/// The targets a selector resolves to, in document order: most often one, held without an array.
struct ResolvedTargets: RandomAccessCollection {
    private let single: Int
    private let list: [Int]?

    /// One target, or none when `single` is negative.
    init(single: Int) {
        self.single = single
        list = nil
    }

    init(_ list: [Int]) {
        single = -1
        self.list = list
    }

    var startIndex: Int { 0 }
    var endIndex: Int { list?.count ?? (single >= 0 ? 1 : 0) }
    subscript(position: Int) -> Int { list?[position] ?? single }
}

/// A document target's channel: it reads the run's presentation and emits to the run's hub.
///
/// It holds the hub strongly (no weak reference to load per event); the run breaks the cycle
/// through the hub's targets when it ends (``PresentationHub/detach()``). It schedules the ends of
/// activity holds as plain queue entries (``HoldEndScheduling``), without a closure per hold.
final class DocumentChannel: HoldEndScheduling {
    private let hub: PresentationHub
    /// The run's clock, held here so that reading the time (several times per intention) goes
    /// through one reference less.
    private let clock: DocumentClock
    /// The target's index in document pre-order.
    let index: Int

    init(hub: PresentationHub, index: Int) {
        self.hub = hub
        self.clock = hub.clock
        self.index = index
    }

    var now: Double { clock.now }
    var fps: Double { clock.fps }

    func presentation(of property: LayerProperty) -> PropertyChannel {
        hub.presentation(of: property, onTarget: index)
    }

    func set(_ path: PropertyPath, to value: MotionValue) {
        hub.set(path, to: value, onTarget: index)
    }

    func add(
        _ animation: consuming Animation, key: String, on path: PropertyPath, modelValue: MotionValue, initialVelocity: MotionValue?
    ) {
        hub.add(animation, key: key, on: path, modelValue: modelValue, initialVelocity: initialVelocity, onTarget: index)
    }

    func remove(key: String) {
        hub.remove(key: key, onTarget: index)
    }

    func schedule(at time: Double, keepsAlive: Bool, _ action: @escaping () -> Void) {
        hub.schedule(at: time, keepsAlive: keepsAlive, action)
    }

    func scheduleHoldEnd(at time: Double, of owner: any ScheduledHoldEnding, key: String, hold: Int) {
        hub.scheduleHoldEnd(at: time, of: owner, key: key, hold: hold)
    }

    func inputs(kind: InputKind, gesture: String?) -> [GestureInput] {
        hub.inputs(kind: kind, gesture: gesture, onTarget: index)
    }

    func target(matching selector: String) -> MotionTarget? {
        hub.target(matching: selector)
    }
}
