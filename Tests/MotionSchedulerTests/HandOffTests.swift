import Foundation
import MotionCore
import MotionPlans
import MotionRuntime
import MotionScheduler
import Testing

/// The hand-off between families (docs/format.md §2.6), against closed forms computed here.
@Suite struct HandOffTests {
    /// A run of the one-target `#box` document with `transactions`.
    func boxRun(layer: String = "{ position: [0, 0] }", _ transactions: String, inputs: String = "") throws -> DocumentRun {
        try DocumentRun(document: decode(boxDocument(layer: layer, transactions: transactions, inputs: inputs)))
    }

    /// Expects `run` at rest by `time`, with component `c` of `property` showing `value`.
    func expectAtRest(_ run: DocumentRun, _ property: LayerProperty, _ c: Int, by time: Double, at value: Double) {
        run.advance(to: time)
        #expect(run.isAtRest)
        #expect(run.sample(property, c, at: time) == value)
    }

    /// The CSS cubic-bezier `(x1, y1, x2, y2)` at `u`: value and slope dy/du, solved by bisection
    /// on x(s) to machine precision (independent of the runtime's solvers).
    func bezier(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double, at u: Double) -> (y: Double, slope: Double) {
        func b(_ p1: Double, _ p2: Double, _ s: Double) -> Double {
            3 * (1 - s) * (1 - s) * s * p1 + 3 * (1 - s) * s * s * p2 + s * s * s
        }
        func db(_ p1: Double, _ p2: Double, _ s: Double) -> Double {
            3 * (1 - s) * (1 - s) * p1 + 6 * (1 - s) * s * (p2 - p1) + 3 * s * s * (1 - p2)
        }
        var lo = 0.0
        var hi = 1.0
        for _ in 0..<200 {
            let mid = (lo + hi) / 2
            if b(x1, x2, mid) < u { lo = mid } else { hi = mid }
        }
        let s = (lo + hi) / 2
        return (b(y1, y2, s), db(y1, y2, s) / db(x1, x2, s))
    }

    @Test("trap 1: a spring on a spinning layer takes rotation from the forever tween, with its velocity")
    func spinnerSpring() throws {
        let yaml = boxDocument(
            transactions: """
                - ops: [{ add: tween, target: "#box", property: rotation, from: 0, to: 360, duration: 1, repeat: forever }]
                - at: 0.5
                  ops: [{ add: spring, target: "#box", property: rotation, destination: 10, stiffness: 200, damping: 25 }]
                """)
        let run = try DocumentRun(document: decode(yaml))
        // The tween shows 180 degrees at 0.5 s, turning at 360 degrees per second.
        for dt in [0.0, 0.05, 0.3, 0.8] {
            let expected = textbookSpring(x0: 180, v0: 360, d: 10, k: 200, c: 25, m: 1, t: dt).x
            #expect(abs(run.sample(.rotation, at: 0.5 + dt) - expected) < 1e-9)
        }
        // No jump at the spring's end and no spinning after it: at rest at 10 degrees.
        var previous = run.sample(.rotation, at: 0.5)
        for k in 31...600 {
            let value = run.sample(.rotation, at: Double(k) / 60)
            // The spring turns at most about 900 degrees per second (15 per frame); the old jump was 170.
            #expect(abs(value - previous) < 20, "frame \(k) jumps from \(previous) to \(value)")
            previous = value
        }
        #expect(run.isAtRest)
        #expect(run.sample(.rotation, at: 10) == 10)
        #expect(try #require(run.restTime()) < 5)
    }

    @Test("trap 1: a spring to the model value runs while a tween shows another value")
    func springToModelValue() throws {
        let run = try boxRun(
            """
            - ops: [{ add: tween, target: "#box", property: position.x, from: 0, to: 100, duration: 1, repeat: forever }]
            - at: 0.25
              ops: [{ add: spring, target: "#box", property: position.x, destination: 100, stiffness: 150, damping: 20 }]
            """)
        for dt in [0.05, 0.2, 0.5] {
            let expected = textbookSpring(x0: 25, v0: 100, d: 100, k: 150, c: 20, m: 1, t: dt).x
            #expect(abs(run.sample(.position, 0, at: 0.25 + dt) - expected) < 1e-9)
        }
        expectAtRest(run, .position, 0, by: 20, at: 100)
    }

