import Foundation
import MotionCore
import MotionTimeline
import Testing

@testable import MotionExport

/// A jump on the export's very last moment that cuts a running tween with an extreme easing
/// (docs/export.md, "Jumps").
///
/// The jump is placed a jump lead before the end, so the tween's segment is cut there. For an easing
/// such as `cubic-bezier(1, 0, 0, 1)` the part up to the cut is no timing curve; it was then written
/// as the closest one (``CurveSegment/split(at:)``), 1.6% of the range off at the tween's middle
/// (1.44° of 90° on the frame at 0.25 s), while the report called it exact. Every expected value
/// here comes from ``cssBezier(_:_:_:_:_:)`` (bisection of the bezier), never from the exporter's
/// curve maths.
@Suite("Exports of a jump on the last moment after an extreme easing")
struct LastMomentExportTests {
    /// A 0.5 s turn by 90° with `easing`, and at its end (the timeline's end) a jump back to 0°.
    static func document(_ easing: [Double]) -> String {
        """
        motion: 1
        canvas: { size: [200, 200], fps: 60 }
        targets: { box: { layer: { position: [100, 100], size: [40, 40] } } }
        transactions:
          - at: 0
            ops:
              - { add: tween, target: "#box", property: rotation, from: 0, to: 90, duration: 0.5, easing: \(easing) }
          - at: 0.5
            ops:
              - { add: tween, target: "#box", property: rotation, to: 0, duration: 0 }
        """
    }

    /// The rotation the render server shows at `t` (seconds): the eased turn, then 0° from the end.
    static func truth(_ easing: [Double], at t: Double) -> Double {
        t >= 0.5 ? 0 : 90 * ExtremeCurveExportTests.eased(easing, t / 0.5)
    }

    /// The times checked: every quarter frame, and shares of the turn up to 40 µs before its end
    /// (where the keyframe writers put the jump, two jump leads before the cut).
    static let checkTimes: [Double] =
        (0..<120).map { Double($0) / 240 }
        + [0.05, 0.25, 0.4, 0.49, 0.499, 0.4999, 0.5001, 0.501, 0.51, 0.6, 0.75, 0.99, 0.999].map { 0.5 * $0 }

    /// The easings of ``ExtremeCurveExportTests/extremes`` whose part up to a jump lead before the
    /// end of a 0.5 s tween is no timing curve (the others split there in one).
    static let unsplittable: [[Double]] = [[1, 0, 0, 1], [1, -0.5, 0, 1.5], [1, 0.5, 0, 0.5]]

    @Test("the part before the last moment cannot be one timing curve", arguments: unsplittable)
    func thePartIsNoTimingCurve(easing: [Double]) {
        let segment = CurveSegment(
            start: 0, end: 0.5, from: 0, to: 90, easing: .curve(.cubicBezier(x1: easing[0], y1: easing[1], x2: easing[2], y2: easing[3])))
        #expect(segment.exactSplit(at: 0.5 - PlayerKeyframes.jumpLead) == nil)
    }

    /// The Lottie rotation follows the easing within 1/2000 of its range wherever the report calls
    /// it exact, and shows the jump on the last frame; were it not exact, the report would say so
    /// with at least the error found here.
    @Test("Lottie shows the tween before a jump on the last moment as it is", arguments: ExtremeCurveExportTests.extremes)
    func lottieBeforeTheLastMoment(easing: [Double]) throws {
        let timeline = try bake(Self.document(easing))
        #expect(timeline.end == 0.5)
        let export = LottieExporter.export(TimelineTracks(timeline))
        let rotation = try LottieKeyframes(export.bytes, key: "r")
        let item = try #require(export.items.first { $0.property == "rotation" })
        #expect(item.keyframes == rotation.keyframes.count)
        #expect(try rotation.value(at: 30) == 0)
        var worst = (error: 0.0, at: 0.0)
        for t in Self.checkTimes {
            let error = abs(try rotation.value(at: t * 60) - Self.truth(easing, at: t))
            if error > worst.error { worst = (error, t) }
        }
        if item.method == .exact {
            #expect(worst.error <= ExtremeCurveExportTests.allowed * 90, "off by \(worst.error / 90) of the range at \(worst.at) s")
        } else {
            #expect(item.maxError >= worst.error * 0.99, "off by \(worst.error), reported \(item.maxError)")
        }
    }

