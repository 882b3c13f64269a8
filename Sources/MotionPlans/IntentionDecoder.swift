import MotionCore
import MotionDiagnostics
import MotionRuntime
import MotionYAML

/// The parameter nodes of one `add` op, in the order written: a handful, so a linear search
/// beats hashing.
struct ParameterNodes {
    /// The keys and their value nodes, in one list: one allocation per op.
    private var entries: [(key: String, node: YAMLNodeID)] = []

    init(capacity: Int = 0) {
        entries.reserveCapacity(capacity)
    }

    mutating func append(_ key: String, _ node: YAMLNodeID) {
        entries.append((key, node))
    }

    /// The node of `key`, if the op wrote it.
    ///
    /// Lengths are compared first: comparing two different strings of one length takes the
    /// string library's slow path, and most keys differ in length.
    subscript(key: String) -> YAMLNodeID? {
        let count = key.utf8.count
        return entries.first { $0.key.utf8.count == count && $0.key == key }?.node
    }
}

/// The parameter nodes of one `add` op, and whether any of them failed to decode.
struct ParameterReader {
    var nodes: ParameterNodes
    /// Where the op's `add:` value was written: diagnostics about missing keys point here.
    var opRange: SourceRange
    var typeName: String
    var failed = false
    /// Tweens after the first of a `properties:` tween (docs/format.md §7.2): the decoder adds
    /// each as an op of its own right after the op.
    var companions: [Tween] = []
    /// Where each tween of a `properties:` tween wrote its `by:` change; empty when none gives one.
    ///
    /// The first tween's, then each companion's; nil for one given values.
    var changeRanges: [SourceRange?] = []

    /// The parameters of the op's type: their ranges check what ``number(_:_:)`` reads.
    var parameters: [ParameterSpec]

    init(nodes: ParameterNodes, opRange: SourceRange, typeName: String, parameters: [ParameterSpec] = []) {
        self.nodes = nodes
        self.opRange = opRange
        self.typeName = typeName
        self.parameters = parameters
    }

    /// The number `key`, checked against its parameter's inclusive minimum (D005 below it); the
    /// parameter's numeric default when the op does not give it.
    mutating func number(_ key: String, _ context: inout DecodingContext) -> Double? {
        let parameter = parameters.first { $0.name == key }
        guard nodes[key] != nil else { return parameter?.defaultNumber }
        let minimum: Double? =
            switch parameter?.shape {
            case .number(let minimum, _): minimum
            default: nil
            }
        return read(key, &context) { ctx, node in
            if let minimum { return ctx.number(node, for: key, atLeast: minimum) }
            return ctx.number(node, for: key)
        }
    }

    /// One of the words of `Choice` (D003 with did-you-mean otherwise).
    mutating func choice<Choice: RawRepresentable & CaseIterable>(
        _ key: String, _ context: inout DecodingContext, _ type: Choice.Type
    ) -> Choice? where Choice.RawValue == String {
        read(key, &context) { ctx, node in
            ctx.choice(node, for: key, Choice.allCases.map(\.rawValue)).flatMap(Choice.init(rawValue:))
        }
    }

    /// Reads `key` with `read` when present; marks the op failed when the reader returns nil.
    mutating func read<T>(
        _ key: String, _ context: inout DecodingContext, _ read: (inout DecodingContext, YAMLNodeID) -> T?
    ) -> T? {
        guard let node = nodes[key] else { return nil }
        guard let value = read(&context, node) else {
            failed = true
            return nil
        }
        return value
    }
}

/// Decoders of parameters the intention types share, and of the larger types' parameters; each
/// type's descriptor (IntentionCatalog.swift) names its decoder.
enum IntentionDecoder {
    // MARK: Shared parameters

    /// `property:`, checked to be a known, animatable path (D009 with did-you-mean otherwise).
    static func propertyPath(
        _ reader: inout ParameterReader, _ context: inout DecodingContext, default fallback: PropertyPath? = nil
    ) -> PropertyPath? {
        guard reader.nodes["property"] != nil else { return fallback }
        return reader.read("property", &context) { ctx, node in
            guard let text = ctx.string(node, for: "property") else { return nil }
            guard let path = parsePath(text) else {
                ctx.report(
                    .D009, "unknown property \"\(text)\"", at: ctx.range(node),
                    help: ForeignNames.unknownPathHelp(text))
                return nil
            }
            guard path.property.isAnimatable else {
                ctx.report(.D009, "`\(text)` cannot be animated: it is set once in `layer`", at: ctx.range(node))
                return nil
            }
            return path
        }
    }

