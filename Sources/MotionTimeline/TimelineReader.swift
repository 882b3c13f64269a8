import MotionCore
import MotionJSON

extension TimelineJSON {
    /// The timeline `bytes` hold, read straight from them in one pass, or nil when they are not a
    /// valid timeline with its keys in the written order.
    ///
    /// This is the fast path of ``decode(_:)-([UInt8])``: it builds no JSON tree and makes no
    /// message. It accepts only what the tree decoder accepts, and gives the same timeline;
    /// everything else (invalid text or content, keys in another order, more than
    /// `maximumValues` values or `maximumEvents` events) is left to the tree decoder, which names
    /// the problem. Its checks are the tree decoder's, rule for rule, in the same order.
    ///
    /// - Complexity: O(n) in the input's length.
    static func decodeDirectly(_ bytes: [UInt8], maximumEvents: Int, maximumValues: Int) -> Timeline? {
        var reader = DirectTimelineReader(scanner: JSONScanner(bytes: bytes, maximumValues: maximumValues), maximumEvents: maximumEvents)
        return try? reader.timeline()
    }
}

/// Why ``DirectTimelineReader`` stopped: the tree decoder reads the text again and says why.
struct NotReadDirectly: Error {}

/// Reads a timeline's JSON text in the order ``TimelineJSON`` writes it (see ``Timeline``),
/// checking what ``TimelineJSON/decode(_:)-(JSONValue)`` checks.
struct DirectTimelineReader {
    var scanner: JSONScanner
    let maximumEvents: Int
    /// The layers' ids, by index.
    var ids: [String] = []
    /// The layer of the last event: the next event's is usually it or the next.
    var lastLayer = -1
    /// Property paths read so far, by their text: a timeline names few.
    var paths: [(text: String, path: PropertyPath)] = []

    // MARK: Tokens

    /// Steps into an object or array: `bracket` is `{` or `[`.
    mutating func open(_ bracket: UInt8) throws(NotReadDirectly) {
        try count()
        guard scanner.skip(bracket) else { throw NotReadDirectly() }
    }

    /// Steps over the end of an object or array.
    mutating func close(_ bracket: UInt8) throws(NotReadDirectly) {
        guard scanner.skip(bracket) else { throw NotReadDirectly() }
    }

    /// Steps over `"key":`, after a comma unless it is the object's first key.
    mutating func key(_ key: StaticString, first: Bool = false) throws(NotReadDirectly) {
        guard first || scanner.skip(UInt8(ascii: ",")), scanner.skipKey(key) else { throw NotReadDirectly() }
    }

    /// Steps into an array and says whether an item follows.
    mutating func beginArray() throws(NotReadDirectly) -> Bool {
        try open(UInt8(ascii: "["))
        return !scanner.skip(UInt8(ascii: "]"))
    }

    /// After an array's item: true when another follows, false at the array's end.
    mutating func nextItem() throws(NotReadDirectly) -> Bool {
        if scanner.skip(UInt8(ascii: ",")) { return true }
        try close(UInt8(ascii: "]"))
        return false
    }

    mutating func count() throws(NotReadDirectly) {
        do { try scanner.countValue() } catch { throw NotReadDirectly() }
    }

    mutating func number() throws(NotReadDirectly) -> Double {
        scanner.skipSpace()
        try count()
        let number: Double
        do { number = try scanner.number() } catch { throw NotReadDirectly() }
        // The tree decoder says what is wrong with a number past the limit.
        guard abs(number) <= TimelineJSON.largestMagnitude else { throw NotReadDirectly() }
        return number
    }

    /// Whether a string comes next (it is not read).
    mutating func atString() -> Bool {
        scanner.skipSpace()
        return scanner.current == UInt8(ascii: "\"")
    }

    mutating func string() throws(NotReadDirectly) -> String {
        guard atString() else { throw NotReadDirectly() }
        try count()
        do { return try scanner.string() } catch { throw NotReadDirectly() }
    }

    mutating func bool() throws(NotReadDirectly) -> Bool {
        scanner.skipSpace()
        try count()
        if scanner.skipLiteral("true") { return true }
        guard scanner.skipLiteral("false") else { throw NotReadDirectly() }
        return false
    }

    /// Steps over `null` and says whether it was there.
    mutating func null() throws(NotReadDirectly) -> Bool {
        scanner.skipSpace()
        guard scanner.current == UInt8(ascii: "n") else { return false }
        try count()
        guard scanner.skipLiteral("null") else { throw NotReadDirectly() }
        return true
    }