    @Test(
        "trap 2: physics takes over with the tween's presented value and velocity, continuous to 1e-9",
        arguments: [
            ("standard", 0.4, 0.0, 0.2, 1.0, 0.4), ("easeInOut", 0.42, 0.0, 0.58, 1.0, 0.7),
            ("linear", 0.0, 0.0, 1.0, 1.0, 0.3),
        ])
    func velocityContinuity(easing: String, x1: Double, y1: Double, x2: Double, y2: Double, at handOff: Double) throws {
        let tween = "- ops: [{ add: tween, target: \"#box\", property: position.x, from: 0, to: 100, duration: 1, easing: \(easing) }]"
        let alone = try boxRun(tween)
        let run = try boxRun(
            tween + """

                - at: \(handOff)
                  ops: [{ add: spring, target: "#box", property: position.x, destination: 150, stiffness: 200, damping: 20 }]
                """)
        let (y, slope) = bezier(x1, y1, x2, y2, at: handOff)
        let velocity = 100 * slope
        // Before the hand-off (the tween alone) and after it (the spring), value and velocity agree.
        let before = alone.sample(.position, 0, at: handOff)
        let beforeVelocity = alone.presentation.channel(layer: 0, property: .position).velocity(at: handOff)[0]
        let after = run.sample(.position, 0, at: handOff)
        let afterVelocity = run.presentation.channel(layer: 0, property: .position).velocity(at: handOff)[0]
        #expect(abs(before - 100 * y) < 1e-5)  // the tween's own curve solver (CSS precision in x)
        #expect(abs(after - before) < 1e-9)
        #expect(abs(beforeVelocity - velocity) < 1e-9)
        #expect(abs(afterVelocity - velocity) < 1e-9)
        for dt in [1.0 / 60, 0.1, 0.5] {
            let expected = textbookSpring(x0: before, v0: velocity, d: 150, k: 200, c: 20, m: 1, t: dt)
            #expect(abs(run.sample(.position, 0, at: handOff + dt) - expected.x) < 1e-9)
            let v = run.presentation.channel(layer: 0, property: .position).velocity(at: handOff + dt)[0]
            #expect(abs(v - expected.v) < 1e-9)
        }
        // The tween never shows again.
        expectAtRest(run, .position, 0, by: 30, at: 150)
    }

    @Test("a tween takes over from physics: the spring never resurfaces and its velocity is discarded")
    func tweenTakesOverFromPhysics() throws {
        let run = try boxRun(
            """
            - ops: [{ add: spring, target: "#box", property: position.x, destination: 100, stiffness: 100, damping: 5 }]
            - at: 0.2
              ops: [{ add: tween, target: "#box", property: position.x, to: 0, duration: 0.5 }]
            - at: 1
              ops: [{ add: spring, target: "#box", property: position.x, destination: 50, stiffness: 100, damping: 10 }]
            """)
        let atCommit = textbookSpring(x0: 0, v0: 0, d: 100, k: 100, c: 5, m: 1, t: 0.2).x
        #expect(abs(run.sample(.position, 0, at: 0.45) - atCommit / 2) < 1e-9)
        // After the tween's end the value holds (the weakly damped spring would still swing).
        #expect(run.sample(.position, 0, at: 0.8) == 0)
        #expect(run.sample(.position, 0, at: 0.95) == 0)
        // The later spring starts at rest (the tween's velocity after its end is 0).
        for dt in [0.1, 0.3] {
            let expected = textbookSpring(x0: 0, v0: 0, d: 50, k: 100, c: 10, m: 1, t: dt).x
            #expect(abs(run.sample(.position, 0, at: 1 + dt) - expected) < 1e-9)
        }
    }

    @Test("a component intention takes only that component: position.x springs, position.y tweens on")
    func componentTakesOnlyItsComponent() throws {
        let run = try boxRun(
            """
            - ops: [{ add: tween, target: "#box", property: position, from: [0, 0], to: [100, 200], duration: 1 }]
            - at: 0.5
              ops: [{ add: spring, target: "#box", property: position.x, destination: 0, stiffness: 300, damping: 30 }]
            """)
        for t in [0.5, 0.75, 0.9] {
            #expect(abs(run.sample(.position, 1, at: t) - 200 * t) < 1e-9)
            let x = textbookSpring(x0: 50, v0: 100, d: 0, k: 300, c: 30, m: 1, t: t - 0.5).x
            #expect(abs(run.sample(.position, 0, at: t) - x) < 1e-9)
        }
        run.advance(to: 10)
        #expect(run.sample(.position, 0, at: 10) == 0)
        #expect(run.sample(.position, 1, at: 10) == 200)
        #expect(run.isAtRest)
    }