    /// `position` or `position.x` as ``PropertyPath/init(_:)`` reads it; a whole property is
    /// found without splitting the text.
    static func parsePath(_ text: String) -> PropertyPath? {
        if !text.utf8.contains(UInt8(ascii: ".")) { return LayerProperty(rawValue: text).map { PropertyPath($0) } }
        return PropertyPath(text)
    }

    static func gesture(_ reader: inout ParameterReader, _ context: inout DecodingContext) -> String? {
        reader.read("gesture", &context) { $0.string($1, for: "gesture") }
    }

    static func springParameters(_ reader: inout ParameterReader, _ context: inout DecodingContext) -> SpringParameters {
        var parameters = SpringParameters()
        if let v = reader.read("stiffness", &context, { $0.number($1, for: "stiffness") }) { parameters.stiffness = v }
        if let v = reader.read("damping", &context, { $0.number($1, for: "damping") }) { parameters.damping = v }
        if let v = reader.read("mass", &context, { $0.number($1, for: "mass") }) { parameters.mass = v }
        parameters.threshold = reader.read("threshold", &context) { $0.number($1, for: "threshold") }
        springFeel(&parameters, &reader, &context)
        return parameters
    }

    /// `duration` and `bounce` (springs by feel, docs/format.md §7.5): converted to stiffness and
    /// damping with the mass already read. P002 when stiffness or damping is given too; P001 when
    /// the duration is 0 or the bounce outside (-1, 1).
    static func springFeel(_ parameters: inout SpringParameters, _ reader: inout ParameterReader, _ context: inout DecodingContext) {
        let durationNode = reader.nodes["duration"]
        let bounceNode = reader.nodes["bounce"]
        guard let feelNode = durationNode ?? bounceNode else { return }
        let physicsKeys = ["stiffness", "damping"]
        if let physicsKey = physicsKeys.first(where: { reader.nodes[$0] != nil }) {
            context.report(
                .P002, "a spring is given by `stiffness` and `damping` or by `duration` and `bounce`, not both",
                at: context.range(feelNode),
                help: "remove `\(physicsKey)`, or remove `duration` and `bounce`")
            reader.failed = true
            return
        }
        let duration = reader.read("duration", &context) { $0.duration($1, for: "duration") } ?? 0.5
        let bounce = reader.read("bounce", &context) { $0.number($1, for: "bounce") } ?? 0
        if let durationNode, !(duration > 0) {
            context.report(.P001, "a spring's `duration` must be greater than 0", at: context.range(durationNode))
            reader.failed = true
        }
        if let bounceNode, !SpringFeel.isValidBounce(bounce) {
            context.report(
                .P001, "`bounce` must be between -1 and 1 (exclusive), found \(DecodingContext.format(bounce))",
                at: context.range(bounceNode), help: "0 settles without overshoot; 0.3 bounces a little; 0.7 a lot")
            reader.failed = true
        }
        guard !reader.failed else { return }
        let (stiffness, damping) = SpringFeel.stiffnessAndDamping(duration: duration, bounce: bounce, mass: parameters.mass)
        checkFeel(
            stiffness: stiffness, damping: damping, duration: duration, bounce: bounce, mass: parameters.mass, &reader, &context)
        guard !reader.failed else { return }
        (parameters.stiffness, parameters.damping) = (stiffness, damping)
    }

    /// A curve name or `[x1, y1, x2, y2]`. A list of the wrong length is W005.
    static func easing(_ node: YAMLNodeID, key: String, _ context: inout DecodingContext) -> TimingCurve? {
        let tree = context.tree
        switch tree.kind(node) {
        case .scalar:
            guard let name = context.string(node, for: key) else { return nil }
            guard let curve = TimingCurve.named(name) else {
                context.report(
                    .D003, "unknown easing \"\(name)\": use a name such as standard, or [x1, y1, x2, y2]", at: context.range(node),
                    help: ForeignNames.easingHelp(name) ?? DecodingContext.didYouMean(name, TimingCurve.names))
                return nil
            }
            return curve
        case .sequence:
            guard tree.count(node) == 4 else {
                context.report(
                    .W005, "a cubic-bezier easing is 4 numbers [x1, y1, x2, y2], found \(tree.count(node))", at: context.range(node))
                return nil
            }
            var n: [Double] = []
            for item in tree.items(node) {
                guard let value = context.number(item, for: key) else { return nil }
                n.append(value)
            }
            return .cubicBezier(x1: n[0], y1: n[1], x2: n[2], y2: n[3])
        case .mapping:
            context.typeMismatch(node, expected: "an easing name or [x1, y1, x2, y2]", for: key)
            return nil
        }
    }

    /// Whether a list node is one cubic-bezier (all items numbers) rather than a list of curves.
    /// An empty list is a list of no curves (W004), not a curve of no numbers.
    static func isSingleCurve(_ node: YAMLNodeID, _ tree: YAMLTree) -> Bool {
        tree.count(node) > 0 && tree.items(node).allSatisfy { tree.kind($0) == .scalar && tree.double($0) != nil }
    }

