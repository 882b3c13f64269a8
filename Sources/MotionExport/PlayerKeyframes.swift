public import MotionCore

/// One keyframe as players store it: a time, a value per dimension, and the easing to the next.
public struct PlayerKeyframe: Hashable, Sendable {
    /// Seconds.
    public var time: Double
    /// One value per dimension.
    public var values: [Double]
    /// Per dimension, the cubic-bezier handles `(x1, y1, x2, y2)` of the segment to the next keyframe.
    ///
    /// Empty on the last keyframe.
    public var easings: [TimingCurve]
    /// Whether the values hold until the next keyframe (a step).
    public var hold: Bool
}

/// Turning shown curves into keyframe lists: segments aligned across dimensions, jumps as steps.
public enum PlayerKeyframes {
    /// How long before a jump the step that holds the earlier value starts.
    ///
    /// Short enough that no frame can see it, long enough for every player's time arithmetic.
    public static let jumpLead = 1e-5

    /// How far a value may move in one jump lead, as a share of its range: half of what an export
    /// judge allows a value shown exactly.
    ///
    /// Where playing a piece faster or starting it early around a jump would move a value more, the
    /// keyframe writers cut the piece instead (``PieceForm/truncated(cut:)``), and the CSS export of
    /// a repeat keeps its delay (``CSSExporter/leadTolerance``).
    static let leadTolerance = 5e-4

    /// The keyframes of one or more curves (a point's x and y, a colour's r, g, b), sharing their times.
    ///
    /// Every curve is split exactly at the others' knots, and a jump becomes a step that starts
    /// ``jumpLead`` before it.
    ///
    /// - Complexity: O(d·k) for d curves and k knots in all.
    public static func keyframes(_ curves: [ShownCurve]) -> [PlayerKeyframe] {
        guard !curves.isEmpty else { return [] }
        if curves.count == 1, let knots = ownKnots(curves[0].segments) {
            // One curve of contiguous segments: its knots are its own, each segment one interval.
            return keyframes(aligned: [curves[0].segments], at: knots)
        }
        return alignedKeyframes(curves)
    }

    /// How many keyframes ``keyframes(_:)`` makes of one curve, without making them.
    ///
    /// A report counts them for every component.
    ///
    /// - Complexity: O(s) for s segments.
    public static func count(_ curve: ShownCurve) -> Int {
        var count = 0
        guard forEachKeyframe(curve.segments, { _, _, _, _ in count += 1 }) else { return keyframes([curve]).count }
        return count
    }

    /// Calls `body` with each keyframe ``keyframes(_:)`` makes of one curve, when its segments
    /// each last a while and follow each other without a gap (else returns false and calls
    /// nothing): its time, its value, the easing to the next (nil on the last) and whether it
    /// holds. Exporters write them without building keyframe arrays.
    ///
    /// - Complexity: O(s) for s segments.
    static func forEachKeyframe(
        _ segments: [CurveSegment], _ body: (_ time: Double, _ value: Double, _ easing: TimingCurve?, _ hold: Bool) -> Void
    ) -> Bool {
        guard let knots = ownKnots(segments) else { return false }
        var range: Double?
        forEachPiece(
            knots: knots, jumps: { segments[$0].to != segments[$0 + 1].from },
            steps: { i in
                if case .hold = segments[i].easing { return segments[i].from != segments[i].to }
                return false
            },
            unwarped: { i, shift, cut in
                let span = range ?? Self.range(of: segments)
                range = span
                return Self.warpMoves(segments[i], shift: shift, range: span) && cut.map { heads([segments[i]], until: $0) != nil } ?? true
            }
        ) { i, start, form in
            switch form {
            case .held: body(start, segments[i].from, .linear, true)
            case .eased: body(start, segments[i].from, segments[i].handles, false)
            case .easedUntil(let cut):
                body(start, segments[i].from, segments[i].handles, false)
                body(cut, segments[i].to, .linear, true)
            case .truncated(let cut):
                let parts = heads([segments[i]], until: cut)?.first ?? [segments[i].split(at: cut).0]
                for part in parts { body(part.start, part.from, part.handles, false) }
                body(cut, parts.last?.to ?? segments[i].to, .linear, true)
            }
        }
        body(knots[knots.count - 1], segments.last?.to ?? 0, nil, false)
        return true
    }