    /// An array of exactly `n` numbers, passed to `body` one by one with their index.
    mutating func numbers(_ n: Int, _ body: (Int, Double) -> Void) throws(NotReadDirectly) {
        try open(UInt8(ascii: "["))
        for i in 0..<n {
            if i > 0 { guard scanner.skip(UInt8(ascii: ",")) else { throw NotReadDirectly() } }
            body(i, try number())
        }
        try close(UInt8(ascii: "]"))
    }

    // MARK: Values

    mutating func value(kind: ValueKind) throws(NotReadDirectly) -> MotionValue {
        if kind == .scalar { return .scalar(try number()) }
        var v = MotionValue(kind: kind, components: .zero)
        try numbers(kind.componentCount) { v[$0] = $1 }
        return v
    }

    mutating func propertyPath() throws(NotReadDirectly) -> PropertyPath {
        let text = try string()
        if let known = paths.first(where: { $0.text == text }) { return known.path }
        guard let p = PropertyPath(text), p.property.isAnimatable else { throw NotReadDirectly() }
        if paths.count < 16 { paths.append((text, p)) }
        return p
    }

    /// The index of the layer with `id`: the last event's layer or the next one without hashing.
    mutating func layer(_ id: String, in index: [String: Int]) throws(NotReadDirectly) -> Int {
        for guess in lastLayer...(lastLayer + 1) where ids.indices.contains(guess) && ids[guess] == id {
            lastLayer = guess
            return guess
        }
        guard let layer = index[id] else { throw NotReadDirectly() }
        lastLayer = layer
        return layer
    }

    mutating func curve() throws(NotReadDirectly) -> TimingCurve {
        if atString() {
            guard let c = TimingCurve.named(try string()) else { throw NotReadDirectly() }
            return c
        }
        var p = SIMD4<Double>()
        try numbers(4) { p[$0] = $1 }
        guard (0...1).contains(p[0]), (0...1).contains(p[2]) else { throw NotReadDirectly() }
        if p == SIMD4(0, 0, 1, 1) { return .linear }
        return .cubicBezier(x1: p[0], y1: p[1], x2: p[2], y2: p[3])
    }

    /// A number above 0 or `"forever"` (infinity).
    mutating func repeatCount() throws(NotReadDirectly) -> Double {
        if atString() {
            guard try string() == "forever" else { throw NotReadDirectly() }
            return .infinity
        }
        let count = try number()
        guard count > 0 else { throw NotReadDirectly() }
        return count
    }

    /// The timing keys keyframe and path animations share, from `beginTime` to `autoreverses`.
    mutating func passTiming() throws(NotReadDirectly) -> (
        beginTime: Double, duration: Double, fillMode: FillMode, repeatCount: Double, autoreverses: Bool
    ) {
        try key("beginTime")
        let beginTime = try number()
        try key("duration")
        let duration = try number()
        guard duration >= 0 else { throw NotReadDirectly() }
        try key("fillMode")
        guard let fill = FillMode(rawValue: try string()) else { throw NotReadDirectly() }
        try key("repeatCount")
        let repeatCount = try repeatCount()
        try key("autoreverses")
        return (beginTime, duration, fill, repeatCount, try bool())
    }

    // MARK: The timeline

    mutating func timeline() throws(NotReadDirectly) -> Timeline {
        try open(UInt8(ascii: "{"))
        try key("timeline", first: true)
        guard try number() == Double(Timeline.version) else { throw NotReadDirectly() }
        try key("name")
        let name = try string()
        try key("canvas")
        let canvas = try self.canvas()
        try key("layers")
        let (layers, index) = try self.layers()
        try key("end")
        let end = try number()
        guard end >= 0 else { throw NotReadDirectly() }
        try key("events")
        var events: [ChannelEvent] = []
        if try beginArray() {
            var previous = 0.0
            repeat {
                guard events.count < maximumEvents else { throw NotReadDirectly() }
                let event = try self.event(layers: index)
                guard event.time >= previous else { throw NotReadDirectly() }
                previous = event.time
                events.append(event)
            } while try nextItem()
        }
        try close(UInt8(ascii: "}"))
        scanner.skipSpace()
        guard scanner.isAtEnd else { throw NotReadDirectly() }
        return Timeline(name: name, canvas: canvas, layers: layers, end: end, events: events)
    }