    @Test("a projection keeps its place: a later tween on position.y still presents y")
    func projectionKeepsPrecedence() throws {
        let run = try boxRun(
            """
            - ops:
                - { add: tween, target: "#box", property: position, from: [0, 0], to: [100, 100], duration: 1 }
                - { add: tween, target: "#box", property: position.y, from: 0, to: -50, duration: 1 }
            - at: 0.5
              ops: [{ add: spring, target: "#box", property: position.x, destination: 0, stiffness: 300, damping: 30 }]
            """)
        for t in [0.5, 0.75, 0.9] {
            #expect(abs(run.sample(.position, 1, at: t) + 50 * t) < 1e-9)
            let x = textbookSpring(x0: 50, v0: 100, d: 0, k: 300, c: 30, m: 1, t: t - 0.5).x
            #expect(abs(run.sample(.position, 0, at: t) - x) < 1e-9)
        }
        expectAtRest(run, .position, 1, by: 10, at: -50)
    }

    @Test("a tween on position.x takes x from a spring on position; y springs on")
    func tweenTakesOneComponentFromPhysics() throws {
        let run = try boxRun(
            """
            - ops: [{ add: spring, target: "#box", property: position, destination: [100, 100], stiffness: 100, damping: 4 }]
            - at: 0.3
              ops: [{ add: tween, target: "#box", property: position.x, to: 20, duration: 0.2 }]
            """)
        for t in [0.6, 1.0, 2.0] {
            #expect(run.sample(.position, 0, at: t) == 20)
            let y = textbookSpring(x0: 0, v0: 0, d: 100, k: 100, c: 4, m: 1, t: t).x
            #expect(abs(run.sample(.position, 1, at: t) - y) < 1e-9)
        }
    }

    @Test("physics ends a delayed tween committed before it")
    func physicsEndsDelayedTween() throws {
        let run = try boxRun(
            layer: "{ opacity: 0 }",
            """
            - ops: [{ add: tween, target: "#box", property: opacity, from: 0, to: 1, duration: 0.5, delay: 1 }]
            - at: 0.5
              ops: [{ add: spring, target: "#box", property: opacity, destination: 0.5, stiffness: 200, damping: 30 }]
            """)
        for t in [0.7, 1.2] {
            let expected = textbookSpring(x0: 0, v0: 0, d: 0.5, k: 200, c: 30, m: 1, t: t - 0.5).x
            #expect(abs(run.sample(.opacity, at: t) - expected) < 1e-9)
        }
        #expect(run.sample(.opacity, at: 2) == 0.5)
    }

    @Test("a gesture ends the tweens on its property when its input begins")
    func gestureEndsTween() throws {
        let run = try boxRun(
            """
            - ops:
                - { add: tween, target: "#box", property: position, from: [0, 0], to: [0, 300], duration: 2 }
                - { add: draggable, target: "#box" }
            """,
            inputs: """
                  - { id: pan, kind: pan, target: "#box", at: 0.5, duration: 0.5, translation: [[0, 0], [50, 0]] }
                """)
        #expect(abs(run.sample(.position, 1, at: 0.5) - 75) < 1e-9)
        #expect(abs(run.sample(.position, 0, at: 0.75) - 25) < 1e-9)
        #expect(abs(run.sample(.position, 1, at: 0.75) - 75) < 1e-9)
        #expect(abs(run.sample(.position, 1, at: 1.5) - 75) < 1e-9)
        run.advance(to: 3)
        #expect(run.isAtRest)
    }

    @Test("trap 4: tossable's spring waits for the release, then starts with the release velocity")
    func tossableWaitsForRelease() throws {
        let run = try boxRun(
            layer: "{ position: [50, 50] }",
            """
            - ops: [{ add: tossable, target: "#box", destination: [200, 50], stiffness: 300, damping: 20 }]
            """,
            inputs: """
                  - { id: fling, kind: pan, target: "#box", at: 0.5, duration: 0.4, translation: [[0, 0], [100, 0]] }
                """)
        // Before the finger lands nothing moves.
        #expect(run.sample(.position, 0, at: 0.25) == 50)
        #expect(run.sample(.position, 0, at: 0.5) == 50)
        #expect(abs(run.sample(.position, 0, at: 0.7) - 100) < 1e-9)
        // Released at 0.9 s at x = 150 moving 250 points per second; y never moves.
        for dt in [0.05, 0.2] {
            let x = textbookSpring(x0: 150, v0: 250, d: 200, k: 300, c: 20, m: 1, t: dt).x
            #expect(abs(run.sample(.position, 0, at: 0.9 + dt) - x) < 1e-9)
            #expect(run.sample(.position, 1, at: 0.9 + dt) == 50)
        }
        expectAtRest(run, .position, 0, by: 10, at: 200)
    }
}
