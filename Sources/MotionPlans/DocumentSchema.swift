import MotionCore
import MotionJSON
import MotionRuntime

/// The JSON Schema (2020-12) of motion documents, generated from the decoder's own tables.
///
/// The schema editors read and the rules motionc applies therefore cannot drift apart.
///
/// `Schemas/motion-plan.schema.json` is this schema as `motionc schema` prints it.
public enum DocumentSchema {
    /// The schema's text, as `motionc schema` prints it (with a final newline).
    public static var text: String { json.serialized() + "\n" }

    /// The schema as a JSON value.
    public static var json: JSONValue {
        // Every number is held within ±1e9, as the decoder holds every number it reads (docs/format.md §1.6).
        unbounded.boundingNumbers(within: DecodingContext.largestMagnitude)
    }

    /// The schema before every number gets its magnitude limit.
    static var unbounded: JSONValue {
        .object([
            "$schema": .string("https://json-schema.org/draft/2020-12/schema"),
            "$id": .string("urn:motionc:schema:motion-plan:1"),
            "title": .string("motionc motion document, format version 1"),
            "description": .string(
                "A motion document names layers (targets) and commits intentions to them in transactions: tweens, springs, friction, gestures and composites. See docs/format.md."
            ),
            "type": .string("object"),
            "required": .strings(["motion"]),
            "additionalProperties": .bool(false),
            "properties": .object([
                "motion": .object(["const": .number(1), "description": .string("The format version; always 1.")]),
                "name": .object(["type": .string("string"), "description": .string("The document's name; defaults to the file's stem.")]),
                "canvas": nullable(ref("canvas")),
                "targets": nullable(ref("targetMap"), "The target tree; ids are unique across the whole tree."),
                "transactions": .object([
                    "type": .string("array"), "items": ref("transaction"),
                    "description": .string("Transactions, committed in order, each at its time."),
                ]),
                "inputs": .object([
                    "type": .string("array"), "items": ref("input"),
                    "description": .string("Synthetic gestures that drive draggable, pinchable and rotatable in run and bake."),
                ]),
                "reducedMotion": .object([
                    "enum": .strings(ReducedMotion.allCases.map(\.rawValue)),
                    "description": .string(
                        "What ops do with --reduced-motion unless they say: keep (default), skip (final values at once), crossfade (a cut under an opacity dip)."
                    ),
                ]),
            ]),
            "$defs": .object(definitions),
        ])
    }

    static func ref(_ name: String, _ description: String? = nil) -> JSONValue {
        var members = [JSONMember("$ref", .string("#/$defs/\(name)"))]
        if let description { members.append(JSONMember("description", .string(description))) }
        return .object(members)
    }

    /// `schema`, or null (which the decoder reads as empty for `canvas`, `targets`, a target,
    /// `layer` and `children`).
    static func nullable(_ schema: JSONValue, _ description: String? = nil) -> JSONValue {
        var members = [JSONMember("anyOf", .array([schema, .object(["type": .string("null")])]))]
        if let description { members.append(JSONMember("description", .string(description))) }
        return .object(members)
    }

    /// Text the decoder reads by place: a string, or a number or boolean taken as its text.
    static let scalarText: JSONValue = .object(["type": .strings(["string", "number", "boolean"])])

    static func described(_ schema: JSONValue, _ description: String) -> JSONValue {
        guard case .object(var members) = schema else { return schema }
        members.append(JSONMember("description", .string(description)))
        return .object(members)
    }

    static let number: JSONValue = .object(["type": .string("number")])

    static func numberList(_ count: Int, _ description: String) -> JSONValue {
        .object([
            "type": .string("array"), "items": number, "minItems": .number(Double(count)), "maxItems": .number(Double(count)),
            "description": .string(description),
        ])
    }

