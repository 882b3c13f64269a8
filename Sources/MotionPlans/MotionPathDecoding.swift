import MotionCore
import MotionDiagnostics
import MotionRuntime
import MotionYAML

/// Decoding of motion-path tweens (docs/format.md §7.3): `path:` and `orient:`.
extension IntentionDecoder {
    /// The keys a path replaces: giving one of them with `path` is D003.
    static let keysPathReplaces = ["values", "from", "to", "by", "properties"]

    /// Whether the op is a motion-path tween (it gives `path` or `orient`).
    static func isPathTween(_ reader: ParameterReader) -> Bool {
        reader.nodes["path"] != nil || reader.nodes["orient"] != nil
    }

    /// A tween with `path:` (and perhaps `orient:`): D003 with the keys it replaces, W008 on
    /// another property than `position`, with `offsets` or a list of easings, or `orient` alone.
    static func pathTween(_ reader: inout ParameterReader, _ context: inout DecodingContext) -> Tween? {
        guard let pathNode = reader.nodes["path"] else {
            if let orientNode = reader.nodes["orient"] {
                context.report(
                    .W008, "`orient` turns the layer along a motion path, and this tween has no `path`",
                    at: context.range(orientNode), help: "add `path: [start, [c1, c2, end], ...]`, or remove `orient`")
            }
            reader.failed = true
            return nil
        }
        for key in keysPathReplaces {
            guard let node = reader.nodes[key] else { continue }
            context.report(
                .D003, "`path` cannot be combined with `\(key)`: the path gives the positions", at: context.range(node),
                help: "remove `\(key)`, or animate with `\(key)` and remove `path`")
            reader.failed = true
        }
        guard reader.nodes["properties"] == nil else { return nil }
        guard let property = propertyPath(&reader, &context) else {
            reader.failed = true
            return nil
        }
        if property != PropertyPath(.position), let node = reader.nodes["property"] {
            context.report(
                .W008, "`path` moves `position`, not `\(property)`", at: context.range(node),
                help: property.property == .position
                    ? "write `property: position`: a path moves both coordinates" : "write `property: position`, or use `values`")
            reader.failed = true
        }
        let path = motionPath(pathNode, &context)
        if path == nil { reader.failed = true }
        var tween = Tween(property: PropertyPath(.position), values: [])
        tween.path = path
        sharedTiming(&tween, &reader, &context)
        if let node = reader.nodes["offsets"] {
            context.report(
                .W008, "`offsets` do not apply to a motion path: eased progress maps to arc length along it",
                at: context.range(node), help: "remove `offsets`; to pause on the way, split the path into two tweens")
            reader.failed = true
        }
        if tween.easingIsList, tween.easings.count != 1, let node = reader.nodes["easing"] {
            context.report(
                .W008, "a motion path takes one easing over its whole length, found a list of \(tween.easings.count)",
                at: context.range(node), help: "give one curve, such as `easing: standard`")
            reader.failed = true
        }
        if let node = reader.nodes["orient"] {
            if let orient = orientFlag(node, &context) { tween.orients = orient } else { reader.failed = true }
        }
        return tween
    }

    /// `orient: true | false`; D003 otherwise, with help for the CSS and Core Animation words.
    static func orientFlag(_ node: YAMLNodeID, _ context: inout DecodingContext) -> Bool? {
        let tree = context.tree
        if tree.kind(node) == .scalar, ["auto", "auto-reverse", "rotateAuto", "reverse"].contains(tree.string(node)) {
            context.report(
                .D003, "`orient` expects true or false, found \(context.describe(node))", at: context.range(node),
                help: "write `orient: true` (CSS `offset-rotate: auto`, Core Animation `rotationMode` auto)")
            return nil
        }
        return context.bool(node, for: "orient")
    }

    /// `[start, [c1, c2, end], ...]`: a start point and at least one cubic segment (D003 when the
    /// shape differs, D005 for a number that is not finite).
    static func motionPath(_ node: YAMLNodeID, _ context: inout DecodingContext) -> MotionPath? {
        guard let items = context.list(node, for: "path") else { return nil }
        let tree = context.tree
        guard items.count >= 2 else {
            let found = items.count == 1 ? "only the start point" : "nothing"
            context.report(
                .D003, "`path` needs a start point and at least one segment [c1, c2, end], found \(found)",
                at: context.range(node), help: "for example `path: [[40, 300], [[40, 100], [280, 100], [280, 40]]]`")
            return nil
        }
        var points: [SIMD2<Double>] = []
        points.reserveCapacity(1 + 3 * (items.count - 1))
        var failed = false
        for (i, item) in items.enumerated() {
            if i == 0 {
                guard let start = context.point(item, for: "path") else { return nil }
                points.append(SIMD2(start[0], start[1]))
                continue
            }
            let isPoint = tree.kind(item) == .sequence && tree.count(item) == 2 && tree.items(item).allSatisfy { tree.kind($0) == .scalar }
            guard tree.kind(item) == .sequence, tree.count(item) == 3, !isPoint else {
                context.report(
                    .D003,
                    "`path` entry \(i + 1) should be a cubic segment [c1, c2, end] (three points), found "
                        + (isPoint ? "a point" : context.describe(item)),
                    at: context.range(item),
                    help: isPoint
                        ? "after the start point each entry is a segment; a straight one can repeat its ends: [start, end, end]"
                        : "write each segment as [[c1x, c1y], [c2x, c2y], [x, y]]")
                failed = true
                continue
            }
            for point in tree.items(item) {
                guard let p = context.point(point, for: "path") else {
                    failed = true
                    continue
                }
                points.append(SIMD2(p[0], p[1]))
            }
        }
        guard !failed else { return nil }
        // Coordinates within ±1e9 always measure; this stays for a path the limit ever lets through.
        guard let path = MotionPath(points: points) else {
            context.report(
                .D005, "`path` is too large to measure: its length is not a finite number", at: context.range(node),
                help: "keep coordinates within the canvas's range")
            return nil
        }
        return path
    }
}
