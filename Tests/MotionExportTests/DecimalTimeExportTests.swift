import MotionCore
import MotionTimeline
import Testing

@testable import MotionExport

/// Exports change on the frame a decimal sum of times names, as run and play do (docs/format.md §2.2).
@Suite("Exports at decimal sums of times")
struct DecimalTimeExportTests {
    /// A tween from 160 to 120 over 0.1 s, three times, after a delay of 0.1 s: its passes start
    /// at 0.2 and 0.3 s (frames 12 and 18 at 60 fps), though 0.1 + 2 x 0.1 is 0.30000000000000004.
    @Test("each pass of a repeat starts on the frame of its decimal start")
    func passesStartOnTheirFrames() throws {
        let timeline = try bake(
            cardDocument(
                """
                      - { add: tween, target: "#card", property: position.y, from: 160, to: 120, duration: 0.1, delay: 0.1, repeat: 3 }
                """))
        let curve = TimelineTracks(timeline).curve(layer: 0, property: .position, component: 1)
        for frame in [12, 18] {
            let t = Double(frame) / 60
            #expect(curve.value(at: t) == 160, "frame \(frame)")
            #expect(abs(curve.value(at: Double(frame - 1) / 60) - (160 - 40 * (1 - 1.0 / 6))) < 1e-9, "frame \(frame - 1)")
        }
        #expect(curve.value(at: 0.4) == 120)
        #expect(curve.method == .exact)
    }
}