    /// ``keyframes(_:)`` of any curves: each split at every knot of them all.
    static func alignedKeyframes(_ curves: [ShownCurve]) -> [PlayerKeyframe] {
        guard !curves.isEmpty else { return [] }
        var segmentLists = curves.map(\.segments)
        var unique = knots(of: segmentLists)
        guard unique.count >= 2 else {
            let values = curves.map { $0.segments.first?.from ?? 0 }
            return [PlayerKeyframe(time: unique.first ?? 0, values: values, easings: [], hold: false)]
        }
        // Each curve split at every knot. A tween's curve that cannot be split exactly where
        // another component has a knot is refitted through those knots, within a millionth of
        // its range (fitted segments always split exactly); a few rounds settle every knot.
        var aligned: [[CurveSegment]] = []
        for _ in 0..<4 {
            aligned = []
            var refitted = false
            for i in segmentLists.indices {
                if let exact = align(segmentLists[i], to: unique) {
                    aligned.append(exact)
                } else {
                    segmentLists[i] = refit(segmentLists[i], through: unique)
                    refitted = true
                    aligned.append(align(segmentLists[i], to: unique) ?? [])
                }
            }
            if !refitted { break }
            unique = knots(of: segmentLists)
        }
        guard aligned.allSatisfy({ $0.count == unique.count - 1 }) else { return [] }
        return keyframes(aligned: aligned, at: unique)
    }

    /// The keyframes of curves split at the same knots: `aligned[d][i]` is dimension d's piece
    /// from `knots[i]` to `knots[i + 1]` (at least two knots).
    static func keyframes(aligned: [[CurveSegment]], at unique: [Double]) -> [PlayerKeyframe] {
        let linear = [TimingCurve](repeating: .linear, count: aligned.count)
        var result: [PlayerKeyframe] = []
        result.reserveCapacity(unique.count)
        var ranges: [Double]?
        forEachPiece(
            knots: unique, jumps: { i in aligned.contains { $0[i].to != $0[i + 1].from } },
            steps: { i in
                aligned.contains { pieces in
                    if case .hold = pieces[i].easing { return pieces[i].from != pieces[i].to }
                    return false
                }
            },
            unwarped: { i, shift, cut in
                let spans = ranges ?? aligned.map { Self.range(of: $0) }
                ranges = spans
                guard aligned.indices.contains(where: { Self.warpMoves(aligned[$0][i], shift: shift, range: spans[$0]) }) else {
                    return false
                }
                return cut.map { heads(aligned.map { $0[i] }, until: $0) != nil } ?? true
            }
        ) { i, start, form in
            let from = aligned.map { $0[i].from }
            switch form {
            case .held: result.append(PlayerKeyframe(time: start, values: from, easings: linear, hold: true))
            case .eased:
                result.append(PlayerKeyframe(time: start, values: from, easings: aligned.map { $0[i].handles }, hold: false))
            case .easedUntil(let cut):
                result.append(PlayerKeyframe(time: start, values: from, easings: aligned.map { $0[i].handles }, hold: false))
                result.append(PlayerKeyframe(time: cut, values: aligned.map { $0[i].to }, easings: linear, hold: true))
            case .truncated(let cut):
                let parts = heads(aligned.map { $0[i] }, until: cut) ?? aligned.map { [$0[i].split(at: cut).0] }
                for (k, part) in (parts.first ?? []).enumerated() {
                    result.append(
                        PlayerKeyframe(
                            time: part.start, values: parts.map { $0[k].from }, easings: parts.map { $0[k].handles }, hold: false))
                }
                result.append(PlayerKeyframe(time: cut, values: parts.map { $0.last?.to ?? 0 }, easings: linear, hold: true))
            }
        }
        result.append(PlayerKeyframe(time: unique[unique.count - 1], values: aligned.map { $0.last?.to ?? 0 }, easings: [], hold: false))
        return result
    }

