/// One timed write to a layer: what executors emit and what a baked timeline holds.
///
/// Baked timelines hold these events (docs/format.md §5.2). Executors never write presented values:
/// they emit `set` (a model value write), `add` (a keyed animation with its model value) and
/// `remove` (a key), in time order, with their exact times. Applying the events in order to a
/// ``PresentationModel`` built from the layers' initial values (``apply(to:)``) reproduces the
/// presentation the executors saw: a document run, a baked timeline played by the render server and
/// a trace all go through this one type and this one `apply`.
public struct ChannelEvent: Hashable, Sendable {
    /// What the event does.
    public enum Action: Hashable, Sendable {
        /// Writes a model value.
        case set(path: PropertyPath, value: MotionValue)
        /// Writes `modelValue` and adds `animation` under `key`.
        ///
        /// `initialVelocity` is the velocity the animation starts with (nil for keyframe
        /// animations).
        case add(key: String, path: PropertyPath, animation: Animation, modelValue: MotionValue, initialVelocity: MotionValue?)
        /// Removes the animation under `key`; the presented value falls back to the model value.
        case remove(key: String)
    }

    /// Seconds on the channel's clock (document time).
    public var time: Double
    /// The layer's index (a document's pre-order target index, a timeline's layer index).
    public var layer: Int
    /// The write itself: a model value, an animation added under a key, or a key removed.
    public var action: Action

    /// Creates an event.
    public init(time: Double, layer: Int, action: Action) {
        self.time = time
        self.layer = layer
        self.action = action
    }

    /// The path the event writes; nil for a `remove`.
    public var path: PropertyPath? {
        switch action {
        case .set(let path, _), .add(_, let path, _, _, _): path
        case .remove: nil
        }
    }

    /// Applies the event to `presentation`, as the render server does when the event's time comes.
    ///
    /// `set` writes the model value; `add` writes the model value, then adds the animation under
    /// its key (``PresentationModel/add(layer:path:key:animation:modelValue:at:)``), a spring
    /// starting with the event's initial velocity (``Animation/startingWith(_:)``); `remove`
    /// removes the animation under its key. Events for a layer the presentation lacks do nothing.
    ///
    /// - Complexity: O(k) for k animations on the layer.
    public func apply(to presentation: inout PresentationModel) {
        withUnsafePointer(to: self) { Self.apply($0, to: &presentation) }
    }

    /// ``apply(to:)`` for the event at `event`, read in place: a replay applies its list's events
    /// through a pointer without copying each one (a copy counts references to its key and
    /// animation, and is made whenever the event is read next to the presentation being written).
    ///
    /// - Complexity: as ``apply(to:)``.
    static func apply(_ event: UnsafePointer<ChannelEvent>, to presentation: inout PresentationModel) {
        let layer = event.pointee.layer
        let time = event.pointee.time
        guard layer >= 0, layer < presentation.layerCount else { return }
        switch event.pointee.action {
        case .set(let path, let value):
            presentation.set(layer: layer, path: path, value: value, at: time)
        case .add(let key, let path, let animation, let modelValue, let initialVelocity):
            applyAdd(
                layer: layer, path: path, key: key, animation: animation, modelValue: modelValue,
                initialVelocity: initialVelocity, at: time, to: &presentation)
        case .remove(let key):
            presentation.remove(layer: layer, key: key)
        }
    }

    /// Applies an `add` event with these fields to `presentation`, without making the event.
    ///
    /// It does what ``apply(to:)`` does, for an emitter that has no one to pass the event to.
    ///
    /// The animation starts with `initialVelocity` (``Animation/startingWith(_:)``); the model
    /// value is written, then the animation added under `key`. A layer the presentation lacks
    /// is left alone.
    ///
    /// - Complexity: as ``apply(to:)``.
    @inline(__always)
    public static func applyAdd(
        layer: Int, path: PropertyPath, key: String, animation: consuming Animation, modelValue: MotionValue,
        initialVelocity: MotionValue?, at time: Double, to presentation: inout PresentationModel
    ) {
        guard layer >= 0, layer < presentation.layerCount else { return }
        // Only a spring changes: any other animation is added as given, not copied first (a
        // keyframe animation's copy counts its arrays' references).
        guard case .spring = animation, initialVelocity != nil else {
            return presentation.add(layer: layer, path: path, key: key, animation: animation, modelValue: modelValue, at: time)
        }
        presentation.add(
            layer: layer, path: path, key: key, animation: animation.startingWith(initialVelocity), modelValue: modelValue,
            at: time)
    }

