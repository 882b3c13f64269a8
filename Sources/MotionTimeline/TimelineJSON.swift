public import MotionCore
public import MotionJSON

/// Writes and reads timelines as JSON (docs/format.md §5.2).
///
/// The key order is documented on ``Timeline`` and in `Schemas/motion-timeline.schema.json`.
public enum TimelineJSON {
    /// The most events a timeline may hold (a bake stops at this many, a reader refuses more).
    public static let maximumEvents = 1_000_000
    /// The most layers a timeline may hold.
    public static let maximumLayers = 100_000
    /// The most keyframes one animation may hold.
    public static let maximumKeyframes = 100_000
    /// The most JSON values a timeline may hold: 64 for each of ``maximumEvents``.
    ///
    /// Numbers, strings, literals, arrays and objects each count 1. The 20 MB benchmark document
    /// bakes to 60 values an event: 3.1 million in 52,880 events.
    ///
    /// The reader stops at the first value past it, so that a file packed with small values (`0,`
    /// is 2 bytes) costs no more memory than the largest timeline a bake writes.
    public static let maximumValues = 64 * maximumEvents
    /// The largest canvas side, in points, a timeline may declare.
    public static let maximumCanvasSide = 1_000_000.0
    /// The highest frame rate a timeline may declare.
    public static let maximumFPS = 1000.0
    /// The largest magnitude of any number in a timeline.
    ///
    /// A bake writes numbers within a document's ±1e9 and the velocities and times derived from
    /// them; a number past 1e100 (only an edited file holds one) would overflow the sampling maths
    /// into infinities, which no player can show.
    public static let largestMagnitude = 1e100

    // MARK: Writing

    /// The timeline as JSON text, the same bytes for the same timeline.
    ///
    /// Two-space indents, fixed key order, shortest round-trip numbers, a final newline. The same
    /// timeline always gives the same bytes.
    ///
    /// - Complexity: O(size of the output).
    public static func text(_ timeline: Timeline) -> String {
        fileText(encode(timeline))
    }

    /// An encoded timeline as the file's text: pretty, with a final newline.
    static func fileText(_ json: JSONValue) -> String {
        json.serialized(pretty: true) + "\n"
    }

    /// The timeline as a JSON value.
    public static func encode(_ timeline: Timeline) -> JSONValue {
        let layers = timeline.layers.map { layer -> JSONValue in
            var model: [JSONMember] = []
            for property in LayerProperty.allCases where property.isAnimatable {
                model.append(JSONMember(property.rawValue, value(layer.model[property] ?? property.defaultValue)))
            }
            return .object([
                JSONMember("id", .string(layer.id)),
                JSONMember("parent", layer.parent.map { .number(Double($0)) } ?? .null),
                JSONMember("shape", .string(layer.shape.rawValue)),
                JSONMember("model", .object(model)),
            ])
        }
        let events = timeline.events.map { encode($0, layers: timeline.layers) }
        return .object([
            JSONMember("timeline", .number(Double(Timeline.version))),
            JSONMember("name", .string(timeline.name)),
            JSONMember(
                "canvas",
                .object([
                    JSONMember("size", .numbers([timeline.canvas.width, timeline.canvas.height])),
                    JSONMember("background", value(timeline.canvas.background)),
                    JSONMember("fps", .number(timeline.canvas.fps)),
                ])),
            JSONMember("layers", .array(layers)),
            JSONMember("end", .number(timeline.end)),
            JSONMember("events", .array(events)),
        ])
    }

    static func encode(_ event: ChannelEvent, layers: [TimelineLayer]) -> JSONValue {
        var members = [
            JSONMember("time", .number(event.time)),
            JSONMember("target", .string(layers.indices.contains(event.layer) ? layers[event.layer].id : "")),
        ]
        switch event.action {
        case .set(let path, let v):
            members += [
                JSONMember("type", .string("set")), JSONMember("path", .string(path.description)),
                JSONMember("value", value(v)),
            ]
        case .add(let key, let path, let animation, let modelValue, let initialVelocity):
            members += [
                JSONMember("type", .string("add")), JSONMember("key", .string(key)),
                JSONMember("path", .string(path.description)), JSONMember("animation", encode(animation)),
                JSONMember("modelValue", value(modelValue)),
                JSONMember("initialVelocity", initialVelocity.map(value) ?? .null),
            ]
        case .remove(let key):
            members += [JSONMember("type", .string("remove")), JSONMember("key", .string(key))]
        }
        return .object(members)
    }