    /// The same keyframes with one easing for every dimension of each segment, as rlottie and
    /// lottie-ios play them (they read a keyframe's first easing handle for all its dimensions).
    ///
    /// A dimension that holds still over a segment takes the easing of one that moves: its value
    /// is the same under any easing, so this is exact. Where dimensions move on different curves
    /// in one segment, the segment is cut into pieces, each eased by the curve (one moving
    /// dimension's own piece, or linear) that moves every dimension closest to its own values,
    /// halving pieces until each dimension stays within `tolerances[d]` (in the values' units:
    /// what its budget leaves to the sharing) by ``sharedPieces(_:tolerances:checkStep:)``.
    /// `errors[d]` is the largest difference from dimension d's own curve (0 where no segment of
    /// it was shared that way), measured at 31 points per piece, or at the check times
    /// (multiples of `checkStep`) in the shortest pieces.
    ///
    /// - Complexity: O(k·d) for k keyframes of d dimensions, plus O(p·d²) for p pieces made.
    static func sharingEasings(
        _ keyframes: [PlayerKeyframe], tolerances: [Double], checkStep: Double
    ) -> (keyframes: [PlayerKeyframe], errors: [Double]) {
        let dimensions = keyframes.first?.values.count ?? 0
        var errors = [Double](repeating: 0, count: dimensions)
        guard dimensions > 1, tolerances.count == dimensions else { return (keyframes, errors) }
        var result: [PlayerKeyframe] = []
        result.reserveCapacity(keyframes.count)
        for (k, keyframe) in keyframes.enumerated() {
            guard k + 1 < keyframes.count, !keyframe.hold, keyframe.easings.count == dimensions,
                keyframes[k + 1].values.count == dimensions
            else {
                result.append(keyframe)
                continue
            }
            let next = keyframes[k + 1]
            let moving = (0..<dimensions).filter { keyframe.values[$0] != next.values[$0] }
            let easing = moving.first.map { keyframe.easings[$0] } ?? .linear
            if moving.allSatisfy({ keyframe.easings[$0] == easing }) {
                var shared = keyframe
                shared.easings = [TimingCurve](repeating: easing, count: dimensions)
                result.append(shared)
                continue
            }
            let segments = (0..<dimensions).map { d in
                CurveSegment(
                    start: keyframe.time, end: next.time, from: keyframe.values[d], to: next.values[d],
                    easing: .curve(keyframe.easings[d]))
            }
            let pieces = sharedPieces(segments, tolerances: tolerances, checkStep: checkStep)
            for d in 0..<dimensions { errors[d] = max(errors[d], pieces.errors[d]) }
            result.append(contentsOf: pieces.keyframes)
        }
        return (result, errors)
    }

    /// The shortest piece ``sharedPieces(_:tolerances:checkStep:)`` makes, in seconds: well above the
    /// millionth of a frame Lottie times are rounded to, at any frame rate up to 1000 fps.
    static let minimumSharedPiece = 1e-7

