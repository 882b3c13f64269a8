import MotionCore
import Testing

@testable import MotionExport

/// Motion paths as players' spatial keyframes (docs/export.md): the easing cut where each
/// segment starts must give, piece by piece, the same eased arc length as the whole easing.
@Suite("Path keyframes")
struct PathKeyframesTests {
    /// Three segments of different lengths.
    static let points: [SIMD2<Double>] = [
        SIMD2(0, 0), SIMD2(0, -60), SIMD2(80, -60), SIMD2(80, 0),
        SIMD2(80, 20), SIMD2(100, 20), SIMD2(120, 20),
        SIMD2(200, 20), SIMD2(240, 100), SIMD2(120, 160),
    ]

    static func sole(_ easing: TimingCurve, repeatCount: Double = 1, autoreverses: Bool = false) throws -> SolePath {
        let path = try #require(MotionPath(points: points))
        let animation = PathAnimation(
            path: path, output: .position, timingFunction: easing, beginTime: 0.5, duration: 2, repeatCount: repeatCount,
            autoreverses: autoreverses)
        return SolePath(animation: animation, addedTime: 0, before: .point(0, 0))
    }

    /// The fraction of the length at each segment's end, from the path's own table.
    static func fractions(_ path: MotionPath) -> [Double] {
        [0] + (0..<path.segmentCount).map { path.length(throughSegment: $0) / path.length }
    }

    @Test(arguments: ["standard", "easeInOut", "linear", "emphasizedDecelerate"])
    func piecesComposeToTheWholeEasing(_ name: String) throws {
        let easing = try #require(TimingCurve.named(name))
        let sole = try Self.sole(easing, repeatCount: 1, autoreverses: true)
        let keyframes = try #require(PathKeyframes.keyframes(sole, until: 10))
        let f = Self.fractions(sole.animation.path)
        // Two passes of three segments, and the last keyframe.
        #expect(keyframes.count == 7)
        #expect(keyframes[0].point == Self.points[0] && keyframes[0].outTangent == Self.points[1] - Self.points[0])
        #expect(keyframes[0].inTangent == Self.points[2] - Self.points[3])
        #expect(keyframes[3].point == Self.points[9] && keyframes[3].outTangent == Self.points[8] - Self.points[9])
        #expect(keyframes[6].point == Self.points[0] && keyframes[6].time == 4.5)
        for k in 0..<6 {
            let a = keyframes[k]
            let b = keyframes[k + 1]
            let piece = try #require(a.easing)
            let backward = k >= 3
            let segment = backward ? 5 - k : k
            for i in 0...20 {
                let u = Double(i) / 20
                let t = a.time + u * (b.time - a.time)
                let passProgress = backward ? 1 - (t - 2.5) / 2 : (t - 0.5) / 2
                let e = easing.value(at: passProgress)
                let along = backward ? (f[segment + 1] - e) : (e - f[segment])
                #expect(abs(piece.value(at: u) - along / (f[segment + 1] - f[segment])) <= 1e-9, "keyframe \(k) at \(u)")
            }
        }
    }

    @Test func whatPlayersCannotFollowIsRefused() throws {
        #expect(PathKeyframes.keyframes(try Self.sole(.cubicBezier(x1: 0.3, y1: -0.4, x2: 0.7, y2: 1.4)), until: 10) == nil)
        #expect(PathKeyframes.keyframes(try Self.sole(.linear, repeatCount: 1.5), until: 10) == nil)
        #expect(PathKeyframes.keyframes(try Self.sole(.linear, repeatCount: 2), until: 10)?.count == 8)
    }
}
