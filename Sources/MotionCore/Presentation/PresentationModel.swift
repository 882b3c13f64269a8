/// A layer property's model value and the keyed animations added to it, as a render server keeps them.
public struct PropertyChannel: Hashable, Sendable {
    /// One added animation.
    public struct Entry: Hashable, Sendable {
        /// The key the animation was added under; adding another under it replaces this one.
        public var key: String
        /// The component the animation drives, or nil for the whole property.
        public var component: Int?
        /// When it was added: it covers from then until `end`.
        public var addedTime: Double
        /// The animation as it was added.
        public var animation: Animation
        /// When it stops moving: the keyframe animation's end, or the spring's rest.
        public var end: Double
        @usableFromInline var timing: TweenTiming
        @usableFromInline var keyframes: Keyframes
        /// The spring (nil for the others), read from the animation: its per-component closed
        /// forms are made where they are sampled (a few arithmetic operations each), not kept in
        /// an array made and freed with every spring entry.
        @inlinable var spring: SpringAnimation? {
            guard case .spring(let spring) = animation else { return nil }
            return spring
        }
        /// A path animation (nil for the others): the animation's own, not a copy of it in the
        /// entry, which keeps entries small to copy.
        @inlinable var path: PathAnimation? {
            guard case .path(let path) = animation else { return nil }
            return path
        }

        init(key: String, component: Int?, addedTime: Double, animation: Animation) {
            // Every field computed into a local and stored once: assigning fields of `self`
            // branch by branch made the compiler copy the whole entry (counting references to
            // all its arrays) and destroy the copy.
            let timing: TweenTiming
            let keyframes: Keyframes
            let end: Double
            switch animation {
            case .keyframe(let keyframe):
                (timing, keyframes) = keyframe.sampler(addedTime: addedTime)
                end = timing.end
            case .spring(let spring):
                timing = TweenTiming(commitTime: addedTime, duration: 0)
                // Unused for a spring (its destination is the animation's `to`): one shared
                // value, so that adding a spring builds no keyframe arrays.
                keyframes = Self.noKeyframes
                end = spring.beginTime + spring.duration
            case .path(let path):
                timing = path.timing(addedTime: addedTime)
                end = timing.end
                let last = end.isFinite ? timing.progress(at: end) : 0
                keyframes = Keyframes(values: [path.value(atProgress: last)])
            }
            self.key = key
            self.component = component
            self.addedTime = addedTime
            self.animation = animation
            self.end = end
            self.timing = timing
            self.keyframes = keyframes
        }

        /// The keyframes of every spring entry: none (a spring samples its solutions).
        @usableFromInline static let noKeyframes = Keyframes(values: [])

        /// The entry's whole value at `t`: all the components it drives, in one sample (one
        /// timing computation and one curve solve for a keyframe animation).
        @inlinable func sample(at t: Double) -> MotionValue {
            if let path { return path.value(atProgress: timing.progress(at: t)) }
            if let spring {
                var value = spring.to
                guard t < end else { return value }
                for i in 0..<spring.from.kind.componentCount {
                    value[i] = spring.solution(i).value(at: t - spring.beginTime)
                }
                return value
            }
            return keyframes.value(atProgress: timing.progress(at: t))
        }

        /// Whether the entry drives component `c` of the property.
        @inlinable public func drives(_ c: Int) -> Bool { component == nil || component == c }

        /// The value of component `c` at `t` (the entry's own index when it drives one component).
        @inlinable func value(_ c: Int, at t: Double) -> Double {
            let index = component == nil ? c : 0
            if let path { return path.value(atProgress: timing.progress(at: t))[index] }
            if let spring {
                // As SpringAnimation.value(at:), for one component.
                let last = spring.from.kind.componentCount - 1
                guard t < end, index <= last else { return spring.to[min(index, last)] }
                return spring.solution(index).value(at: t - spring.beginTime)
            }
            return keyframes.scalarValue(atProgress: timing.progress(at: t), component: index)
        }
    }