    // MARK: Tween

    static func tween(_ reader: inout ParameterReader, _ context: inout DecodingContext) -> Tween? {
        if isPathTween(reader) { return pathTween(&reader, &context) }
        if let propertiesNode = reader.nodes["properties"] {
            return propertiesTween(propertiesNode, &reader, &context)
        }
        guard let property = propertyPath(&reader, &context) else {
            reader.failed = true
            return nil
        }
        var values: [MotionValue] = []
        let valuesNode = reader.nodes["values"]
        let fromNode = reader.nodes["from"]
        let toNode = reader.nodes["to"]
        if let valuesNode {
            if let extra = fromNode ?? toNode {
                context.report(
                    .D003, "`values` and `from`/`to` cannot be combined: use one or the other", at: context.range(extra))
                reader.failed = true
            }
            if let items = context.list(valuesNode, for: "values") {
                for item in items {
                    if let value = context.value(item, for: property, key: "values") { values.append(value) } else { reader.failed = true }
                }
            } else {
                reader.failed = true
            }
        } else if let toNode {
            if let fromNode {
                if let from = context.value(fromNode, for: property, key: "from") { values.append(from) } else { reader.failed = true }
            }
            if let to = context.value(toNode, for: property, key: "to") { values.append(to) } else { reader.failed = true }
        } else if let fromNode {
            context.report(.D004, "`to` is missing: `from` needs a `to` (or use `values`)", at: context.range(fromNode))
            reader.failed = true
        }
        var tween = Tween(property: property, values: context.sharedLists.values.share(values))
        if let byNode = reader.nodes["by"] {
            relative(byNode, conflicting: valuesNode ?? fromNode ?? toNode, &tween, &reader, &context)
        }
        sharedTiming(&tween, &reader, &context)
        checkRate(tween, &reader, &context)
        return tween
    }

    /// The keys a tween's properties share: offsets, easing, duration, delay, repeat, autoreverse.
    static func sharedTiming(_ tween: inout Tween, _ reader: inout ParameterReader, _ context: inout DecodingContext) {
        tween.offsets = reader.read("offsets", &context) { ctx, node in
            guard let items = ctx.list(node, for: "offsets") else { return nil }
            var offsets: [Double] = []
            offsets.reserveCapacity(items.count)
            for item in items {
                guard let value = ctx.number(item, for: "offsets") else { return nil }
                offsets.append(value)
            }
            return ctx.sharedLists.offsets.share(offsets)
        }
        if let easingNode = reader.nodes["easing"] {
            if context.tree.kind(easingNode) == .sequence, !isSingleCurve(easingNode, context.tree) {
                if let items = context.list(easingNode, for: "easing") {
                    var curves: [TimingCurve] = []
                    curves.reserveCapacity(items.count)
                    for item in items {
                        if let curve = easing(item, key: "easing", &context) { curves.append(curve) } else { reader.failed = true }
                    }
                    tween.easings = context.sharedLists.curves.share(curves)
                    tween.easingIsList = true
                } else {
                    reader.failed = true
                }
            } else if let curve = easing(easingNode, key: "easing", &context) {
                tween.easings = context.sharedLists.curves.share([curve])
            } else {
                reader.failed = true
            }
        }
        if let d = reader.read("duration", &context, { $0.duration($1, for: "duration") }) { tween.duration = d }
        if let d = reader.read("delay", &context, { $0.duration($1, for: "delay") }) { tween.delay = d }
        if let r = reader.read("repeat", &context, { repeatCount($1, &$0) }) { tween.repeatCount = r }
        if let a = reader.read("autoreverse", &context, { $0.bool($1, for: "autoreverse") }) { tween.autoreverses = a }
    }

    static func repeatCount(_ node: YAMLNodeID, _ context: inout DecodingContext) -> RepeatCount? {
        let tree = context.tree
        if tree.kind(node) == .scalar, tree.double(node) == nil, tree.string(node) == "forever" { return .forever }
        guard tree.kind(node) == .scalar, !tree.isNull(node), let count = tree.double(node) else {
            context.report(
                .D003, "`repeat` expects a number of passes or forever, found \(context.describe(node))", at: context.range(node),
                help: tree.kind(node) == .scalar ? ForeignNames.repeatHelp(tree.string(node)) : nil)
            return nil
        }
        guard count.isFinite, count > 0 else {
            context.report(
                .D005, "`repeat` must be a finite number greater than 0 (or forever), found \(tree.string(node))",
                at: context.range(node), help: count.isInfinite ? "write `repeat: forever`" : nil)
            return nil
        }
        guard count <= DecodingContext.largestMagnitude else {
            context.report(
                .D005, "`repeat` must be at most 1e9 passes, found \(tree.string(node))", at: context.range(node),
                help: "write `repeat: forever` for endless motion")
            return nil
        }
        return .count(count)
    }