    /// An animation object as JSON.
    public static func encode(_ animation: Animation) -> JSONValue {
        switch animation {
        case .keyframe(let k):
            return .object([
                JSONMember("kind", .string("keyframe")),
                JSONMember("values", .array(k.values.map(value))),
                JSONMember("keyTimes", .numbers(k.keyTimes)),
                JSONMember("timingFunctions", .array(k.timingFunctions.map(curve))),
                JSONMember("beginTime", .number(k.beginTime)),
                JSONMember("duration", .number(k.duration)),
                JSONMember("fillMode", .string(k.fillMode.rawValue)),
                JSONMember("repeatCount", k.repeatCount == .infinity ? .string("forever") : .number(k.repeatCount)),
                JSONMember("autoreverses", .bool(k.autoreverses)),
                JSONMember("additive", .bool(k.additive)),
            ])
        case .spring(let s):
            return .object([
                JSONMember("kind", .string("spring")),
                JSONMember("from", value(s.from)),
                JSONMember("to", value(s.to)),
                JSONMember("stiffness", .number(s.stiffness)),
                JSONMember("damping", .number(s.damping)),
                JSONMember("mass", .number(s.mass)),
                JSONMember("initialVelocity", value(s.initialVelocity)),
                JSONMember("beginTime", .number(s.beginTime)),
                JSONMember("duration", s.duration == .infinity ? .string("forever") : .number(s.duration)),
            ])
        case .path(let p):
            return encode(p)
        }
    }

    /// A value as JSON: a number for scalars, an array of its components otherwise.
    public static func value(_ v: MotionValue) -> JSONValue {
        v.kind == .scalar ? .number(v[0]) : .numbers(v.componentArray)
    }

    /// A timing function: its docs/format.md §2.2 name when it has one, else `[x1, y1, x2, y2]`.
    static func curve(_ c: TimingCurve) -> JSONValue {
        if let name = TimingCurve.names.first(where: { TimingCurve.named($0) == c }) { return .string(name) }
        let (x1, y1, x2, y2) = c.controlPoints
        return .numbers([x1, y1, x2, y2])
    }

    // MARK: Reading

    /// Parses and checks timeline JSON text.
    ///
    /// - Throws: ``TimelineError`` naming the JSON path of the first problem.
    /// - Complexity: O(n) in the input's length.
    public static func decode(_ bytes: [UInt8]) throws(TimelineError) -> Timeline {
        try decode(bytes, maximumEvents: maximumEvents, maximumValues: maximumValues)
    }

    /// ``decode(_:)-([UInt8])`` with other caps (tests use small ones).
    ///
    /// A timeline as a bake writes it is read straight from the bytes (``decodeDirectly(_:maximumEvents:maximumValues:)``);
    /// any other text is parsed into a JSON tree and checked there, which names its problem.
    static func decode(
        _ bytes: [UInt8], maximumEvents: Int = maximumEvents, maximumValues: Int = maximumValues
    ) throws(TimelineError) -> Timeline {
        if let timeline = decodeDirectly(bytes, maximumEvents: maximumEvents, maximumValues: maximumValues) { return timeline }
        return try decodeTree(bytes, maximumEvents: maximumEvents, maximumValues: maximumValues)
    }

    /// The timeline of `bytes` parsed into a JSON tree first: the reader whose errors are the
    /// timeline diagnostics.
    static func decodeTree(
        _ bytes: [UInt8], maximumEvents: Int = maximumEvents, maximumValues: Int = maximumValues
    ) throws(TimelineError) -> Timeline {
        try decode(parse(bytes, maximumValues: maximumValues), maximumEvents: maximumEvents)
    }