    /// The model value: what shows where no animation applies.
    public var model: MotionValue
    /// Animations in the order they were added.
    ///
    /// Changed only through `append(_:)` and `removeEntries(where:)`, which keep `keyIndex` and
    /// `endFloor` true to it.
    public private(set) var entries: [Entry] = []
    /// The keys of ``entries`` while there are more than ``indexedEntries`` (nil otherwise): an
    /// add or a remove then finds its key with one lookup, not by comparing every entry's.
    /// Derived from ``entries``: not compared or hashed.
    private var keyIndex: Set<String>?
    /// At most the earliest end of ``entries`` (+infinity without any): a `set` before it ends
    /// no animation, and looks at none. Derived from ``entries``: not compared or hashed.
    private var endFloor = Double.infinity

    /// How many entries a channel holds before it keeps ``keyIndex``.
    static let indexedEntries = 16

    /// Creates a channel that presents `model` until an animation is added.
    public init(model: MotionValue) {
        self.model = model
    }

    /// Whether both present the same model value and the same animations.
    ///
    /// The key index and the end floor, derived from the animations, are not compared.
    public static func == (a: Self, b: Self) -> Bool {
        a.model == b.model && a.entries == b.entries
    }

    /// Hashes the model value and the animations, as `==` compares them.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(model)
        hasher.combine(entries)
    }

    /// Appends `entry`, whose key no entry has.
    /// - Complexity: O(1) amortised.
    private mutating func append(_ entry: consuming Entry) {
        // `min` keeps the floor where the end is not a number: such an entry never ends.
        endFloor = min(endFloor, entry.end)
        if keyIndex != nil { keyIndex?.insert(entry.key) }
        // Moved into the array, not copied (a copy counts the references to all its arrays).
        entries.append(entry)
        if keyIndex == nil, entries.count > Self.indexedEntries {
            keyIndex = Set(entries.lazy.map(\.key))
        }
    }

    /// Removes the entries `shouldRemove` picks (in order, as `removeAll(where:)`).
    /// - Complexity: O(k) for k entries, as the removal itself.
    private mutating func removeEntries(where shouldRemove: (Entry) -> Bool) {
        entries.removeAll(where: shouldRemove)
        entriesDidShrink()
    }

    /// Makes ``keyIndex`` and ``endFloor`` true to ``entries`` again after entries went.
    /// - Complexity: O(k) for k entries.
    private mutating func entriesDidShrink() {
        endFloor = entries.reduce(Double.infinity) { min($0, $1.end) }
        keyIndex = entries.count > Self.indexedEntries ? Set(entries.lazy.map(\.key)) : nil
    }

    /// Whether an animation is under `key`.
    /// - Complexity: O(1) expected for a channel of more than ``indexedEntries`` entries; else
    ///   O(k) for its k entries.
    private func holds(_ key: String) -> Bool {
        if let keyIndex { return keyIndex.contains(key) }
        return entries.contains { $0.key == key }
    }

    /// The value a viewer sees at `t` (docs/format.md §2.2, per component).
    ///
    /// The latest-added animation that covers `t` (from its addition to its end) gives the value;
    /// when none covers `t`, the final value of the animation that ended last holds; otherwise the
    /// model value.
    ///
    /// - Complexity: O(k) per component for k animations on the property, usually one or two.
    @inlinable
    public func value(at t: Double) -> MotionValue {
        guard !entries.isEmpty else { return model }
        // Entries are read in place (never copied: they are large and hold references).
        return entries.withUnsafeBufferPointer { entries in
            // The common case: the latest animation drives the whole property and covers `t`.
            let last = entries.count - 1
            if entries[last].component == nil, entries[last].addedTime <= t, t <= entries[last].end {
                return entries[last].sample(at: t)
            }
            var value = model
            // Which entry gives each component, and at what time; components that share both
            // share one sample.
            var sampled = -1
            var sampledTime = 0.0
            var sample = model
            for c in 0..<model.kind.componentCount {
                guard let (chosen, time) = Self.driver(entries, c, at: t) else { continue }
                if chosen != sampled || time != sampledTime {
                    sample = entries[chosen].sample(at: time)
                    sampled = chosen
                    sampledTime = time
                }
                value[c] = sample[entries[chosen].component == nil ? c : 0]
            }
            return value
        }
    }

    /// Which animation gives component `c` its value at `t`, and the time it is sampled at.
    ///
    /// The rule of ``value(at:)``: the latest-added animation driving `c` that covers `t` (sampled
    /// at `t`); else the one that ended last before `t` (sampled at its end); nil when the model
    /// value shows. Exports use it to tell which animation they are translating at each moment.
    ///
    /// - Complexity: O(k) for k animations on the property.
    public func driver(of c: Int, at t: Double) -> (entry: Int, time: Double)? {
        entries.withUnsafeBufferPointer { Self.driver($0, c, at: t) }
    }

    /// The rule of ``driver(of:at:)`` over entries read in place.
    @inlinable
    static func driver(_ entries: UnsafeBufferPointer<Entry>, _ c: Int, at t: Double) -> (Int, Double)? {
        var endedLast = -1
        var i = entries.count - 1
        while i >= 0 {
            if entries[i].drives(c) {
                if entries[i].addedTime <= t && t <= entries[i].end { return (i, t) }
                if entries[i].end < t, endedLast < 0 || entries[i].end > entries[endedLast].end { endedLast = i }
            }
            i -= 1
        }
        return endedLast >= 0 ? (endedLast, entries[endedLast].end) : nil
    }

    /// Whether some animation still covers `t` or ends after it.
    public func isAnimating(at t: Double) -> Bool {
        entries.contains { $0.end >= t }
    }

    /// Adds an animation under `key` at time `t`, replacing any animation under that key.
    ///
    /// The old animation is removed first, as a render server does.
    ///
    /// - Complexity: O(1) amortised when no animation is under `key` (and the channel holds
    ///   more than a few: it keeps its keys in a set then); O(k) for k animations otherwise.
    public mutating func add(_ animation: consuming Animation, key: String, component: Int?, at t: Double) {
        // Looked for first: removing from an array that holds no such entry still rebuilds it.
        if holds(key) { removeEntries { $0.key == key } }
        append(Entry(key: key, component: component, addedTime: t, animation: animation))
    }

    /// Removes the animation under `key`; returns whether there was one.
    ///
    /// - Complexity: as ``add(_:key:component:at:)``: O(1) when there is none.
    @discardableResult
    public mutating func remove(key: String) -> Bool {
        // Looked for first: most channels hold no animation under `key`, and are left untouched.
        guard holds(key) else { return false }
        removeEntries { $0.key == key }
        return true
    }

    /// Writes the model value of `component` (or the whole value) at time `t`.
    ///
    /// Animations that ended by `t` on the written components are dropped: the write is the newer truth.
    ///
    /// - Complexity: O(1) while no animation has ended by `t`; else O(k) for k animations.
    public mutating func set(_ newValue: MotionValue, component: Int?, at t: Double) {
        if let component {
            model[component] = newValue[0]
        } else {
            model = newValue
        }
        guard endFloor <= t else { return }
        let ended = { (entry: Entry) in entry.end <= t && (component == nil || entry.drives(component ?? 0)) }
        if entries.contains(where: ended) { removeEntries(where: ended) }
    }

    /// Drops animations that can never show again after `t`, keeping values at and after `t`.
    public mutating func prune(before t: Double) {
        guard entries.count > 1 else { return }
        var keep = [Bool](repeating: false, count: entries.count)
        for c in 0..<model.kind.componentCount {
            var endedLast: Int?
            for i in entries.indices where entries[i].drives(c) {
                if entries[i].end >= t {
                    keep[i] = true
                } else if endedLast.map({ entries[i].end >= entries[$0].end }) ?? true {
                    endedLast = i
                }
            }
            if let endedLast { keep[endedLast] = true }
        }
        entries = entries.indices.filter { keep[$0] }.map { entries[$0] }
        entriesDidShrink()
    }
}