    // MARK: Spring

    static func spring(_ reader: inout ParameterReader, _ context: inout DecodingContext) -> Spring? {
        guard let property = propertyPath(&reader, &context) else {
            reader.failed = true
            return nil
        }
        let destination = reader.read("destination", &context) { $0.value($1, for: property, key: "destination") }
        let parameters = springParameters(&reader, &context)
        let velocity = reader.read("initialVelocity", &context) { ctx, node in
            // Velocities may be any sign and are not range-checked like values.
            ctx.velocity(node, for: property, key: "initialVelocity")
        }
        guard let destination else { return nil }
        return Spring(property: property, destination: destination, parameters: parameters, initialVelocity: velocity)
    }

    // MARK: Transition tween

    static func transitionTween(_ reader: inout ParameterReader, _ context: inout DecodingContext) -> TransitionTween? {
        guard let property = propertyPath(&reader, &context) else {
            reader.failed = true
            return nil
        }
        let back = reader.read("back", &context) { $0.value($1, for: property, key: "back") }
        let fore = reader.read("fore", &context) { $0.value($1, for: property, key: "fore") }
        guard let back, let fore else { return nil }
        var transition = TransitionTween(property: property, back: back, fore: fore)
        if let d = reader.choice("direction", &context, TransitionDirection.self) { transition.direction = d }
        if let w = reader.read("window", &context, { $0.duration($1, for: "window") }) { transition.window = w }
        if let s = reader.read("segment", &context, { segment($1, &$0) }) { transition.segment = s }
        if let e = reader.read("easing", &context, { easing($1, key: "easing", &$0) }) { transition.easing = e }
        transition.backwardEasing = reader.read("backwardEasing", &context) { easing($1, key: "backwardEasing", &$0) }
        return transition
    }

    static func segment(_ node: YAMLNodeID, _ context: inout DecodingContext) -> TransitionSegment? {
        guard context.expectMapping(node, for: "segment") else { return nil }
        var segment = TransitionSegment()
        var ok = true
        context.forEachPair(in: node, known: ["position", "length"], context: "`segment`") { ctx, key, pair in
            guard let value = ctx.number(pair.value, for: key) else {
                ok = false
                return
            }
            if key == "position" { segment.position = value } else { segment.length = value }
        }
        guard ok else { return nil }
        let epsilon = 0.00001
        guard segment.position >= -epsilon, segment.length >= -epsilon, segment.position + segment.length <= 1 + epsilon else {
            context.report(
                .D005, "a segment needs 0 <= position, 0 <= length and position + length <= 1", at: context.range(node))
            return nil
        }
        return segment
    }
}

extension DecodingContext {
    /// A velocity for `path`: the path's shape (a number for `scale` means both axes), any sign.
    ///
    /// A single number on another point property (`position`, `anchorPoint`) is an error (D003):
    /// a fling is per axis, and one number for both would kick the layer diagonally.
    mutating func velocity(_ node: YAMLNodeID, for path: PropertyPath, key: String) -> MotionValue? {
        switch path.kind {
        case .scalar: return number(node, for: key).map(MotionValue.scalar)
        case .point:
            if tree.kind(node) == .scalar, path.property == .scale { return number(node, for: key).map { .point($0, $0) } }
            if tree.kind(node) == .scalar, !tree.isNull(node), let n = number(node, for: key) {
                let text = Self.format(n)
                // `by:` reads as a velocity does (any sign), but it is a change, not a speed.
                let (what, motion) = key == "by" ? ("change per axis [dx, dy]", "move") : ("velocity per axis [vx, vy]", "fling")
                report(
                    .D003, "`\(key)` on \(path) expects a \(what), found the number \(text)",
                    at: range(node),
                    help:
                        "write `[\(text), 0]` for a horizontal \(motion), `[0, \(text)]` for a vertical one, or `\(path).x` as the property"
                )
                return nil
            }
            return point(node, for: key)
        case .size:
            let size = key == "by" ? "a size change [width, height]" : "a size velocity [width, height]"
            return numbers(node, count: 2, for: key, expected: size).map { .size($0[0], $0[1]) }
        case .color:
            let colour = key == "by" ? "a colour change [r, g, b, a]" : "a colour velocity [r, g, b, a]"
            return numbers(node, count: 4, for: key, expected: colour).map { .color($0[0], $0[1], $0[2], $0[3]) }
        }
    }
}
