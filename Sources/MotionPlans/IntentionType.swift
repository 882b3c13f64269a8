import MotionJSON
public import MotionRuntime

/// One intention type a document may add (`add: TYPE`, docs/format.md §2.1), described once.
///
/// The descriptor holds its name, family, summary, parameters (shapes, defaults, ranges), input
/// kinds, the runtime value it decodes to and so the executor that runs it.
///
/// The decoder, the document JSON Schema (`motionc schema`), `motionc explain TYPE`, the parameter
/// tables of docs/format.md §2.1 and the validator's interactive and named-plan rules all read
/// these descriptors; the built-in ones are listed in ``IntentionType/allCases``
/// (IntentionCatalog.swift).
public struct IntentionType: Hashable, Sendable, CustomStringConvertible {
    /// The descriptor's fields, shared by every copy: a planned intention and each operation hold
    /// the type as one pointer, not as a copy of its names, lists and decoder.
    private final class Storage: Sendable {
        let rawValue: String
        let family: String
        let summary: String
        let parameters: [ParameterSpec]
        let inputKinds: [InputKind]
        let intention: any (Intention & Hashable).Type
        let schemaConstraints: [JSONMember]
        let decode: @Sendable (inout ParameterReader, inout DecodingContext) -> (any IntentionBox)?
        let addKeys: [String]
        /// For each of ``addKeys``, the key whose range an op keeps, if it is one.
        let keptKeys: [OperationKeyRange.Key?]
        let canBeNamed: Bool
        /// The type of the box of a value of this type, as a named intention, when the type can
        /// be named: a `SharedIntention` of it, made once here (not per add).
        let namedBox: (any NamedIntention.Type)?

        init(
            rawValue: String, family: String, summary: String, parameters: [ParameterSpec], inputKinds: [InputKind],
            intention: any (Intention & Hashable).Type, schemaConstraints: [JSONMember],
            decode: @escaping @Sendable (inout ParameterReader, inout DecodingContext) -> (any IntentionBox)?
        ) {
            self.rawValue = rawValue
            self.family = family
            self.summary = summary
            self.parameters = parameters
            self.inputKinds = inputKinds
            self.intention = intention
            self.schemaConstraints = schemaConstraints
            self.decode = decode
            self.canBeNamed = intention is any NamedIntention.Type
            self.namedBox = (intention as? any (NamedIntention & Hashable).Type).map { Storage.boxType(of: $0) }
            self.addKeys = IntentionCatalog.addKeys + IntentionCatalog.operationParameters.map(\.name) + parameters.map(\.name)
            self.keptKeys = addKeys.map { OperationKeyRange.Key(rawValue: $0) }
        }

        /// The box type of a `Named` value, as a named intention type.
        private static func boxType<Named: NamedIntention & Hashable>(of _: Named.Type) -> any NamedIntention.Type {
            SharedIntention<Named>.self
        }
    }

    /// The fields, never freed: descriptors are made once, by the catalog's `static let`s, and
    /// serve the whole process, so copying a type (with every operation) counts no reference.
    private let unmanagedStorage: Unmanaged<Storage>
    private var storage: Storage { unmanagedStorage.takeUnretainedValue() }

    /// The document's name for the type (`add: tween`).
    public var rawValue: String { storage.rawValue }
    /// Which executor family fulfils the type, as docs/format.md §2.1 names it.
    public var family: String { storage.family }
    /// A one-line description for editors, `motionc schema` and `motionc explain`.
    public var summary: String { storage.summary }
    /// The type's own parameters (besides `add`, `target` and `name`), in the order the format lists them.
    public var parameters: [ParameterSpec] { storage.parameters }
    /// The input kinds the type listens to; empty for types that need no gesture input.
    ///
    /// A type with any needs gesture input to do anything (B001 when baking without input).
    public var inputKinds: [InputKind] { storage.inputKinds }
    /// The runtime intention the type decodes to; its `executorType` runs it.
    public var intention: any (Intention & Hashable).Type { storage.intention }
    /// Extra JSON Schema members of the type's `add` op: constraints between keys that the
    /// parameter list cannot say.
    var schemaConstraints: [JSONMember] { storage.schemaConstraints }

    /// Describes a type whose parameters decode with `decode` into `intention`.
    init<Value: Intention & Hashable>(
        _ name: String, family: String, intention: Value.Type, inputKinds: [InputKind] = [], summary: String,
        parameters: [ParameterSpec], schemaConstraints: [JSONMember] = [],
        decode: @escaping @Sendable (inout ParameterReader, inout DecodingContext) -> Value?
    ) {
        unmanagedStorage = Unmanaged.passRetained(
            Storage(
                rawValue: name, family: family, summary: summary, parameters: parameters, inputKinds: inputKinds,
                intention: intention, schemaConstraints: schemaConstraints,
                decode: { reader, context in decode(&reader, &context).map { SharedIntention($0) } }))
    }

    /// Every built-in type by its name.
    private static let byName: [String: IntentionType] = Dictionary(
        allCases.map { ($0.rawValue, $0) }, uniquingKeysWith: { first, _ in first })

