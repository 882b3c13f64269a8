import MotionCore
import MotionTimeline

/// Motion paths in CSS (docs/export.md, motion paths): `offset-path: path(...)` with an
/// `offset-distance` animation from 0% to 100%, which browsers move along by arc length, and
/// `offset-rotate: auto` for `orient`.
///
/// The element's anchor point (its `transform-origin`, which `offset-anchor: auto` follows) is
/// placed on the path in its containing block's coordinates: the canvas, or the parent's
/// sublayers block at the parent's anchor point, as motionc's positions are. Rotation and scale
/// move into `transform`, which applies after the offset, about the anchor point.
struct CSSMotionPath {
    let sole: SolePath
    /// Whether the rotation is the path's tangent angle alone (`offset-rotate: auto`).
    let orients: Bool
    /// With `orients`: the rotation the tangent's angle is added to.
    let rotationOffset: Double
    let layer: Int

    /// The layer's motion path, when CSS carries it exactly: one path animation alone gives its
    /// position, the layer shows the path's start from the beginning, and the eased progress
    /// stays within 0...1 (an open path's `offset-distance` is clamped to its length).
    init?(_ tracks: TimelineTracks, layer: Int) {
        guard let sole = tracks.solePath(layer: layer), sole.animation.duration > 0, sole.animation.path.length > 0,
            EasingCuts(sole.animation.timingFunction) != nil
        else { return nil }
        let start = sole.animation.path.start
        guard sole.addedTime <= 0 || (sole.before[0] == start.x && sole.before[1] == start.y) else { return nil }
        self.sole = sole
        self.layer = layer
        if let angle = tracks.solePath(layer: layer, property: .rotation) {
            var same = angle.animation
            same.output = .position
            same.angleOffset = 0
            orients = same == sole.animation && angle.addedTime == sole.addedTime
            rotationOffset = orients ? angle.animation.angleOffset : 0
        } else {
            orients = false
            rotationOffset = 0
        }
    }

    /// Declarations that undo a motion path's: for a reduced-motion variant that has none.
    static let reset = ["offset-path: none", "transform: none"] + CSSExporter.placement

    /// The keyframes rule's name.
    var name: String { "m\(layer)-offset" }

    /// The `path()` text: `M x y C c1 c2 end ...`.
    var pathData: String {
        let points = sole.animation.path.points
        var d = "M \(CSSExporter.number(points[0].x)) \(CSSExporter.number(points[0].y))"
        for i in stride(from: 1, to: points.count, by: 3) {
            d += " C"
            for p in points[i..<(i + 3)] { d += " \(CSSExporter.number(p.x)) \(CSSExporter.number(p.y))" }
        }
        return d
    }

    /// The element's declarations: the path, the rotation mode, and the transform that replaces
    /// the individual translate, rotate and scale.
    var declarations: [String] {
        let rotation =
            orients ? "\(CSSExporter.number(rotationOffset))deg" : "calc(var(--rotation) * 1deg)"
        return [
            "offset-path: path(\"\(pathData)\")", "offset-distance: 0%", "offset-rotate: \(orients ? "auto" : "0deg")",
            "translate: none", "rotate: none", "scale: none",
            "transform: rotate(\(rotation)) scale(var(--scale-x), var(--scale-y))",
        ]
    }

    /// The `@keyframes` rule: offset-distance from 0% to 100% under the path's easing.
    var rule: String {
        let easing = CSSExporter.timing(sole.animation.timingFunction, hold: false)
        return "@keyframes \(name) {\n  0% { offset-distance: 0%; animation-timing-function: \(easing); }\n"
            + "  100% { offset-distance: 100%; }\n}\n"
    }

    /// The `animation` entry: the path's own timing, repeats and autoreverse as CSS iterations.
    ///
    /// A repeat that does not autoreverse jumps back to the path's start at each pass of an open
    /// path (and may turn there, with `orient`): it starts a jump lead early
    /// (``CSSExporter/iteration(_:name:passesJump:)``).
    var animation: String {
        let a = sole.animation
        let keyframe = KeyframeAnimation(
            values: [], keyTimes: [], timingFunctions: [], beginTime: a.beginTime, duration: a.duration, repeatCount: a.repeatCount,
            autoreverses: a.autoreverses)
        let points = a.path.points
        return CSSExporter.iteration(keyframe, name: name, passesJump: orients || points.first != points.last)
    }
}
