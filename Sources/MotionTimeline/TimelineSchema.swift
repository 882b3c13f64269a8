import MotionCore
public import MotionJSON

/// The JSON Schema (2020-12) of baked timelines (docs/format.md §5.2).
///
/// It is generated from the tables ``TimelineJSON`` writes and reads with: the objects' keys in
/// their written order (the reader checks keys against the same lists), the layer properties,
/// paths, curve names, fill modes, path outputs and limits.
///
/// `Schemas/motion-timeline.schema.json` is this schema as `motionc schema --timeline` prints it.
public enum TimelineSchema {
    /// One JSON object of the format: its keys, in the order written, with their schemas.
    struct Object: Sendable {
        var description: String
        var fields: [(key: String, schema: JSONValue)]

        /// The keys, in the order written: every one is required, no other is allowed.
        var keys: [String] { fields.map(\.key) }

        var json: JSONValue {
            .object([
                "type": .string("object"), "description": .string(description),
                "properties": .object(fields.map { JSONMember($0.key, $0.schema) }),
                "required": .strings(keys), "additionalProperties": .bool(false),
            ])
        }
    }

    /// The keys of each object, in written order, as the reader checks them: computed once, so
    /// that reading a timeline never builds the schema's JSON (built only when it is printed).
    enum Keys {
        static let root = TimelineSchema.root.keys
        static let canvas = TimelineSchema.canvas.keys
        static let layer = TimelineSchema.layer.keys
        static let model = TimelineSchema.model.keys
        static let keyframeAnimation = TimelineSchema.keyframeAnimation.keys
        static let springAnimation = TimelineSchema.springAnimation.keys
        static let pathAnimation = TimelineSchema.pathAnimation.keys
        static let setEvent = TimelineSchema.setEvent.keys
        static let addEvent = TimelineSchema.addEvent.keys
        static let removeEvent = TimelineSchema.removeEvent.keys
    }

    /// The schema's text, as `motionc schema --timeline` prints it (with a final newline).
    public static var text: String { json.serialized() + "\n" }

    /// The schema as a JSON value.
    public static var json: JSONValue {
        // Every number is held within ±1e100, as the reader holds them (docs/format.md §5.2).
        unbounded.boundingNumbers(within: TimelineJSON.largestMagnitude)
    }

    /// The schema before every number gets its magnitude limit.
    static var unbounded: JSONValue {
        .object([
            "$schema": .string("https://json-schema.org/draft/2020-12/schema"),
            "$id": .string("https://motionc.dev/schemas/motion-timeline.schema.json"),
            "title": .string("motionc baked timeline, version \(Timeline.version)"), "description": .string(root.description),
            "type": .string("object"), "properties": .object(root.fields.map { JSONMember($0.key, $0.schema) }),
            "required": .strings(root.keys), "additionalProperties": .bool(false), "$defs": definitions,
        ])
    }

    // MARK: Objects

    static var root: Object {
        Object(
            description:
                "What `motionc bake` writes and `motionc play`/`render` read (docs/format.md §5.2). Keys appear in the order listed: timeline, name, canvas, layers, end, events. Events are in time order; equal times keep emission order.",
            fields: [
                ("timeline", .object(["const": .number(Double(Timeline.version)), "description": .string("The format version.")])),
                ("name", .object(["type": .string("string"), "description": .string("The document's name.")])),
                ("canvas", canvas.json),
                (
                    "layers",
                    .object([
                        "type": .string("array"), "description": .string("The layer tree in pre-order."), "items": layer.json,
                    ])
                ),
                (
                    "end",
                    .object([
                        "type": .string("number"), "minimum": .number(0),
                        "description": .string(
                            "When everything is at rest, or the bake's bound (60 s), in seconds; play's default duration."),
                    ])
                ),
                (
                    "events",
                    .object([
                        "type": .string("array"), "maxItems": .number(Double(TimelineJSON.maximumEvents)), "items": ref("event"),
                        "description": .string("Render server channel events in time order."),
                    ])
                ),
            ])
    }

