#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Segments fitted to a curve, and the largest error found by dense checking.
public struct CurveFit: Hashable, Sendable {
    /// The segments, contiguous: `segments[i].end == segments[i + 1].start`.
    public var segments: [CurveSegment]
    /// The largest `|fit - curve|` over the dense check (infinite when the curve gave NaN).
    public var maxError: Double

    /// Creates a fit from its segments and their largest error.
    public init(segments: [CurveSegment], maxError: Double) {
        self.segments = segments
        self.maxError = maxError
    }
}

/// Fits player keyframes (``CurveSegment``s) to motion that has no keyframe form.
///
/// Springs, friction and sampled gestures are fitted (docs/export.md).
///
/// The fit is greedy: from each knot it takes the longest segment whose error stays within the
/// tolerance at every check point, found by a galloping then binary search over the check grid.
/// A segment is a cubic Hermite piece in (time, value): its ends sit on the curve with the curve's
/// own slopes there, and its two handle lengths (the timing curve's x1 and 1 - x2, kept in 0...1)
/// are optimised by Gauss-Newton steps on the vertical error. A segment whose ends have equal
/// values can only be flat, so it is tried as a straight line instead. Every chosen segment is then
/// checked again at four times the check rate, through ``TimingCurve/value(at:)`` as players
/// evaluate it, and shortened if that finer check finds an error above the tolerance. Where even
/// one check step cannot be fitted (detail finer than the step, such as a kink between check
/// points), that step's verification points become knots too. Kinks and jumps that are known
/// belong in `breakpoints`: between verification points nothing else is looked at.
///
/// Handle lengths keep `x1 <= x2`, so every fitted segment splits exactly
/// (``CurveSegment/exactSplit(at:)`` never returns nil for them).
///
/// Everything is deterministic (the same input gives the same segments) and every loop is bounded:
/// at most 2^20 check points per call (a finer `checkStep` is widened), at most one segment per
/// verification interval.
public enum CurveFitter {
    /// The most check points one call makes on its grid (the finer verification makes 4x more).
    static let maximumChecks = 1 << 20
    /// The share of the tolerance the search aims at on the check grid, leaving room for the
    /// finer verification between grid points.
    static let searchShare = 0.97
    /// How many verification points lie in each check step.
    static let verificationDivisions = 4
    /// About how many points inside a segment the handle optimisation uses.
    static let fittingPoints = 24
    /// The largest normalised handle height (|y1|, |y2|) a fitted segment may have.
    static let maximumHandleHeight = 1e6

