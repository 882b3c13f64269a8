import MotionCore
import MotionRuntime

/// The intention types a document may add (`add: TYPE`), docs/format.md §2.1.
public enum IntentionType: String, Hashable, Sendable, CaseIterable {
    case tween
    case spring
    case anchoredSpring
    case friction
    case draggable
    case pinchable
    case rotatable
    case squashAndStretch
    case directlyManipulable
    case tossable
    case transitionTween
    case link

    /// Which executor family fulfils the type.
    public var family: String {
        switch self {
        case .tween: "tween"
        case .spring, .anchoredSpring, .friction: "physics"
        case .draggable, .pinchable, .rotatable: "gesture"
        case .squashAndStretch: "shape"
        case .directlyManipulable, .tossable, .transitionTween: "composite"
        case .link: "link"
        }
    }

    /// Whether the type may be added by name. Composites may not: what they emit cannot carry the
    /// name, so removing them by name could not undo them.
    public var canBeNamed: Bool { family != "composite" }

    /// Whether the type needs gesture input to do anything (B001 when baking without input).
    public var isInteractive: Bool {
        switch self {
        case .draggable, .pinchable, .rotatable, .directlyManipulable, .tossable: true
        default: false
        }
    }

    /// The input kinds the type listens to.
    public var inputKinds: [InputKind] {
        switch self {
        case .draggable, .tossable: [.pan]
        case .pinchable: [.pinch]
        case .rotatable: [.rotate]
        case .directlyManipulable: [.pan, .pinch, .rotate]
        default: []
        }
    }

    /// The type's own parameters (besides `add`, `target` and `name`).
    public var parameters: [ParameterSpec] { IntentionCatalog.parametersByType[self] ?? [] }

    /// Every key an `add` op of this type takes: `add`, `target`, `name` and the parameters.
    public var addKeys: [String] { IntentionCatalog.addKeysByType[self] ?? IntentionCatalog.addKeys }

    /// A one-line description for editors and `motionc schema`.
    public var summary: String {
        switch self {
        case .tween: "Keyframes over one property: values or from/to, offsets, easing, duration, delay, repeat."
        case .spring: "A closed-form spring that pulls a property to a destination, keeping its velocity."
        case .anchoredSpring: "A spring that pulls position to an anchor point."
        case .friction: "Friction that decays a property's velocity."
        case .draggable: "Moves position with a pan input."
        case .pinchable: "Scales with a pinch input."
        case .rotatable: "Rotates with a rotate input."
        case .squashAndStretch: "Stretches the layer along its motion in proportion to its speed."
        case .directlyManipulable: "Composite: draggable, pinchable and rotatable at once."
        case .tossable: "Composite: draggable, then a spring to the destination carrying the release velocity."
        case .transitionTween: "Composite: a tween between back and fore values inside a transition window."
        case .link: "Maps one property from another's presented value every frame, limited to the output interval."
        }
    }
}

extension InputKind {
    /// The key holding the input's samples.
    public var samplesKey: String {
        switch self {
        case .pan: "translation"
        case .pinch: "scale"
        case .rotate: "angle"
        }
    }
}