    /// The JSON value of `bytes`; text that is not JSON, or holds more than `maximumValues`
    /// values, is an error at the root, `$`.
    private static func parse(_ bytes: [UInt8], maximumValues: Int = maximumValues) throws(TimelineError) -> JSONValue {
        do {
            return try JSONReader.parse(bytes, maximumValues: maximumValues)
        } catch {
            guard error.isOverLimit else { throw TimelineError(path: "$", message: error.description) }
            throw TimelineError(
                path: "$",
                message: "more than \(maximumValues) JSON values (at line \(error.line), column \(error.column)); "
                    + "a timeline holds at most \(maximumValues)")
        }
    }

    /// Checks a JSON value as a timeline.
    ///
    /// - Throws: ``TimelineError`` naming the JSON path of the first problem.
    public static func decode(_ json: JSONValue) throws(TimelineError) -> Timeline {
        try decode(json, maximumEvents: maximumEvents)
    }

    static func decode(_ json: JSONValue, maximumEvents: Int) throws(TimelineError) -> Timeline {
        let root = try Node(json, "$").object()
        let version = try root.required("timeline")
        guard case .number(let v) = version.value, v == Double(Timeline.version) else {
            throw version.error("expected the timeline format version 1")
        }
        let name = try root.required("name").string()
        let canvasNode = try root.required("canvas").object()
        let size = try canvasNode.required("size").numbers(count: 2)
        for (i, d) in size.enumerated() where !(d >= 1 && d <= maximumCanvasSide) {
            throw TimelineError(
                path: "$.canvas.size[\(i)]", message: "expected a size between 1 and \(JSONNumber.format(maximumCanvasSide)), found \(d)")
        }
        let background = try canvasNode.required("background").value(kind: .color)
        let fpsNode = try canvasNode.required("fps")
        let fps = try fpsNode.number()
        guard fps > 0, fps <= maximumFPS else { throw fpsNode.error("expected a frame rate above 0 and at most \(Int(maximumFPS))") }
        try canvasNode.checkKeys(TimelineSchema.Keys.canvas)
        let canvas = Canvas(width: size[0], height: size[1], background: background, fps: fps)

        let layerNodes = try root.required("layers").array(atMost: maximumLayers) { _ in "more than \(maximumLayers) layers" }
        var layers: [TimelineLayer] = []
        var index: [String: Int] = [:]
        for (i, n) in layerNodes.enumerated() {
            let o = try n.object()
            let idNode = try o.required("id")
            let id = try idNode.string()
            guard !id.isEmpty else { throw idNode.error("expected a non-empty layer id") }
            guard index[id] == nil else { throw idNode.error("duplicate layer id \"\(id)\"") }
            index[id] = i
            let parentNode = try o.required("parent")
            var parent: Int?
            if case .null = parentNode.value {
                parent = nil
            } else {
                let p = try parentNode.number()
                guard p >= 0, p < Double(i), p == p.rounded(.down) else {
                    throw parentNode.error("expected null or the index of an earlier layer (0..<\(i)), found \(JSONNumber.format(p))")
                }
                parent = Int(p)
            }
            let shapeNode = try o.required("shape")
            guard let shape = LayerShape(rawValue: try shapeNode.string()) else {
                throw shapeNode.error("expected \"rect\" or \"ellipse\"")
            }
            let modelNode = try o.required("model").object()
            var model: [LayerProperty: MotionValue] = [:]
            for member in modelNode.members {
                let path = "\(modelNode.path).\(member.key)"
                guard let property = LayerProperty(rawValue: member.key), property.isAnimatable else {
                    throw TimelineError(path: path, message: "unknown layer property \"\(member.key)\"")
                }
                model[property] = try Node(member.value, path).value(kind: property.kind)
            }
            try o.checkKeys(TimelineSchema.Keys.layer)
            layers.append(TimelineLayer(id: id, parent: parent, shape: shape, model: model))
        }

        let endNode = try root.required("end")
        let end = try endNode.number()
        guard end >= 0 else { throw endNode.error("expected a time of at least 0, found \(JSONNumber.format(end))") }

        let eventNodes = try root.required("events").array(atMost: maximumEvents) { count in
            "\(count) events; a timeline holds at most \(maximumEvents)"
        }
        var events: [ChannelEvent] = []
        events.reserveCapacity(eventNodes.count)
        var previous = 0.0
        for n in eventNodes {
            let event = try decodeEvent(n, layers: index)
            guard event.time >= previous else {
                throw TimelineError(
                    path: "\(n.path).time",
                    message: "events must be in time order: \(JSONNumber.format(event.time)) comes after \(JSONNumber.format(previous))")
            }
            previous = event.time
            events.append(event)
        }
        try root.checkKeys(TimelineSchema.Keys.root)
        return Timeline(name: name, canvas: canvas, layers: layers, end: end, events: events)
    }