    /// Fits cubic segments to a continuous curve on `interval`, as few as the budget allows.
    ///
    /// `breakpoints` are times inside the interval where the curve may have a kink or a jump
    /// (segments start and end there; at a jump the segment before ends at the left limit, the next
    /// starts at the value). The error is checked densely at every `checkStep` (and at the knots),
    /// not only at the knots: every point differs by at most `tolerance`.
    ///
    /// - Parameters:
    ///   - interval: the times to cover, in seconds.
    ///   - tolerance: the largest error allowed, in the value's units.
    ///   - checkStep: the spacing of the check grid: the multiples of the step (`k * checkStep`, so
    ///     at frame times when the step divides the frame duration) inside the interval, plus its
    ///     ends and breakpoints. A step that is not positive and finite counts as 1/1024 of the
    ///     interval; a step giving more than 2^20 checks is widened to give that many.
    ///   - breakpoints: knots the segments must have; those outside the open interval are ignored.
    ///     The left limit at a breakpoint `b` is read as `value(b.nextDown)` (and taken to equal
    ///     `value(b)` when they differ by at most 1e-6 of the tolerance).
    ///   - value: the curve. Called on the check grid, at four times its rate, and near knots.
    ///   - slope: the curve's derivative, when known (at a breakpoint's left side it is asked at
    ///     `b.nextDown`); otherwise, and where it is not finite, finite differences are used.
    /// - Returns: contiguous segments from the interval's start to its end, and the largest error
    ///   found at four times the check rate. A zero-length interval gives one zero-length segment;
    ///   an interval with an infinite bound gives one zero-length segment at a finite bound (or 0)
    ///   with an infinite error. Where no segment can meet the tolerance (NaN values), segments as
    ///   short as one check step are used and `maxError` says by how much the tolerance is missed;
    ///   detail finer than a check step is followed down to a quarter step.
    /// - Complexity: O(n log n) curve evaluations for n check points in the worst case; a segment
    ///   of m check points costs O(m log m) bezier evaluations.
    public static func fit(
        over interval: ClosedRange<Double>, tolerance: Double, checkStep: Double,
        breakpoints: [Double] = [], value: (Double) -> Double, slope: ((Double) -> Double)? = nil
    ) -> CurveFit {
        let lower = interval.lowerBound
        let upper = interval.upperBound
        guard lower.isFinite, upper.isFinite else {
            let anchor = lower.isFinite ? lower : upper.isFinite ? upper : 0
            let v = value(anchor)
            return CurveFit(
                segments: [CurveSegment(start: anchor, end: anchor, from: v, to: v, easing: .curve(.linear))],
                maxError: .infinity)
        }
        guard upper > lower else {
            let v = value(lower)
            return CurveFit(
                segments: [CurveSegment(start: lower, end: lower, from: v, to: v, easing: .curve(.linear))],
                maxError: v.isFinite ? 0 : .infinity)
        }
        let knots = Set(breakpoints.filter { $0 > lower && $0 < upper }).sorted()
        let step = checkingStep(checkStep, span: upper - lower)
        return withoutActuallyEscaping(value) { value in
            var fitter = PieceFitter(
                value: value, slope: slope, step: step, origin: gridOrigin(lower, upper, step: step), tolerance: tolerance)
            let ends = [lower] + knots + [upper]
            for i in 0..<(ends.count - 1) {
                fitter.fitPiece(from: ends[i], to: ends[i + 1], endIsBreakpoint: i + 1 < ends.count - 1)
            }
            return CurveFit(segments: fitter.segments, maxError: fitter.maxError)
        }
    }

    /// The largest |segments(t) - value(t)| at every checkStep over the segments' span, and at knots.
    ///
    /// The check times are the multiples of `checkStep` (`k * checkStep`, as frame times are)
    /// from the first segment's start to the last one's end, plus every segment's start and end;
    /// the segments are read with ``value(of:at:)``. A NaN difference counts as infinite. No
    /// segments give 0. The step is treated as in ``fit(over:tolerance:checkStep:breakpoints:value:slope:)``.
    ///
    /// - Complexity: O(n log s) for n check times and s segments.
    public static func maxError(
        of segments: [CurveSegment], against value: (Double) -> Double, checkStep: Double
    ) -> Double {
        guard let first = segments.first, let last = segments.last else { return 0 }
        let lower = first.start
        let span = last.end - lower
        var worst = 0.0
        func check(_ t: Double) {
            let error = abs(Self.value(of: segments, at: t) - value(t))
            if !(error <= worst) { worst = error.isNaN ? .infinity : error }
        }
        if span > 0, span.isFinite {
            let step = checkingStep(checkStep, span: span)
            let origin = gridOrigin(lower, last.end, step: step)
            let firstIndex = Int(((lower - origin) / step).rounded(.up))
            let count = Swift.min(Int((span / step).rounded(.up)), maximumChecks + 1)
            for k in firstIndex...(firstIndex + count) {
                let t = origin + Double(k) * step
                if t > last.end { break }
                check(t)
            }
        }
        for segment in segments {
            check(segment.start)
            check(segment.end)
        }
        return worst
    }

    /// The value of contiguous segments at `t`.
    ///
    /// The last segment starting at or before `t` gives it, read with ``CurveSegment/value(at:)``;
    /// before the first segment its `from`, after the last its `to`. No segments read as 0.
    ///
    /// - Complexity: O(log n) for n segments, plus one curve solve.
    public static func value(of segments: [CurveSegment], at t: Double) -> Double {
        guard let first = segments.first else { return 0 }
        guard t >= first.start else { return first.value(at: t) }
        // Largest i with segments[i].start <= t.
        var lo = 0
        var hi = segments.count
        while hi - lo > 1 {
            let mid = lo + (hi - lo) / 2
            if segments[mid].start <= t { lo = mid } else { hi = mid }
        }
        return segments[lo].value(at: t)
    }

