import MotionCore
import MotionDiagnostics
import MotionYAML

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
