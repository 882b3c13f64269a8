#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A motion path: cubic Bézier segments from a start point, measured by arc length (docs/format.md §7.3).
///
/// The start point is followed by one `[c1, c2, end]` triple per segment. A fraction `e` of the
/// path is the point at arc length `e * length` from the start; outside 0...1 the path continues
/// along its end tangents (before the start along the start tangent, after the end along the end
/// tangent). The tangent's angle, `atan2(dy, dx)` in degrees (y down, so clockwise), is unwrapped
/// along the path so that it never jumps by more than 180 degrees, and holds the end tangents'
/// angles outside 0...1.
///
/// Lengths come from a table built once: each segment is cut into `samplesPerSegment` equal
/// parameter steps, each step's length integrated with 8-point Gauss-Legendre quadrature; a
/// length inside a step is found by Newton steps on the same quadrature (bisection as fallback),
/// to 1e-12 of the path's size.
public struct MotionPath: Hashable, Sendable {
    /// The start point and then three points per segment: `c1, c2, end`.
    public let points: [SIMD2<Double>]
    /// The total arc length.
    public let length: Double
    /// Cumulative arc length at each segment's start; one more entry than segments.
    private let segmentStarts: [Double]
    /// Per segment, `samplesPerSegment + 1` cumulative lengths from the segment's start.
    private let table: [Double]
    /// Per segment, the unwrapped tangent angle (degrees) at each table sample.
    private let angles: [Double]
    /// The unit direction the path leaves its start in, and the one it ends in.
    private let startDirection: SIMD2<Double>
    private let endDirection: SIMD2<Double>
    /// The unwrapped tangent angle in degrees where the path starts.
    public let startAngle: Double
    /// The unwrapped tangent angle in degrees where the path ends, as it unwinds along the path.
    public let endAngle: Double

    /// Parameter steps per segment in the length table.
    static let samplesPerSegment = 32

    /// Creates a path from a start point and `[c1, c2, end]` triples; nil when they make no path.
    ///
    /// A path needs `1 + 3n` points, n >= 1, every coordinate finite, and a finite length.
    ///
    /// - Complexity: O(n x `samplesPerSegment`) quadratures.
    public init?(points: [SIMD2<Double>]) {
        guard points.count >= 4, (points.count - 1) % 3 == 0,
            points.allSatisfy({ $0.x.isFinite && $0.y.isFinite })
        else { return nil }
        self.points = points
        let segments = (points.count - 1) / 3
        let k = Self.samplesPerSegment
        var starts = [0.0]
        var table: [Double] = []
        var angles: [Double] = []
        table.reserveCapacity(segments * (k + 1))
        angles.reserveCapacity(segments * (k + 1))
        var previousAngle: Double?
        var firstReal: Int?
        var total = 0.0
        for i in 0..<segments {
            let bezier = Bezier(points, segment: i)
            var running = 0.0
            for j in 0...k {
                let s = Double(j) / Double(k)
                if j > 0 { running += bezier.length(from: Double(j - 1) / Double(k), to: s) }
                table.append(running)
                let raw = bezier.direction(at: s).map(Self.degrees)
                let angle: Double
                if let raw, let previous = previousAngle {
                    angle = Self.unwrap(raw, near: previous)
                } else {
                    angle = raw ?? previousAngle ?? 0
                }
                if raw != nil {
                    previousAngle = angle
                    if firstReal == nil { firstReal = angles.count }
                }
                angles.append(angle)
            }
            total += running
            starts.append(total)
        }
        // Samples before the first real direction (a path that starts with points on one
        // spot) take the first real angle.
        if let first = firstReal {
            for i in 0..<first { angles[i] = angles[first] }
        }
        guard total.isFinite else { return nil }
        self.length = total
        self.segmentStarts = starts
        self.table = table
        self.angles = angles
        // The end tangents: of the first and last segments that have a length.
        let firstLong = (0..<segments).first { starts[$0 + 1] > starts[$0] }
        let lastLong = (0..<segments).last { starts[$0 + 1] > starts[$0] }
        let startBezier = Bezier(points, segment: firstLong ?? 0)
        let endBezier = Bezier(points, segment: lastLong ?? 0)
        let start = startBezier.direction(at: 0) ?? SIMD2(1, 0)
        let end = endBezier.direction(at: 1) ?? SIMD2(1, 0)
        startDirection = start / (start * start).sum().squareRoot()
        endDirection = end / (end * end).sum().squareRoot()
        startAngle = angles[(firstLong ?? 0) * (k + 1)]
        endAngle = angles[(lastLong ?? 0) * (k + 1) + k]
    }