    /// Where the check grid starts: time 0, so that check times are multiples of the step as
    /// frame times are (and two fits of neighbouring intervals check the same times), unless the
    /// times are too large for that (more than 2^50 steps from 0), then the interval's start.
    static func gridOrigin(_ lower: Double, _ upper: Double, step: Double) -> Double {
        Swift.max(abs(lower), abs(upper)) / step < 0x1p50 ? 0 : lower
    }

    /// The check step actually used over `span`: `requested` when it is positive, finite and
    /// gives at most ``maximumChecks`` checks; 1/1024 of the span when it is not positive and
    /// finite; otherwise widened to give ``maximumChecks`` checks.
    static func checkingStep(_ requested: Double, span: Double) -> Double {
        guard span > 0, span.isFinite else { return 1 }
        guard requested > 0, requested.isFinite else { return span / 1024 }
        return span / requested > Double(maximumChecks) ? span / Double(maximumChecks) : requested
    }
}

/// The greedy fitter's state: the segments so far, and the check points of the piece (the part
/// between two knots that must be kept) being fitted.
private struct PieceFitter {
    let value: (Double) -> Double
    let slope: ((Double) -> Double)?
    let step: Double
    /// The check grid is `origin + k * step`; the verification grid `origin + k * step / 4`.
    let origin: Double
    let tolerance: Double
    let target: Double

    var segments: [CurveSegment] = []
    var maxError = 0.0

    // The piece being fitted: its check times (its ends included), the curve's values there (the
    // left limit at a breakpoint end), and the slopes there (NaN until needed).
    var times: [Double] = []
    var values: [Double] = []
    var leftSlopes: [Double] = []
    var rightSlopes: [Double] = []
    var endIsBreakpoint = false
    // The bezier parameter of each interior point found by the last evaluation (a warm start).
    var parameters: [Double] = []

    init(
        value: @escaping (Double) -> Double, slope: ((Double) -> Double)?, step: Double, origin: Double,
        tolerance: Double
    ) {
        self.value = value
        self.slope = slope
        self.origin = origin
        self.step = step
        self.tolerance = tolerance
        self.target = tolerance * CurveFitter.searchShare
    }

    /// A fitted segment's easing and its largest error at the check points.
    struct Candidate {
        var curve: TimingCurve
        var error: Double
    }

    /// Fits segments from `p` to `q` (a piece with no knot inside) and appends them.
    mutating func fitPiece(from p: Double, to q: Double, endIsBreakpoint: Bool) {
        self.endIsBreakpoint = endIsBreakpoint
        // Check times: p, the grid points strictly inside, q.
        let margin = step * 1e-9
        times = [p]
        let first = Int(((p - origin) / step).rounded(.down))
        let last = Swift.max(first, Int(((q - origin) / step).rounded(.up)))
        for k in first...last {
            let t = origin + Double(k) * step
            if t >= q - margin { break }
            if let previous = times.last, t > previous + margin { times.append(t) }
        }
        times.append(q)
        values = times.map(value)
        if endIsBreakpoint {
            let right = values[values.count - 1]
            let left = value(q.nextDown)
            let snap = tolerance > 0 && tolerance.isFinite ? tolerance * 1e-6 : 0
            values[values.count - 1] = abs(left - right) <= snap ? right : left
        }
        leftSlopes = Array(repeating: .nan, count: times.count)
        rightSlopes = Array(repeating: .nan, count: times.count)

        fitCheckPoints(refining: true)
    }

