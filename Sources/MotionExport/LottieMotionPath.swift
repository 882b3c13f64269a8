import MotionCore
import MotionJSON
import MotionTimeline

/// Motion paths in Lottie (docs/export.md, motion paths): a position property with spatial
/// keyframes (`to`/`ti`), whose players move along each segment by arc length.
extension LottieExporter {
    /// The spatial keyframes of `layer`'s position when one motion path alone moves it (and its
    /// parent's anchor offset does not move); nil otherwise. Records both coordinates as exact.
    func spatialPosition(_ layer: Int) -> [PathKeyframe]? {
        guard let sole = tracks.solePath(layer: layer) else { return nil }
        var offset = SIMD2<Double>.zero
        if let parent = tracks.timeline.layers[layer].parent {
            for c in 0..<2 {
                let shift = derived(parent, [(.anchorPoint, c), (.size, c)]) { $0[0] * $0[1] }
                guard shift.isConstant else { return nil }
                offset[c] = shift.segments.first?.from ?? 0
            }
        }
        guard let keyframes = PathKeyframes.keyframes(sole, offset: offset, until: tracks.span.upperBound) else { return nil }
        for c in 0..<2 {
            let path = PropertyPath(.position, component: c)
            items[Self.code(layer, path)] = ExportItem(
                target: tracks.timeline.layers[layer].id, property: path.description, method: .exact, keyframes: keyframes.count,
                maxError: 0, reason: nil)
        }
        return keyframes
    }

    /// Writes spatial keyframes as a Lottie position: `s` the point, `to`/`ti` the segment's
    /// tangents, one easing handle pair for the segment's progress along it.
    static func spatialProperty(_ keyframes: [PathKeyframe], frame: (Double) -> Double, to json: inout JSONStream) {
        animated(count: keyframes.count, to: &json) { k, json in
            let keyframe = keyframes[k]
            json.member(plain: "t", frame(keyframe.time))
            json.key(plain: "s")
            json.numbers([keyframe.point.x, keyframe.point.y])
            guard k < keyframes.count - 1 else { return }
            let (x1, y1, x2, y2) = (keyframe.easing ?? .linear).controlPoints
            for (key, x, y) in [("o", x1, y1), ("i", x2, y2)] {
                json.key(key)
                json.object { json in
                    json.member(plain: "x", x)
                    json.member(plain: "y", y)
                }
            }
            json.key(plain: "to")
            json.numbers([keyframe.outTangent.x, keyframe.outTangent.y])
            json.key(plain: "ti")
            json.numbers([keyframe.inTangent.x, keyframe.inTangent.y])
            json.member(plain: "h", keyframe.hold ? 1 : 0)
        }
    }
}