    /// The keyframes of one segment per dimension (all over the same times), cut into pieces that
    /// each share one easing, for ``sharingEasings(_:tolerances:checkStep:)``: all but the next keyframe,
    /// and each dimension's largest difference from its segment.
    ///
    /// A piece that no candidate easing carries within the tolerances is halved, down to
    /// ``minimumSharedPiece`` (curves that stand still in time, such as `cubic-bezier(1, 0, 0, 1)`
    /// at its middle, need short pieces only there), and at most 4096 pieces in all.
    ///
    /// - Complexity: O(p·d²) for p pieces (at most 4096) of d dimensions.
    static func sharedPieces(
        _ segments: [CurveSegment], tolerances: [Double], checkStep: Double
    ) -> (keyframes: [PlayerKeyframe], errors: [Double]) {
        var keyframes: [PlayerKeyframe] = []
        var errors = [Double](repeating: 0, count: segments.count)
        let start = segments.first?.start ?? 0
        let end = segments.first?.end ?? 0
        // Pieces still to write, the earliest last.
        var pending = [(a: start, b: end)]
        while let (a, b) = pending.popLast() {
            let from = segments.map { $0.value(at: a) }
            var best = sharedEasing(segments, from: a, to: b, tolerances: tolerances)
            if best.worst > 1 {
                if b - a >= 2 * minimumSharedPiece, keyframes.count + pending.count < 4096 {
                    let middle = a + (b - a) / 2
                    pending.append((middle, b))
                    pending.append((a, middle))
                    continue
                }
                // As short as pieces get: measured where the budget is (docs/export.md §2, "Error
                // budget"), at the check times inside it (seldom any).
                let first = checkStep > 0 ? (a / checkStep).rounded(.down) + 1 : .infinity
                let inside = stride(from: first * checkStep, to: b, by: checkStep).map { ($0 - a) / (b - a) }
                best = sharedEasing(segments, from: a, to: b, tolerances: tolerances, at: inside)
            }
            for d in errors.indices { errors[d] = max(errors[d], best.errors[d]) }
            keyframes.append(
                PlayerKeyframe(
                    time: a, values: from, easings: [TimingCurve](repeating: best.curve, count: segments.count), hold: false))
        }
        return (keyframes, errors)
    }

    /// The easing that moves every dimension's piece of `segments` from `a` to `b` closest to its
    /// own values: one moving dimension's own piece of its curve, or linear. `errors[d]` is
    /// dimension d's largest difference at `samples` (shares of the piece; by default 31 evenly
    /// spaced), `worst` the largest share of its tolerance.
    ///
    /// - Complexity: O(d²): 31 curve solves per candidate and dimension.
    static func sharedEasing(
        _ segments: [CurveSegment], from a: Double, to b: Double, tolerances: [Double],
        at samples: [Double] = (1..<32).map { Double($0) / 32 }
    ) -> (curve: TimingCurve, errors: [Double], worst: Double) {
        let from = segments.map { $0.value(at: a) }
        let to = segments.map { $0.value(at: b) }
        var candidates: [TimingCurve] = [.linear]
        for segment in segments where segment.from != segment.to {
            var piece = segment
            if a > segment.start { piece = piece.split(at: a).1 }
            if b < segment.end { piece = piece.split(at: b).0 }
            if !candidates.contains(piece.handles) { candidates.append(piece.handles) }
        }
        // Linear with no error measured, until a candidate measures finite (values that overflow
        // measure none: every dimension keeps an error per dimension all the same).
        var best: (curve: TimingCurve, errors: [Double], worst: Double) = (
            .linear, [Double](repeating: 0, count: segments.count), .infinity
        )
        for curve in candidates {
            var errors = [Double](repeating: 0, count: segments.count)
            for (d, segment) in segments.enumerated() where from[d] != to[d] {
                for u in samples {
                    let shown = from[d] + (to[d] - from[d]) * curve.value(at: u)
                    errors[d] = max(errors[d], abs(segment.value(at: a + (b - a) * u) - shown))
                }
            }
            let worst = zip(errors, tolerances).map { $1 > 0 ? $0 / $1 : $0 }.max() ?? 0
            if worst < best.worst { best = (curve, errors, worst) }
        }
        return best
    }

    /// How the piece between two knots becomes keyframes.
    enum PieceForm {
        /// One keyframe at the start that holds its value: a step, or a jump with no room to ease.
        case held
        /// One keyframe at the start, eased by the piece's handles to the next.
        case eased
        /// Eased from the start, then the end value held from `cut` until the jump.
        case easedUntil(cut: Double)
        /// Eased as the piece's part up to `cut`, then the value at the cut held until the jump.
        ///
        /// The part is the piece's timing curve split at `cut`, or cut into a few exact pieces where
        /// that half is no timing curve (``heads(_:until:)``): one keyframe each.
        case truncated(cut: Double)
    }

