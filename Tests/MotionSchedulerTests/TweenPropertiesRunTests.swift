import Foundation
import MotionCore
import MotionPlans
import MotionRuntime
import MotionScheduler
import Testing

/// `properties:` runs as the same tweens written one by one; `by:` from the presented value.
@Suite("Tween properties and relative values, running")
struct TweenPropertiesRunTests {
    @Test func propertiesEqualSeparateTweens() throws {
        let together = boxDocument(
            transactions: """
                  - ops:
                      - { add: tween, target: "#box", duration: 0.5, easing: standard, delay: 0.1, properties: { opacity: [1, 0.2], rotation: { to: 30 }, scale: [1, 2, 1.5] } }
                """)
        let apart = boxDocument(
            transactions: """
                  - ops:
                      - { add: tween, target: "#box", duration: 0.5, easing: standard, delay: 0.1, property: opacity, values: [1, 0.2] }
                      - { add: tween, target: "#box", duration: 0.5, easing: standard, delay: 0.1, property: rotation, to: 30 }
                      - { add: tween, target: "#box", duration: 0.5, easing: standard, delay: 0.1, property: scale, values: [1, 2, 1.5] }
                """)
        let a = DocumentRun(document: try decode(together))
        let b = DocumentRun(document: try decode(apart))
        for k in 0...45 {
            let t = Double(k) / 60
            for property in [LayerProperty.opacity, .rotation, .scale] {
                #expect(a.sample(property, at: t) == b.sample(property, at: t), "\(property) at \(t)")
            }
        }
    }

    @Test func byRunsFromThePresentedValue() throws {
        let yaml = boxDocument(
            layer: "{ position: [10, 20] }",
            transactions: """
                  - ops:
                      - { add: tween, target: "#box", property: position.x, to: 110, duration: 1 }
                  - at: 0.5
                    ops:
                      - { add: tween, target: "#box", property: position, by: [30, -40], duration: 0.5 }
                """)
        let run = DocumentRun(document: try decode(yaml))
        // At 0.5 the x tween presents 60; the relative tween then goes linearly to (90, -20).
        for k in 30...60 {
            let t = Double(k) / 60
            let p = (t - 0.5) / 0.5
            #expect(abs(run.sample(.position, 0, at: t) - (60 + 30 * p)) <= 1e-9, "x at \(t)")
            #expect(abs(run.sample(.position, 1, at: t) - (20 - 40 * p)) <= 1e-9, "y at \(t)")
        }
    }
}