    /// Fits segments through the check points (`times`, `values`) greedily and appends them. When
    /// `refining`, a step that no segment meets the tolerance on (detail finer than the check step,
    /// such as a kink between check points) is fitted again with its verification points as knots.
    mutating func fitCheckPoints(refining: Bool) {
        var current = 0
        var lastLength = 1
        while current < times.count - 1 {
            let end = longestSegment(from: current, lastLength: lastLength)
            if refining && end.error > tolerance && end.error.isFinite && end.index == current + 1,
                let inner = verificationPoints(from: times[current], to: times[current + 1])
            {
                refine(current, through: inner)
                lastLength = 1
                current += 1
                continue
            }
            maxError = Swift.max(maxError, end.error.isNaN ? .infinity : end.error)
            lastLength = end.index - current
            segments.append(
                CurveSegment(
                    start: times[current], end: times[end.index], from: values[current], to: values[end.index],
                    easing: .curve(end.candidate.curve)))
            current = end.index
        }
    }

    /// The verification points strictly inside (t0, t1); nil when there are none (the step is
    /// already that fine).
    func verificationPoints(from t0: Double, to t1: Double) -> [Double]? {
        let fine = step / Double(CurveFitter.verificationDivisions)
        guard t1 - t0 > 1.5 * fine else { return nil }
        let margin = fine * 1e-6
        let first = Int(((t0 - origin) / fine).rounded(.down))
        let last = Swift.max(first, Int(((t1 - origin) / fine).rounded(.up)))
        var inner: [Double] = []
        for k in first...last {
            let t = origin + Double(k) * fine
            if t >= t1 - margin { break }
            if t > (inner.last ?? t0) + margin { inner.append(t) }
        }
        return inner.isEmpty ? nil : inner
    }

    /// Fits the step from check point `i` to `i + 1` through `inner` points as a piece of its own,
    /// leaving the piece's check points as they were (so that refining costs O(1) per step).
    mutating func refine(_ i: Int, through inner: [Double]) {
        let saved = (times: times, values: values, left: leftSlopes, right: rightSlopes, end: endIsBreakpoint)
        let unknown = Array(repeating: Double.nan, count: inner.count)
        times = [saved.times[i]] + inner + [saved.times[i + 1]]
        values = [saved.values[i]] + inner.map(value) + [saved.values[i + 1]]
        leftSlopes = [Double.nan] + unknown + [saved.left[i + 1]]
        rightSlopes = [saved.right[i]] + unknown + [Double.nan]
        endIsBreakpoint = saved.end && i + 1 == saved.times.count - 1
        fitCheckPoints(refining: false)
        (times, values, leftSlopes, rightSlopes, endIsBreakpoint) = saved
    }

    /// The farthest check point that a segment from `i` reaches within the tolerance, with its
    /// easing and its error found by the verification; the next check point when none does.
    mutating func longestSegment(from i: Int, lastLength: Int) -> (index: Int, candidate: Candidate, error: Double) {
        let n = times.count
        var good = i + 1
        var goodCandidate = fit(i, good)
        var bad = n  // the first end known to fail (n: none)
        // Gallop from the last segment's length, then bisect between the last success and failure.
        var probe = Swift.min(i + Swift.max(lastLength, 2), n - 1)
        while probe > good {
            if let candidate = fitIfWithin(i, probe) {
                good = probe
                goodCandidate = candidate
                probe = Swift.min(i + 2 * (probe - i), n - 1)
            } else {
                bad = probe
                break
            }
        }
        while bad - good > 1 {
            let mid = good + (bad - good) / 2
            if let candidate = fitIfWithin(i, mid) {
                good = mid
                goodCandidate = candidate
            } else {
                bad = mid
            }
        }
        // Verify between grid points; shorten (bisecting again) while that finds too large an error.
        var verified = verify(goodCandidate, i, good)
        if !(verified <= tolerance) && good == i + 1 {
            (goodCandidate, verified) = bestOneStep(i, goodCandidate, verified)
        } else if !(verified <= tolerance) {
            bad = good
            good = i + 1
            goodCandidate = fit(i, good)
            verified = verify(goodCandidate, i, good)
            if !(verified <= tolerance) { (goodCandidate, verified) = bestOneStep(i, goodCandidate, verified) }
            while bad - good > 1 {
                let mid = good + (bad - good) / 2
                if let candidate = fitIfWithin(i, mid) {
                    let error = verify(candidate, i, mid)
                    if error <= tolerance {
                        good = mid
                        goodCandidate = candidate
                        verified = error
                        continue
                    }
                }
                bad = mid
            }
        }
        return (good, goodCandidate, verified)
    }

