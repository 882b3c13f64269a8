import MotionCore
import MotionTimeline

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// How an export writes runs of per-frame values.
///
/// The runs are the `set` values a link or squashAndStretch writes at every frame (docs/export.md).
public enum FrameSteps: String, Hashable, Sendable, CaseIterable {
    /// Fitted into the player's keyframes, within each property's error budget at every frame.
    ///
    /// Cubic-bezier or linear segments; a jump between two frames stays a jump.
    case fitted
    /// One held value per frame: the render server's values, frame for frame.
    ///
    /// A hold keyframe and a step per frame, in files that grow with every frame.
    case exact
}

/// What an export did with one component's runs of per-frame values.
public struct FrameRunReport: Hashable, Sendable {
    /// How the export was asked to write them.
    public var steps: FrameSteps
    /// The runs met.
    ///
    /// A run is values set one after another that show at three frames or more, split where the
    /// value jumps. 32 bits: fewer than one per event, and a shown curve stays small.
    public var runs: Int32
    /// The runs written as steps.
    ///
    /// All of them with ``FrameSteps/exact``; with ``FrameSteps/fitted``, those for which no fit
    /// within the budget has fewer keyframes than their steps.
    public var keptAsSteps: Int32
    /// The spans (seconds) of the fitted runs, each from the first frame its run shows to the last.
    ///
    /// Between two frames of a span the player may show the straight line joining their values.
    public var fittedSpans: [ClosedRange<Double>] = []

    /// The report's words for the runs.
    ///
    /// `per-frame values fitted`, `per-frame values as steps` and why, or how many runs kept their
    /// steps.
    public var summary: String {
        if steps == .exact { return "per-frame values as steps (--steps exact)" }
        if keptAsSteps == 0 { return "per-frame values fitted" }
        let their = keptAsSteps == 1 ? "its" : "their"
        let why = "no fit within the budget has fewer keyframes than \(their) steps"
        if keptAsSteps >= runs { return "per-frame values as steps (\(runs == 1 ? "1 run" : "\(runs) runs"); \(why))" }
        return "per-frame values fitted, except \(keptAsSteps) of \(runs) runs kept as steps (\(why))"
    }
}

extension TimelineTracks {
    /// The fewest values one after another, and the fewest frames they show, that make a run:
    /// fewer stay steps.
    static let shortestRun = 3

    /// Fits the runs of per-frame values in a component's `segments` (see ``FrameSteps``).
    ///
    /// `held` lists, in order, the segments a `set` event holds (a constant until the next event);
    /// consecutive ones make a run, however long each holds. A step much larger than its
    /// neighbours' (more than the budget, and more than ``jumpRatio`` times the larger neighbouring
    /// step) is a jump: the run is split there and the jump stays a jump. Each piece is fitted by
    /// ``fitRun(_:frames:tolerance:)`` over the frames it shows, so the player shows the render
    /// server's value at every frame within `tolerance`; a piece whose fit would need as many
    /// segments as it has values keeps its steps.
    ///
    /// - Returns: the largest difference from the value a frame shows over the fitted runs, and
    ///   what was done (nil when the segments hold no run).
    /// - Complexity: O(n + f) for n segments and f frames the runs show, plus one fit per run.
    func fitFrameRuns(_ segments: inout [CurveSegment], held: [Int], tolerance budget: () -> Double) -> (
        maxError: Double, report: FrameRunReport
    )? {
        var runs: [Range<Int>] = []
        var k = 0
        while k < held.count {
            var j = k + 1
            while j < held.count && held[j] == held[j - 1] + 1 { j += 1 }
            if j - k >= Self.shortestRun { runs.append(held[k]..<(held[j - 1] + 1)) }
            k = j
        }
        guard !runs.isEmpty else { return nil }
        var report = FrameRunReport(steps: steps, runs: 0, keptAsSteps: 0)
        guard steps == .fitted else {
            // Kept as they are: the budget (a pass over the component's range) is not needed.
            report.runs = Int32(truncatingIfNeeded: runs.count)
            report.keptAsSteps = report.runs
            return (0, report)
        }
        let tolerance = budget()
        var out: [CurveSegment] = []
        var worst = 0.0
        var done = 0
        for whole in runs {
            out += segments[done..<whole.lowerBound]
            done = whole.upperBound
            for piece in Self.runPieces(segments[whole], tolerance: tolerance) {
                let run = segments[piece]
                guard run.count >= Self.shortestRun, let frames = shownFrames(run), frames.count >= Self.shortestRun else {
                    // A value or two between jumps, or values that show at fewer frames: steps, and not a run.
                    out += run
                    continue
                }
                report.runs += 1
                guard let fit = fitRun(run, frames: frames, tolerance: tolerance) else {
                    report.keptAsSteps += 1
                    out += run
                    continue
                }
                out += fit.segments
                worst = max(worst, fit.maxError)
                report.fittedSpans.append(fit.span)
            }
        }
        out += segments[done...]
        guard report.runs > 0 else { return nil }
        segments = out
        return (worst, report)
    }

