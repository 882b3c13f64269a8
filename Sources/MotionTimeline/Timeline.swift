public import MotionCore

/// A baked timeline (docs/format.md §5.2): a canvas, a layer tree and the events that play the motion.
///
/// The layers carry their initial model values; the events are render-server channel events.
///
/// A timeline is what `motionc bake` writes and what `motionc play` and `motionc render` read.
/// Its JSON form is fixed by `Schemas/motion-timeline.schema.json`; ``TimelineJSON`` writes and
/// reads it. Keys appear in this order:
///
/// ```
/// {"timeline": 1, "name", "canvas": {"size", "background", "fps"},
///  "layers": [{"id", "parent", "shape", "model": {position, size, anchorPoint, scale, rotation,
///              opacity, cornerRadius, borderWidth, backgroundColor, borderColor, zPosition}}],
///  "end",
///  "events": [{"time", "target", "type": "set", "path", "value"}
///           | {"time", "target", "type": "add", "key", "path", "animation", "modelValue", "initialVelocity"}
///           | {"time", "target", "type": "remove", "key"}]}
/// keyframe animation: {"kind": "keyframe", "values", "keyTimes", "timingFunctions", "beginTime",
///                      "duration", "fillMode", "repeatCount", "autoreverses", "additive"}
/// spring animation:   {"kind": "spring", "from", "to", "stiffness", "damping", "mass",
///                      "initialVelocity", "beginTime", "duration"}
/// ```
///
/// Values are numbers for scalars and component paths, `[a, b]` for points and sizes,
/// `[r, g, b, a]` for colours. An infinite `repeatCount` or spring `duration` is `"forever"`.
public struct Timeline: Hashable, Sendable {
    /// The format version this type reads and writes.
    public static let version = 1

    /// The document's name.
    public var name: String
    /// What the render server draws on.
    public var canvas: Canvas
    /// The layer tree in pre-order; each parent comes before its children.
    public var layers: [TimelineLayer]
    /// When everything is at rest (or the bake's bound), in seconds.
    public var end: Double
    /// Channel events in time order (ties keep emission order).
    public var events: [ChannelEvent]

    /// Creates a timeline.
    public init(name: String, canvas: Canvas, layers: [TimelineLayer], end: Double, events: [ChannelEvent]) {
        self.name = name
        self.canvas = canvas
        self.layers = layers
        self.end = end
        self.events = events
    }

    /// The index of the layer with `id`, if any.
    ///
    /// - Complexity: O(n) in the number of layers.
    public func layer(withID id: String) -> Int? {
        layers.firstIndex { $0.id == id }
    }

    /// Every scalar component some `set` or `add` event writes: the columns of the timeline's trace.
    ///
    /// Each is (layer, property, component), in trace order: layer (document order), then
    /// `LayerProperty.allCases` order, then component (the order of
    /// `DocumentRun.animatedComponents`, so `play` and `run` trace the same columns).
    ///
    /// - Complexity: O(e + c log c) for e events and c touched components.
    public var touchedComponents: [(layer: Int, property: LayerProperty, component: Int)] {
        ChannelEvent.touchedComponents(events).map { (layer: $0.target, property: $0.property, component: $0.component) }
    }
}

/// One layer of a timeline: its id, parent, shape and initial model values.
public struct TimelineLayer: Hashable, Sendable {
    /// The target's id (without `#`).
    public var id: String
    /// The index of the parent layer in ``Timeline/layers``, nil at the top level.
    public var parent: Int?
    /// Whether the layer is drawn as a rectangle or an ellipse.
    public var shape: LayerShape
    /// A model value for every animatable property (defaults included).
    public var model: [LayerProperty: MotionValue]

    /// How many properties are animatable: the size of a full model.
    static let animatableCount = LayerProperty.allCases.count { $0.isAnimatable }

    /// Whether the layer is drawn as an ellipse inscribed in its rectangle.
    public var isEllipse: Bool { shape == .ellipse }

    /// Creates a layer; properties missing from `model` get their defaults.
    public init(id: String, parent: Int?, shape: LayerShape, model: [LayerProperty: MotionValue]) {
        self.id = id
        self.parent = parent
        self.shape = shape
        // A model that has every animatable property (a timeline reader's) is kept as it is.
        if model.count == Self.animatableCount, model.keys.allSatisfy(\.isAnimatable) {
            self.model = model
            return
        }
        var full: [LayerProperty: MotionValue] = [:]
        for property in LayerProperty.allCases where property.isAnimatable {
            full[property] = model[property] ?? property.defaultValue
        }
        self.model = full
    }
}