/// The presentation of a whole layer tree: every layer's property channels.
///
/// The scheduler writes it as executors emit `set`, `add` and `remove` events; the render server
/// writes it as it plays a baked timeline's events. Both sample it with ``value(layer:property:at:)``,
/// so `run` and `bake` + `play` agree by construction.
public struct PresentationModel: Sendable {
    /// How many channels each layer has: one per ``LayerProperty``.
    public static let channelsPerLayer = LayerProperty.allCases.count

    /// The kept channels in one flat array, indexed by slot (``slot(_:_:)``): the authoritative
    /// form, edited by events. Every channel, `channelsPerLayer` per layer in
    /// ``LayerProperty/ordinal`` order, unless the model keeps only some (``slots``).
    @usableFromInline private(set) var storage: [PropertyChannel]

    /// The same channels compiled for sampling, recompiled whenever a channel's animations change
    /// (or marked stale until then: ``compilesBlocksOnDemand``).
    @usableFromInline private(set) var arena: SamplingArena

    /// Where channel `layer * channelsPerLayer + ordinal` is in ``storage`` (-1 when not kept, or
    /// not built yet), for a model that keeps only some channels or builds them on first write;
    /// empty when it keeps them all, each at its own index.
    @usableFromInline private(set) var slots: [Int32] = []

