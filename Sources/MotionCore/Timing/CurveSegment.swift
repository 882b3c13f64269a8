/// One piece of a scalar curve as players store it: from `from` at `start` to `to` at `end`, eased.
///
/// Lottie keyframes and CSS keyframes store an animated scalar this way: between two keyframes the
/// value is `from + (to - from) * E(u)` with `u = (t - start) / (end - start)` and `E` a CSS
/// cubic-bezier ``TimingCurve``, or it holds `from` until `end` (a step). Because `E`'s output is
/// scaled by `to - from`, a segment between equal values can only be flat.
///
/// ``CurveFitter`` produces lists of segments; exporters write them as keyframes.
public struct CurveSegment: Hashable, Sendable {
    /// How the value goes from `from` to `to`.
    public enum Easing: Hashable, Sendable {
        /// `from` on `[start, end)`, `to` from `end` on.
        case hold
        /// `from + (to - from) * curve.value(at: (t - start) / (end - start))`.
        case curve(TimingCurve)
    }

    /// The time the segment starts, in seconds.
    public var start: Double
    /// The time the segment ends, in seconds (`>= start`).
    public var end: Double
    /// The value at `start`.
    public var from: Double
    /// The value at `end`.
    public var to: Double
    /// How the value goes from `from` to `to`.
    public var easing: Easing

    /// Creates a segment from `from` at `start` to `to` at `end`.
    ///
    /// - Complexity: O(1).
    public init(start: Double, end: Double, from: Double, to: Double, easing: Easing) {
        self.start = start
        self.end = end
        self.from = from
        self.to = to
        self.easing = easing
    }

    /// The value at t (clamped to the segment's interval).
    ///
    /// Before `start` (and for a NaN time) the value is `from`; from `end` on it is `to`, exactly,
    /// so a zero-length segment reads as `to`.
    ///
    /// - Complexity: O(1): one curve solve.
    public func value(at t: Double) -> Double {
        if t.isNaN { return from }
        if t >= end { return to }
        guard t > start else { return from }
        switch easing {
        case .hold:
            return from
        case .curve(let curve):
            return from + (to - from) * curve.value(at: (t - start) / (end - start))
        }
    }

    /// The two halves at time t (start < t < end), exactly.
    ///
    /// De Casteljau on the parametric bezier, each half renormalised to a valid timing curve with
    /// x1, x2 in [0, 1]; holds split into holds.
    ///
    /// The left half runs from `from` at `start` to the value at `t`, the right half from there to
    /// `to` at `end`. Two cases cannot be carried exactly by one timing curve per half; there the
    /// halves are the closest this method finds, and ``exactSplit(at:)`` returns nil:
    /// - a half whose control points' x leave 0...1 (curves with x1 well above x2, such as
    ///   `cubic-bezier(0.9, 0, 0.1, 1)`, split far from their middle): its x are clamped into 0...1
    ///   and its y chosen by least squares against the original at 64 points;
    /// - a half running between equal values (the curve's output at the split equals an end's) that
    ///   is not flat: it is made flat (linear).
    ///
    /// A `t` outside the open interval (or NaN) gives a zero-length half at the nearer end:
    /// `t <= start` (or NaN) returns `(start..start at from, self)`, `t >= end` returns
    /// `(self, end..end at to)`.
    ///
    /// - Complexity: O(1): a bounded solve of the curve's parameter (at most 100 steps), and 64 more
    ///   when a half must be refitted.
    public func split(at t: Double) -> (CurveSegment, CurveSegment) {
        let parts = splitParts(at: t)
        return (parts.left, parts.right)
    }

    /// The two halves at time t, as ``split(at:)`` gives them, when they equal the original exactly.
    ///
    /// Equal up to rounding; nil when a half cannot be one timing curve with x1, x2 in 0...1.
    ///
    /// An exporter that must cut a tween's segment uses this and, on nil, fits the half that
    /// cannot be carried (``CurveFitter``) instead.
    ///
    /// - Complexity: O(1), as ``split(at:)``.
    public func exactSplit(at t: Double) -> (CurveSegment, CurveSegment)? {
        let parts = splitParts(at: t)
        return parts.exact ? (parts.left, parts.right) : nil
    }

    /// The halves at t and whether they are exact.
    func splitParts(at t: Double) -> (left: CurveSegment, right: CurveSegment, exact: Bool) {
        guard t > start else {
            return (CurveSegment(start: start, end: start, from: from, to: from, easing: easing), self, true)
        }
        guard t < end else {
            return (self, CurveSegment(start: end, end: end, from: to, to: to, easing: easing), true)
        }
        let u = (t - start) / (end - start)
        switch easing {
        case .hold:
            return (
                CurveSegment(start: start, end: t, from: from, to: from, easing: .hold),
                CurveSegment(start: t, end: end, from: from, to: to, easing: .hold), true
            )
        case .curve(.linear):
            let middle = from + (to - from) * u
            return (
                CurveSegment(start: start, end: t, from: from, to: middle, easing: .curve(.linear)),
                CurveSegment(start: t, end: end, from: middle, to: to, easing: .curve(.linear)), true
            )
        case .curve(.cubicBezier(let x1, let y1, let x2, let y2)):
            let bezier = UnitBezier(x1: x1, y1: y1, x2: x2, y2: y2)
            let s = bezier.parameter(forX: u)
            // de Casteljau at s on (0, 0), (x1, y1), (x2, y2), (1, 1).
            func lerp(_ a: Double, _ b: Double) -> Double { a + (b - a) * s }
            let q0x = lerp(0, x1)
            let q0y = lerp(0, y1)
            let q1x = lerp(x1, x2)
            let q1y = lerp(y1, y2)
            let q2x = lerp(x2, 1)
            let q2y = lerp(y2, 1)
            let r0x = lerp(q0x, q1x)
            let r0y = lerp(q0y, q1y)
            let r1x = lerp(q1x, q2x)
            let r1y = lerp(q1y, q2y)
            let sx = lerp(r0x, r1x)
            let sy = lerp(r0y, r1y)
            let middle = from + (to - from) * sy
            let original = { (x: Double) in bezier.sampleY(bezier.parameter(forX: x)) }
            let left = Self.normalizedCurve(
                x1: q0x, y1: q0y, x2: r0x, y2: r0y, origin: (0, 0), end: (sx, sy), original: original)
            let right = Self.normalizedCurve(
                x1: r1x, y1: r1y, x2: q2x, y2: q2y, origin: (sx, sy), end: (1, 1), original: original)
            return (
                CurveSegment(start: start, end: t, from: from, to: middle, easing: .curve(left.curve)),
                CurveSegment(start: t, end: end, from: middle, to: to, easing: .curve(right.curve)),
                left.exact && right.exact
            )
        }
    }

