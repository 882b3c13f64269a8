import MotionCore
import MotionDiagnostics
import MotionJSON
import MotionRuntime

// The intention types a document may add (docs/format.md §2.1), one descriptor each. To add a
// type, add its descriptor here and to `allCases` (CONTRIBUTING.md, "Adding an intention type").

extension IntentionType {
    /// Every intention type, in the order docs/format.md §2.1 lists them.
    public static let allCases: [IntentionType] = [
        .tween, .spring, .anchoredSpring, .friction, .draggable, .pinchable, .rotatable, .squashAndStretch,
        .directlyManipulable, .tossable, .transitionTween, .link,
    ]

    /// Keyframes over one property (docs/format.md §2.2).
    public static let tween = IntentionType(
        "tween", family: "tween", intention: Tween.self,
        summary: "Keyframes over one property: values or from/to, offsets, easing, duration, delay, repeat.",
        parameters: [
            ParameterSpec(
                "property", .propertyPath, required: true,
                "The property or component animated (opacity, position.x, ...); or use properties."),
            ParameterSpec("values", .propertyValues, "Keyframe values. One value runs from the presented value to it."),
            ParameterSpec("from", .propertyValue, "The first value; with `to`, the same as values: [from, to]."),
            ParameterSpec("to", .propertyValue, "The last value; alone, the tween runs from the presented value."),
            ParameterSpec(
                "by", .propertyChange, "A change: the tween runs from the presented value to it plus this (a point takes [dx, dy])."),
            ParameterSpec(
                "properties", .propertyMap,
                "Several properties on this timing, instead of property and its values: {PATH: [values] or {from, to}, {to}, {by}}."),
            ParameterSpec(
                "path", .motionPath,
                "A motion path for position instead of values: a start point, then [c1, c2, end] per cubic segment; eased progress maps to arc length."
            ),
            ParameterSpec(
                "orient", .boolean, default: "false",
                "With path: add the path's tangent angle (degrees, clockwise) to the rotation, as CSS offset-rotate: auto."),
            ParameterSpec("offsets", .offsets, default: "evenly spaced", "One offset per value in [0, 1], non-decreasing."),
            ParameterSpec("easing", .easingOrList, default: "linear", "One curve for every segment, or a list of n-1 curves."),
            ParameterSpec(
                "duration", .duration, default: Tween.defaultDuration, unit: "s", "Seconds of one pass (a number, or \"300ms\", \"0.3s\")."),
            ParameterSpec("delay", .duration, default: "0", "Seconds from the commit to the start; the first value shows meanwhile."),
            ParameterSpec("repeat", .repeatCount, default: "1", "How many passes (fractional allowed), or forever."),
            ParameterSpec(
                "autoreverse", .boolean, default: "false",
                "Play every other pass backwards; a repeat is then a forward and a backward pass."),
        ],
        schemaConstraints: IntentionCatalog.tweenSchemaConstraints,
        decode: IntentionDecoder.tween)

    /// A spring that pulls a property to a destination (docs/format.md §2.3).
    public static let spring = IntentionType(
        "spring", family: "physics", intention: Spring.self,
        summary: "A closed-form spring that pulls a property to a destination, keeping its velocity.",
        parameters: [
            ParameterSpec("property", .propertyPath, required: true, "The property or component pulled."),
            ParameterSpec("destination", .propertyValue, required: true, "Where the spring pulls the property."),
        ] + IntentionCatalog.springParameters + [
            ParameterSpec(
                "initialVelocity", .propertyValue, default: "0", "Velocity added at the start, in the property's units per second.")
        ],
        decode: IntentionDecoder.spring)

