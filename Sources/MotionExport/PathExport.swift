public import MotionCore

/// One path animation that gives a layer's whole `position` over an export's span, with what
/// shows before it is added (docs/format.md §7.3; docs/export.md, motion paths).
public struct SolePath: Sendable {
    public var animation: PathAnimation
    /// When the animation was added (the commit); before it `before` shows.
    public var addedTime: Double
    /// The model value before the animation was added.
    public var before: MotionValue
}

extension TimelineTracks {
    /// The path animation that alone gives `position` (or, with `orient`, `rotation`) on
    /// `layer`, when the property's only event adds it (whole, not per coordinate); nil otherwise.
    public func solePath(layer: Int, property: LayerProperty = .position) -> SolePath? {
        guard let history = histories[layer * PresentationModel.channelsPerLayer + property.ordinal],
            history.channels.count == 2, history.channels[1].entries.count == 1, let entry = history.channels[1].entries.first,
            entry.component == nil, case .path(let animation) = entry.animation,
            animation.output == (property == .rotation ? .angle : .position)
        else { return nil }
        return SolePath(animation: animation, addedTime: entry.addedTime, before: history.channels[0].model)
    }
}

/// One keyframe of a motion path as players with spatial keyframes store it: a point, the
/// tangents of the segment that leaves it, and the easing of that segment's time.
public struct PathKeyframe: Hashable, Sendable {
    /// Seconds.
    public var time: Double
    public var point: SIMD2<Double>
    /// The segment's first control point minus `point` (Lottie's `to`).
    public var outTangent: SIMD2<Double>
    /// The segment's second control point minus the next keyframe's point (Lottie's `ti`).
    public var inTangent: SIMD2<Double>
    /// How the segment's time maps to its arc length; nil on the last keyframe.
    public var easing: TimingCurve?
    /// Whether the point holds until the next keyframe (a jump there).
    public var hold: Bool
}

/// Motion paths as players' own path keyframes: one keyframe per Bézier segment, timed where the
/// eased progress reaches the segment's share of the arc length, with the easing cut exactly at
/// those moments (docs/export.md, motion paths).
public enum PathKeyframes {
    /// The keyframes of `sole` shifted by `offset`, or nil when the player's per-segment timing
    /// cannot give it exactly: repeats or autoreverse, a zero duration, or an easing whose value
    /// leaves 0...1 or turns back (eased progress beyond the ends follows the end tangents, which
    /// a player's segment does not).
    ///
    /// - Complexity: O(n) for n segments, each a bisection of the easing.
    public static func keyframes(_ sole: SolePath, offset: SIMD2<Double> = .zero) -> [PathKeyframe]? {
        let a = sole.animation
        let path = a.path
        guard a.repeatCount == 1, !a.autoreverses, a.duration > 0, path.length > 0,
            let cuts = EasingCuts(a.timingFunction)
        else { return nil }
        var keyframes: [PathKeyframe] = []
        let start = path.start + offset
        let before = SIMD2(sole.before[0], sole.before[1]) + offset
        let begin = a.beginTime
        if sole.addedTime > 0, before != start {
            keyframes.append(PathKeyframe(time: 0, point: before, outTangent: .zero, inTangent: .zero, easing: nil, hold: true))
        }
        if begin > sole.addedTime, sole.addedTime > 0, before != start {
            keyframes.append(
                PathKeyframe(time: sole.addedTime, point: start, outTangent: .zero, inTangent: .zero, easing: nil, hold: true))
        }
        var previousFraction = 0.0
        var previousS = 0.0
        for i in 0..<path.segmentCount {
            let fraction = i == path.segmentCount - 1 ? 1 : path.length(throughSegment: i) / path.length
            guard fraction > previousFraction else { continue }
            let s = fraction >= 1 ? 1 : cuts.parameter(atValue: fraction)
            guard let piece = cuts.piece(from: previousS, to: s) else { return nil }
            let p0 = path.points[3 * i] + offset
            let p3 = path.points[3 * i + 3] + offset
            keyframes.append(
                PathKeyframe(
                    time: begin + cuts.time(at: previousS) * a.duration, point: p0, outTangent: path.points[3 * i + 1] + offset - p0,
                    inTangent: path.points[3 * i + 2] + offset - p3, easing: piece, hold: false))
            previousFraction = fraction
            previousS = s
        }
        keyframes.append(
            PathKeyframe(time: begin + a.duration, point: path.end + offset, outTangent: .zero, inTangent: .zero, easing: nil, hold: false))
        return keyframes
    }
}

/// A cubic-bezier easing cut at moments where its value reaches given fractions: the pieces are
/// cubic-bezier easings again (de Casteljau), rescaled to the unit square.
struct EasingCuts {
    let p1: SIMD2<Double>
    let p2: SIMD2<Double>

    /// Nil when the easing's value leaves 0...1 or decreases somewhere.
    init?(_ curve: TimingCurve) {
        let (x1, y1, x2, y2) = curve.controlPoints
        p1 = SIMD2(x1, y1)
        p2 = SIMD2(x2, y2)
        var last = 0.0
        for k in 0...1024 {
            let y = point(at: Double(k) / 1024).y
            guard y >= last - 1e-12, y <= 1 + 1e-12 else { return nil }
            last = max(last, y)
        }
    }

    func point(at s: Double) -> SIMD2<Double> {
        let r = 1 - s
        return 3 * r * r * s * p1 + 3 * r * s * s * p2 + SIMD2(repeating: s * s * s)
    }

    /// The time fraction (x) at parameter `s`.
    func time(at s: Double) -> Double { point(at: s).x }

    /// The parameter where the value (y) first reaches `y` (bisection to the last bit).
    func parameter(atValue y: Double) -> Double {
        var lo = 0.0
        var hi = 1.0
        for _ in 0..<200 {
            let mid = (lo + hi) / 2
            if mid <= lo || mid >= hi { break }
            if point(at: mid).y < y { lo = mid } else { hi = mid }
        }
        return hi
    }

    /// The part of the curve between parameters `a` and `b` as an easing of its own; nil when
    /// its handles' x leave 0...1 (no player takes those).
    func piece(from a: Double, to b: Double) -> TimingCurve? {
        // Split at b, then the left part at a / b.
        let q = Self.split([.zero, p1, p2, SIMD2(1, 1)], at: b).left
        let r = b > 0 ? Self.split(q, at: a / b).right : q
        let span = r[3] - r[0]
        guard span.x > 0, span.y > 0 else { return nil }
        let h1 = (r[1] - r[0]) / span
        let h2 = (r[2] - r[0]) / span
        guard (0...1).contains(h1.x), (0...1).contains(h2.x) else { return nil }
        if h1 == SIMD2(h1.x, h1.x), h2 == SIMD2(h2.x, h2.x) { return .linear }
        return .cubicBezier(x1: h1.x, y1: h1.y, x2: h2.x, y2: h2.y)
    }

    /// de Casteljau's split of a cubic at `t`.
    static func split(_ p: [SIMD2<Double>], at t: Double) -> (left: [SIMD2<Double>], right: [SIMD2<Double>]) {
        func mix(_ a: SIMD2<Double>, _ b: SIMD2<Double>) -> SIMD2<Double> { a + (b - a) * t }
        let a = mix(p[0], p[1])
        let b = mix(p[1], p[2])
        let c = mix(p[2], p[3])
        let d = mix(a, b)
        let e = mix(b, c)
        let f = mix(d, e)
        return ([p[0], a, d, f], [f, e, c, p[3]])
    }
}