    /// Calls `body` with each piece between `knots` (at least two), its start time and its form:
    /// the one rule of both keyframe writers.
    ///
    /// After a jump the next keyframe comes a jump lead early, so that a player whose time
    /// arithmetic lands a hair before a frame time still sees the new value at that frame; a piece
    /// before a jump plays two leads faster and its end value holds until the jump.
    /// `jumps(i)` says whether the value jumps between piece i and i + 1 (asked for all but the
    /// last piece), `steps(i)` whether piece i holds its value and then steps.
    ///
    /// Where that warp of piece i's times would move a value by more than ``leadTolerance`` of its
    /// range (a pass of a few milliseconds), `unwarped(i, shift, cut)` says so (`shift`: the most
    /// seconds the warp moves a moment of the piece; `cut`: where the piece would be cut before a
    /// jump, up to which its curve must be carried exactly, ``heads(_:until:)``; nil after a jump
    /// only). Piece i is then written at its own times: after a jump its first value holds from the
    /// lead to its knot (`body` is called twice for it, `.held` then its form, at its knot), and
    /// before a jump it is ``PieceForm/truncated(cut:)``.
    ///
    /// - Complexity: O(pieces), and O(1) `unwarped` calls per piece next to a jump.
    static func forEachPiece(
        knots: [Double], jumps: (Int) -> Bool, steps: (Int) -> Bool, unwarped: (_ i: Int, _ shift: Double, _ cut: Double?) -> Bool,
        _ body: (_ i: Int, _ start: Double, _ form: PieceForm) -> Void
    ) {
        var early = 0.0
        for i in 0..<(knots.count - 1) {
            let knot = knots[i]
            let start = knot - early
            let after = early
            early = 0
            let end = knots[i + 1]
            let jump = i + 1 < knots.count - 1 && jumps(i)
            let lead = min(jumpLead, (end - start) / 3)
            if steps(i) {
                body(i, start, .held)
            } else if jump && end - start > 3 * lead {
                let cut = end - 2 * lead
                if cut > knot, unwarped(i, max(after, 2 * lead), cut) {
                    if after > 0 { body(i, start, .held) }
                    body(i, knot, .truncated(cut: cut))
                } else {
                    body(i, start, .easedUntil(cut: cut))
                }
                early = lead
            } else if jump {
                body(i, start, .held)
            } else if after > 0 && unwarped(i, after, nil) {
                body(i, start, .held)
                body(i, knot, .eased)
            } else {
                body(i, start, .eased)
            }
        }
    }

    /// Whether playing `segment` with its moments moved by up to `shift` seconds would move its
    /// value by more than ``leadTolerance`` of `range`.
    ///
    /// The curve is sampled by ``largestMove(of:over:)``, as ``CSSExporter/leadShift(_:slots:)``
    /// does; a segment no longer than `shift` counts its whole change.
    ///
    /// - Complexity: O(1): at most 65 curve solves, none for a change too small to matter.
    static func warpMoves(_ segment: CurveSegment, shift: Double, range: Double) -> Bool {
        let change = abs(segment.to - segment.from)
        let allowed = leadTolerance * range
        guard case .curve(let curve) = segment.easing, change > 0 else { return false }
        // A timing curve stays within its control points' y, so no stretch moves it further.
        let (_, y1, _, y2) = curve.controlPoints
        guard change * (max(1, y1, y2) - min(0, y1, y2)) > allowed else { return false }
        let duration = segment.end - segment.start
        guard duration > shift else { return true }
        return change * largestMove(of: curve, over: shift / duration) > allowed
    }

    /// The most `curve`'s progress changes over `step` (a share of its span, below 1), sampled at
    /// 65 points: how far a warp of the piece's times by that share moves its value, per unit of
    /// its change.
    ///
    /// - Complexity: O(1): 130 curve solves.
    static func largestMove(of curve: TimingCurve, over step: Double) -> Double {
        var moved = 0.0
        for k in 0...64 {
            let u = min(Double(k) / 64, 1 - step)
            moved = max(moved, abs(curve.value(at: u + step) - curve.value(at: u)))
        }
        return moved
    }