    /// A spring that pulls position to an anchor point.
    public static let anchoredSpring = IntentionType(
        "anchoredSpring", family: "physics", intention: AnchoredSpring.self,
        summary: "A spring that pulls position to an anchor point.",
        parameters: [ParameterSpec("anchor", .point, required: true, "The point position is pulled to.")]
            + IntentionCatalog.springParameters
    ) { reader, context in
        let anchor = reader.read("anchor", &context) { $0.point($1, for: "anchor") }
        let parameters = IntentionDecoder.springParameters(&reader, &context)
        guard let anchor else { return nil }
        return AnchoredSpring(anchor: anchor, parameters: parameters)
    }

    /// Friction that decays a property's velocity.
    public static let friction = IntentionType(
        "friction", family: "physics", intention: Friction.self,
        summary: "Friction that decays a property's velocity.",
        parameters: [
            ParameterSpec("property", .propertyPath, default: "position", "The property whose velocity decays."),
            ParameterSpec(
                "coefficient", .number(minimum: nil, exclusiveMinimum: 0), required: true, "Per second, > 0: m v' = -coefficient v."),
        ]
    ) { reader, context in
        let property = IntentionDecoder.propertyPath(&reader, &context, default: Friction(coefficient: 1).property)
        let coefficient = reader.number("coefficient", &context)
        guard let property, let coefficient else { return nil }
        return Friction(property: property, coefficient: coefficient)
    }

    /// Moves position with a pan input.
    public static let draggable = IntentionType(
        "draggable", family: "gesture", intention: Draggable.self, inputKinds: [.pan],
        summary: "Moves position with a pan input.",
        parameters: [
            ParameterSpec(
                "axis", .choice(DragAxis.allCases.map(\.rawValue)), default: Draggable().axis.rawValue, "Which axes the drag moves."),
            ParameterSpec("gesture", .inputID, "The pan input that drives it; default every pan input on the same target."),
        ]
    ) { reader, context in
        var draggable = Draggable()
        if let axis = reader.choice("axis", &context, DragAxis.self) { draggable.axis = axis }
        draggable.gesture = IntentionDecoder.gesture(&reader, &context)
        return draggable
    }

    /// Scales with a pinch input.
    public static let pinchable = IntentionType(
        "pinchable", family: "gesture", intention: Pinchable.self, inputKinds: [.pinch],
        summary: "Scales with a pinch input.",
        parameters: [ParameterSpec("gesture", .inputID, "The pinch input that drives it; default every pinch input on the same target.")]
    ) { reader, context in
        Pinchable(gesture: IntentionDecoder.gesture(&reader, &context))
    }

    /// Rotates with a rotate input.
    public static let rotatable = IntentionType(
        "rotatable", family: "gesture", intention: Rotatable.self, inputKinds: [.rotate],
        summary: "Rotates with a rotate input.",
        parameters: [
            ParameterSpec("gesture", .inputID, "The rotate input that drives it; default every rotate input on the same target.")
        ]
    ) { reader, context in
        Rotatable(gesture: IntentionDecoder.gesture(&reader, &context))
    }

    /// Stretches the layer along its motion in proportion to its speed.
    public static let squashAndStretch = IntentionType(
        "squashAndStretch", family: "shape", intention: SquashAndStretch.self,
        summary: "Stretches the layer along its motion in proportion to its speed.",
        parameters: [
            ParameterSpec(
                "factor", .number(minimum: 0, exclusiveMinimum: nil), default: SquashAndStretch().factor,
                "How much the layer stretches per 1000 points per second."),
            ParameterSpec(
                "property", .pointPropertyPath, default: SquashAndStretch().property.description, "The point whose velocity is read."),
        ]
    ) { reader, context in
        let factor = reader.number("factor", &context)
        guard let property = IntentionDecoder.propertyPath(&reader, &context, default: SquashAndStretch().property) else { return nil }
        // It reads a 2-D velocity to find the direction of motion.
        if property.kind != .point, let node = reader.nodes["property"] {
            context.report(
                .D009, "squashAndStretch reads a point's velocity (such as position), not `\(property)`",
                at: context.range(node), help: "use `property: position`, or leave it out")
            reader.failed = true
            return nil
        }
        guard let factor else { return nil }
        return SquashAndStretch(factor: factor, property: property)
    }