    /// Ids, types and classes (see `DocumentDecoder.isValidIdentifier`): letters, digits, `_`
    /// and `-`, not only digits. JSON Schema patterns have no portable `\p{L}`: any character
    /// past ASCII stands for a Unicode letter here, so that no valid id is underlined (one that
    /// is no letter, such as `→`, is the validator's to reject).
    static let identifierPattern = "^[A-Za-z0-9_\\u0080-\\uFFFF-]*[A-Za-z_\\u0080-\\uFFFF-][A-Za-z0-9_\\u0080-\\uFFFF-]*$"

    static var definitions: [JSONMember] {
        var defs: [JSONMember] = [
            JSONMember(
                "duration",
                .object([
                    "description": .string(
                        "Seconds: a number, or a string with a unit directly after it such as \"300ms\" or \"0.3s\"; at most a day."),
                    "anyOf": .array([
                        .object(["type": .string("number"), "minimum": .number(0), "maximum": .number(86_400)]),
                        .object([
                            "type": .string("string"),
                            "pattern": .string(DurationParser.schemaPattern),
                        ]),
                    ]),
                ])),
            JSONMember("point", numberList(2, "A point [x, y] in canvas points.")),
            JSONMember(
                "size",
                .object([
                    "type": .string("array"), "items": allowedNumber(.size), "minItems": .number(2), "maxItems": .number(2),
                    "description": .string("A size [width, height] in canvas points, not negative."),
                ])),
            JSONMember(
                "color",
                .object([
                    "description": .string("A colour: \"#RGB\", \"#RRGGBB\", \"#RRGGBBAA\" or [r, g, b, a] with components 0..1."),
                    "anyOf": .array([
                        .object([
                            "type": .string("string"),
                            "pattern": .string("^#([0-9A-Fa-f]{3}|[0-9A-Fa-f]{6}|[0-9A-Fa-f]{8})$"),
                        ]),
                        .object([
                            "type": .string("array"), "items": allowedNumber(.backgroundColor), "minItems": .number(4),
                            "maxItems": .number(4),
                        ]),
                    ]),
                ])),
            JSONMember(
                "value",
                .object([
                    "description": .string("A value of the property's type: a number, a point or size [a, b], or a colour."),
                    "anyOf": .array([number, ref("point"), ref("color")]),
                ])),
            JSONMember(
                "propertyPath",
                .object([
                    "description": .string("A layer property or one of its components."),
                    "enum": .strings(PropertyPath.all.filter { $0.property.isAnimatable }.map(\.description)),
                ])),
            JSONMember(
                "easing",
                .object([
                    "description": .string("A named curve or a CSS cubic-bezier [x1, y1, x2, y2] with x1, x2 in 0..1."),
                    "anyOf": .array([
                        .object(["enum": .strings(TimingCurve.names)]),
                        .object([
                            "type": .string("array"), "items": number, "minItems": .number(4), "maxItems": .number(4),
                            "prefixItems": .array([
                                .object(["type": .string("number"), "minimum": .number(0), "maximum": .number(1)]), number,
                                .object(["type": .string("number"), "minimum": .number(0), "maximum": .number(1)]), number,
                            ]),
                        ]),
                    ]),
                ])),
            JSONMember(
                "selector",
                .object([
                    "type": .string("string"), "pattern": .string("\\S"),
                    "description": .string("A target selector: #id, Type, .class, *, descendant (space), child (>), lists (,)."),
                ])),
            JSONMember("canvas", canvas),
            JSONMember(
                "targetMap",
                .object([
                    "type": .string("object"),
                    "propertyNames": .object(["pattern": .string(identifierPattern)]),
                    "additionalProperties": nullable(ref("target")),
                ])),
            JSONMember("target", target),
            JSONMember("layer", layer),
            JSONMember("transaction", transaction),
            JSONMember("operation", .object(["oneOf": .array(IntentionType.allCases.map { ref("add-\($0.rawValue)") } + [ref("remove")])])),
            JSONMember("remove", removeOperation),
            JSONMember("input", input),
        ]
        for type in IntentionType.allCases {
            defs.append(JSONMember("add-\(type.rawValue)", addOperation(type)))
        }
        return defs
    }