    /// The descriptor named `rawValue`, or nil for an unknown type.
    /// - Complexity: O(length of the name): one table lookup.
    public init?(rawValue: String) {
        guard let type = Self.byName[rawValue] else { return nil }
        self = type
    }

    /// The document's name for the type.
    public var description: String { rawValue }

    /// The executor that fulfils the type's intentions.
    public var executorType: any Executor.Type { intention.executorType }

    /// Whether the type may be added by name: its runtime intention is a `NamedIntention`.
    ///
    /// Composites are not: what they emit cannot carry the name, so removing them by name could
    /// not undo them.
    /// - Complexity: O(1): asked once, when the type is described (a conformance lookup at run
    ///   time costs about a microsecond).
    public var canBeNamed: Bool { storage.canBeNamed }

    /// The type of a box of this type's values as a named intention (a `SharedIntention` of the
    /// value's type); nil when the type cannot be named.
    var namedBox: (any NamedIntention.Type)? { storage.namedBox }

    /// Whether the type needs gesture input to do anything (B001 when baking without input).
    public var isInteractive: Bool { !inputKinds.isEmpty }

    /// Every key an `add` op of this type takes.
    ///
    /// They are `add`, `target`, `name`, the operation keys and the parameters.
    /// - Complexity: O(1): listed once, when the type is described.
    public var addKeys: [String] { storage.addKeys }

    /// For each of ``addKeys``, the key whose range an op keeps for diagnostics, if it is one.
    var keptKeys: [OperationKeyRange.Key?] { storage.keptKeys }

    /// The parameter named `name`, if the type has one.
    public func parameter(_ name: String) -> ParameterSpec? { parameters.first { $0.name == name } }

    /// Decodes an op's parameters into a planned intention of this type.
    func plannedIntention(_ reader: inout ParameterReader, _ context: inout DecodingContext) -> PlannedIntention? {
        storage.decode(&reader, &context).map { PlannedIntention(self, box: $0) }
    }

    /// Whether both describe the type of one name.
    public static func == (lhs: IntentionType, rhs: IntentionType) -> Bool {
        lhs.unmanagedStorage.toOpaque() == rhs.unmanagedStorage.toOpaque() || lhs.rawValue == rhs.rawValue
    }
    /// Hashes the name.
    public func hash(into hasher: inout Hasher) { hasher.combine(rawValue) }
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
    /// A point property such as `position` (a whole point, no component).
    case pointPropertyPath
    /// A number's property path: a scalar property or one component.
    ///
    /// Such as `opacity` or `position.x`: what a link presents and reads.
    case scalarPropertyPath
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
    /// What the value must look like: a number, a duration, a point, a selector and so on.
    public var shape: ParameterShape
    /// Whether an `add` op of the type must give the key (D004 otherwise).
    public var isRequired: Bool
    /// The default, as a user reads it (`"0"`, `"linear"`), or nil.
    public var defaultDescription: String?
    /// What the parameter means, shown on hover in editors.
    public var summary: String
    /// The default when it is a number; nil otherwise.
    ///
    /// It is what the decoder reads for an op without the key.
    public var defaultNumber: Double?

    /// Describes a parameter whose default, if any, is not a number.
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

    /// Describes a parameter whose default is the number `value`.
    ///
    /// The default is shown as users write it (`0.2`, `342`). Pass the runtime type's own default
    /// so the number is typed once.
    public init(_ name: String, _ shape: ParameterShape, default value: Double, unit: String = "", _ summary: String) {
        self.init(name, shape, default: DecodingContext.format(value) + unit, summary)
        self.defaultNumber = value
    }
}

extension ParameterShape {
    /// What a value of this shape looks like, for docs/format.md's parameter tables.
    public var text: String {
        switch self {
        case .propertyPath: "property path"
        case .pointPropertyPath: "point property"
        case .scalarPropertyPath: "number property"
        case .propertyValue: "value of the property"
        case .propertyValues: "[values of the property]"
        case .duration: "seconds"
        case .number(let minimum, let exclusiveMinimum):
            if let minimum {
                "number >= \(DecodingContext.format(minimum))"
            } else if let exclusiveMinimum {
                "number > \(DecodingContext.format(exclusiveMinimum))"
            } else {
                "number"
            }
        case .easing: "easing"
        case .easingOrList: "easing or [easings]"
        case .offsets: "[numbers in 0...1]"
        case .repeatCount: "number > 0 or forever"
        case .boolean: "true or false"
        case .choice(let words): words.joined(separator: ", ")
        case .inputID: "input id"
        case .point: "[x, y]"
        case .segment: "{position, length}"
        case .propertyChange: "change of the property"
        case .propertyMap: "{PATH: values}"
        case .points: "[[x, y], ...]"
        case .motionPath: "[start, [c1, c2, end], ...]"
        case .numberPair: "[a, b]"
        case .linkSource: "{target, property}"
        case .positiveDuration: "seconds > 0"
        case .openInterval(let lower, let upper): "number in (\(DecodingContext.format(lower)), \(DecodingContext.format(upper)))"
        }
    }
}