    /// The better, by the verification, of a one-step segment from `i` and the straight line
    /// there: with no check point inside, only the finer verification can tell them apart.
    func bestOneStep(_ i: Int, _ candidate: Candidate, _ verified: Double) -> (Candidate, Double) {
        let line = Candidate(curve: .linear, error: 0)
        let lineError = verify(line, i, i + 1)
        return lineError < verified ? (line, lineError) : (candidate, verified)
    }

    /// The slope at check point `i` on its left side (`toLeft`, where a segment ends) or its right
    /// side (where one starts): the `slope` closure's when finite, else a one-sided finite
    /// difference inside the piece, so that a kink at a check point gives each side its own slope.
    mutating func slopeAt(_ i: Int, toLeft: Bool) -> Double {
        let known = toLeft ? leftSlopes[i] : rightSlopes[i]
        if !known.isNaN { return known }
        let last = times.count - 1
        let t = times[i]
        var result = Double.nan
        if let slope {
            result = slope(toLeft && i == last && endIsBreakpoint ? t.nextDown : t)
        }
        if !result.isFinite {
            let room = toLeft ? t - times[0] : times[last] - t
            let h = Swift.min(Swift.max(1e-6, abs(t) * 1e-9), room / 2)
            // Second-order one-sided differences: (3 f(t) - 4 f(t - h) + f(t - 2h)) / 2h and mirrored.
            if toLeft {
                result = (3 * values[i] - 4 * value(t - h) + value(t - 2 * h)) / (2 * h)
            } else {
                result = (-3 * values[i] + 4 * value(t + h) - value(t + 2 * h)) / (2 * h)
            }
        }
        if toLeft { leftSlopes[i] = result } else { rightSlopes[i] = result }
        return result
    }

    /// `fit(i, j)` when its error at the check points is within the search target.
    mutating func fitIfWithin(_ i: Int, _ j: Int) -> Candidate? {
        let candidate = fit(i, j)
        return candidate.error <= target ? candidate : nil
    }