    static var canvas: JSONValue {
        .object([
            "type": .string("object"), "additionalProperties": .bool(false),
            "description": .string("What the render server draws on."),
            "properties": .object([
                "size": .object([
                    "type": .string("array"),
                    "items": .object(["type": .string("number"), "minimum": .number(1), "maximum": .number(8192)]),
                    "minItems": .number(2), "maxItems": .number(2),
                    "description": .string("Canvas size in points, 1 to 8192 a side; default [512, 512]."),
                ]),
                "background": described(ref("color"), "Background colour; default \"#FFFFFF\"."),
                "fps": .object([
                    "type": .string("number"), "exclusiveMinimum": .number(0), "maximum": .number(1000),
                    "description": .string("Frame rate of run, play and render; default 60."),
                ]),
            ]),
        ])
    }

    static var target: JSONValue {
        .object([
            "type": .string("object"), "additionalProperties": .bool(false),
            "properties": .object([
                "type": .object([
                    "type": .string("string"), "pattern": .string(identifierPattern),
                    "description": .string("A type name for selectors; default Layer."),
                ]),
                "class": .object([
                    "description": .string("Classes for selectors."),
                    "anyOf": .array([
                        .object(["type": .string("string"), "pattern": .string(identifierPattern)]),
                        .object([
                            "type": .string("array"), "items": .object(["type": .string("string"), "pattern": .string(identifierPattern)]),
                        ]),
                    ]),
                ]),
                "layer": nullable(ref("layer"), "Initial model values."),
                "children": nullable(ref("targetMap"), "Child targets; their positions are relative to this target's anchor point."),
            ]),
        ])
    }

    static func valueSchema(_ property: LayerProperty) -> JSONValue {
        switch property {
        case .scale: return .object(["anyOf": .array([number, ref("point")])])
        case .shape: return .object(["enum": .strings(LayerShape.allCases.map(\.rawValue))])
        default:
            switch property.kind {
            case .scalar: return allowedNumber(property)
            case .point: return ref("point")
            case .size: return ref("size")
            case .color: return ref("color")
            }
        }
    }

    static var layer: JSONValue {
        .object([
            "type": .string("object"), "additionalProperties": .bool(false),
            "properties": .object(LayerProperty.allCases.map { JSONMember($0.rawValue, described(valueSchema($0), layerSummary($0))) }),
        ])
    }

    static func layerSummary(_ property: LayerProperty) -> String {
        switch property {
        case .position: "Position of the anchor point, relative to the parent's anchor point (top level: canvas origin). Default [0, 0]."
        case .size: "Width and height. Default [0, 0]."
        case .anchorPoint: "The point the layer is placed, scaled and rotated around, in units of its size. Default [0.5, 0.5]."
        case .scale: "Scale factor [x, y], or one number for both. Default 1."
        case .rotation: "Rotation in degrees, clockwise. Default 0."
        case .opacity: "Opacity 0..1, multiplied through the tree. Default 1."
        case .cornerRadius: "Corner radius in points. Default 0."
        case .borderWidth: "Border width in points, drawn inside the edge. Default 0."
        case .backgroundColor: "Fill colour. Default transparent."
        case .borderColor: "Border colour. Default black."
        case .zPosition: "Drawing order among siblings: higher on top. Default 0."
        case .shape: "rect or ellipse; not animatable. Default rect."
        }
    }

    static var transaction: JSONValue {
        .object([
            "type": .string("object"), "additionalProperties": .bool(false),
            "properties": .object([
                "at": .object([
                    "description": .string(
                        "Seconds on the runtime clock (default 0; non-decreasing across transactions), or {release: INPUT, offset: S}: when that input ends."
                    ),
                    "anyOf": .array([
                        ref("duration"),
                        .object([
                            "type": .string("object"), "additionalProperties": .bool(false), "required": .strings(["release"]),
                            "properties": .object(["release": scalarText, "offset": ref("duration")]),
                        ]),
                    ]),
                ]),
                "label": scalarText,
                "ops": .object([
                    "type": .string("array"), "items": ref("operation"),
                    "description": .string("Operations, applied in order; for one target and name the last wins."),
                ]),
            ]),
        ])
    }