    /// Every property, at its ``LayerProperty/ordinal``.
    private static let propertiesByOrdinal = LayerProperty.allCases

    /// The properties of each layer whose channel the model keeps, as bits (bit `ordinal`): an
    /// add looks for its key on the layer's other channels without visiting every property.
    private var builtProperties: [UInt32] = []

    /// Every property's bit in ``builtProperties``.
    private static let allProperties: UInt32 = (1 << UInt32(channelsPerLayer)) - 1

    /// The layers' initial values, for a model that builds each channel on its first write
    /// (``init(lazyLayers:)``): what a channel not built yet presents. Nil for other models.
    @usableFromInline private(set) var initialLayers: InitialLayerValues?

    /// The number of layers.
    public let layerCount: Int

    /// Whether changes leave sampling blocks stale until ``compileStaleBlocks()``.
    ///
    /// When true, a change to a channel's animations marks its block stale instead of recompiling
    /// it at once (false, the default). A stale block's channel is sampled in its authoritative
    /// form meanwhile, which gives the same values. It suits a model written far more than it is
    /// sampled (a run that records events, whose presentation only a trace reads), and a channel
    /// changed many times between two samples is compiled once. Turning it off compiles every
    /// stale block.
    public var compilesBlocksOnDemand = false {
        didSet { if !compilesBlocksOnDemand { compileStaleBlocks() } }
    }

    /// The slots whose blocks are stale (``compilesBlocksOnDemand``), each once.
    private var staleSlots: [Int] = []

    /// Creates the presentation of `layers` with their initial model values.
    public init(layers: [[LayerProperty: MotionValue]]) {
        // Each layer starts from the defaults; the values it gives are written at their ordinals
        // (no hashed lookup per property).
        let defaults = LayerProperty.allCases.map { PropertyChannel(model: $0.defaultValue) }
        storage = []
        storage.reserveCapacity(layers.count * Self.channelsPerLayer)
        for values in layers {
            let base = storage.count
            storage.append(contentsOf: defaults)
            for (property, value) in values { storage[base + property.ordinal] = PropertyChannel(model: value) }
        }
        arena = SamplingArena(channels: storage)
        layerCount = layers.count
        builtProperties = [UInt32](repeating: Self.allProperties, count: layers.count)
    }

    /// Creates the presentation of `layers`, building each channel when an event first writes it.
    ///
    /// It presents and samples as ``init(layers:)`` does; a channel no event wrote presents its
    /// layer's initial value (or its property's default) and costs 4 bytes, so that a document
    /// whose events touch a few channels of many layers does not build twelve channels per layer.
    ///
    /// - Complexity: O(layers); each channel is built in O(1) at its first write.
    public init(lazyLayers layers: [[LayerProperty: MotionValue]]) {
        builtProperties = [UInt32](repeating: 0, count: layers.count)
        storage = []
        slots = [Int32](repeating: -1, count: layers.count * Self.channelsPerLayer)
        initialLayers = InitialLayerValues(layers)
        arena = SamplingArena(channels: [])
        layerCount = layers.count
    }

    /// Creates the presentation of `count` layers whose initial values are given one by one.
    ///
    /// Each channel is built when an event first writes it, as ``init(lazyLayers:)`` does; each
    /// layer's initial values come from `values(layer, add)` calling `add` once per property it
    /// sets, so that no dictionary is made per layer.
    ///
    /// - Complexity: O(layers + values).
    public init(lazyLayerCount count: Int, values: (_ layer: Int, _ add: (LayerProperty, MotionValue) -> Void) -> Void) {
        builtProperties = [UInt32](repeating: 0, count: count)
        storage = []
        slots = [Int32](repeating: -1, count: count * Self.channelsPerLayer)
        initialLayers = InitialLayerValues(count: count, values: values)
        arena = SamplingArena(channels: [])
        layerCount = count
    }