    /// The `@keyframes` rule of a CSS `rotate`, read from the stylesheet: each row's offset (a
    /// share of the animation), its angle and its timing function to the next row.
    struct CSSRotation {
        var rows: [(offset: Double, degrees: Double, timing: String)] = []

        init(_ css: String) throws {
            let rule = try #require(css.range(of: "@keyframes m0-rotate {\n"))
            for line in css[rule.upperBound...].split(separator: "\n") {
                guard line != "}" else { break }
                // `  12.5% { rotate: 45deg; animation-timing-function: cubic-bezier(1, 0, 0, 1); }`
                let fields = line.split(separator: " ", maxSplits: 4)
                let offset = try #require(Double(fields[0].dropLast()))
                let degrees = try #require(Double(fields[3].dropLast(4)))
                let timing = fields.count > 4 ? String(fields[4].split(separator: ": ").last?.dropLast(3) ?? "") : ""
                rows.append((offset / 100, degrees, timing))
            }
        }

        /// The angle at `share` of the animation, as a browser eases between the rows.
        func value(at share: Double) throws -> Double {
            let k = try #require(rows.lastIndex { $0.offset <= share })
            let row = rows[k]
            guard k + 1 < rows.count, row.timing != "step-end" else { return row.degrees }
            let next = rows[k + 1]
            let u = (share - row.offset) / (next.offset - row.offset)
            var eased = u
            if row.timing.hasPrefix("cubic-bezier(") {
                let handles = row.timing.dropFirst(13).dropLast().split(separator: ", ").compactMap { Double($0) }
                try #require(handles.count == 4)
                eased = cssBezier(handles[0], handles[1], handles[2], handles[3], u)
            }
            return row.degrees + (next.degrees - row.degrees) * eased
        }
    }

    /// The stylesheet's `rotate` animation (over the timeline's 0.5 s) follows the easing too.
    @Test("CSS shows the tween before a jump on the last moment as it is", arguments: ExtremeCurveExportTests.extremes)
    func cssBeforeTheLastMoment(easing: [Double]) throws {
        let timeline = try bake(Self.document(easing))
        let export = CSSExporter.export(TimelineTracks(timeline), page: false)
        #expect(export.text.contains("animation: m0-rotate 0.5s linear 0s 1 normal both;"))
        let rotation = try CSSRotation(export.text)
        let item = try #require(export.items.first { $0.property == "rotation" })
        #expect(item.keyframes == rotation.rows.count)
        var worst = (error: 0.0, at: 0.0)
        for t in Self.checkTimes {
            let error = abs(try rotation.value(at: t / 0.5) - Self.truth(easing, at: t))
            if error > worst.error { worst = (error, t) }
        }
        if item.method == .exact {
            #expect(worst.error <= ExtremeCurveExportTests.allowed * 90, "off by \(worst.error / 90) of the range at \(worst.at) s")
        } else {
            #expect(item.maxError >= worst.error * 0.99, "off by \(worst.error), reported \(item.maxError)")
        }
    }

    /// A part that nothing cuts into timing curves (a curve whose handles overflow: no number
    /// measures it) is handed back, so that the component is reported as fitted with its error.
    @Test("a last-moment cut that is not exact is handed back to be measured")
    func inexactCutIsHandedBack() throws {
        let easing = CurveSegment(start: 0, end: 0.5, from: 0, to: 90, easing: .curve(.cubicBezier(x1: 1, y1: 1e308, x2: 0, y2: 1)))
        var segments = [easing]
        let approximated = try #require(
            TimelineTracks.showLastMoment(&segments, value: 0, limit: nil, end: 0.5, tolerance: { 0.09 }))
        #expect(approximated.segment == easing)
        // Measured where it stands in: its values are no numbers, so its error is infinite.
        let tracks = TimelineTracks(try bake(Self.document([1, 0, 0, 1])))
        #expect(tracks.lastMomentError(approximated) == .infinity)
        #expect(segments.count == 2 && segments.last?.from == 0 && segments.first?.end == 0.5 - PlayerKeyframes.jumpLead)
        // An exact cut is kept: nothing to measure.
        var exact = [CurveSegment(start: 0, end: 0.5, from: 0, to: 90, easing: .curve(.cubicBezier(x1: 1, y1: 0, x2: 0, y2: 1)))]
        #expect(TimelineTracks.showLastMoment(&exact, value: 0, limit: nil, end: 0.5, tolerance: { 0.09 }) == nil)
        #expect(exact.count > 2 && exact.last?.from == 0)
    }
}