    /// The animatable paths of one number (D009): scalar properties and the components of the others.
    static var scalarPropertyPath: JSONValue {
        .object(["enum": .strings(PropertyPath.all.filter { $0.property.isAnimatable && $0.kind == .scalar }.map(\.description))])
    }

    static func parameterSchema(_ shape: ParameterShape) -> JSONValue {
        switch shape {
        case .propertyPath: ref("propertyPath")
        case .pointPropertyPath:
            .object(["enum": .strings(PropertyPath.all.filter { $0.component == nil && $0.kind == .point }.map(\.description))])
        case .scalarPropertyPath: scalarPropertyPath
        case .propertyValue: ref("value")
        case .propertyValues: .object(["type": .string("array"), "items": ref("value"), "minItems": .number(1)])
        case .duration: ref("duration")
        case .number(let minimum, let exclusiveMinimum):
            .object(
                [JSONMember("type", .string("number"))] + (minimum.map { [JSONMember("minimum", .number($0))] } ?? [])
                    + (exclusiveMinimum.map { [JSONMember("exclusiveMinimum", .number($0))] } ?? []))
        case .easing: ref("easing")
        case .easingOrList: .object(["anyOf": .array([ref("easing"), .object(["type": .string("array"), "items": ref("easing")])])])
        case .offsets:
            .object([
                "type": .string("array"), "items": .object(["type": .string("number"), "minimum": .number(0), "maximum": .number(1)]),
            ])
        case .repeatCount:
            .object([
                "anyOf": .array([
                    .object(["type": .string("number"), "exclusiveMinimum": .number(0)]), .object(["const": .string("forever")]),
                ])
            ])
        case .boolean: .object(["type": .string("boolean")])
        case .choice(let words): .object(["enum": .strings(words)])
        case .inputID: scalarText
        case .point: ref("point")
        case .segment:
            .object([
                "type": .string("object"), "additionalProperties": .bool(false),
                "properties": .object([
                    "position": .object(["type": .string("number"), "minimum": .number(0), "maximum": .number(1)]),
                    "length": .object(["type": .string("number"), "minimum": .number(0), "maximum": .number(1)]),
                ]),
            ])
        case .propertyChange: ref("value")
        case .propertyMap: propertyMap
        case .points: .object(["type": .string("array"), "items": ref("point"), "minItems": .number(1)])
        case .motionPath:
            .object([
                "type": .string("array"), "minItems": .number(2), "prefixItems": .array([ref("point")]),
                "items": .object(["type": .string("array"), "items": ref("point"), "minItems": .number(3), "maxItems": .number(3)]),
            ])
        case .numberPair: numberList(2, "[a, b]")
        case .linkSource:
            .object([
                "type": .string("object"), "additionalProperties": .bool(false), "required": .strings(["target", "property"]),
                "properties": .object(["target": ref("selector"), "property": scalarPropertyPath]),
            ])
        case .positiveDuration: .object(["allOf": .array([ref("duration"), .object(["not": .object(["const": .number(0)])])])])
        case .openInterval(let lower, let upper):
            .object(["type": .string("number"), "exclusiveMinimum": .number(lower), "exclusiveMaximum": .number(upper)])
        }
    }