    /// Creates the presentation of `count` layers whose initial values a closure looks up.
    ///
    /// Each channel is built when an event first writes it, as ``init(lazyLayers:)`` does; the
    /// value of `property` on `layer` (in `0..<count`) a channel not built yet presents is
    /// `initialValue(layer, property)`, asked when the channel is first read or written, or the
    /// property's default when it gives nil. Nothing is copied per layer: a run reads the
    /// document's own values, for the few channels it touches.
    ///
    /// - Complexity: O(layers) (4 bytes per channel); `initialValue` is called once per read of a
    ///   channel not built yet.
    public init(lazyLayerCount count: Int, initialValue: @escaping @Sendable (_ layer: Int, _ property: LayerProperty) -> MotionValue?) {
        builtProperties = [UInt32](repeating: 0, count: count)
        storage = []
        slots = [Int32](repeating: -1, count: count * Self.channelsPerLayer)
        initialLayers = InitialLayerValues(count: count, lookup: initialValue)
        arena = SamplingArena(channels: [])
        layerCount = count
    }

    /// Creates the presentation of the channels `kept` holds of `layers`, with their initial
    /// model values: what a trace needs, whose events only touch the channels it prints.
    ///
    /// Events on other channels are ignored, and reading one gives its property's default value.
    /// A `kept` entry is a `layer * channelsPerLayer + ordinal` index; those outside `layers` are
    /// ignored.
    ///
    /// - Complexity: O(layers + kept channels): the other channels cost 4 bytes each.
    init(layers: [[LayerProperty: MotionValue]], keeping kept: some Sequence<Int>) {
        let properties = LayerProperty.allCases
        var slots = [Int32](repeating: -1, count: layers.count * Self.channelsPerLayer)
        var built = [UInt32](repeating: 0, count: layers.count)
        storage = []
        storage.reserveCapacity(kept.underestimatedCount)
        for i in kept where slots.indices.contains(i) && slots[i] < 0 {
            slots[i] = Int32(storage.count)
            built[i / Self.channelsPerLayer] |= 1 << UInt32(i % Self.channelsPerLayer)
            let property = properties[i % Self.channelsPerLayer]
            storage.append(PropertyChannel(model: layers[i / Self.channelsPerLayer][property] ?? property.defaultValue))
        }
        self.slots = slots
        builtProperties = built
        arena = SamplingArena(channels: storage)
        layerCount = layers.count
    }

    /// Makes room in the sampling blocks for `count` animations added later (``SamplingArena/reserve(_:)``),
    /// about ``wordsPerAnimation`` words each.
    mutating func reserve(animations count: Int) {
        arena.reserve(count * Self.wordsPerAnimation)
    }

    /// Makes room for `count` channels made later, each on its first write, so that a commit of
    /// many first animations (a document's first transaction) does not copy the channels, their
    /// block offsets and the sampling blocks as they grow.
    ///
    /// - Complexity: O(channels) when it grows the storage, at least doubling it (so that many
    ///   small reservations stay amortised); the room is address space until written.
    package mutating func reserve(channels count: Int) {
        guard initialLayers != nil, count > 0 else { return }
        let needed = storage.count + count
        guard needed > storage.capacity else { return }
        let capacity = max(needed, storage.capacity * 2)
        storage.reserveCapacity(capacity)
        arena.reserve(blocks: capacity - storage.count)
    }

    /// About how many words a channel's block grows by when an animation is added to it: the new
    /// block's header and record, and a body of a few keyframes or a spring's solutions.
    static let wordsPerAnimation = 64

    @inlinable
    static func index(_ layer: Int, _ property: LayerProperty) -> Int { layer &* channelsPerLayer &+ property.ordinal }

    /// Where the channel of `property` on `layer` (a layer below ``layerCount``) is kept in
    /// ``storage``, or nil when the model does not keep it.
    ///
    /// - Complexity: O(1).
    @inlinable
    func slot(_ layer: Int, _ property: LayerProperty) -> Int? {
        let i = Self.index(layer, property)
        if slots.isEmpty { return i }
        let slot = Int(slots[i])
        return slot >= 0 ? slot : nil
    }