    static func decodeEvent(_ n: Node, layers: [String: Int]) throws(TimelineError) -> ChannelEvent {
        let o = try n.object()
        let timeNode = try o.required("time")
        let time = try timeNode.number()
        guard time >= 0 else { throw timeNode.error("expected a time of at least 0, found \(JSONNumber.format(time))") }
        let targetNode = try o.required("target")
        let target = try targetNode.string()
        guard let layer = layers[target] else { throw targetNode.error("no layer has the id \"\(target)\"") }
        let typeNode = try o.required("type")
        switch try typeNode.string() {
        case "set":
            let path = try o.required("path").propertyPath()
            let value = try o.required("value").value(kind: path.kind)
            try o.checkKeys(TimelineSchema.Keys.setEvent)
            return ChannelEvent(time: time, layer: layer, action: .set(path: path, value: value))
        case "add":
            let keyNode = try o.required("key")
            let key = try keyNode.string()
            guard !key.isEmpty else { throw keyNode.error("expected a non-empty animation key") }
            let path = try o.required("path").propertyPath()
            let animation = try decodeAnimation(o.required("animation"), kind: path.kind)
            let modelValue = try o.required("modelValue").value(kind: path.kind)
            let velocityNode = try o.required("initialVelocity")
            var velocity: MotionValue?
            if case .null = velocityNode.value {} else { velocity = try velocityNode.value(kind: path.kind) }
            try o.checkKeys(TimelineSchema.Keys.addEvent)
            return ChannelEvent(
                time: time, layer: layer,
                action: .add(key: key, path: path, animation: animation, modelValue: modelValue, initialVelocity: velocity))
        case "remove":
            let key = try o.required("key").string()
            try o.checkKeys(TimelineSchema.Keys.removeEvent)
            return ChannelEvent(time: time, layer: layer, action: .remove(key: key))
        default:
            throw typeNode.error("expected \"set\", \"add\" or \"remove\"")
        }
    }

