import MotionCore

/// The animations a motion-path tween becomes (docs/format.md §7.3): a path animation on
/// `position` and, with `orient: true`, one on `rotation` under the key ``orientKey(_:)``.
enum PathTween {
    /// One animation to add: where, under which key, and the value of its last moment.
    struct Part {
        var path: PropertyPath
        var key: String
        var animation: Animation
        var last: MotionValue
        var end: Double
    }

    /// The key of the rotation half of the path tween keyed `key`.
    static func orientKey(_ key: String) -> String { key + "#orient" }

    /// The parts of `tween` (which has a path) committed at `now` under `key`; `rotation` is the
    /// presented rotation the tangent's angle is added to.
    static func parts(of tween: Tween, path: MotionPath, key: String, rotation: Double, now: Double) -> [Part] {
        let position = PathAnimation(
            path: path, output: .position, timingFunction: tween.easings.first ?? .linear,
            beginTime: now + (tween.delay > 0 ? tween.delay : 0), duration: tween.duration > 0 ? tween.duration : 0,
            repeatCount: tween.repeatCount.value, autoreverses: tween.autoreverses)
        var parts = [part(position, PropertyPath(.position), key: key, now: now)]
        if tween.orients {
            var angle = position
            angle.output = .angle
            angle.angleOffset = rotation
            parts.append(part(angle, PropertyPath(.rotation), key: orientKey(key), now: now))
        }
        return parts
    }

    private static func part(_ animation: PathAnimation, _ path: PropertyPath, key: String, now: Double) -> Part {
        let timing = animation.timing(addedTime: now)
        let end = timing.end
        let last = animation.value(atProgress: end.isFinite ? timing.progress(at: end) : 0)
        return Part(path: path, key: key, animation: .path(animation), last: last, end: end)
    }
}