    /// Composite: draggable, pinchable and rotatable at once.
    public static let directlyManipulable = IntentionType(
        "directlyManipulable", family: "composite", intention: DirectlyManipulable.self, inputKinds: [.pan, .pinch, .rotate],
        summary: "Composite: draggable, pinchable and rotatable at once.", parameters: []
    ) { _, _ in DirectlyManipulable() }

    /// Composite: draggable, then a spring carrying the release velocity (docs/format.md §7.6).
    public static let tossable = IntentionType(
        "tossable", family: "composite", intention: Tossable.self, inputKinds: [.pan],
        summary: "Composite: draggable, then a spring to the destination carrying the release velocity.",
        parameters: [
            ParameterSpec("destination", .point, default: "position at commit", "Where the spring pulls after release."),
            ParameterSpec(
                "snap", .points,
                "Snap points instead of destination: at release, the one nearest the position projected with the release velocity (UIKit's 0.998 deceleration)."
            ),
        ] + IntentionCatalog.springParameters
    ) { reader, context in
        let destination = reader.read("destination", &context) { $0.point($1, for: "destination") }
        var toss = Tossable(destination: destination, parameters: IntentionDecoder.springParameters(&reader, &context))
        toss.snap = IntentionDecoder.snapPoints(&reader, &context) ?? []
        return toss
    }

    /// Composite: a tween between back and fore values inside a transition window.
    public static let transitionTween = IntentionType(
        "transitionTween", family: "composite", intention: TransitionTween.self,
        summary: "Composite: a tween between back and fore values inside a transition window.",
        parameters: [
            ParameterSpec("property", .propertyPath, required: true, "The property animated."),
            ParameterSpec("back", .propertyValue, required: true, "The value when the transition runs backward."),
            ParameterSpec("fore", .propertyValue, required: true, "The value when the transition runs forward."),
            ParameterSpec(
                "direction", .choice(TransitionDirection.allCases.map(\.rawValue)), default: TransitionDirection.forward.rawValue,
                "Which way the transition runs."),
            ParameterSpec("window", .duration, default: Tween.defaultDuration, unit: "s", "Seconds of the whole transition window."),
            ParameterSpec("segment", .segment, default: "{position: 0, length: 1}", "The part of the window the tween occupies."),
            ParameterSpec("easing", .easing, default: "linear", "The forward curve."),
            ParameterSpec("backwardEasing", .easing, default: "the easing reversed", "The backward curve."),
        ],
        decode: IntentionDecoder.transitionTween)

    /// A linear map from another property, every frame (docs/format.md §7.4).
    public static let link = IntentionType(
        "link", family: "link", intention: Link.self,
        summary: "Maps one property from another's presented value every frame, limited to the output interval.",
        parameters: [
            ParameterSpec("property", .scalarPropertyPath, required: true, "The number this link presents (a scalar or a component)."),
            ParameterSpec("source", .linkSource, required: true, "The property read every frame: {target: SELECTOR, property: PATH}."),
            ParameterSpec("input", .numberPair, required: true, "[a, b]: the source values mapped to the output's ends; a != b."),
            ParameterSpec("output", .numberPair, required: true, "[c, d]: the values presented for a and b."),
            ParameterSpec("clamp", .boolean, default: "true", "Limit the result to the output interval."),
        ],
        decode: IntentionDecoder.link)
}

/// Keys and parameters the intention types share.
public enum IntentionCatalog {
    /// Keys every `add` op takes, whatever its type.
    public static let addKeys = ["add", "target", "name"]
    /// Keys every `remove` op takes.
    public static let removeKeys = ["remove", "target"]

