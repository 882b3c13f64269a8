import Foundation
import MotionCore
import MotionPlans
import MotionRuntime
import MotionScheduler
import Testing

/// The reduced-motion variant (docs/format.md §7.7): skip lands on the final values at the
/// commit, crossfade cuts motion under a linear opacity dip, keep and `forever` stay.
@Suite("Reduced motion, running")
struct ReducedMotionRunTests {
    func reduced(_ transactions: String, mode: String = "skip") throws -> DocumentRun {
        let yaml = "reducedMotion: \(mode)\n" + boxDocument(layer: "{ position: [0, 0], opacity: 0.8 }", transactions: transactions)
        return DocumentRun(document: try decode(yaml).reducedMotionVariant())
    }

    @Test func skipHoldsTheFinalValuesFromTheCommit() throws {
        let run = try reduced(
            """
              - at: 0.5
                ops:
                  - { add: tween, target: "#box", property: position.x, values: [0, 100], duration: 1, delay: 0.3, repeat: 1.5 }
                  - { add: tween, target: "#box", property: rotation, to: 90, duration: 1, repeat: 2, autoreverse: true }
                  - { add: spring, target: "#box", property: scale, destination: 3 }
                  - { add: tween, target: "#box", property: position.y, by: 40, duration: 1 }
            """)
        // Before the commit: the model. From it on: repeat 1.5 ends half way (50); two whole
        // autoreversed repeats end where they began (0); the spring at its destination; by: 40.
        for k in 0...180 {
            let t = Double(k) / 60
            let after = t >= 0.5
            #expect(run.sample(.position, 0, at: t) == (after ? 50 : 0), "x at \(t)")
            #expect(run.sample(.position, 1, at: t) == (after ? 40 : 0), "y at \(t)")
            #expect(run.sample(.rotation, at: t) == 0, "rotation at \(t)")
            #expect(run.sample(.scale, 0, at: t) == (after ? 3 : 1), "scale at \(t)")
        }
    }

    @Test("a by: tween that ends part way lands where the tween itself ends, in skip and crossfade alike")
    func byWithAFractionalRepeat() throws {
        // From the layer's 0: by 80 with repeat 1.5 ends half way through its second pass; with
        // easeIn (cubic-bezier 0.42, 0, 1, 1) at progress 0.5 the eased fraction is solved below.
        let easeIn = TimingCurve.cubicBezier(x1: 0.42, y1: 0, x2: 1, y2: 1).value(at: 0.5)
        for mode in ["skip", "crossfade"] {
            let run = try reduced(
                """
                  - ops:
                      - { add: tween, target: "#box", property: rotation, by: 80, duration: 0.4, repeat: 1.5 }
                      - { add: tween, target: "#box", property: position.x, by: 100, duration: 0.4, repeat: 2.5, easing: easeIn }
                """, mode: mode)
            #expect(abs(run.sample(.rotation, at: 2) - 40) <= 1e-9, "\(mode): rotation")
            #expect(abs(run.sample(.position, 0, at: 2) - 100 * easeIn) <= 1e-9, "\(mode): x")
        }
    }

    @Test(
        "crossfade of an op that also fades the target: its fade plays as written, in either key order",
        arguments: [
            "{ opacity: { to: 0 }, position.y: { to: 100 } }", "{ position.y: { to: 100 }, opacity: { to: 0 } }",
        ])
    func crossfadeKeepsTheOpsOwnFade(properties: String) throws {
        let run = try reduced(
            """
              - ops:
                  - { add: tween, target: "#box", duration: 0.4, easing: linear, properties: \(properties) }
            """, mode: "crossfade")
        // From the layer's 0.8 down to 0, linearly over 0...0.4; the slide cuts at 0.2.
        for k in 0...60 {
            let t = Double(k) / 60
            let expected = 0.8 * (1 - min(t / 0.4, 1))
            #expect(abs(run.sample(.opacity, at: t) - expected) <= 1e-9, "opacity at \(t)")
            #expect(run.sample(.position, 1, at: t) == (t >= 0.2 ? 100 : 0), "y at \(t)")
        }
    }

    @Test func crossfadeDipsLinearlyAndCutsAtTheMidpoint() throws {
        let run = try reduced(
            """
              - ops:
                  - { add: tween, target: "#box", property: position, to: [200, 100], duration: 0.6, delay: 0.2, easing: standard }
            """, mode: "crossfade")
        for k in 0...72 {
            let t = Double(k) / 60
            // Opacity 0.8 down to 0 over 0.2...0.5 and back to 0.8 over 0.5...0.8.
            let u = min(max((t - 0.2) / 0.6, 0), 1)
            let opacity = 0.8 * (u <= 0.5 ? 1 - 2 * u : 2 * u - 1)
            #expect(abs(run.sample(.opacity, at: t) - opacity) <= 1e-9, "opacity at \(t)")
            let x = run.sample(.position, 0, at: t)
            #expect(x == (t >= 0.5 ? 200 : 0), "x at \(t)")
        }
    }

    @Test func foreverAndKeepStayAsWritten() throws {
        let yaml = """
            motion: 1
            reducedMotion: skip
            targets:
              box: {}
            transactions:
              - ops:
                  - { add: tween, target: "#box", property: rotation, to: 360, duration: 1, repeat: forever }
                  - { add: tween, target: "#box", property: opacity, to: 0, duration: 1, reducedMotion: keep }
            """
        let document = try decode(yaml)
        let written = DocumentRun(document: document)
        let variant = DocumentRun(document: document.reducedMotionVariant())
        for k in 0...60 {
            let t = Double(k) / 60
            #expect(variant.sample(.rotation, at: t) == written.sample(.rotation, at: t))
            #expect(variant.sample(.opacity, at: t) == written.sample(.opacity, at: t))
        }
    }
}