/// What a parameter's value looks like: drives decoding, unknown-key help and the JSON Schema.
public enum ParameterShape: Hashable, Sendable {
    /// A property path such as `opacity` or `position.x`.
    case propertyPath
    /// A value of the intention's property type.
    case propertyValue
    /// A list of values of the property type.
    case propertyValues
    /// Seconds: a number or a string with a unit (`"300ms"`).
    case duration
    /// A number; `minimum` inclusive, `exclusiveMinimum` exclusive.
    case number(minimum: Double?, exclusiveMinimum: Double?)
    /// A curve name or `[x1, y1, x2, y2]`.
    case easing
    /// A curve, or a list of curves (one per segment).
    case easingOrList
    /// A list of numbers in [0, 1].
    case offsets
    /// A positive number or `forever`.
    case repeatCount
    /// `true` or `false`.
    case boolean
    /// One of the listed words.
    case choice([String])
    /// The id of an input.
    case inputID
    /// `[x, y]`.
    case point
    /// `{position, length}` in units of the window.
    case segment
    /// A change of a value of the intention's property type, any sign (`by:`).
    case propertyChange
    /// `{PATH: VALUES}`: property paths, each with a list of values or `{from, to}`, `{to}`, `{by}`.
    case propertyMap
    /// A non-empty list of `[x, y]`.
    case points
    /// `[start, [c1, c2, end], ...]`: a start point and cubic Bézier segments.
    case motionPath
    /// `[a, b]`: two numbers.
    case numberPair
    /// `{target: SELECTOR, property: PATH}`: another target's property.
    case linkSource
    /// Seconds greater than 0.
    case positiveDuration
    /// A number strictly between `lower` and `upper`.
    case openInterval(Double, Double)
}

/// One parameter of an intention type.
public struct ParameterSpec: Hashable, Sendable {
    /// The key in the op's mapping.
    public var name: String
    public var shape: ParameterShape
    public var isRequired: Bool
    /// The default, as a user reads it (`"0"`, `"linear"`), or nil.
    public var defaultDescription: String?
    /// What the parameter means, shown on hover in editors.
    public var summary: String

    public init(
        _ name: String, _ shape: ParameterShape, required: Bool = false, default defaultDescription: String? = nil,
        _ summary: String
    ) {
        self.name = name
        self.shape = shape
        self.isRequired = required
        self.defaultDescription = defaultDescription
        self.summary = summary
    }
}

/// The table of intention parameters: the one source of truth for decoding, did-you-mean help and
/// the document JSON Schema.
public enum IntentionCatalog {
    /// Keys every `add` op takes, whatever its type.
    public static let addKeys = ["add", "target", "name"]
    /// Keys every `remove` op takes.
    public static let removeKeys = ["remove", "target"]

