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
    /// The runs met: values one frame apart, split where the value jumps.
    ///
    /// 32 bits: fewer than one per event, and a shown curve stays small.
    public var runs: Int32
    /// The runs written as steps.
    ///
    /// All of them with ``FrameSteps/exact``; with ``FrameSteps/fitted``, those no fit within the
    /// budget carries in fewer keyframes than frames.
    public var keptAsSteps: Int32

    /// The report's words for the runs.
    ///
    /// `per-frame values fitted`, `per-frame values as steps`, or how many runs kept their steps.
    public var summary: String {
        if steps == .exact { return "per-frame values as steps (--steps exact)" }
        if keptAsSteps == 0 { return "per-frame values fitted" }
        return "per-frame values fitted, \(keptAsSteps) of \(runs) runs kept as steps (no fit has fewer keyframes than frames)"
    }
}

extension TimelineTracks {
    /// The fewest values one after another that make a run: shorter ones stay steps.
    static let shortestRun = 3

    /// Fits the runs of per-frame values in a component's `segments` (see ``FrameSteps``).
    ///
    /// `held` lists, in order, the segments a `set` event holds (a constant until the next event);
    /// consecutive ones make a run. The run's values at their frames are joined by straight lines
    /// (a value held for several frames stays flat until the last of them; the run's last value is
    /// held to its end) and that polyline is fitted by ``CurveFitter`` within `tolerance`, checked
    /// at every frame and verified at every quarter frame, so the fitted curve stays within the
    /// budget of every frame's value. A step much larger than its neighbours' (more than the budget,
    /// and more than ``jumpRatio`` times the larger neighbouring step) is a jump: the run is split
    /// there and the jump stays a jump. A piece whose fit would need as many segments as it has
    /// values keeps its steps.
    ///
    /// - Returns: the largest difference from a frame's value over the fitted runs, the spans they
    ///   cover, and what was done (nil when the segments hold no run).
    /// - Complexity: O(n) for n segments, plus one fit per run.
    func fitFrameRuns(_ segments: inout [CurveSegment], held: [Int], tolerance budget: () -> Double) -> (
        maxError: Double, spans: [ClosedRange<Double>], report: FrameRunReport
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
            return (0, [], report)
        }
        let tolerance = budget()
        var out: [CurveSegment] = []
        var worst = 0.0
        var spans: [ClosedRange<Double>] = []
        var done = 0
        for whole in runs {
            out += segments[done..<whole.lowerBound]
            done = whole.upperBound
            for piece in Self.runPieces(segments[whole], tolerance: tolerance) {
                let run = segments[piece]
                guard run.count >= Self.shortestRun else {
                    // A value or two between jumps: steps, and not a run.
                    out += run
                    continue
                }
                report.runs += 1
                guard let fit = fitRun(run, tolerance: tolerance) else {
                    report.keptAsSteps += 1
                    out += run
                    continue
                }
                out += fit.segments
                worst = max(worst, fit.maxError)
                spans.append(run[run.startIndex].start...run[run.endIndex - 1].end)
            }
        }
        out += segments[done...]
        guard report.runs > 0 else { return nil }
        segments = out
        return (worst, spans, report)
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

    /// Segments fitted to one run of held values, and their largest difference from a frame's
    /// value; nil when the fit misses the budget or needs as many segments as the run has values.
    func fitRun(_ run: ArraySlice<CurveSegment>, tolerance: Double) -> CurveFit? {
        let frame = 1 / timeline.canvas.fps
        guard let first = run.first, let last = run.last, frame.isFinite, frame > 0 else { return nil }
        // The polyline's corners: each value at its frame and, when it holds for several frames,
        // again at the last of them (the run's last value holds to the run's end).
        var times: [Double] = []
        var values: [Double] = []
        times.reserveCapacity(2 * run.count)
        values.reserveCapacity(2 * run.count)
        for i in run.indices {
            times.append(run[i].start)
            values.append(run[i].from)
            let frames = ((run[i].end - run[i].start) / frame * (1 - 1e-9)).rounded(.down)
            if i + 1 < run.endIndex, frames >= 1 {
                times.append(run[i].start + frames * frame)
                values.append(run[i].from)
            }
        }
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
        let fitted = CurveFitter.fit(over: first.start...last.end, tolerance: tolerance * 0.9, checkStep: frame, value: polyline)
        guard fitted.segments.count < run.count else { return nil }
        // Shorter numbers where the budget allows: checked again at every quarter frame.
        let short = Self.shortened(fitted.segments, tolerance: tolerance)
        let fit =
            CurveFitter.maxError(of: short, against: polyline, checkStep: frame / 4) <= tolerance
            ? CurveFit(segments: short, maxError: 0) : fitted
        // The largest difference at every frame the run shows.
        var worst = 0.0
        for i in run.indices {
            var t = run[i].start
            var n = 0.0
            while t < run[i].end {
                let error = abs(CurveFitter.value(of: fit.segments, at: t) - run[i].from)
                if !(error <= worst) { worst = error.isNaN ? .infinity : error }
                n += 1
                t = run[i].start + n * frame
                if t > run[i].end - frame * 1e-6 { break }
            }
        }
        guard worst <= tolerance else { return nil }
        return CurveFit(segments: fit.segments, maxError: worst)
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
