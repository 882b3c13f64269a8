import MotionCore

extension PlayerKeyframes {
    /// The parts of `pieces` (one per dimension, all over the same times) from their start to
    /// `cut`, each as segments that follow its piece's curve exactly, all with the same knots: the
    /// keyframes of a ``PieceForm/truncated(cut:)`` piece.
    ///
    /// Where every piece splits exactly at `cut` (``CurveSegment/exactSplit(at:)``), each part is
    /// its left half. A cubic-bezier whose left half is no timing curve (`cubic-bezier(1, 0, 0, 1)`
    /// cut near its end: the half's x handles leave 0...1) is cut also where its time runs slowest
    /// (``BezierCuts/slowestTimes``), and if need be where its value turns: every part of it between
    /// such cuts is again a timing curve, exactly. The other pieces are cut at the same times. Nil
    /// where no such cuts are found (values that are not finite).
    ///
    /// - Complexity: O(d) for d pieces: at most 4 rounds of a few cuts each.
    static func heads(_ pieces: [CurveSegment], until cut: Double) -> [[CurveSegment]]? {
        guard let first = pieces.first, cut > first.start, cut < first.end else { return nil }
        let halves = pieces.compactMap { $0.exactSplit(at: cut)?.0 }
        if halves.count == pieces.count { return halves.map { [$0] } }
        let cuts = pieces.map { BezierCuts(of: $0, until: cut) }
        // The inner times every piece is cut at, and how many of its own cuts each piece asked for.
        var times: [Double] = []
        var asked = [Int](repeating: 0, count: pieces.count)
        for _ in 0..<4 {
            var parts: [[CurveSegment]] = []
            var more: [Double] = []
            for (d, piece) in pieces.enumerated() {
                if let split = Self.parts(of: piece, cuts: cuts[d], at: times, until: cut) {
                    parts.append(split)
                    continue
                }
                guard let own = cuts[d], asked[d] < 2 else { return nil }
                more += asked[d] == 0 ? own.slowestTimes : own.turnTimes
                asked[d] += 1
            }
            if parts.count == pieces.count { return parts }
            times = Array(Set(times + more)).sorted()
        }
        return nil
    }

    /// `piece` from its start to `cut`, cut at `times` (inside it, in order): its left half, or
    /// halves split again, where its easing is not a cubic-bezier; pieces of the bezier
    /// (``BezierCuts/part(from:to:)``) otherwise. Nil where one of them is no timing curve.
    static func parts(of piece: CurveSegment, cuts: BezierCuts?, at times: [Double], until cut: Double) -> [CurveSegment]? {
        guard let cuts else {
            // A hold or a linear piece splits exactly anywhere.
            var out: [CurveSegment] = []
            var rest = piece
            for t in times + [cut] {
                guard let (left, right) = rest.exactSplit(at: t) else { return nil }
                out.append(left)
                rest = right
            }
            return out
        }
        let duration = piece.end - piece.start
        var knots: [(time: Double, parameter: Double)] = [(piece.start, 0)]
        for t in times {
            let parameter = cuts.ownCuts.first { $0.time == t }?.parameter ?? cuts.parameter(atX: (t - piece.start) / duration)
            knots.append((t, parameter))
        }
        knots.append((cut, cuts.cutParameter))
        var out: [CurveSegment] = []
        var from = piece.from
        for k in 1..<knots.count {
            let (a, b) = (knots[k - 1], knots[k])
            guard b.time > a.time, b.parameter > a.parameter, let curve = cuts.part(from: a.parameter, to: b.parameter) else {
                return nil
            }
            let to = piece.from + (piece.to - piece.from) * cuts.y.value(b.parameter)
            out.append(CurveSegment(start: a.time, end: b.time, from: from, to: to, easing: .curve(curve)))
            from = to
        }
        return out
    }
}

/// A segment's cubic-bezier timing curve as polynomials in its parameter s, cut into parts that
/// are again timing curves.
///
/// A part from s = a to b is the bezier whose handles leave its ends along the curve's own
/// tangents, a third of the way: normalised, `x1 = x'(a) / 3q` and `x2 = 1 - x'(b) / 3q`, where
/// q is x's mean slope over the part (`(x(b) - x(a)) / (b - a)`), and the same for y. It is a
/// timing curve when x1 and x2 lie in 0...1. x' is a quadratic that is never negative (x1 and x2
/// lie in 0...1); where it is convex, a part fails only when it holds the least slope (where
/// x'' = 0) well inside it, and a part that ends there, at either end, never does: so cutting
/// there makes every part a timing curve. A part whose ends have the same value and that is not
/// flat cannot be one (its y is scaled by the change): cutting where y turns (y' = 0) mends it.
struct BezierCuts {
    /// `c3 s³ + c2 s² + c1 s`.
    struct Cubic {
        let c1: Double
        let c2: Double
        let c3: Double

        /// The polynomial of a bezier from 0 through `p1` and `p2` to 1.
        init(_ p1: Double, _ p2: Double) {
            c1 = 3 * p1
            c2 = 3 * (p2 - p1) - c1
            c3 = 1 - c1 - c2
        }