    /// Paths are equal when their points are (the tables follow from them).
    public static func == (a: MotionPath, b: MotionPath) -> Bool { a.points == b.points }

    /// Hashes the points, which the tables follow from.
    public func hash(into hasher: inout Hasher) { hasher.combine(points) }

    /// The number of Bézier segments.
    public var segmentCount: Int { (points.count - 1) / 3 }

    /// The start point.
    public var start: SIMD2<Double> { points[0] }

    /// The end point.
    public var end: SIMD2<Double> { points[points.count - 1] }

    /// The arc length from the start to the end of segment `i` (0 for i < 0).
    public func length(throughSegment i: Int) -> Double {
        segmentStarts[max(0, min(i + 1, segmentStarts.count - 1))]
    }

    /// The point at fraction `e` of the arc length; outside 0...1, on the end tangents.
    ///
    /// - Complexity: O(log n + log k) plus a few quadratures.
    public func point(atFraction e: Double) -> SIMD2<Double> {
        let d = e * length
        guard e.isFinite else { return e > 0 ? end : start }
        if e <= 0 || length <= 0 { return start + d * startDirection }
        if e >= 1 { return end + (d - length) * endDirection }
        let (segment, s) = location(atDistance: d)
        return Bezier(points, segment: segment).point(at: s)
    }

    /// The unwrapped tangent angle in degrees at fraction `e`; the end tangents' angles outside 0...1.
    ///
    /// - Complexity: as ``point(atFraction:)``.
    public func angle(atFraction e: Double) -> Double {
        if !(e > 0) || length <= 0 { return startAngle }
        if e >= 1 { return endAngle }
        let (segment, s) = location(atDistance: e * length)
        let k = Self.samplesPerSegment
        let j = min(max(Int((s * Double(k)).rounded(.down)), 0), k)
        let reference = angles[segment * (k + 1) + j]
        guard let direction = Bezier(points, segment: segment).direction(at: s) else { return reference }
        return Self.unwrap(Self.degrees(direction), near: reference)
    }

    /// The segment and Bézier parameter at arc length `d` (0 < d < length).
    func location(atDistance d: Double) -> (segment: Int, s: Double) {
        // The last segment starting at or before d with a length.
        var lo = 0
        var hi = segmentStarts.count - 1
        while hi - lo > 1 {
            let mid = (lo + hi) / 2
            if segmentStarts[mid] <= d { lo = mid } else { hi = mid }
        }
        var segment = lo
        while segment > 0, segmentStarts[segment + 1] <= segmentStarts[segment] { segment -= 1 }
        let local = d - segmentStarts[segment]
        let k = Self.samplesPerSegment
        let base = segment * (k + 1)
        var a = 0
        var b = k
        while b - a > 1 {
            let mid = (a + b) / 2
            if table[base + mid] <= local { a = mid } else { b = mid }
        }
        let bezier = Bezier(points, segment: segment)
        var low = Double(a) / Double(k)
        var high = Double(b) / Double(k)
        let target = local - table[base + a]
        let step = table[base + b] - table[base + a]
        guard step > 0 else { return (segment, low) }
        let origin = low
        var s = low + (high - low) * min(max(target / step, 0), 1)
        let tolerance = 1e-12 * max(1, length)
        for _ in 0..<60 {
            let f = bezier.length(from: origin, to: s) - target
            if abs(f) <= tolerance { break }
            if f > 0 { high = s } else { low = s }
            let speed = bezier.speed(at: s)
            var next = speed > 0 ? s - f / speed : (low + high) / 2
            if !(next > low && next < high) { next = (low + high) / 2 }
            if next == s { break }
            s = next
        }
        return (segment, s.isFinite ? min(max(s, 0), 1) : 0)
    }

