import MotionCore
import MotionDiagnostics
import MotionYAML

/// Snap points of a tossable (docs/format.md §7.6), chosen as UIKit's scroll views project a
/// fling: where the layer would come to rest decelerating at 0.998 per millisecond.
public enum SnapPoints {
    /// UIKit's `UIScrollView.DecelerationRate.normal`: the velocity kept per millisecond.
    public static let decelerationRate = 0.998

    /// The distance a fling of `velocity` (points per second) travels while decelerating:
    /// v / 1000 x rate / (1 - rate) per axis.
    public static func projection(of velocity: Double) -> Double {
        velocity / 1000 * decelerationRate / (1 - decelerationRate)
    }

    /// The snap point nearest (Euclidean distance; the first on a tie) to `position` projected
    /// with `velocity`; nil when there are no points.
    public static func target(position: MotionValue, velocity: MotionValue, points: [MotionValue]) -> MotionValue? {
        let x = position[0] + projection(of: velocity[0])
        let y = position[1] + projection(of: velocity[1])
        return points.min { a, b in
            let da = (a[0] - x) * (a[0] - x) + (a[1] - y) * (a[1] - y)
            let db = (b[0] - x) * (b[0] - x) + (b[1] - y) * (b[1] - y)
            return da < db
        }
    }
}

extension IntentionDecoder {
    /// `snap: [[x, y], ...]` of a tossable; D003 with `destination` or when empty.
    static func snapPoints(_ reader: inout ParameterReader, _ context: inout DecodingContext) -> [MotionValue]? {
        guard reader.nodes["snap"] != nil else { return nil }
        if let destination = reader.nodes["destination"] {
            context.report(
                .D003, "`snap` and `destination` cannot be combined: the snap point chosen at release is the destination",
                at: context.range(destination), help: "remove `destination`, or list it among the snap points")
            reader.failed = true
            return nil
        }
        return reader.read("snap", &context) { ctx, node in
            guard let items = ctx.list(node, for: "snap") else { return nil }
            guard !items.isEmpty else {
                ctx.report(.D003, "`snap` needs at least one point [x, y]", at: ctx.range(node))
                return nil
            }
            var points: [MotionValue] = []
            for item in items {
                guard let point = ctx.point(item, for: "snap") else { return nil }
                points.append(point)
            }
            return points
        }
    }
}