    static func decodeAnimation(_ n: Node, kind: ValueKind) throws(TimelineError) -> Animation {
        let o = try n.object()
        let kindNode = try o.required("kind")
        switch try kindNode.string() {
        case "keyframe":
            let valuesNode = try o.required("values")
            let items = try valuesNode.array(atMost: maximumKeyframes) { _ in "more than \(maximumKeyframes) keyframes" }
            guard !items.isEmpty else { throw valuesNode.error("expected at least one keyframe value") }
            var values: [MotionValue] = []
            values.reserveCapacity(items.count)
            for item in items { values.append(try item.value(kind: kind)) }
            let keyTimesNode = try o.required("keyTimes")
            let keyTimes = try keyTimesNode.numbers(count: values.count)
            var last = 0.0
            for (i, k) in keyTimes.enumerated() {
                guard k >= last, k <= 1 else {
                    throw TimelineError(
                        path: "\(keyTimesNode.path)[\(i)]", message: "expected key times in 0...1, non-decreasing")
                }
                last = k
            }
            let curvesNode = try o.required("timingFunctions")
            let curveItems = try curvesNode.array()
            let segments = max(values.count - 1, 1)
            guard curveItems.count == segments || curveItems.count == 1 else {
                throw curvesNode.error(
                    "expected 1 timing function (for every segment) or \(segments) (one per segment), found \(curveItems.count)")
            }
            var curves: [TimingCurve] = []
            for item in curveItems { curves.append(try item.curve()) }
            let (beginTime, duration, fill, repeatCount, autoreverses) = try o.passTiming()
            let additiveNode = try o.required("additive")
            guard try !additiveNode.bool() else { throw additiveNode.error("additive animations are not supported; expected false") }
            try o.checkKeys(TimelineSchema.Keys.keyframeAnimation)
            return .keyframe(
                KeyframeAnimation(
                    values: values, keyTimes: keyTimes, timingFunctions: curves, beginTime: beginTime, duration: duration,
                    repeatCount: repeatCount, autoreverses: autoreverses, fillMode: fill, additive: false))
        case "spring":
            let from = try o.required("from").value(kind: kind)
            let to = try o.required("to").value(kind: kind)
            let stiffnessNode = try o.required("stiffness")
            let stiffness = try stiffnessNode.number()
            guard stiffness > 0 else { throw stiffnessNode.error("expected a stiffness above 0") }
            let dampingNode = try o.required("damping")
            let damping = try dampingNode.number()
            guard damping >= 0 else { throw dampingNode.error("expected a damping of at least 0") }
            let massNode = try o.required("mass")
            let mass = try massNode.number()
            guard mass > 0 else { throw massNode.error("expected a mass above 0") }
            let velocity = try o.required("initialVelocity").value(kind: kind)
            let beginTime = try o.required("beginTime").number()
            let durationNode = try o.required("duration")
            let duration: Double
            if case .string("forever") = durationNode.value {
                duration = .infinity
            } else {
                duration = try durationNode.number(expected: "a number or \"forever\"")
                guard duration >= 0 else { throw durationNode.error("expected a duration of at least 0") }
            }
            try o.checkKeys(TimelineSchema.Keys.springAnimation)
            return .spring(
                SpringAnimation(
                    from: from, to: to, initialVelocity: velocity, stiffness: stiffness, damping: damping, mass: mass,
                    beginTime: beginTime, duration: duration))
        case "path":
            return .path(try decodePath(o, kind: kind))
        default:
            throw kindNode.error("expected \"keyframe\", \"spring\" or \"path\"")
        }
    }
}

/// A JSON value with its path, for checks whose errors name where they are.
///
/// An array's items share their array's path and keep their index: the path text is made only
/// for an error (a timeline holds millions of items).
struct Node {
    let value: JSONValue
    /// The path, or the path of the array holding the value.
    private let base: String
    /// The value's index in the array at `base`, or -1 when `base` is the value's own path.
    private let index: Int

    init(_ value: JSONValue, _ path: String) {
        self.init(value, base: path, index: -1)
    }

    /// The item at `index` of the array at `base`.
    init(_ value: JSONValue, base: String, index: Int) {
        (self.value, self.base, self.index) = (value, base, index)
    }

    /// A JSONPath-like location: `$.events[3].animation`.
    var path: String { index < 0 ? base : "\(base)[\(index)]" }

    func error(_ message: String) -> TimelineError { TimelineError(path: path, message: message) }