    mutating func canvas() throws(NotReadDirectly) -> Canvas {
        try open(UInt8(ascii: "{"))
        try key("size", first: true)
        var size = SIMD2<Double>()
        try numbers(2) { size[$0] = $1 }
        for i in 0..<2 where !(size[i] >= 1 && size[i] <= TimelineJSON.maximumCanvasSide) { throw NotReadDirectly() }
        try key("background")
        let background = try value(kind: .color)
        try key("fps")
        let fps = try number()
        guard fps > 0, fps <= TimelineJSON.maximumFPS else { throw NotReadDirectly() }
        try close(UInt8(ascii: "}"))
        return Canvas(width: size[0], height: size[1], background: background, fps: fps)
    }

    mutating func layers() throws(NotReadDirectly) -> (layers: [TimelineLayer], index: [String: Int]) {
        var layers: [TimelineLayer] = []
        var index: [String: Int] = [:]
        guard try beginArray() else { return (layers, index) }
        repeat {
            let i = layers.count
            guard i < TimelineJSON.maximumLayers else { throw NotReadDirectly() }
            try open(UInt8(ascii: "{"))
            try key("id", first: true)
            let id = try string()
            guard !id.isEmpty, index.updateValue(i, forKey: id) == nil else { throw NotReadDirectly() }
            try key("parent")
            var parent: Int?
            if try !null() {
                let p = try number()
                guard p >= 0, p < Double(i), p == p.rounded(.down) else { throw NotReadDirectly() }
                parent = Int(p)
            }
            try key("shape")
            guard let shape = LayerShape(rawValue: try string()) else { throw NotReadDirectly() }
            try key("model")
            let model = try self.model()
            try close(UInt8(ascii: "}"))
            layers.append(TimelineLayer(id: id, parent: parent, shape: shape, model: model))
            ids.append(id)
        } while try nextItem()
        return (layers, index)
    }

    /// The model's keys in the order a bake writes them, as UTF-8.
    static let modelKeys: [(property: LayerProperty, utf8: [UInt8])] = LayerProperty.allCases.filter(\.isAnimatable).map {
        ($0, Array($0.rawValue.utf8))
    }

    /// A layer's model: any animatable properties, in any order, each once.
    mutating func model() throws(NotReadDirectly) -> [LayerProperty: MotionValue] {
        var model: [LayerProperty: MotionValue] = [:]
        model.reserveCapacity(Self.modelKeys.count)
        try open(UInt8(ascii: "{"))
        if scanner.skip(UInt8(ascii: "}")) { return model }
        // The key a bake writes next, matched by its bytes; any other is read as a string.
        var next = 0
        repeat {
            let property: LayerProperty
            if next < Self.modelKeys.count, scanner.skipKey(Self.modelKeys[next].utf8) {
                property = Self.modelKeys[next].property
                next += 1
            } else {
                // A key is not a value: it is not counted.
                guard atString() else { throw NotReadDirectly() }
                let name: String
                do { name = try scanner.string() } catch { throw NotReadDirectly() }
                guard scanner.skip(UInt8(ascii: ":")), let named = LayerProperty(rawValue: name), named.isAnimatable else {
                    throw NotReadDirectly()
                }
                property = named
                next = Self.modelKeys.count
            }
            guard model.updateValue(try value(kind: property.kind), forKey: property) == nil else { throw NotReadDirectly() }
        } while scanner.skip(UInt8(ascii: ","))
        try close(UInt8(ascii: "}"))
        return model
    }

    mutating func event(layers: [String: Int]) throws(NotReadDirectly) -> ChannelEvent {
        try open(UInt8(ascii: "{"))
        try key("time", first: true)
        let time = try number()
        guard time >= 0 else { throw NotReadDirectly() }
        try key("target")
        let layer = try self.layer(try string(), in: layers)
        try key("type")
        let action: ChannelEvent.Action
        switch try string() {
        case "set":
            try key("path")
            let path = try propertyPath()
            try key("value")
            action = .set(path: path, value: try value(kind: path.kind))
        case "add":
            try key("key")
            let animationKey = try string()
            guard !animationKey.isEmpty else { throw NotReadDirectly() }
            try key("path")
            let path = try propertyPath()
            try key("animation")
            let animation = try self.animation(kind: path.kind)
            try key("modelValue")
            let modelValue = try value(kind: path.kind)
            try key("initialVelocity")
            let velocity: MotionValue? = try null() ? nil : try value(kind: path.kind)
            action = .add(key: animationKey, path: path, animation: animation, modelValue: modelValue, initialVelocity: velocity)
        case "remove":
            try key("key")
            action = .remove(key: try string())
        default:
            throw NotReadDirectly()
        }
        try close(UInt8(ascii: "}"))
        return ChannelEvent(time: time, layer: layer, action: action)
    }