    /// The spread of the values `segments` run between (their largest `from`/`to` minus their smallest).
    ///
    /// - Complexity: O(s) for s segments.
    static func range(of segments: [CurveSegment]) -> Double {
        var lo = Double.infinity
        var hi = -Double.infinity
        for s in segments {
            lo = min(lo, s.from, s.to)
            hi = max(hi, s.from, s.to)
        }
        return hi >= lo ? hi - lo : 0
    }

    /// The knots of one curve whose segments each last a while and follow each other without a
    /// gap: its segments' starts and its end, what ``knots(of:)`` finds for it alone; nil for
    /// any other curve.
    static func ownKnots(_ segments: [CurveSegment]) -> [Double]? {
        guard let first = segments.first else { return nil }
        var knots = [first.start]
        knots.reserveCapacity(segments.count + 1)
        for (i, segment) in segments.enumerated() {
            guard segment.start < segment.end, i == 0 || segments[i - 1].end == segment.start else { return nil }
            knots.append(segment.end)
        }
        return knots
    }

    /// Every segment start and end, sorted, each once.
    static func knots(of lists: [[CurveSegment]]) -> [Double] {
        var knots: [Double] = []
        for list in lists {
            for segment in list {
                knots.append(segment.start)
                knots.append(segment.end)
            }
        }
        knots.sort()
        var unique: [Double] = []
        for t in knots where unique.last.map({ t > $0 }) ?? true { unique.append(t) }
        return unique
    }

    /// `segments` refitted through `knots` within a millionth of their range (fitted segments
    /// always split exactly).
    static func refit(_ segments: [CurveSegment], through knots: [Double]) -> [CurveSegment] {
        guard let first = segments.first, let last = segments.last, last.end > first.start else { return segments }
        var lo = Double.infinity
        var hi = -Double.infinity
        for s in segments {
            lo = min(lo, s.from, s.to)
            hi = max(hi, s.from, s.to)
        }
        let tolerance = 1e-6 * max(hi - lo, 1e-3)
        let interior = knots.filter { $0 > first.start && $0 < last.end }
        let fit = CurveFitter.fit(
            over: first.start...last.end, tolerance: tolerance, checkStep: (last.end - first.start) / 4096, breakpoints: interior,
            value: { CurveFitter.value(of: segments, at: $0) })
        return fit.segments
    }

    /// `segments` split exactly at every time of `knots` (which include all of theirs), one per
    /// interval; a curve that starts late or ends early holds its first or last value there. Nil
    /// when a curve cannot be split exactly at a knot.
    static func align(_ segments: [CurveSegment], to knots: [Double]) -> [CurveSegment]? {
        var out: [CurveSegment] = []
        out.reserveCapacity(knots.count - 1)
        var j = 0
        for i in 0..<(knots.count - 1) {
            let a = knots[i]
            let b = knots[i + 1]
            while j < segments.count && segments[j].end <= a { j += 1 }
            guard j < segments.count, segments[j].start <= a else {
                let v = j < segments.count ? segments[j].from : (segments.last?.to ?? 0)
                out.append(CurveSegment(start: a, end: b, from: v, to: v, easing: .curve(.linear)))
                continue
            }
            var piece = segments[j]
            if piece.start < a {
                guard let halves = piece.exactSplit(at: a) else { return nil }
                piece = halves.1
            }
            if piece.end > b {
                guard let halves = piece.exactSplit(at: b) else { return nil }
                piece = halves.0
            }
            out.append(piece)
        }
        return out
    }
}

extension CurveSegment {
    /// The segment's easing as a cubic-bezier timing curve (a hold reads as linear: its step is
    /// made by ``PlayerKeyframes``).
    var handles: TimingCurve {
        switch easing {
        case .hold: .linear
        case .curve(let curve): curve
        }
    }
}