    /// Every scalar component some `set` or `add` of `events` writes: the columns of a trace.
    ///
    /// They come in trace order: layer, then `LayerProperty.allCases` order, then component.
    ///
    /// - Complexity: O(e + l) for e events on l layers: one bit per component of each layer,
    ///   read in order; O(e + c log c) for c touched components when layer numbers are outside
    ///   `0...2e` (not the layers of a timeline).
    public static func touchedComponents(_ events: [ChannelEvent]) -> [AnimatedComponent] {
        // Events read in place (indexing, not iterating, which would copy each one).
        var highest = -1
        for i in events.indices where events[i].path != nil {
            let layer = events[i].layer
            guard layer >= 0, layer <= 2 * events.count else { return touchedComponentsSorting(events) }
            highest = max(highest, layer)
        }
        // One word per layer: bit `ordinal * 4 + c`, as in AnimatedComponent.code (components
        // are 0..<4, properties fewer than 16).
        var touched = AnimatedComponentSet(layers: highest + 1)
        for i in events.indices {
            guard let path = events[i].path else { continue }
            for c in path.componentIndices {
                guard (0..<4).contains(c) else { return touchedComponentsSorting(events) }
                touched.insert(AnimatedComponent.code(layer: events[i].layer, path.property, c))
            }
        }
        return touched.components()
    }

    /// ``touchedComponents(_:)`` for any layer numbers: a set of codes, sorted.
    ///
    /// - Complexity: O(e + c log c) for e events and c touched components.
    private static func touchedComponentsSorting(_ events: some Sequence<ChannelEvent>) -> [AnimatedComponent] {
        var seen = Set<Int>()
        for event in events {
            guard let path = event.path else { continue }
            for c in path.componentIndices { seen.insert(AnimatedComponent.code(layer: event.layer, path.property, c)) }
        }
        return seen.sorted().compactMap(AnimatedComponent.init(code:))
    }
}

/// A scalar component that some event touched: one column of a trace.
public struct AnimatedComponent: Hashable, Sendable, Comparable {
    /// The layer's (target's) index in document pre-order.
    public var target: Int
    /// The layer property the component belongs to.
    public var property: LayerProperty
    /// The component index within the property's value (0 for scalars).
    public var component: Int

    /// Creates a component reference.
    public init(target: Int, property: LayerProperty, component: Int) {
        self.target = target
        self.property = property
        self.component = component
    }

    /// The component's name in traces: `position.x`, `opacity`, `backgroundColor.r`.
    public var name: String { PropertyPath.componentName(property, component) }

    /// Trace order: target document order, then `LayerProperty.allCases` order, then component.
    public static func < (lhs: AnimatedComponent, rhs: AnimatedComponent) -> Bool {
        (lhs.target, lhs.property.ordinal, lhs.component) < (rhs.target, rhs.property.ordinal, rhs.component)
    }

    /// The component as one integer that sorts in trace order: `layer * 64 + slot`.
    public static func code(layer: Int, _ property: LayerProperty, _ component: Int) -> Int {
        layer * 64 + slot(property, component)
    }

    /// A component's place among its layer's, in trace order: `ordinal * 4 + component`.
    ///
    /// Four places per property, all below 64.
    @inline(__always)
    public static func slot(_ property: LayerProperty, _ component: Int) -> Int {
        property.ordinal * 4 + component
    }

    /// The component a ``code(layer:_:_:)`` stands for, or nil for a number no component has.
    ///
    /// Codes of negative layers decode too (the division rounds down).
    public init?(code: Int) {
        var (layer, rest) = code.quotientAndRemainder(dividingBy: 64)
        if rest < 0 {
            layer -= 1
            rest += 64
        }
        guard rest / 4 < LayerProperty.allCases.count else { return nil }
        self.init(target: layer, property: LayerProperty.allCases[rest / 4], component: rest % 4)
    }
}

/// An observer of channel events: a recorder for a trace or a timeline, or an app's render server.
public protocol ChannelEventSink: AnyObject {
    /// Receives one event, in emission (and so time) order.
    func receive(_ event: ChannelEvent)
}

/// A sink that keeps every event in order: for traces, timeline baking and tests.
public final class ChannelRecorder: ChannelEventSink {
    /// The events received, in the order (and so the time order) they were emitted.
    public private(set) var events: [ChannelEvent] = []

    /// Creates an empty recorder.
    public init() {}

    /// Records `event`.
    public func receive(_ event: ChannelEvent) {
        events.append(event)
    }
}
