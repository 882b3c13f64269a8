import MotionCore
import MotionScheduler
import Testing

/// Numbers at the magnitude limit (±1e9, docs/format.md §1.6) run to finite values.
@Suite("Numbers at the magnitude limit")
struct MagnitudeLimitRunTests {
    /// A linear tween across the whole allowed span, at the fastest rate a tween may have (1e9 per
    /// second, docs/format.md §1.6), passes zero half way, as -1e9 + 1e9 t does.
    @Test func aTweenAcrossTheWholeSpanIsLinear() throws {
        let yaml = boxDocument(
            transactions: """
                  - ops:
                      - { add: tween, target: "#box", property: position.x, from: -1e9, to: 1e9, duration: 2, easing: linear }
                """)
        let run = DocumentRun(document: try decode(yaml))
        for k in 0...60 {
            let t = Double(k) / 30
            let expected = -1e9 + 1e9 * t
            #expect(abs(run.sample(.position, 0, at: t) - expected) <= 1e-6 * 1e9, "t = \(t)")
        }
    }

    /// A stiff spring thrown at the largest speed towards the largest destination stays finite
    /// and comes to rest there.
    @Test func aSpringAtTheLimitsStaysFinite() throws {
        let yaml = boxDocument(
            transactions: """
                  - ops:
                      - { add: spring, target: "#box", property: position.x, destination: 1e9, initialVelocity: -1e9, stiffness: 1e9, damping: 1e9 }
                """)
        let run = DocumentRun(document: try decode(yaml))
        for k in 0...600 {
            #expect(run.sample(.position, 0, at: Double(k) / 600).isFinite, "t = \(Double(k) / 600)")
        }
        #expect(abs(run.sample(.position, 0, at: 60) - 1e9) <= 1)
    }
}