    mutating func animation(kind: ValueKind) throws(NotReadDirectly) -> Animation {
        try open(UInt8(ascii: "{"))
        try key("kind", first: true)
        let animation: Animation
        switch try string() {
        case "keyframe": animation = .keyframe(try keyframes(kind: kind))
        case "spring": animation = .spring(try spring(kind: kind))
        case "path": animation = .path(try path(kind: kind))
        default: throw NotReadDirectly()
        }
        try close(UInt8(ascii: "}"))
        return animation
    }

    mutating func keyframes(kind: ValueKind) throws(NotReadDirectly) -> KeyframeAnimation {
        try key("values")
        var values: [MotionValue] = []
        guard try beginArray() else { throw NotReadDirectly() }
        repeat {
            guard values.count < TimelineJSON.maximumKeyframes else { throw NotReadDirectly() }
            values.append(try value(kind: kind))
        } while try nextItem()
        try key("keyTimes")
        var keyTimes = [Double](repeating: 0, count: values.count)
        var last = 0.0
        var ordered = true
        try numbers(values.count) { i, k in
            ordered = ordered && k >= last && k <= 1
            last = k
            keyTimes[i] = k
        }
        guard ordered else { throw NotReadDirectly() }
        try key("timingFunctions")
        var curves: [TimingCurve] = []
        if try beginArray() {
            repeat { curves.append(try curve()) } while try nextItem()
        }
        guard curves.count == max(values.count - 1, 1) || curves.count == 1 else { throw NotReadDirectly() }
        let (beginTime, duration, fill, repeatCount, autoreverses) = try passTiming()
        try key("additive")
        guard try !bool() else { throw NotReadDirectly() }
        return KeyframeAnimation(
            values: values, keyTimes: keyTimes, timingFunctions: curves, beginTime: beginTime, duration: duration,
            repeatCount: repeatCount, autoreverses: autoreverses, fillMode: fill, additive: false)
    }

    mutating func spring(kind: ValueKind) throws(NotReadDirectly) -> SpringAnimation {
        try key("from")
        let from = try value(kind: kind)
        try key("to")
        let to = try value(kind: kind)
        try key("stiffness")
        let stiffness = try number()
        try key("damping")
        let damping = try number()
        try key("mass")
        let mass = try number()
        guard stiffness > 0, damping >= 0, mass > 0 else { throw NotReadDirectly() }
        try key("initialVelocity")
        let velocity = try value(kind: kind)
        try key("beginTime")
        let beginTime = try number()
        try key("duration")
        let duration: Double
        if atString() {
            guard try string() == "forever" else { throw NotReadDirectly() }
            duration = .infinity
        } else {
            duration = try number()
            guard duration >= 0 else { throw NotReadDirectly() }
        }
        return SpringAnimation(
            from: from, to: to, initialVelocity: velocity, stiffness: stiffness, damping: damping, mass: mass, beginTime: beginTime,
            duration: duration)
    }

    mutating func path(kind: ValueKind) throws(NotReadDirectly) -> PathAnimation {
        try key("points")
        var points: [SIMD2<Double>] = []
        if try beginArray() {
            repeat {
                guard points.count < TimelineJSON.maximumPathPoints else { throw NotReadDirectly() }
                var point = SIMD2<Double>()
                try numbers(2) { point[$0] = $1 }
                points.append(point)
            } while try nextItem()
        }
        guard let path = MotionPath(points: points) else { throw NotReadDirectly() }
        try key("output")
        let output: PathAnimation.Output
        switch try string() {
        case "position" where kind == .point: output = .position
        case "position.x" where kind == .scalar: output = .coordinate(0)
        case "position.y" where kind == .scalar: output = .coordinate(1)
        case "angle" where kind == .scalar: output = .angle
        default: throw NotReadDirectly()
        }
        try key("angleOffset")
        let angleOffset = try number()
        try key("timingFunction")
        let curve = try curve()
        let (beginTime, duration, fill, repeatCount, autoreverses) = try passTiming()
        return PathAnimation(
            path: path, output: output, angleOffset: angleOffset, timingFunction: curve, beginTime: beginTime, duration: duration,
            repeatCount: repeatCount, autoreverses: autoreverses, fillMode: fill)
    }
}
