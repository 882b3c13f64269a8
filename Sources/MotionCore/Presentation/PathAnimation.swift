/// A motion along a path as the render server plays it (docs/format.md §7.3).
///
/// It is Core Animation's `CAKeyframeAnimation` with a `path`, `calculationMode` paced and, for
/// orient, `rotationMode` auto. Progress (``TweenTiming/progress(at:)``) is eased by
/// ``timingFunction``; the eased progress is a fraction of the path's arc length
/// (``MotionPath/point(atFraction:)``, along the end tangents outside 0...1). One path tween
/// becomes one such animation on `position` and, with `orient: true`, a second one on `rotation`
/// that shows ``angleOffset`` plus the tangent's angle.
public struct PathAnimation: Hashable, Sendable {
    /// What the animation presents.
    public enum Output: Hashable, Sendable {
        /// The point on the path (`position`).
        case position
        /// One coordinate of it: `position.x` is 0, `position.y` is 1.
        ///
        /// This is what remains of a path when physics or a gesture takes the other axis.
        case coordinate(Int)
        /// ``angleOffset`` plus the tangent's unwrapped angle in degrees (`rotation`).
        case angle
    }

    /// The path followed, at constant speed along its arc length before easing.
    public var path: MotionPath
    /// What the animation presents: the point, one of its coordinates, or the tangent's angle.
    public var output: Output
    /// For ``Output/angle``: the rotation the tangent's angle is added to; 0 otherwise.
    ///
    /// It is the presented rotation at the commit.
    public var angleOffset: Double
    /// The one easing of the whole path.
    public var timingFunction: TimingCurve
    /// When the first pass starts, on the clock the animation was added on (commit + delay).
    public var beginTime: Double
    /// Seconds of one pass.
    public var duration: Double
    /// Passes; may be fractional or infinite.
    public var repeatCount: Double
    /// Whether each repeat runs along the path, then back.
    public var autoreverses: Bool
    /// What shows outside the active time; always ``FillMode/both``.
    public var fillMode: FillMode

    /// Creates a path animation; the defaults play one pass forwards.
    public init(
        path: MotionPath, output: Output, angleOffset: Double = 0, timingFunction: TimingCurve, beginTime: Double, duration: Double,
        repeatCount: Double = 1, autoreverses: Bool = false, fillMode: FillMode = .both
    ) {
        self.path = path
        self.output = output
        self.angleOffset = angleOffset
        self.timingFunction = timingFunction
        self.beginTime = beginTime
        self.duration = duration
        self.repeatCount = repeatCount
        self.autoreverses = autoreverses
        self.fillMode = fillMode
    }

    /// The animation's timing when added at `addedTime` (the first pass starts at `beginTime`).
    public func timing(addedTime: Double) -> TweenTiming {
        TweenTiming(
            commitTime: addedTime, start: beginTime, duration: duration, repeatCount: repeatCount, autoreverses: autoreverses)
    }

    /// The presented value at progress `p` (0...1 within a pass).
    ///
    /// - Complexity: one curve solve and one arc-length lookup (O(log n) plus a few quadratures).
    @inlinable
    public func value(atProgress p: Double) -> MotionValue {
        let e = timingFunction.value(at: p)
        switch output {
        case .position:
            let point = path.point(atFraction: e)
            return .point(point.x, point.y)
        case .coordinate(let c):
            return .scalar(path.point(atFraction: e)[c == 1 ? 1 : 0])
        case .angle:
            return .scalar(angleOffset + path.angle(atFraction: e))
        }
    }

    /// The animation restricted to coordinate `c` of its point (an angle stays as it is).
    public func projected(toComponent c: Int) -> PathAnimation {
        guard output == .position else { return self }
        var copy = self
        copy.output = .coordinate(c)
        return copy
    }
}