    static var canvas: Object {
        Object(
            description: "What the render server draws on. Keys: size, background, fps.",
            fields: [
                (
                    "size",
                    numberList(
                        2, items: ["type": .string("number"), "minimum": .number(1), "maximum": .number(TimelineJSON.maximumCanvasSide)],
                        "[width, height] in points (1 point = 1 pixel).")
                ),
                ("background", numberList(4, "The background colour [r, g, b, a].")),
                (
                    "fps",
                    .object([
                        "type": .string("number"), "exclusiveMinimum": .number(0), "maximum": .number(TimelineJSON.maximumFPS),
                        "description": .string("Frame rate of play and render."),
                    ])
                ),
            ])
    }

    static var layer: Object {
        Object(
            description: "Keys: id, parent, shape, model.",
            fields: [
                ("id", .object(["type": .string("string"), "minLength": .number(1), "description": .string("The target's id, unique.")])),
                (
                    "parent",
                    .object([
                        "oneOf": .array([
                            .object(["type": .string("null")]), .object(["type": .string("integer"), "minimum": .number(0)]),
                        ]),
                        "description": .string("Index of the parent layer (earlier in the list), or null at the top level."),
                    ])
                ),
                ("shape", .object(["enum": .strings(LayerShape.allCases.map(\.rawValue))])),
                ("model", model.json),
            ])
    }

    /// Every animatable property's model value, in ``LayerProperty`` order.
    static var model: Object {
        Object(
            description: "Initial model values of every animatable property (defaults included), in this key order.",
            fields: LayerProperty.allCases.filter(\.isAnimatable).map { property in
                (property.rawValue, valueSchema(property.kind, property.rawValue))
            })
    }

    static var keyframeAnimation: Object {
        Object(
            description: "A Core Animation-like keyframe animation (CAKeyframeAnimation). Keys in this order.",
            fields: [
                ("kind", .object(["const": .string("keyframe")])),
                (
                    "values",
                    .object([
                        "type": .string("array"), "minItems": .number(1), "items": ref("value"),
                        "description": .string("Keyframe values, of the path's kind."),
                    ])
                ),
                (
                    "keyTimes",
                    .object([
                        "type": .string("array"),
                        "items": .object(["type": .string("number"), "minimum": .number(0), "maximum": .number(1)]),
                        "description": .string("One time in 0...1 per value, non-decreasing."),
                    ])
                ),
                (
                    "timingFunctions",
                    .object([
                        "type": .string("array"), "minItems": .number(1), "items": ref("timingFunction"),
                        "description": .string("One for every segment, or one per segment (n - 1)."),
                    ])
                ),
                (
                    "beginTime",
                    described(
                        .object(["type": .string("number")]),
                        "When the first pass starts (the add time plus any delay); before it the first value shows.")
                ),
                ("duration", passDuration),
                (
                    "fillMode",
                    fillMode("Always both: the first value before the start, the last moment's value after the end.")
                ),
                ("repeatCount", repeatCount),
                ("autoreverses", described(.object(["type": .string("boolean")]), "Whether each repeat plays forward then backward.")),
                ("additive", .object(["const": .bool(false), "description": .string("Values are absolute; always false.")])),
            ])
    }