    /// A step more than this many times both neighbouring steps (and more than the budget) is a jump.
    static let jumpRatio = 4.0

    /// The index ranges of `run` between its jumps.
    static func runPieces(_ run: ArraySlice<CurveSegment>, tolerance: Double) -> [Range<Int>] {
        var pieces: [Range<Int>] = []
        var start = run.startIndex
        func step(_ k: Int) -> Double {
            k >= run.startIndex && k + 1 < run.endIndex ? abs(run[k + 1].from - run[k].from) : 0
        }
        for k in run.startIndex..<(run.endIndex - 1) {
            let d = step(k)
            if d > tolerance && d > jumpRatio * max(step(k - 1), step(k + 1)) {
                pieces.append(start..<(k + 1))
                start = k + 1
            }
        }
        pieces.append(start..<run.endIndex)
        return pieces
    }

    /// The frames a run of held segments shows, as the render server steps (frame k, at k / fps,
    /// shows the events at or before it): from the first at or after the run's start to the last
    /// before its end, or at its end when the run closes the export's span; nil when it shows none.
    func shownFrames(_ run: ArraySlice<CurveSegment>) -> ClosedRange<Int>? {
        let fps = timeline.canvas.fps
        guard let first = run.first, let last = run.last else { return nil }
        let lower = Canvas.firstFrame(seconds: first.start, fps: fps)
        let upper =
            last.end >= span.upperBound
            ? Canvas.lastFrame(seconds: last.end, fps: fps) : Canvas.firstFrame(seconds: last.end, fps: fps) - 1
        return lower <= upper ? lower...upper : nil
    }

    /// A run fitted: the segments that replace its held values, their largest difference from the
    /// value a frame shows, and the span the fit covers.
    struct FittedRun {
        var segments: [CurveSegment]
        var maxError: Double
        var span: ClosedRange<Double>
    }