    static let springParameters: [ParameterSpec] = [
        ParameterSpec(
            "stiffness", .number(minimum: nil, exclusiveMinimum: 0), default: SpringParameters().stiffness,
            "Spring stiffness (tension), > 0."),
        ParameterSpec(
            "damping", .number(minimum: 0, exclusiveMinimum: nil), default: SpringParameters().damping, "Spring damping (friction), >= 0."),
        ParameterSpec("mass", .number(minimum: nil, exclusiveMinimum: 0), default: SpringParameters().mass, "Mass, > 0."),
        ParameterSpec(
            "threshold", .number(minimum: nil, exclusiveMinimum: 0), default: "per property",
            "At rest when sqrt((x - d)^2 + m v^2 / stiffness) <= threshold. Defaults: opacity, scale 0.001; rotation 0.01; colours 1/1024; others 0.01."
        ),
        ParameterSpec(
            "duration", .positiveDuration, default: "0.5s with bounce",
            "Springs by feel (instead of stiffness and damping): seconds of the undamped period, > 0; stiffness = (2 pi / duration)^2 mass."
        ),
        ParameterSpec(
            "bounce", .openInterval(-1, 1), default: "0",
            "Springs by feel: -1 < bounce < 1; 0 settles without overshoot (critical damping), 0.3 bounces a little."),
    ]

    /// Parameters that exclude each other: an op may give keys of the first list or of the second.
    ///
    /// Never of both (P002: a spring by stiffness and damping, or by duration and bounce;
    /// D003: a tween's `properties`, `by` or `path` with the keys they replace; W008: a path with
    /// `offsets`).
    public static let exclusiveParameters: [(first: [String], second: [String])] = [
        (["stiffness", "damping"], ["duration", "bounce"]),
        (["properties"], ["property", "values", "from", "to", "by"]),
        (["by"], ["values", "from", "to"]),
        (["path"], ["values", "from", "to", "by", "properties", "offsets"]),
        (["snap"], ["destination"]),
    ]

    /// A tween's constraints between keys. W001: a tween needs values, or `to` (alone or with
    /// `from`); D004: `property` unless `properties` names them; W001: with `values`, `to` or `by`;
    /// W008: `path` (docs/format.md §7.3) moves `position` only, and `orient` needs it.
    static let tweenSchemaConstraints: [JSONMember] = {
        let single = ["values", "to", "by"].map { JSONValue.object(["required": .strings(["property", $0])]) }
        let path = JSONValue.object([
            "required": .strings(["property", "path"]),
            "properties": .object(["property": .object(["const": .string("position")])]),
        ])
        return [
            JSONMember("anyOf", .array(single + [path, .object(["required": .strings(["properties"])])])),
            JSONMember("dependentRequired", .object(["orient": .strings(["path"]), "staggerFrom": .strings(["stagger"])])),
            JSONMember(
                "dependentSchemas",
                .object([
                    // D003: `values` or `from`/`to`, not both.
                    "values": .object([
                        "not": .object([
                            "anyOf": .array([.object(["required": .strings(["to"])]), .object(["required": .strings(["from"])])])
                        ])
                    ]),
                    // N003: a tween of several `properties` is not added by name.
                    "name": .object(["properties": .object(["properties": .object(["maxProperties": .number(1)])])]),
                ])),
        ]
    }()

    /// Keys every `add` op takes whatever its type: how the op applies to its targets (docs/format.md §7).
    public static let operationParameters: [ParameterSpec] = [
        ParameterSpec(
            "stagger", .duration,
            "Seconds between the starts of the targets the selector matches, in document order: a tween's delay grows, other intentions commit later."
        ),
        ParameterSpec(
            "staggerFrom", .choice(StaggerOrigin.allCases.map(\.rawValue)), default: "first",
            "Which matched target starts first: first, last, or center (outwards, half steps for an even count)."),
        ParameterSpec(
            "reducedMotion", .choice(ReducedMotion.allCases.map(\.rawValue)), default: "the document's reducedMotion, else keep",
            "With --reduced-motion: keep animates as written, skip jumps to the final values, crossfade cuts position, scale and rotation under an opacity dip."
        ),
    ]
}