    /// Whether the channel of `property` on `layer` holds animations.
    ///
    /// A channel not built yet holds none, and is told without reading its layer's value.
    /// `mutating` only so that the caller passes the model where it is, as
    /// ``channelInPlace(layer:property:)`` does; the model does not change.
    /// - Complexity: O(1).
    public mutating func hasAnimations(layer: Int, property: LayerProperty) -> Bool {
        guard layer >= 0, layer < layerCount, let i = slot(layer, property) else { return false }
        return !storage[i].entries.isEmpty
    }

    /// The channel of `property` on `layer`.
    public func channel(layer: Int, property: LayerProperty) -> PropertyChannel {
        guard let i = slot(layer, property) else { return PropertyChannel(model: unbuiltValue(layer, property)) }
        return storage[i]
    }

    /// The channel of `property` on `layer`, read in place: ``channel(layer:property:)`` without a copy of the model.
    ///
    /// For a model kept in an object's stored property: `mutating` only so that the caller
    /// passes the model where it is (a plain call on a stored property copies the whole model
    /// first, counting references to each of its arrays). The model does not change.
    ///
    /// - Complexity: O(1) besides copying the channel.
    public mutating func channelInPlace(layer: Int, property: LayerProperty) -> PropertyChannel {
        channel(layer: layer, property: property)
    }

    /// What the channel of `property` on `layer` presents while the model keeps no channel for
    /// it: its layer's initial value when the model builds channels on first write, else the
    /// property's default.
    @usableFromInline
    func unbuiltValue(_ layer: Int, _ property: LayerProperty) -> MotionValue {
        initialLayers?.value(layer: layer, property: property) ?? property.defaultValue
    }

    /// The slot of the channel of `property` on `layer`, built now if the model builds channels on
    /// first write and this one is not built yet; nil when the model does not keep the channel.
    ///
    /// - Complexity: O(1), amortised.
    private mutating func writableSlot(_ layer: Int, _ property: LayerProperty) -> Int? {
        guard initialLayers != nil else { return slot(layer, property) }
        // Checked first: the slots have no room for other layers.
        guard layer >= 0, layer < layerCount else { return nil }
        if let i = slot(layer, property) { return i }
        let i = storage.count
        guard i < Int32.max else { return nil }
        let channel = PropertyChannel(model: unbuiltValue(layer, property))
        storage.append(channel)
        arena.appendBlock(channel)
        slots[Self.index(layer, property)] = Int32(i)
        builtProperties[layer] |= 1 << UInt32(property.ordinal)
        return i
    }

    /// The value a viewer sees of `property` on `layer` at `t` (docs/format.md §2.2).
    ///
    /// The rule is ``PropertyChannel/value(at:)``'s.
    ///
    /// - Complexity: O(k) for k animations on the property; one read of the channel's compiled
    ///   block and one sample when one animation drives it.
    @inlinable
    public func value(layer: Int, property: LayerProperty, at t: Double) -> MotionValue {
        guard let i = slot(layer, property) else { return unbuiltValue(layer, property) }
        return sample(i, at: t)
    }

    /// The presented value of the channel in slot `i` at `t`: from its compiled block, or (for the
    /// rare channel the block form does not cover) from the channel itself.
    ///
    /// - Complexity: as ``value(layer:property:at:)``.
    @usableFromInline
    func sample(_ i: Int, at t: Double) -> MotionValue {
        if let value = arena.value(i, at: t) { return value }
        return storage[i].value(at: t)
    }

    /// ``sample(_:at:)``, with cubic-bezier solves answered from `memo` when it holds them: for
    /// loops that sample many channels at one time (the same values, bit for bit).
    ///
    /// - Complexity: as ``value(layer:property:at:)``; a solve the memo holds costs a lookup.
    @inline(__always)
    func sample(_ i: Int, at t: Double, memo: inout CurveSolveMemo) -> MotionValue {
        if let value = arena.value(i, at: t, memo: &memo) { return value }
        return storage[i].value(at: t)
    }