    /// The best segment from check point `i` to `j` and its largest error at the check points
    /// between them: a Hermite piece with optimised handles, or a straight line when that does
    /// better or no Hermite piece can be written (equal end values, slopes that are not finite).
    mutating func fit(_ i: Int, _ j: Int) -> Candidate {
        let t0 = times[i]
        let duration = times[j] - t0
        let v0 = values[i]
        let rise = values[j] - v0
        guard v0.isFinite, rise.isFinite else { return Candidate(curve: .linear, error: .infinity) }
        let m0 = slopeAt(i, toLeft: false)
        let m1 = slopeAt(j, toLeft: true)
        // The handles' heights in the normalised curve are alpha * r0 and 1 - beta * r1.
        let r0 = m0 * duration / rise
        let r1 = m1 * duration / rise
        let writable =
            rise != 0 && rise.isFinite && abs(r0) <= CurveFitter.maximumHandleHeight
            && abs(r1) <= CurveFitter.maximumHandleHeight
        if j == i + 1 {
            // No check point inside: the Hermite piece with the usual third-length handles.
            let curve: TimingCurve =
                writable ? .cubicBezier(x1: 1.0 / 3, y1: r0 / 3, x2: 2.0 / 3, y2: 1 - r1 / 3) : .linear
            return Candidate(curve: curve, error: 0)
        }
        let line = lineError(i, j)
        guard writable, !(line <= target) else { return Candidate(curve: .linear, error: line) }

        let hermite = HermiteProblem(
            t0: t0, duration: duration, v0: v0, v1: values[j], m0: m0, m1: m1)
        var alpha = 1.0 / 3
        var beta = 1.0 / 3
        parameters = times[(i + 1)..<j].map { ($0 - t0) / duration }
        // The handles are optimised on at most about 24 of the points inside, then checked on all.
        let stride = Swift.max(1, (j - i - 1) / CurveFitter.fittingPoints)
        var current = evaluate(hermite, alpha, beta, i, j, stride: stride)
        var damping = 1e-3
        for _ in 0..<12 where !(current.maximum <= target) {
            // Levenberg-Marquardt step on the sum of squared errors.
            let a = current.jtj.0 * (1 + damping)
            let b = current.jtj.1
            let d = current.jtj.2 * (1 + damping)
            let det = a * d - b * b
            guard det > 0, det.isFinite else { break }
            let da = -(d * current.jte.0 - b * current.jte.1) / det
            let db = -(a * current.jte.1 - b * current.jte.0) / det
            let (nextAlpha, nextBeta) = Self.handleLengths(alpha + da, beta + db)
            if nextAlpha == alpha && nextBeta == beta { break }
            let next = evaluate(hermite, nextAlpha, nextBeta, i, j, stride: stride)
            if next.squares < current.squares {
                // Converged when the squares hardly fall: the least-squares optimum is reached.
                let converged = next.squares > current.squares * 0.99
                alpha = nextAlpha
                beta = nextBeta
                current = next
                damping = Swift.max(damping / 4, 1e-9)
                if converged { break }
            } else {
                damping *= 8
                if damping > 1e6 { break }
            }
        }
        if stride > 1 { current = evaluate(hermite, alpha, beta, i, j, stride: 1) }
        if !(current.maximum < line) { return Candidate(curve: .linear, error: line) }
        return Candidate(
            // x2 no lower than x1 even by the rounding of 1 - beta (alpha + beta <= 1).
            curve: .cubicBezier(x1: alpha, y1: alpha * r0, x2: Swift.max(1 - beta, alpha), y2: 1 - beta * r1),
            error: current.maximum)
    }

    /// The handle lengths nearest (alpha, beta) that keep x1 = alpha <= x2 = 1 - beta in 0...1: each
    /// in 0...1 with alpha + beta <= 1 (the excess is taken from both alike). A timing curve with
    /// 0 <= x1 <= x2 <= 1 splits exactly (de Casteljau keeps its control x in order), so exporters
    /// can cut fitted segments at any time with ``CurveSegment/split(at:)``.
    static func handleLengths(_ alpha: Double, _ beta: Double) -> (Double, Double) {
        var a = Swift.min(Swift.max(alpha, 0), 1)
        var b = Swift.min(Swift.max(beta, 0), 1)
        let excess = a + b - 1
        if excess > 0 {
            a -= excess / 2
            b -= excess / 2
            if a < 0 {
                (a, b) = (0, 1)
            } else if b < 0 {
                (a, b) = (1, 0)
            }
        }
        return (a, b)
    }

    /// The largest error of the straight line from check point `i` to `j`.
    func lineError(_ i: Int, _ j: Int) -> Double {
        let t0 = times[i]
        let duration = times[j] - t0
        let v0 = values[i]
        let rise = values[j] - v0
        var worst = 0.0
        for k in (i + 1)..<j {
            let error = abs(v0 + rise * ((times[k] - t0) / duration) - values[k])
            if !(error <= worst) { worst = error.isNaN ? .infinity : error }
        }
        return worst
    }