    /// Segments fitted to one run of held values over the frames it shows; nil when the fit misses
    /// the budget at a frame or needs as many segments as the run has values.
    ///
    /// The value each frame shows (the last set at or before it; a value set between two frames
    /// shows at the later one, or at none when another is set before it) is joined to the next
    /// frame's by a straight line, and that polyline is fitted by ``CurveFitter`` within
    /// `tolerance`, checked at every frame and verified at every quarter frame. Before the first
    /// frame and after the last the run keeps its held values, as the render server shows them.
    /// The error is measured again at every frame on the final segments.
    func fitRun(_ run: ArraySlice<CurveSegment>, frames: ClosedRange<Int>, tolerance: Double) -> FittedRun? {
        let fps = timeline.canvas.fps
        guard let last = run.last else { return nil }
        // Frame k's time, as the render server steps; the last frame of a run that closes the
        // span may lie a hair past its end.
        func time(_ k: Int) -> Double { min(Double(k) / fps, last.end) }
        // The frames each held value shows: from the first at or after its start to the last
        // before the next value's start.
        var shown: [(value: Double, frames: ClosedRange<Int>)] = []
        for i in run.indices {
            let a = max(Canvas.firstFrame(seconds: run[i].start, fps: fps), frames.lowerBound)
            let b =
                i + 1 < run.endIndex
                ? min(Canvas.firstFrame(seconds: run[i + 1].start, fps: fps) - 1, frames.upperBound) : frames.upperBound
            if a <= b { shown.append((run[i].from, a...b)) }
        }
        // The polyline's corners: each shown value at its first frame and at its last.
        var times: [Double] = []
        var values: [Double] = []
        times.reserveCapacity(2 * shown.count)
        values.reserveCapacity(2 * shown.count)
        func corner(_ k: Int, _ value: Double) {
            let t = time(k)
            guard times.last.map({ t > $0 }) ?? true else { return }
            times.append(t)
            values.append(value)
        }
        for (value, range) in shown {
            corner(range.lowerBound, value)
            if range.upperBound > range.lowerBound { corner(range.upperBound, value) }
        }
        guard let lower = times.first, let upper = times.last, upper > lower else { return nil }
        func polyline(_ t: Double) -> Double {
            var lo = 0
            var hi = times.count
            while hi - lo > 1 {
                let mid = lo + (hi - lo) / 2
                if times[mid] <= t { lo = mid } else { hi = mid }
            }
            guard lo + 1 < times.count, t > times[lo] else { return values[lo] }
            let u = min(max((t - times[lo]) / (times[lo + 1] - times[lo]), 0), 1)
            return values[lo] + (values[lo + 1] - values[lo]) * u
        }
        let frame = 1 / fps
        let fitted = CurveFitter.fit(over: lower...upper, tolerance: tolerance * 0.9, checkStep: frame, value: polyline)
        // The held values before the first frame and after the last, cut there.
        var head: [CurveSegment] = []
        var tail: [CurveSegment] = []
        for i in run.indices {
            if run[i].start < lower {
                head.append(run[i])
                head[head.count - 1].end = min(run[i].end, lower)
            }
            if run[i].end > upper {
                tail.append(run[i])
                tail[tail.count - 1].start = max(run[i].start, upper)
            }
        }
        guard head.count + fitted.segments.count + tail.count < run.count else { return nil }
        // Shorter numbers where the budget allows: checked again at every quarter frame.
        let short = Self.shortened(fitted.segments, tolerance: tolerance)
        let segments =
            head + (CurveFitter.maxError(of: short, against: polyline, checkStep: frame / 4) <= tolerance ? short : fitted.segments)
            + tail
        // The largest difference at every frame the run shows.
        var worst = 0.0
        for (value, range) in shown {
            for k in range {
                let error = abs(CurveFitter.value(of: segments, at: Double(k) / fps) - value)
                if !(error <= worst) { worst = error.isNaN ? .infinity : error }
            }
        }
        guard worst <= tolerance else { return nil }
        return FittedRun(segments: segments, maxError: worst, span: lower...upper)
    }

    /// `segments` with their inner knot values and their handles rounded to short decimals: the
    /// values to a power of ten at most a hundredth of `tolerance`, each handle to a power of ten
    /// that moves its segment by at most about that much. The first value and the last stay as they
    /// are (they meet the curve around the run), and handles keep x1 <= x2 in 0...1, so every
    /// segment still splits exactly. Exports write fitted runs in far fewer characters.
    static func shortened(_ segments: [CurveSegment], tolerance: Double) -> [CurveSegment] {
        func rounded(_ v: Double, digits: Int) -> Double {
            let scale = Double.pow10(abs(digits))
            let r = digits >= 0 ? (v * scale).rounded() / scale : (v / scale).rounded() * scale
            return r.isFinite ? r : v
        }
        func digits(_ quantum: Double) -> Int {
            guard quantum > 0, quantum.isFinite else { return 17 }
            return min(max(-Int(log10(quantum).rounded(.down)), -300), 17)
        }
        let valueDigits = digits(tolerance * 0.01)
        var out = segments
        for i in out.indices {
            if i > 0 {
                out[i].from = rounded(out[i].from, digits: valueDigits)
                out[i - 1].to = out[i].from
            }
            guard case .curve(.cubicBezier(let x1, let y1, let x2, let y2)) = out[i].easing else { continue }
            let handleDigits = digits(tolerance * 0.01 / max(abs(out[i].to - out[i].from), tolerance))
            let (a, b) = (min(max(rounded(x1, digits: handleDigits), 0), 1), min(max(rounded(x2, digits: handleDigits), 0), 1))
            out[i].easing = .curve(
                .cubicBezier(x1: min(a, b), y1: rounded(y1, digits: handleDigits), x2: max(a, b), y2: rounded(y2, digits: handleDigits)))
        }
        return out
    }
}