    /// Recompiles the block of the channel in slot `i` (``SamplingArena/compile(_:_:)``), reading
    /// the channel in place: passed by value next to the arena being written, it was copied.
    ///
    /// - Complexity: O(size of the channel's animations).
    private mutating func compile(_ i: Int) {
        if compilesBlocksOnDemand {
            if arena.markStale(i) { staleSlots.append(i) }
            return
        }
        storage.withUnsafeBufferPointer { channels in
            guard let channels = channels.baseAddress else { return }
            arena.compile(i, channels + i)
        }
    }

    /// Writes a model value.
    public mutating func set(layer: Int, path: PropertyPath, value: MotionValue, at t: Double) {
        guard let i = writableSlot(layer, path.property) else { return }
        let before = storage[i].entries.count
        storage[i].set(value, component: path.component, at: t)
        if storage[i].entries.count != before {
            compile(i)
            arena.compactIfNeeded()
        } else {
            arena.setModel(i, storage[i].model)
        }
    }

    /// Adds an animation under `key` (keys are per layer).
    public mutating func add(layer: Int, path: PropertyPath, key: String, animation: consuming Animation, at t: Double) {
        removeKey(key, layer: layer, besides: path.property)
        guard let i = writableSlot(layer, path.property) else { return }
        storage[i].add(animation, key: key, component: path.component, at: t)
        compile(i)
        arena.compactIfNeeded()
    }

    /// Applies a render-server `add` event: writes the model value, then adds the animation.
    ///
    /// `modelValue` is written as ``set(layer:path:value:at:)`` does, then `animation` is added
    /// under `key`.
    ///
    /// This is the one meaning of an `add` event carrying a model value (a render-server stream,
    /// docs/format.md §5.2): the scheduler's presentation and the render server's both apply it
    /// through this method.
    public mutating func add(
        layer: Int, path: PropertyPath, key: String, animation: consuming Animation, modelValue: MotionValue, at t: Double
    ) {
        if initialLayers != nil, layer >= 0, layer < layerCount, slot(layer, path.property) == nil,
            storage.count < Int32.max
        {
            return addBuilding(layer: layer, path: path, key: key, animation: animation, modelValue: modelValue, at: t)
        }
        set(layer: layer, path: path, value: modelValue, at: t)
        add(layer: layer, path: path, key: key, animation: animation, at: t)
    }

    /// Removes the animation under `key` from the channels of `layer` other than `property`'s
    /// (an add under a key replaces it on the whole layer).
    ///
    /// - Complexity: O(channels the model keeps on the layer).
    private mutating func removeKey(_ key: String, layer: Int, besides property: LayerProperty) {
        guard builtProperties.indices.contains(layer) else { return }
        var others = builtProperties[layer] & ~(1 << UInt32(property.ordinal))
        while others != 0 {
            let ordinal = others.trailingZeroBitCount
            others &= others - 1
            // Channels without animations (most of them) hold no key: skipped without a scan.
            guard let i = slot(layer, Self.propertiesByOrdinal[ordinal]), !storage[i].entries.isEmpty else { continue }
            if storage[i].remove(key: key) { compile(i) }
        }
    }

    /// ``add(layer:path:key:animation:modelValue:at:)`` on a channel not built yet: the same
    /// writes, on the channel built here, whose block is written once (not its header at the
    /// write of the model value, then the whole block again at the add).
    ///
    /// - Complexity: O(size of the animation), plus the layer's other channels that hold `key`.
    private mutating func addBuilding(
        layer: Int, path: PropertyPath, key: String, animation: consuming Animation, modelValue: MotionValue, at t: Double
    ) {
        // The layer's initial value is looked up only when one component is written (the others
        // keep it): a whole value replaces it.
        var channel = PropertyChannel(model: path.component == nil ? modelValue : unbuiltValue(layer, path.property))
        channel.set(modelValue, component: path.component, at: t)
        removeKey(key, layer: layer, besides: path.property)
        channel.add(animation, key: key, component: path.component, at: t)
        let i = storage.count
        if compilesBlocksOnDemand {
            arena.appendStaleBlock(channel.model)
            staleSlots.append(i)
        } else {
            arena.appendBlock(channel)
        }
        // Moved in, not copied (a copy counts the references of its entries' arrays).
        storage.append(consume channel)
        slots[Self.index(layer, path.property)] = Int32(i)
        builtProperties[layer] |= 1 << UInt32(path.property.ordinal)
        arena.compactIfNeeded()
    }