    static var springAnimation: Object {
        Object(
            description:
                "A Core Animation-like spring animation (CASpringAnimation), solved in closed form per component. Keys in this order.",
            fields: [
                ("kind", .object(["const": .string("spring")])),
                ("from", .object(["$ref": .string("#/$defs/value"), "description": .string("Value at beginTime.")])),
                (
                    "to",
                    .object(["$ref": .string("#/$defs/value"), "description": .string("Destination, shown from beginTime + duration on.")])
                ),
                ("stiffness", .object(["type": .string("number"), "exclusiveMinimum": .number(0)])),
                (
                    "damping",
                    .object([
                        "type": .string("number"), "minimum": .number(0),
                        "description": .string("Spring damping plus any friction on the property."),
                    ])
                ),
                ("mass", .object(["type": .string("number"), "exclusiveMinimum": .number(0)])),
                (
                    "initialVelocity",
                    .object([
                        "$ref": .string("#/$defs/value"),
                        "description": .string("Velocity at beginTime, in the property's units per second."),
                    ])
                ),
                ("beginTime", .object(["type": .string("number")])),
                (
                    "duration",
                    .object([
                        "description": .string("Seconds until rest (the settling time), or \"forever\"."),
                        "oneOf": .array([
                            .object(["type": .string("number"), "minimum": .number(0)]), .object(["const": .string("forever")]),
                        ]),
                    ])
                ),
            ])
    }

    static var pathAnimation: Object {
        Object(
            description:
                "A motion along a path (CAKeyframeAnimation with a path, calculationMode paced; rotationMode auto for the angle): eased progress is a fraction of the path's arc length, continued along the end tangents outside 0...1. Keys in this order.",
            fields: [
                ("kind", .object(["const": .string("path")])),
                (
                    "points",
                    .object([
                        "type": .string("array"), "minItems": .number(4), "items": numberList(2, nil),
                        "description": .string("The start point, then [c1, c2, end] per cubic segment: 1 + 3n points."),
                    ])
                ),
                (
                    "output",
                    .object([
                        "enum": .strings(PathAnimation.Output.allOutputs.map(TimelineJSON.outputName)),
                        "description": .string(
                            "What the animation presents: the point (on position), one coordinate of it (on a scalar path), or angleOffset plus the tangent's unwrapped angle in degrees (on rotation)."
                        ),
                    ])
                ),
                (
                    "angleOffset",
                    described(.object(["type": .string("number")]), "For angle: the rotation the tangent's angle is added to; 0 otherwise.")
                ),
                ("timingFunction", ref("timingFunction")),
                (
                    "beginTime",
                    described(.object(["type": .string("number")]), "When the first pass starts; before it the path's start shows.")
                ),
                ("duration", passDuration),
                ("fillMode", fillMode(nil)),
                ("repeatCount", repeatCount),
                ("autoreverses", .object(["type": .string("boolean")])),
            ])
    }

    static let targetField: (key: String, schema: JSONValue) = (
        "target", .object(["type": .string("string"), "minLength": .number(1), "description": .string("The layer's id.")])
    )

    static var setEvent: Object {
        Object(
            description: "A model value write. Keys: time, target, type, path, value.",
            fields: [
                ("time", ref("time")), targetField, ("type", .object(["const": .string("set")])), ("path", ref("path")),
                ("value", ref("value")),
            ])
    }

    static var addEvent: Object {
        Object(
            description:
                "Adds a keyed animation (the render server's add(animation, key, modelValue, initialVelocity)). Keys: time, target, type, key, path, animation, modelValue, initialVelocity.",
            fields: [
                ("time", ref("time")), targetField, ("type", .object(["const": .string("add")])),
                (
                    "key",
                    .object([
                        "type": .string("string"), "minLength": .number(1),
                        "description": .string("The animation's key; adding under a held key replaces that animation."),
                    ])
                ),
                ("path", ref("path")),
                ("animation", .object(["oneOf": .array([ref("keyframeAnimation"), ref("springAnimation"), ref("pathAnimation")])])),
                (
                    "modelValue",
                    .object([
                        "$ref": .string("#/$defs/value"), "description": .string("The model value written with the animation."),
                    ])
                ),
                (
                    "initialVelocity",
                    .object([
                        "description": .string("The velocity handed over, or null."),
                        "oneOf": .array([.object(["type": .string("null")]), ref("value")]),
                    ])
                ),
            ])
    }