    static func addOperation(_ type: IntentionType) -> JSONValue {
        var properties = [
            JSONMember("add", .object(["const": .string(type.rawValue), "description": .string(type.summary)])),
            JSONMember("target", ref("selector")),
        ]
        if type.canBeNamed {
            properties.append(
                JSONMember(
                    "name",
                    .object([
                        "type": .string("string"), "minLength": .number(1),
                        "description": .string("A named plan: adding a held name replaces it; `remove` takes it away."),
                    ])))
        }
        for parameter in type.parameters {
            var summary = parameter.summary
            if let d = parameter.defaultDescription { summary += " Default: \(d)." }
            let schema =
                parameter.name == "initialVelocity"
                ? .object(["anyOf": .array([number, numberList(2, "[vx, vy]"), numberList(4, "[r, g, b, a] per second")])])
                : parameterSchema(parameter.shape)
            properties.append(JSONMember(parameter.name, described(schema, summary)))
        }
        for parameter in IntentionCatalog.operationParameters {
            var summary = parameter.summary
            if let d = parameter.defaultDescription { summary += " Default: \(d)." }
            properties.append(JSONMember(parameter.name, described(parameterSchema(parameter.shape), summary)))
        }
        // A `properties:` tween names its properties there (docs/format.md §7.2).
        let replaced = type.parameter("properties") != nil ? "property" : nil
        let required = ["add", "target"] + type.parameters.filter { $0.isRequired && $0.name != replaced }.map(\.name)
        var members: [JSONMember] = [
            JSONMember("type", .string("object")), JSONMember("description", .string(type.summary)),
            JSONMember("required", .strings(required)), JSONMember("additionalProperties", .bool(false)),
            JSONMember("properties", .object(properties)),
        ]
        members += type.schemaConstraints
        // D004: `staggerFrom` says where a `stagger` starts; a type with key dependencies of its
        // own lists it among them.
        if !type.schemaConstraints.contains(where: { $0.key == "dependentRequired" }) {
            members.append(JSONMember("dependentRequired", .object(["staggerFrom": .strings(["stagger"])])))
        }
        // A link's `output` holds values of its property too (D005 outside its range).
        let valueKeys = type.parameters.filter {
            [.propertyValue, .propertyValues, .propertyChange].contains($0.shape) || ($0.name == "output" && $0.shape == .numberPair)
        }.map(\.name)
        if !valueKeys.isEmpty { members.append(JSONMember("allOf", .array(propertyConditions(valueKeys)))) }
        let names = Set(type.parameters.map(\.name))
        let exclusions = IntentionCatalog.exclusiveParameters.filter { names.isSuperset(of: $0.first + $0.second) }
        if !exclusions.isEmpty {
            // P002: no key of the first list together with a key of the second.
            let pairs = exclusions.flatMap { group in
                group.first.flatMap { a in group.second.map { b in JSONValue.object(["required": .strings([a, b])]) } }
            }
            members.append(JSONMember("not", .object(["anyOf": .array(pairs)])))
        }
        return .object(members)
    }

    /// One `if`/`then` per animatable path: when `property` is that path, the keys in `keys` hold
    /// values of its type and range (`values` and a link's `output` lists of them;
    /// `initialVelocity` a velocity).
    static func propertyConditions(_ keys: [String]) -> [JSONValue] {
        PropertyPath.all.filter { $0.property.isAnimatable }.map { path in
            let members = keys.map { key -> JSONMember in
                switch key {
                case "values", "output": JSONMember(key, .object(["items": valueSchema(path)]))
                case "initialVelocity", "by": JSONMember(key, velocitySchema(path))
                default: JSONMember(key, valueSchema(path))
                }
            }
            return .object([
                "if": .object([
                    "properties": .object(["property": .object(["const": .string(path.description)])]),
                    "required": .strings(["property"]),
                ]),
                "then": .object(["properties": .object(members)]),
            ])
        }
    }