    var typeName: String {
        switch value {
        case .null: "null"
        case .bool: "a boolean"
        case .number: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }

    func object() throws(TimelineError) -> ObjectNode {
        guard case .object(let members) = value else { throw error("expected an object, found \(typeName)") }
        return ObjectNode(members: members, path: path)
    }

    func array() throws(TimelineError) -> [Node] {
        try array(atMost: .max) { _ in "" }
    }

    /// The items of an array of at most `limit` items; more is the error `message(count)`.
    func array(atMost limit: Int, else message: (Int) -> String) throws(TimelineError) -> [Node] {
        guard case .array(let items) = value else { throw error("expected an array, found \(typeName)") }
        guard items.count <= limit else { throw error(message(items.count)) }
        let path = path
        return items.enumerated().map { Node($0.element, base: path, index: $0.offset) }
    }

    func string() throws(TimelineError) -> String {
        guard case .string(let s) = value else { throw error("expected a string, found \(typeName)") }
        return s
    }

    /// A repeat count: a number above 0 or `"forever"` (infinity).
    func repeatCount() throws(TimelineError) -> Double {
        if case .string("forever") = value { return .infinity }
        let count = try number(expected: "a number or \"forever\"")
        guard count > 0 else { throw error("expected a repeat count above 0") }
        return count
    }

    func bool() throws(TimelineError) -> Bool {
        guard case .bool(let b) = value else { throw error("expected true or false, found \(typeName)") }
        return b
    }

    func number(expected: String = "a number") throws(TimelineError) -> Double {
        guard case .number(let n) = value else { throw error("expected \(expected), found \(typeName)") }
        guard abs(n) <= TimelineJSON.largestMagnitude else {
            throw error("expected \(expected) within ±1e100 (larger numbers overflow the motion maths), found \(n)")
        }
        return n
    }

    func numbers(count: Int) throws(TimelineError) -> [Double] {
        guard case .array(let items) = value else { throw error("expected an array of \(count) numbers, found \(typeName)") }
        guard items.count == count else { throw error("expected \(count) numbers, found \(items.count)") }
        var result: [Double] = []
        result.reserveCapacity(count)
        let path = path
        for (i, item) in items.enumerated() { result.append(try Node(item, base: path, index: i).number()) }
        return result
    }

    func value(kind: ValueKind) throws(TimelineError) -> MotionValue {
        switch kind {
        case .scalar:
            return .scalar(try number(expected: "a number (a scalar value)"))
        case .point, .size, .color:
            let n = kind.componentCount
            let c = try numbers(count: n)
            var v = MotionValue(kind: kind, components: .zero)
            for i in 0..<n { v[i] = c[i] }
            return v
        }
    }

    func propertyPath() throws(TimelineError) -> PropertyPath {
        let text = try string()
        guard let p = PropertyPath(text), p.property.isAnimatable else {
            throw error("unknown animatable property path \"\(text)\"")
        }
        return p
    }

    func curve() throws(TimelineError) -> TimingCurve {
        if case .string(let name) = value {
            guard let c = TimingCurve.named(name) else { throw error("unknown timing function \"\(name)\"") }
            return c
        }
        let p = try numbers(count: 4)
        guard (0...1).contains(p[0]), (0...1).contains(p[2]) else {
            throw error("cubic-bezier x1 and x2 must lie in 0...1")
        }
        if p == [0, 0, 1, 1] { return .linear }
        return .cubicBezier(x1: p[0], y1: p[1], x2: p[2], y2: p[3])
    }
}

/// A JSON object with its path.
struct ObjectNode {
    let members: [JSONMember]
    let path: String

    func required(_ key: String) throws(TimelineError) -> Node {
        guard let member = members.first(where: { $0.key == key }) else {
            throw TimelineError(path: path, message: "missing key \"\(key)\"")
        }
        return Node(member.value, "\(path).\(key)")
    }

    /// The timing keys keyframe and path animations share.
    func passTiming() throws(TimelineError) -> (
        beginTime: Double, duration: Double, fillMode: FillMode, repeatCount: Double, autoreverses: Bool
    ) {
        let beginTime = try required("beginTime").number()
        let durationNode = try required("duration")
        let duration = try durationNode.number()
        guard duration >= 0 else { throw durationNode.error("expected a duration of at least 0, found \(JSONNumber.format(duration))") }
        let fillNode = try required("fillMode")
        guard let fill = FillMode(rawValue: try fillNode.string()) else { throw fillNode.error("expected \"both\"") }
        return (beginTime, duration, fill, try required("repeatCount").repeatCount(), try required("autoreverses").bool())
    }

    func checkKeys(_ known: [String]) throws(TimelineError) {
        for member in members where !known.contains(member.key) {
            throw TimelineError(path: "\(path).\(member.key)", message: "unknown key (expected one of \(known.joined(separator: ", ")))")
        }
    }
}