    static let springParameters: [ParameterSpec] = [
        ParameterSpec("stiffness", .number(minimum: nil, exclusiveMinimum: 0), default: "342", "Spring stiffness (tension), > 0."),
        ParameterSpec("damping", .number(minimum: 0, exclusiveMinimum: nil), default: "30", "Spring damping (friction), >= 0."),
        ParameterSpec("mass", .number(minimum: nil, exclusiveMinimum: 0), default: "1", "Mass, > 0."),
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

    /// Parameters that exclude each other: an op may give keys of the first list or of the
    /// second, never of both (P002: a spring by stiffness and damping, or by duration and bounce;
    /// D003: a tween's `properties`, `by` or `path` with the keys they replace; W008: a path with
    /// `offsets`).
    public static let exclusiveParameters: [(first: [String], second: [String])] = [
        (["stiffness", "damping"], ["duration", "bounce"]),
        (["properties"], ["property", "values", "from", "to", "by"]),
        (["by"], ["values", "from", "to"]),
        (["path"], ["values", "from", "to", "by", "properties", "offsets"]),
        (["snap"], ["destination"]),
    ]

    /// Each type's parameters, built once.
    static let parametersByType: [IntentionType: [ParameterSpec]] = Dictionary(
        uniqueKeysWithValues: IntentionType.allCases.map { ($0, parameters(of: $0)) })

    /// Each type's accepted `add` keys, built once.
    static let addKeysByType: [IntentionType: [String]] = Dictionary(
        uniqueKeysWithValues: IntentionType.allCases.map {
            ($0, addKeys + operationParameters.map(\.name) + parameters(of: $0).map(\.name))
        })

    /// Keys every `add` op takes whatever its type: how the op applies to its targets
    /// (docs/format.md §7).
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

    /// The parameters of `type`, in the order the format lists them.
    public static func parameters(of type: IntentionType) -> [ParameterSpec] {
        switch type {
        case .tween:
            return [
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
                ParameterSpec("duration", .duration, default: "0.25s", "Seconds of one pass (a number, or \"300ms\", \"0.3s\")."),
                ParameterSpec("delay", .duration, default: "0", "Seconds from the commit to the start; the first value shows meanwhile."),
                ParameterSpec("repeat", .repeatCount, default: "1", "How many passes (fractional allowed), or forever."),
                ParameterSpec(
                    "autoreverse", .boolean, default: "false",
                    "Play every other pass backwards; a repeat is then a forward and a backward pass."),
            ]
        case .spring:
            return [
                ParameterSpec("property", .propertyPath, required: true, "The property or component pulled."),
                ParameterSpec("destination", .propertyValue, required: true, "Where the spring pulls the property."),
            ] + springParameters + [
                ParameterSpec(
                    "initialVelocity", .propertyValue, default: "0", "Velocity added at the start, in the property's units per second.")
            ]
        case .anchoredSpring:
            return [ParameterSpec("anchor", .point, required: true, "The point position is pulled to.")] + springParameters
        case .friction:
            return [
                ParameterSpec("property", .propertyPath, default: "position", "The property whose velocity decays."),
                ParameterSpec(
                    "coefficient", .number(minimum: nil, exclusiveMinimum: 0), required: true, "Per second, > 0: m v' = -coefficient v."),
            ]
        case .draggable:
            return [
                ParameterSpec("axis", .choice(DragAxis.allCases.map(\.rawValue)), default: "both", "Which axes the drag moves."),
                ParameterSpec("gesture", .inputID, "The pan input that drives it; default every pan input on the same target."),
            ]
        case .pinchable:
            return [ParameterSpec("gesture", .inputID, "The pinch input that drives it; default every pinch input on the same target.")]
        case .rotatable:
            return [ParameterSpec("gesture", .inputID, "The rotate input that drives it; default every rotate input on the same target.")]
        case .squashAndStretch:
            return [
                ParameterSpec(
                    "factor", .number(minimum: 0, exclusiveMinimum: nil), default: "0.2",
                    "How much the layer stretches per 1000 points per second."),
                ParameterSpec("property", .propertyPath, default: "position", "The property whose velocity is read."),
            ]
        case .directlyManipulable:
            return []
        case .tossable:
            return [
                ParameterSpec("destination", .point, default: "position at commit", "Where the spring pulls after release."),
                ParameterSpec(
                    "snap", .points,
                    "Snap points instead of destination: at release, the one nearest the position projected with the release velocity (UIKit's 0.998 deceleration)."
                ),
            ]
                + springParameters
        case .transitionTween:
            return [
                ParameterSpec("property", .propertyPath, required: true, "The property animated."),
                ParameterSpec("back", .propertyValue, required: true, "The value when the transition runs backward."),
                ParameterSpec("fore", .propertyValue, required: true, "The value when the transition runs forward."),
                ParameterSpec(
                    "direction", .choice(TransitionDirection.allCases.map(\.rawValue)), default: "forward", "Which way the transition runs."
                ),
                ParameterSpec("window", .duration, default: "0.25s", "Seconds of the whole transition window."),
                ParameterSpec("segment", .segment, default: "{position: 0, length: 1}", "The part of the window the tween occupies."),
                ParameterSpec("easing", .easing, default: "linear", "The forward curve."),
                ParameterSpec("backwardEasing", .easing, default: "the easing reversed", "The backward curve."),
            ]
        case .link:
            return [
                ParameterSpec("property", .propertyPath, required: true, "The number this link presents (a scalar or a component)."),
                ParameterSpec("source", .linkSource, required: true, "The property read every frame: {target: SELECTOR, property: PATH}."),
                ParameterSpec("input", .numberPair, required: true, "[a, b]: the source values mapped to the output's ends; a != b."),
                ParameterSpec("output", .numberPair, required: true, "[c, d]: the values presented for a and b."),
                ParameterSpec("clamp", .boolean, default: "true", "Limit the result to the output interval."),
            ]
        }
    }
}