    /// Compiles the blocks left stale since the last call (``compilesBlocksOnDemand``), each once.
    ///
    /// Call it before sampling many values: it is cheap when nothing is stale.
    /// - Complexity: O(size of the stale channels' animations).
    public mutating func compileStaleBlocks() {
        guard !staleSlots.isEmpty else { return }
        let stale = staleSlots
        staleSlots = []
        storage.withUnsafeBufferPointer { channels in
            guard let channels = channels.baseAddress else { return }
            for i in stale { arena.compile(i, channels + i) }
        }
        arena.compactIfNeeded()
    }

    /// Removes the animation under `key` from `layer`.
    @discardableResult
    public mutating func remove(layer: Int, key: String) -> Bool {
        var removed = false
        for property in LayerProperty.allCases {
            guard let i = slot(layer, property) else { continue }
            if storage[i].remove(key: key) {
                compile(i)
                removed = true
            }
        }
        arena.compactIfNeeded()
        return removed
    }

    /// Drops animations on every layer that can never show again after `t`.
    public mutating func prune(before t: Double) {
        for i in storage.indices where storage[i].entries.count > 1 {
            let before = storage[i].entries.count
            storage[i].prune(before: t)
            if storage[i].entries.count != before { compile(i) }
        }
        arena.compactIfNeeded()
    }
}

/// The initial values of a model's layers in three flat lists (not a dictionary per layer): each
/// layer's values by property ordinal, found by a short scan.
@usableFromInline
struct InitialLayerValues: Sendable {
    /// Where each layer's values start in ``ordinals`` and ``values``; one more entry than layers.
    private var starts: [Int32] = [0]
    private var ordinals: [UInt8] = []
    private var values: [MotionValue] = []
    /// The values' source, when they are looked up rather than copied (``looksUp``; then the
    /// lists are empty). Not optional, so that it is called where it is kept, its context not
    /// retained and released per call.
    private var lookup: @Sendable (Int, LayerProperty) -> MotionValue? = { _, _ in nil }
    private var looksUp = false
    /// How many layers there are.
    private var layerCount = 0

    init(_ layers: [[LayerProperty: MotionValue]]) {
        self.init(count: layers.count) { layer, add in
            for (property, value) in layers[layer] { add(property, value) }
        }
    }

    /// The values `lookup(layer, property)` gives for each of `count` layers, looked up when read.
    init(count: Int, lookup: @escaping @Sendable (Int, LayerProperty) -> MotionValue?) {
        self.lookup = lookup
        looksUp = true
        layerCount = count
    }

    /// The values `values(layer, add)` adds for each of `count` layers.
    init(count: Int, values given: (_ layer: Int, _ add: (LayerProperty, MotionValue) -> Void) -> Void) {
        layerCount = count
        starts.reserveCapacity(count + 1)
        for layer in 0..<count {
            given(layer) { property, value in
                ordinals.append(UInt8(property.ordinal))
                values.append(value)
            }
            starts.append(Int32(clamping: values.count))
        }
    }

    /// The initial value of `property` on `layer`, or nil when the layer gives none (or there is
    /// no such layer).
    /// - Complexity: O(values the layer gives): a few.
    @usableFromInline
    func value(layer: Int, property: LayerProperty) -> MotionValue? {
        if looksUp { return layer >= 0 && layer < layerCount ? lookup(layer, property) : nil }
        guard layer >= 0, layer + 1 < starts.count else { return nil }
        let ordinal = UInt8(property.ordinal)
        for i in Int(starts[layer])..<Int(starts[layer + 1]) where ordinals[i] == ordinal { return values[i] }
        return nil
    }
}

extension LayerProperty {
    /// The property's position in `allCases`, for array-indexed storage.
    @inlinable
    public var ordinal: Int {
        switch self {
        case .position: 0
        case .size: 1
        case .anchorPoint: 2
        case .scale: 3
        case .rotation: 4
        case .opacity: 5
        case .cornerRadius: 6
        case .borderWidth: 7
        case .backgroundColor: 8
        case .borderColor: 9
        case .zPosition: 10
        case .shape: 11
        }
    }
}