    /// `properties:` of a tween: each animatable path with a list of its values or `{from, to}`,
    /// `{to}`, `{by}`; at least one; never a property together with one of its components (W007).
    static var propertyMap: JSONValue {
        let paths = PropertyPath.all.filter { $0.property.isAnimatable }
        let members = paths.map { path in
            let ends = JSONValue.object([
                "type": .string("object"), "additionalProperties": .bool(false),
                "properties": .object(["from": valueSchema(path), "to": valueSchema(path), "by": velocitySchema(path)]),
                "oneOf": .array([
                    .object(["required": .strings(["to"]), "not": .object(["required": .strings(["by"])])]),
                    .object([
                        "required": .strings(["by"]),
                        "not": .object([
                            "anyOf": .array([.object(["required": .strings(["from"])]), .object(["required": .strings(["to"])])])
                        ]),
                    ]),
                ]),
            ])
            let list = JSONValue.object(["type": .string("array"), "items": valueSchema(path), "minItems": .number(1)])
            return JSONMember(path.description, .object(["anyOf": .array([list, ends])]))
        }
        let pairs = paths.filter { $0.component != nil }.map {
            JSONValue.object(["required": .strings([$0.property.rawValue, $0.description])])
        }
        return .object([
            "type": .string("object"), "additionalProperties": .bool(false), "minProperties": .number(1),
            "properties": .object(members),
            "not": .object(["anyOf": .array(pairs)]),
        ])
    }

    /// The values a path takes: the property's layer values, or a component's number and range.
    static func valueSchema(_ path: PropertyPath) -> JSONValue {
        guard path.component != nil else { return valueSchema(path.property) }
        return allowedNumber(path.property)
    }

    /// A number a component of `property` may take: in its ``LayerProperty/allowedRange``, the
    /// range the decoder checks (D005), or any number.
    static func allowedNumber(_ property: LayerProperty) -> JSONValue {
        guard let range = property.allowedRange else { return number }
        let maximum = range.upperBound.isFinite ? [JSONMember("maximum", .number(range.upperBound))] : []
        return .object([JSONMember("type", .string("number")), JSONMember("minimum", .number(range.lowerBound))] + maximum)
    }

    /// A velocity for a path: its shape, any sign; a number for `scale` means both axes, as its
    /// values do, while other points take `[vx, vy]`.
    static func velocitySchema(_ path: PropertyPath) -> JSONValue {
        switch path.kind {
        case .scalar: number
        case .point: path.property == .scale ? .object(["anyOf": .array([number, numberList(2, "[vx, vy]")])]) : numberList(2, "[vx, vy]")
        case .size: numberList(2, "[width, height] per second")
        case .color: numberList(4, "[r, g, b, a] per second")
        }
    }

    static var removeOperation: JSONValue {
        .object([
            "type": .string("object"), "description": .string("Removes the named plan from each target the selector resolves to."),
            "required": .strings(["remove", "target"]), "additionalProperties": .bool(false),
            "properties": .object([
                "remove": .object([
                    "type": .string("string"), "minLength": .number(1), "description": .string("The name of the plan to remove."),
                ]),
                "target": ref("selector"),
            ]),
        ])
    }

    static var input: JSONValue {
        .object([
            "type": .string("object"), "description": .string("A synthetic gesture."),
            "required": .strings(["id", "kind", "target", "duration"]), "additionalProperties": .bool(false),
            "properties": .object([
                "id": scalarText,
                "kind": .object(["enum": .strings(InputKind.allCases.map(\.rawValue))]),
                "target": ref("selector"),
                "at": described(ref("duration"), "When the gesture begins; default 0."),
                "duration": ref("duration"),
                "translation": .object([
                    "type": .string("array"), "items": ref("point"), "minItems": .number(1),
                    "description": .string("pan: translation points over the gesture, spaced evenly in time."),
                ]),
                "scale": .object([
                    "type": .string("array"), "items": number, "minItems": .number(1),
                    "description": .string("pinch: scale factors over the gesture."),
                ]),
                "angle": .object([
                    "type": .string("array"), "items": number, "minItems": .number(1),
                    "description": .string("rotate: angles in degrees over the gesture."),
                ]),
            ]),
            "oneOf": .array(
                InputKind.allCases.map { kind in
                    .object([
                        "properties": .object(["kind": .object(["const": .string(kind.rawValue)])]),
                        "required": .strings([kind.samplesKey]),
                    ])
                }),
        ])
    }
}
