public import MotionCore

/// One keyframe as players store it: a time, a value per dimension, and the easing to the next.
public struct PlayerKeyframe: Hashable, Sendable {
    /// Seconds.
    public var time: Double
    /// One value per dimension.
    public var values: [Double]
    /// Per dimension, the cubic-bezier handles `(x1, y1, x2, y2)` of the segment to the next
    /// keyframe; empty on the last keyframe.
    public var easings: [TimingCurve]
    /// Whether the values hold until the next keyframe (a step).
    public var hold: Bool
}

/// Turning shown curves into keyframe lists: segments aligned across dimensions, jumps as steps.
public enum PlayerKeyframes {
    /// How long before a jump the step that holds the earlier value starts: short enough that no
    /// frame can see it, long enough for every player's time arithmetic.
    public static let jumpLead = 1e-5

    /// The keyframes of one or more curves (a point's x and y, a colour's r, g, b), sharing their
    /// times: every curve is split exactly at the others' knots, and a jump becomes a step that
    /// starts ``jumpLead`` before it.
    ///
    /// - Complexity: O(d·k) for d curves and k knots in all.
    public static func keyframes(_ curves: [ShownCurve]) -> [PlayerKeyframe] {
        guard !curves.isEmpty else { return [] }
        // The union of knots.
        var knots: [Double] = []
        for curve in curves {
            for segment in curve.segments {
                knots.append(segment.start)
                knots.append(segment.end)
            }
        }
        knots.sort()
        var unique: [Double] = []
        for t in knots where unique.last.map({ t > $0 }) ?? true { unique.append(t) }
        guard unique.count >= 2 else {
            let values = curves.map { $0.segments.first?.from ?? 0 }
            return [PlayerKeyframe(time: unique.first ?? 0, values: values, easings: [], hold: false)]
        }
        // Each curve's segments split at every knot.
        let aligned = curves.map { align($0.segments, to: unique) }
        var result: [PlayerKeyframe] = []
        for i in 0..<(unique.count - 1) {
            let start = unique[i]
            let end = unique[i + 1]
            let pieces = aligned.map { $0[i] }
            let jumps = i + 1 < unique.count - 1 && aligned.contains { $0[i].to != $0[i + 1].from }
            let lead = min(jumpLead, (end - start) / 2)
            let steps = pieces.contains { piece in
                if case .hold = piece.easing { return piece.from != piece.to }
                return false
            }
            if steps {
                result.append(
                    PlayerKeyframe(time: start, values: pieces.map(\.from), easings: pieces.map { _ in .linear }, hold: true))
            } else if jumps && end - start > 2 * lead {
                let cut = end - lead
                let before = pieces.map { $0.split(at: cut).0 }
                result.append(
                    PlayerKeyframe(time: start, values: before.map(\.from), easings: before.map(\.handles), hold: false))
                result.append(PlayerKeyframe(time: cut, values: before.map(\.to), easings: before.map { _ in .linear }, hold: true))
            } else if jumps {
                result.append(
                    PlayerKeyframe(time: start, values: pieces.map(\.from), easings: pieces.map { _ in .linear }, hold: true))
            } else {
                result.append(
                    PlayerKeyframe(time: start, values: pieces.map(\.from), easings: pieces.map(\.handles), hold: false))
            }
        }
        result.append(PlayerKeyframe(time: unique[unique.count - 1], values: aligned.map { $0.last?.to ?? 0 }, easings: [], hold: false))
        return result
    }

    /// `segments` split at every time of `knots` (which include all of theirs), one per interval;
    /// a curve that starts late or ends early holds its first or last value there.
    static func align(_ segments: [CurveSegment], to knots: [Double]) -> [CurveSegment] {
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
            if piece.start < a { piece = piece.split(at: a).1 }
            if piece.end > b { piece = piece.split(at: b).0 }
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
