public import MotionCore

/// A layer moved by one motion path alone, which players can carry as their own path.
///
/// The path animation gives the layer's whole `position` over an export's span; ``before`` is
/// what shows before it is added (docs/format.md §7.3; docs/export.md §3 and §4).
public struct SolePath: Sendable {
    /// The one path animation on the property.
    public var animation: PathAnimation
    /// When the animation was added (the commit); before it `before` shows.
    public var addedTime: Double
    /// The model value before the animation was added.
    public var before: MotionValue
}

extension TimelineTracks {
    /// The path animation that alone gives `position` (or, with `orient`, `rotation`) on `layer`.
    ///
    /// It is found when the property's only event adds it (whole, not per coordinate); nil
    /// otherwise.
    public func solePath(layer: Int, property: LayerProperty = .position) -> SolePath? {
        // The history read in place (a copy retains and releases its arrays).
        guard let h = historyNumber(layer, property), histories[h].samplers.count == 2,
            let j = histories[h].samplers[1].soleEntry, histories[h].samplers[1].span(j).component == ChannelLog.wholeProperty,
            case .path(let animation) = histories[h].samplers[1].animation(j),
            animation.output == (property == .rotation ? .angle : .position)
        else { return nil }
        return SolePath(animation: animation, addedTime: histories[h].samplers[1].span(j).added, before: histories[h].samplers[0].model)
    }
}

/// One keyframe of a motion path as players with spatial keyframes store it.
///
/// It holds a point, the tangents of the segment that leaves it, and the easing of that segment's time.
public struct PathKeyframe: Hashable, Sendable {
    /// Seconds.
    public var time: Double
    /// Where the layer is at ``time``: the start of a Bézier segment.
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

/// Motion paths as players' own path keyframes, one per Bézier segment (docs/export.md §3 and §4).
///
/// Each keyframe is timed where the eased progress reaches the segment's share of the arc length,
/// with the easing cut exactly at those moments.
public enum PathKeyframes {
    /// The keyframes of `sole` shifted by `offset`, passes unrolled until `until` seconds.
    ///
    /// Nil when the player's per-segment timing cannot give it exactly: a fractional number of
    /// passes, a zero duration, or an easing whose value leaves 0...1 or turns back (eased
    /// progress beyond the ends follows the end tangents, which a player's segment does not).
    ///
    /// A backward pass (autoreverse) runs the segments in reverse order, each with its tangents
    /// swapped and its easing piece reversed; a forward pass after a forward pass jumps back to
    /// the start.
    ///
    /// - Complexity: O(p·n) for p passes of n segments, plus one bisection of the easing per segment.
    public static func keyframes(_ sole: SolePath, offset: SIMD2<Double> = .zero, until: Double) -> [PathKeyframe]? {
        let a = sole.animation
        let path = a.path
        let passes = a.repeatCount * (a.autoreverses ? 2 : 1)
        let d = a.duration
        guard d > 0, path.length > 0, passes > 0, passes == passes.rounded(.down), let cuts = EasingCuts(a.timingFunction)
        else { return nil }
        let passCount = passes.isFinite ? Int(min(passes, 1e6)) : Int(min(max((until - a.beginTime) / d, 1).rounded(.up), 1e6))
        // One pass forward: per segment with a length, its start time fraction and easing piece.
        var forward: [(segment: Int, time: Double, endTime: Double, easing: TimingCurve)] = []
        var previousFraction = 0.0
        var previousS = 0.0
        for i in 0..<path.segmentCount {
            let fraction = i == path.segmentCount - 1 ? 1 : path.length(throughSegment: i) / path.length
            guard fraction > previousFraction else { continue }
            let s = fraction >= 1 ? 1 : cuts.parameter(atValue: fraction)
            guard let piece = cuts.piece(from: previousS, to: s) else { return nil }
            forward.append((i, cuts.time(at: previousS), cuts.time(at: s), piece))
            previousFraction = fraction
            previousS = s
        }
        func point(_ i: Int) -> SIMD2<Double> { path.points[i] + offset }
        var keyframes: [PathKeyframe] = []
        let start = point(0)
        let before = SIMD2(sole.before[0], sole.before[1]) + offset
        if sole.addedTime > 0, before != start {
            keyframes.append(PathKeyframe(time: 0, point: before, outTangent: .zero, inTangent: .zero, easing: nil, hold: true))
            if a.beginTime > sole.addedTime {
                keyframes.append(
                    PathKeyframe(time: sole.addedTime, point: start, outTangent: .zero, inTangent: .zero, easing: nil, hold: true))
            }
        }
        // Pass starts as the presentation samples them: decimal sums (docs/format.md §2.2).
        let timing = a.timing(addedTime: sole.addedTime)
        var backwardLast = false
        for k in 0..<passCount {
            let passStart = timing.passStart(Double(k))
            let backward = a.autoreverses && k % 2 == 1
            if k > 0, !backward, !backwardLast {
                // A forward pass after a forward pass: the end holds until the jump to the start.
                keyframes.append(
                    PathKeyframe(
                        time: passStart, point: point(path.points.count - 1), outTangent: .zero, inTangent: .zero, easing: nil, hold: true))
            }
            if backward {
                for piece in forward.reversed() {
                    let i = 3 * piece.segment
                    keyframes.append(
                        PathKeyframe(
                            time: passStart + (1 - piece.endTime) * d, point: point(i + 3), outTangent: point(i + 2) - point(i + 3),
                            inTangent: point(i + 1) - point(i), easing: piece.easing.reversed, hold: false))
                }
            } else {
                for piece in forward {
                    let i = 3 * piece.segment
                    keyframes.append(
                        PathKeyframe(
                            time: passStart + piece.time * d, point: point(i), outTangent: point(i + 1) - point(i),
                            inTangent: point(i + 2) - point(i + 3), easing: piece.easing, hold: false))
                }
            }
            backwardLast = backward
        }
        let last = backwardLast ? start : point(path.points.count - 1)
        keyframes.append(
            PathKeyframe(
                time: timing.passStart(Double(passCount)), point: last, outTangent: .zero, inTangent: .zero, easing: nil, hold: false))
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