    /// The errors of a Hermite piece at every `stride`-th check point inside (i, j), with the
    /// Gauss-Newton normal equations of the vertical error in the handle lengths.
    mutating func evaluate(_ h: HermiteProblem, _ alpha: Double, _ beta: Double, _ i: Int, _ j: Int, stride: Int)
        -> HermiteEvaluation
    {
        let x1 = alpha
        let x2 = 1 - beta
        let cx = 3 * x1
        let bx = 3 * (x2 - x1) - cx
        let ax = 1 - cx - bx
        let p1 = h.v0 + alpha * h.m0 * h.duration
        let p2 = h.v1 - beta * h.m1 * h.duration
        var result = HermiteEvaluation()
        var s = 0.0
        for k in Swift.stride(from: i + 1, to: j, by: stride) {
            let index = k - i - 1
            let u = (times[k] - h.t0) / h.duration
            s = Self.parameter(u, ax: ax, bx: bx, cx: cx, start: parameters[index])
            parameters[index] = s
            let r = 1 - s
            let b0 = r * r * r
            let b1 = 3 * r * r * s
            let b2 = 3 * r * s * s
            let b3 = s * s * s
            let error = h.v0 * b0 + p1 * b1 + p2 * b2 + h.v1 * b3 - values[k]
            let dv = 3 * (r * r * (p1 - h.v0) + 2 * r * s * (p2 - p1) + s * s * (h.v1 - p2))
            let dx = 3 * (r * r * x1 + 2 * r * s * (x2 - x1) + s * s * (1 - x2)) * h.duration
            let slope = dx > 0 ? dv / dx : 0
            let ja = h.duration * b1 * (h.m0 - slope)
            let jb = -h.duration * b2 * (h.m1 - slope)
            let magnitude = abs(error)
            if !(magnitude <= result.maximum) { result.maximum = magnitude.isNaN ? .infinity : magnitude }
            result.squares += error * error
            result.jtj.0 += ja * ja
            result.jtj.1 += ja * jb
            result.jtj.2 += jb * jb
            result.jte.0 += ja * error
            result.jte.1 += jb * error
        }
        return result
    }

    /// The parameter s with x(s) = u for x(s) = ((ax s + bx) s + cx) s, from a nearby start:
    /// Newton steps inside a bracket, bisection when a step leaves it; to 1e-13 in x.
    static func parameter(_ u: Double, ax: Double, bx: Double, cx: Double, start: Double) -> Double {
        var lo = 0.0
        var hi = 1.0
        var s = Swift.min(Swift.max(start, 0), 1)
        for _ in 0..<60 {
            let error = ((ax * s + bx) * s + cx) * s - u
            if abs(error) <= 1e-13 { return s }
            if error < 0 { lo = s } else { hi = s }
            if hi - lo <= 1e-15 { return s }
            let slope = (3 * ax * s + 2 * bx) * s + cx
            var next = slope > 0 ? s - error / slope : .nan
            if !(next > lo && next < hi) { next = lo + (hi - lo) * 0.5 }
            s = next
        }
        return s
    }

    /// The largest error of a segment from check point `i` to `j` at four times the check rate,
    /// evaluated as players do (``CurveSegment/value(at:)``).
    func verify(_ candidate: Candidate, _ i: Int, _ j: Int) -> Double {
        let t0 = times[i]
        let t1 = times[j]
        let segment = CurveSegment(
            start: t0, end: t1, from: values[i], to: values[j], easing: .curve(candidate.curve))
        let fine = step / Double(CurveFitter.verificationDivisions)
        let first = Int(((t0 - origin) / fine).rounded(.down))
        let last = Swift.max(first, Int(((t1 - origin) / fine).rounded(.up)))
        var worst = candidate.error.isNaN ? Double.infinity : candidate.error
        for k in first...last {
            let t = origin + Double(k) * fine
            if t >= t1 { break }
            if t > t0 {
                let error = abs(segment.value(at: t) - value(t))
                if !(error <= worst) { worst = error.isNaN ? .infinity : error }
            }
        }
        return worst
    }
}

/// A Hermite segment's fixed data: its start time, duration, end values and end slopes.
private struct HermiteProblem {
    var t0: Double
    var duration: Double
    var v0: Double
    var v1: Double
    var m0: Double
    var m1: Double
}

/// A Hermite segment's errors at the check points: the largest, the sum of squares, and the
/// Gauss-Newton normal equations (J^T J as (aa, ab, bb), J^T e).
private struct HermiteEvaluation {
    var maximum = 0.0
    var squares = 0.0
    var jtj = (0.0, 0.0, 0.0)
    var jte = (0.0, 0.0)
}