    static var removeEvent: Object {
        Object(
            description: "Removes a keyed animation (the render server's remove(key)). Keys: time, target, type, key.",
            fields: [
                ("time", ref("time")), targetField, ("type", .object(["const": .string("remove")])),
                ("key", .object(["type": .string("string"), "description": .string("The key of the animation to remove.")])),
            ])
    }

    // MARK: Definitions

    static var definitions: JSONValue {
        .object([
            "time": .object([
                "type": .string("number"), "minimum": .number(0), "description": .string("Seconds on the timeline's clock."),
            ]),
            "value": .object([
                "description": .string(
                    "A value: a number for scalars and component paths, [a, b] for points and sizes, [r, g, b, a] for colours (straight sRGB, 0...1)."
                ),
                "oneOf": .array([.object(["type": .string("number")]), numberList(2, "a point or size"), numberList(4, "a colour")]),
            ]),
            "path": .object([
                "enum": .strings(PropertyPath.all.filter { $0.property.isAnimatable }.map(\.description)),
                "description": .string("An animatable property or one of its components."),
            ]),
            "timingFunction": .object([
                "description": .string("A timing function: a docs/format.md §2.2 name or a CSS cubic-bezier [x1, y1, x2, y2]."),
                "oneOf": .array([
                    .object(["enum": .strings(TimingCurve.names)]),
                    .object([
                        "type": .string("array"), "items": .object(["type": .string("number")]), "minItems": .number(4),
                        "maxItems": .number(4),
                        "prefixItems": .array([
                            unitNumber, .object(["type": .string("number")]), unitNumber, .object(["type": .string("number")]),
                        ]),
                    ]),
                ]),
            ]),
            "keyframeAnimation": keyframeAnimation.json,
            "springAnimation": springAnimation.json,
            "pathAnimation": pathAnimation.json,
            "event": .object(["oneOf": .array([setEvent.json, addEvent.json, removeEvent.json])]),
        ])
    }

    // MARK: Pieces

    static func ref(_ name: String) -> JSONValue { .object(["$ref": .string("#/$defs/\(name)")]) }

    static func described(_ schema: JSONValue, _ description: String) -> JSONValue {
        guard case .object(let members) = schema else { return schema }
        return .object(members + [JSONMember("description", .string(description))])
    }

    /// An array of exactly `count` numbers.
    static func numberList(
        _ count: Int, items: KeyValuePairs<String, JSONValue> = ["type": .string("number")], _ description: String?
    ) -> JSONValue {
        let schema = JSONValue.object([
            "type": .string("array"), "items": .object(items), "minItems": .number(Double(count)), "maxItems": .number(Double(count)),
        ])
        return description.map { described(schema, $0) } ?? schema
    }

    /// A model value of `kind`.
    static func valueSchema(_ kind: ValueKind, _ description: String) -> JSONValue {
        kind.componentCount == 1
            ? .object(["type": .string("number"), "description": .string(description)])
            : numberList(kind.componentCount, description)
    }

    static let unitNumber = JSONValue.object(["type": .string("number"), "minimum": .number(0), "maximum": .number(1)])

    static let passDuration = JSONValue.object([
        "type": .string("number"), "minimum": .number(0), "description": .string("Seconds of one pass."),
    ])

    static let repeatCount = JSONValue.object([
        "description": .string("Passes (fractional allowed) or \"forever\"."),
        "oneOf": .array([.object(["type": .string("number"), "exclusiveMinimum": .number(0)]), .object(["const": .string("forever")])]),
    ])

    static func fillMode(_ description: String?) -> JSONValue {
        let modes = FillMode.allCases.map(\.rawValue)
        let schema: JSONValue = modes.count == 1 ? .object(["const": .string(modes[0])]) : .object(["enum": .strings(modes)])
        return description.map { described(schema, $0) } ?? schema
    }
}

extension PathAnimation.Output {
    /// Every output a timeline may name, in the schema's order.
    static let allOutputs: [PathAnimation.Output] = [.position, .coordinate(0), .coordinate(1), .angle]
}