    static func degrees(_ v: SIMD2<Double>) -> Double { atan2(v.y, v.x) * 180 / Double.pi }

    /// `angle` moved by whole turns to within 180 degrees of `reference`.
    static func unwrap(_ angle: Double, near reference: Double) -> Double {
        reference + remainder(angle - reference, 360)
    }
}

/// One cubic Bézier segment of a ``MotionPath``.
struct Bezier {
    let p0: SIMD2<Double>
    let p1: SIMD2<Double>
    let p2: SIMD2<Double>
    let p3: SIMD2<Double>

    init(_ points: [SIMD2<Double>], segment i: Int) {
        p0 = points[3 * i]
        p1 = points[3 * i + 1]
        p2 = points[3 * i + 2]
        p3 = points[3 * i + 3]
    }

    static func size(_ p: SIMD2<Double>) -> Double { Swift.max(Swift.abs(p.x), Swift.abs(p.y)) }

    func point(at s: Double) -> SIMD2<Double> {
        let r = 1 - s
        return r * r * r * p0 + 3 * r * r * s * p1 + 3 * r * s * s * p2 + s * s * s * p3
    }

    func derivative(at s: Double) -> SIMD2<Double> {
        let r = 1 - s
        return 3 * r * r * (p1 - p0) + 6 * r * s * (p2 - p1) + 3 * s * s * (p3 - p2)
    }

    func speed(at s: Double) -> Double {
        let d = derivative(at: s)
        return (d * d).sum().squareRoot()
    }

    /// The direction of travel at `s`: the derivative; where it vanishes at an end (a control
    /// point on its end point), the direction to the next distinct control point, as the curve's
    /// limit there; inside, the nearby chord; nil for a segment that is one point.
    func direction(at s: Double) -> SIMD2<Double>? {
        let scale = Swift.max(Self.size(p0), Self.size(p1), Self.size(p2), Self.size(p3), 1)
        func long(_ v: SIMD2<Double>) -> Bool { (v * v).sum().squareRoot() > 1e-12 * scale }
        let d = derivative(at: s)
        if (d * d).sum().squareRoot() > 1e-9 * scale { return d }
        let candidates: [SIMD2<Double>]
        if s <= 0 {
            candidates = [p1 - p0, p2 - p0, p3 - p0]
        } else if s >= 1 {
            candidates = [p3 - p2, p3 - p1, p3 - p0]
        } else {
            let h = 1e-4
            candidates = [point(at: Swift.min(s + h, 1)) - point(at: Swift.max(s - h, 0)), p3 - p0]
        }
        return candidates.first(where: long)
    }

    /// The arc length between parameters `a` and `b` (8-point Gauss-Legendre).
    func length(from a: Double, to b: Double) -> Double {
        let half = (b - a) / 2
        let middle = (a + b) / 2
        var sum = 0.0
        for (x, w) in Self.gauss {
            sum += w * (speed(at: middle + half * x) + speed(at: middle - half * x))
        }
        return sum * half
    }

    /// 8-point Gauss-Legendre nodes (positive half) and weights.
    static let gauss: [(Double, Double)] = [
        (0.1834346424956498, 0.3626837833783620), (0.5255324099163290, 0.3137066458778873),
        (0.7966664774136267, 0.2223810344533745), (0.9602898564975363, 0.1012285362903763),
    ]
}
