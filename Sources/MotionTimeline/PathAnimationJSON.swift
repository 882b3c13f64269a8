import MotionCore
import MotionJSON

/// The `path` animation kind of a baked timeline (docs/format.md §5.2 and §7.3).
extension TimelineJSON {
    /// The most points a path may have in a timeline.
    public static let maximumPathPoints = 100_000

    /// A path animation as JSON, keys in a fixed order.
    static func encode(_ p: PathAnimation) -> JSONValue {
        .object([
            JSONMember("kind", .string("path")),
            JSONMember("points", .array(p.path.points.map { .numbers([$0.x, $0.y]) })),
            JSONMember("output", .string(outputName(p.output))),
            JSONMember("angleOffset", .number(p.angleOffset)),
            JSONMember("timingFunction", curve(p.timingFunction)),
            JSONMember("beginTime", .number(p.beginTime)),
            JSONMember("duration", .number(p.duration)),
            JSONMember("fillMode", .string(p.fillMode.rawValue)),
            JSONMember("repeatCount", p.repeatCount == .infinity ? .string("forever") : .number(p.repeatCount)),
            JSONMember("autoreverses", .bool(p.autoreverses)),
        ])
    }

    /// The name of a path animation's output in a timeline.
    static func outputName(_ output: PathAnimation.Output) -> String {
        switch output {
        case .position: "position"
        case .coordinate(let c): c == 1 ? "position.y" : "position.x"
        case .angle: "angle"
        }
    }

    /// Reads a path animation for an event whose property has values of `kind`: `position`
    /// output on a point, a coordinate or the angle on a scalar.
    static func decodePath(_ o: ObjectNode, kind: ValueKind) throws(TimelineError) -> PathAnimation {
        let pointsNode = try o.required("points")
        let items = try pointsNode.array()
        guard items.count <= maximumPathPoints else { throw pointsNode.error("more than \(maximumPathPoints) points") }
        var points: [SIMD2<Double>] = []
        points.reserveCapacity(items.count)
        for item in items {
            let xy = try item.numbers(count: 2)
            points.append(SIMD2(xy[0], xy[1]))
        }
        guard let path = MotionPath(points: points) else {
            throw pointsNode.error("expected a start point and then three points per cubic segment (1 + 3n points, n >= 1)")
        }
        let outputNode = try o.required("output")
        let output: PathAnimation.Output
        switch try outputNode.string() {
        case "position" where kind == .point: output = .position
        case "position.x" where kind == .scalar: output = .coordinate(0)
        case "position.y" where kind == .scalar: output = .coordinate(1)
        case "angle" where kind == .scalar: output = .angle
        default:
            throw outputNode.error(
                "expected \"position\" (on position), or \"position.x\", \"position.y\" or \"angle\" (on a scalar path)")
        }
        let angleOffset = try o.required("angleOffset").number()
        let curve = try o.required("timingFunction").curve()
        let (beginTime, duration, fill, repeatCount, autoreverses) = try o.passTiming()
        try o.checkKeys(TimelineSchema.Keys.pathAnimation)
        return PathAnimation(
            path: path, output: output, angleOffset: angleOffset, timingFunction: curve, beginTime: beginTime, duration: duration,
            repeatCount: repeatCount, autoreverses: autoreverses, fillMode: fill)
    }
}
