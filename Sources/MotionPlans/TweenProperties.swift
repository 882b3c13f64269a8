import MotionCore
import MotionDiagnostics
import MotionRuntime
import MotionYAML

/// Several properties on one tween timing, and relative values (docs/format.md §7.2).
extension IntentionDecoder {
    /// The keys `properties:` replaces.
    static let replacedByProperties = ["property", "values", "from", "to", "by"]

    /// A `properties: {PATH: VALUES, ...}` tween: one tween per property, sharing the op's
    /// timing keys. Returns the first; the others go to `reader.companions`.
    static func propertiesTween(_ node: YAMLNodeID, _ reader: inout ParameterReader, _ context: inout DecodingContext) -> Tween? {
        for key in replacedByProperties {
            guard let other = reader.nodes[key] else { continue }
            context.report(
                .D003, "`\(key)` cannot be combined with `properties`, which names each property with its values",
                at: context.range(other), help: "move it into `properties`, e.g. properties: { opacity: { to: 1 } }")
            reader.failed = true
        }
        guard context.expectMapping(node, for: "properties") else {
            reader.failed = true
            return nil
        }
        var tweens: [Tween] = []
        var changes: [SourceRange?] = []
        var seen: [(PropertyPath, SourceRange)] = []
        let known = PropertyPath.all.filter(\.property.isAnimatable).map(\.description)
        context.forEachPair(
            in: node, known: known, context: "`properties`", unknownCode: .D009, extraHelp: { key, _, _ in ForeignNames.propertyHelp(key) }
        ) { ctx, key, pair in
            guard let path = PropertyPath(key) else { return }
            if let (other, range) = seen.first(where: { $0.0.property == path.property }) {
                ctx.report(
                    .W007, "`\(key)` and `\(other)` in one tween: a property and its component would drive the same value twice",
                    at: ctx.range(pair.key), notes: [DiagnosticNote("`\(other)` is given here", at: range)],
                    help: "animate `\(path.property.rawValue)` as a whole, or only its components")
                reader.failed = true
                return
            }
            seen.append((path, ctx.range(pair.key)))
            guard let tween = propertyTween(path, pair.value, &ctx) else {
                reader.failed = true
                return
            }
            tweens.append(tween)
            changes.append(tween.isRelative ? ctx.tree.value(forKey: "by", in: pair.value).map { ctx.range($0) } : nil)
        }
        if changes.contains(where: { $0 != nil }) { reader.changeRanges = changes }
        guard var first = tweens.first else {
            if !reader.failed, context.tree.count(node) == 0 {
                context.report(.W001, "`properties` is empty: name at least one property and its values", at: context.range(node))
                reader.failed = true
            }
            return nil
        }
        sharedTiming(&first, &reader, &context)
        reader.companions = tweens.dropFirst().map { tween in
            var shared = first
            shared.property = tween.property
            shared.values = tween.values
            shared.isRelative = tween.isRelative
            return shared
        }
        for tween in [first] + reader.companions { checkRate(tween, &reader, &context) }
        return first
    }

    /// One entry of `properties`: a list of values, or `{from, to}`, `{to}` or `{by}`.
    static func propertyTween(_ path: PropertyPath, _ node: YAMLNodeID, _ context: inout DecodingContext) -> Tween? {
        let key = path.description
        switch context.tree.kind(node) {
        case .sequence:
            guard let items = context.list(node, for: key) else { return nil }
            var values: [MotionValue] = []
            for item in items {
                guard let value = context.value(item, for: path, key: key) else { return nil }
                values.append(value)
            }
            return Tween(property: path, values: values)
        case .mapping:
            var from: MotionValue?
            var to: MotionValue?
            var by: MotionValue?
            var ok = true
            context.forEachPair(in: node, known: ["from", "to", "by"], context: "`properties.\(key)`") { ctx, name, pair in
                let value =
                    name == "by" ? change(pair.value, for: path, &ctx) : ctx.value(pair.value, for: path, key: name)
                guard let value else {
                    ok = false
                    return
                }
                switch name {
                case "from": from = value
                case "to": to = value
                default: by = value
                }
            }
            guard ok else { return nil }
            if let by {
                guard from == nil, to == nil else {
                    context.report(.D003, "`by` cannot be combined with `from` or `to`", at: context.range(node))
                    return nil
                }
                var tween = Tween(property: path, values: [by])
                tween.isRelative = true
                return tween
            }
            guard let to else {
                context.report(
                    .D004, "`to` is missing: `properties.\(key)` needs `to` (or `by`, or a list of values)", at: context.range(node))
                return nil
            }
            return Tween(property: path, values: (from.map { [$0] } ?? []) + [to])
        case .scalar:
            context.typeMismatch(node, expected: "a list of values, or {from, to}, {to} or {by}", for: key)
            return nil
        }
    }

    /// `by: V`: the tween runs from the presented value to it plus V (any sign; a point takes a
    /// point). D003 with `values`, `from` or `to`.
    static func relative(
        _ node: YAMLNodeID, conflicting other: YAMLNodeID?, _ tween: inout Tween, _ reader: inout ParameterReader,
        _ context: inout DecodingContext
    ) {
        if let other {
            context.report(
                .D003, "`by` cannot be combined with `values`, `from` or `to`: it is a change from the presented value",
                at: context.range(other))
            reader.failed = true
            return
        }
        guard let change = change(node, for: tween.property, &context) else {
            reader.failed = true
            return
        }
        tween.values = [change]
        tween.isRelative = true
    }

    /// A change of a value of `path` (`by:`): any sign; a point takes `[dx, dy]` (a number only
    /// for `scale`, meaning both axes).
    static func change(_ node: YAMLNodeID, for path: PropertyPath, _ context: inout DecodingContext) -> MotionValue? {
        let tree = context.tree
        if path.kind == .point, path.property != .scale, tree.kind(node) == .scalar, !tree.isNull(node), tree.double(node) != nil {
            let text = tree.string(node)
            context.report(
                .D003, "`by` on \(path) expects a change per axis [dx, dy], found the number \(text)", at: context.range(node),
                help: "write `[\(text), 0]` to move along x, `[0, \(text)]` along y, or `\(path).x` as the property")
            return nil
        }
        return context.velocity(node, for: path, key: "by")
    }
}