    /// The timing curve of the bezier (origin, (x1, y1), (x2, y2), end) rescaled so that origin is
    /// (0, 0) and end is (1, 1), and whether it is exact. An empty y range gives linear (exact when
    /// the handles are level too). Handles whose x leave 0...1 are clamped, and the y handles are
    /// then refitted by least squares to `original` (the unsplit curve, x to y) at 64 points.
    static func normalizedCurve(
        x1: Double, y1: Double, x2: Double, y2: Double, origin: (x: Double, y: Double), end: (x: Double, y: Double),
        original: (Double) -> Double
    ) -> (curve: TimingCurve, exact: Bool) {
        let width = end.x - origin.x
        let height = end.y - origin.y
        guard width > 0, height != 0, height.isFinite else {
            return (.linear, y1 == origin.y && y2 == origin.y)
        }
        let nx1 = (x1 - origin.x) / width
        let nx2 = (x2 - origin.x) / width
        let ny1 = (y1 - origin.y) / height
        let ny2 = (y2 - origin.y) / height
        let slack = 1e-12
        if nx1 >= -slack && nx1 <= 1 + slack && nx2 >= -slack && nx2 <= 1 + slack {
            return (.cubicBezier(x1: Swift.min(Swift.max(nx1, 0), 1), y1: ny1, x2: Swift.min(Swift.max(nx2, 0), 1), y2: ny2), true)
        }
        let cx1 = Swift.min(Swift.max(nx1, 0), 1)
        let cx2 = Swift.min(Swift.max(nx2, 0), 1)
        // With x fixed, y(s) = b1 y1 + b2 y2 + s³ is linear in (y1, y2): solve the normal equations.
        let clamped = UnitBezier(x1: cx1, y1: 0, x2: cx2, y2: 0)
        var (aa, ab, bb, ar, br) = (0.0, 0.0, 0.0, 0.0, 0.0)
        let samples = 64
        for k in 1...samples {
            let u = (Double(k) - 0.5) / Double(samples)
            let target = (original(origin.x + u * width) - origin.y) / height
            let s = clamped.parameter(forX: u)
            let r = 1 - s
            let b1 = 3 * r * r * s
            let b2 = 3 * r * s * s
            let rest = target - s * s * s
            aa += b1 * b1
            ab += b1 * b2
            bb += b2 * b2
            ar += b1 * rest
            br += b2 * rest
        }
        let det = aa * bb - ab * ab
        guard det > 0, det.isFinite else { return (.cubicBezier(x1: cx1, y1: ny1, x2: cx2, y2: ny2), false) }
        return (.cubicBezier(x1: cx1, y1: (bb * ar - ab * br) / det, x2: cx2, y2: (aa * br - ab * ar) / det), false)
    }

    /// The same segment with its values mapped by an affine map a * v + b (exact).
    ///
    /// `from` and `to` become `a * from + b` and `a * to + b`; the easing is unchanged, since
    /// `a (from + (to - from) E) + b = (a from + b) + ((a to + b) - (a from + b)) E`. A negative `a`
    /// mirrors the values; `a = 0` makes the segment constant.
    ///
    /// - Complexity: O(1).
    public func mapped(scale a: Double, offset b: Double) -> CurveSegment {
        CurveSegment(start: start, end: end, from: a * from + b, to: a * to + b, easing: easing)
    }
}

extension UnitBezier {
    /// The parameter `s` in 0...1 with `x(s) = x` to within a few ulps (for `x` in 0...1), where
    /// the CSS solver (``solveCurveX(_:)``) stops at 1e-7: splitting needs the exact point.
    ///
    /// Newton steps kept inside a shrinking bracket, bisecting whenever a step would leave it.
    ///
    /// - Complexity: O(1): at most 100 steps.
    func parameter(forX x: Double) -> Double {
        guard x > 0 else { return 0 }
        guard x < 1 else { return 1 }
        var lo = 0.0
        var hi = 1.0
        var s = x
        for _ in 0..<100 {
            let error = sampleX(s) - x
            if error == 0 { return s }
            if error < 0 { lo = s } else { hi = s }
            if hi - lo <= 2 * Double.ulpOfOne { break }
            let slope = sampleDerivativeX(s)
            var next = slope != 0 ? s - error / slope : .nan
            if !(next > lo && next < hi) { next = lo + (hi - lo) * 0.5 }
            if next == s { break }
            s = next
        }
        return s
    }
}