        /// The value at `s`.
        func value(_ s: Double) -> Double { ((c3 * s + c2) * s + c1) * s }

        /// The derivative at `s`.
        func slope(_ s: Double) -> Double { (3 * c3 * s + 2 * c2) * s + c1 }

        /// The mean slope over a...b, `(value(b) - value(a)) / (b - a)`, without its cancellation.
        func meanSlope(_ a: Double, _ b: Double) -> Double { c3 * (a * a + a * b + b * b) + c2 * (a + b) + c1 }
    }

    /// Time's share of the segment, by parameter.
    let x: Cubic
    /// The value's share of the segment's change, by parameter.
    let y: Cubic
    /// The parameter at the cut.
    let cutParameter: Double
    /// Where the piece's time runs slowest, before the cut: a cut there makes every part's x handles
    /// lie in 0...1.
    let slowestTimes: [Double]
    /// Where the piece's value turns, before the cut.
    let turnTimes: [Double]
    /// Every time above with its parameter, found exactly (not solved back from its time).
    let ownCuts: [(time: Double, parameter: Double)]

    /// The cuts of `segment` before `cut`; nil where its easing is not a cubic-bezier.
    init?(of segment: CurveSegment, until cut: Double) {
        guard case .curve(.cubicBezier(let x1, let y1, let x2, let y2)) = segment.easing else { return nil }
        x = Cubic(x1, x2)
        y = Cubic(y1, y2)
        let duration = segment.end - segment.start
        var lo = 0.0
        var hi = 1.0
        Self.bisect(x, to: (cut - segment.start) / duration, &lo, &hi)
        cutParameter = lo + (hi - lo) / 2
        let end = cutParameter
        let x = x
        func times(_ parameters: [Double]) -> [(time: Double, parameter: Double)] {
            parameters.compactMap { s in
                guard s > 0, s < end else { return nil }
                let time = segment.start + duration * x.value(s)
                return time > segment.start && time < cut ? (time, s) : nil
            }
        }
        // x'' = 6 c3 s + 2 c2: x' is least at -c2 / 3c3 where it is convex (c3 > 0).
        let slowest = times(x.c3 > 0 ? [-x.c2 / (3 * x.c3)] : [])
        // y' = 3 c3 s² + 2 c2 s + c1 = 0.
        var roots: [Double] = []
        let (a, b, c) = (3 * y.c3, 2 * y.c2, y.c1)
        if a == 0 {
            if b != 0 { roots = [-c / b] }
        } else {
            let discriminant = b * b - 4 * a * c
            if discriminant >= 0 {
                // The root without cancellation, and the other from their product.
                let q = -(b + (b < 0 ? -1 : 1) * discriminant.squareRoot()) / 2
                roots = q != 0 ? [q / a, c / q] : [0]
            }
        }
        let turns = times(roots.sorted())
        slowestTimes = slowest.map(\.time)
        turnTimes = turns.map(\.time)
        ownCuts = slowest + turns
    }

    /// The parameter where x is `u` (in 0...1), by bisection to adjacent numbers: x never decreases.
    func parameter(atX u: Double) -> Double {
        var lo = 0.0
        var hi = 1.0
        Self.bisect(x, to: u, &lo, &hi)
        return lo + (hi - lo) / 2
    }

    /// Narrows `lo...hi` around the parameter where `x` is `u`, to adjacent numbers.
    ///
    /// - Complexity: O(1): at most 200 halvings.
    static func bisect(_ x: Cubic, to u: Double, _ lo: inout Double, _ hi: inout Double) {
        for _ in 0..<200 {
            let mid = lo + (hi - lo) / 2
            guard mid > lo, mid < hi else { return }
            if x.value(mid) < u { lo = mid } else { hi = mid }
        }
    }

    /// The timing curve of the bezier from parameter `a` to `b` (a < b), normalised; nil where it
    /// is none (x handles out of 0...1 beyond rounding, or equal end values and not flat).
    func part(from a: Double, to b: Double) -> TimingCurve? {
        let slack = 1e-12
        let qx = x.meanSlope(a, b)
        guard qx > 0, qx.isFinite else { return nil }
        let x1 = x.slope(a) / (3 * qx)
        let x2 = 1 - x.slope(b) / (3 * qx)
        guard x1 >= -slack, x1 <= 1 + slack, x2 >= -slack, x2 <= 1 + slack else { return nil }
        let qy = y.meanSlope(a, b)
        let (ya, yb) = (y.slope(a), y.slope(b))
        guard qy != 0 else { return ya == 0 && yb == 0 ? .linear : nil }
        let y1 = ya / (3 * qy)
        let y2 = 1 - yb / (3 * qy)
        guard y1.isFinite, y2.isFinite else { return nil }
        return .cubicBezier(x1: min(max(x1, 0), 1), y1: y1, x2: min(max(x2, 0), 1), y2: y2)
    }
}
