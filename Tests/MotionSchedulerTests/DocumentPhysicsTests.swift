import Foundation
import MotionCore
import MotionPlans
import MotionRuntime
import MotionScheduler
import Testing

/// Springs, friction and gestures through the document compiler, against textbook closed forms.
@Suite struct DocumentPhysicsTests {
    @Test(
        "springs under-, critically and over-damped follow the textbook closed form",
        arguments: [(100.0, 4.0, 1.0), (100.0, 20.0, 1.0), (100.0, 50.0, 1.0), (342.0, 30.0, 2.0)])
    func spring(stiffness: Double, damping: Double, mass: Double) throws {
        let run = try DocumentRun(
            document: decode(
                boxDocument(
                    layer: "{ position: [10, 0] }",
                    transactions: """
                        - ops:
                            - { add: spring, target: "#box", property: position.x, destination: 100, stiffness: \(stiffness), damping: \(damping), mass: \(mass) }
                        """)))
        for k in 1...30 {
            let t = Double(k) / 60
            let expected = textbookSpring(x0: 10, v0: 0, d: 100, k: stiffness, c: damping, m: mass, t: t).x
            #expect(abs(run.sample(.position, 0, at: t) - expected) < 1e-9)
        }
        run.advance(to: 60)
        #expect(run.isAtRest)
        #expect(run.sample(.position, 0, at: 60) == 100)
    }

    @Test("friction on a sprung property adds to its damping")
    func springPlusFriction() throws {
        let run = try DocumentRun(
            document: decode(
                boxDocument(
                    transactions: """
                        - ops:
                            - { add: friction, target: "#box", property: position.x, coefficient: 6 }
                            - { add: spring, target: "#box", property: position.x, destination: 50, stiffness: 200, damping: 10 }
                        """)))
        for t in [0.05, 0.2, 0.4] {
            let expected = textbookSpring(x0: 0, v0: 0, d: 50, k: 200, c: 16, m: 1, t: t).x
            #expect(abs(run.sample(.position, 0, at: t) - expected) < 1e-9)
        }
    }

    @Test("a new destination keeps the value and the velocity")
    func newDestination() throws {
        let run = try DocumentRun(
            document: decode(
                boxDocument(
                    transactions: """
                        - at: 0
                          ops: [{ add: spring, target: "#box", property: position.x, destination: 100, stiffness: 100, damping: 10 }]
                        - at: 0.3
                          ops: [{ add: spring, target: "#box", property: position.x, destination: -20, stiffness: 100, damping: 10 }]
                        """)))
        let atChange = textbookSpring(x0: 0, v0: 0, d: 100, k: 100, c: 10, m: 1, t: 0.3)
        #expect(abs(run.sample(.position, 0, at: 0.3) - atChange.x) < 1e-9)
        for dt in [0.01, 0.1, 0.4] {
            let expected = textbookSpring(x0: atChange.x, v0: atChange.v, d: -20, k: 100, c: 10, m: 1, t: dt).x
            #expect(abs(run.sample(.position, 0, at: 0.3 + dt) - expected) < 1e-9)
        }
    }

    @Test("removing a named spring keeps value and velocity for the next spring")
    func namedSpringRemoval() throws {
        let run = try DocumentRun(
            document: decode(
                boxDocument(
                    transactions: """
                        - at: 0
                          ops: [{ add: spring, name: pull, target: "#box", property: position.x, destination: 100, stiffness: 100, damping: 10 }]
                        - at: 0.2
                          ops: [{ remove: pull, target: "#box" }]
                        - at: 0.5
                          ops: [{ add: spring, target: "#box", property: position.x, destination: 100, stiffness: 100, damping: 10 }]
                        """)))
        let atRemoval = textbookSpring(x0: 0, v0: 0, d: 100, k: 100, c: 10, m: 1, t: 0.2)
        // Between the removal and the next spring the value holds.
        #expect(abs(run.sample(.position, 0, at: 0.35) - atRemoval.x) < 1e-9)
        // The next spring starts from there with the remembered velocity.
        let expected = textbookSpring(x0: atRemoval.x, v0: atRemoval.v, d: 100, k: 100, c: 10, m: 1, t: 0.1).x
        #expect(abs(run.sample(.position, 0, at: 0.6) - expected) < 1e-9)
    }

    @Test("an anchored spring pulls position to the anchor on both axes")
    func anchoredSpring() throws {
        let run = try DocumentRun(
            document: decode(
                boxDocument(
                    transactions: """
                        - ops: [{ add: anchoredSpring, target: "#box", anchor: [30, -40], stiffness: 150, damping: 12 }]
                        """)))
        let x = textbookSpring(x0: 0, v0: 0, d: 30, k: 150, c: 12, m: 1, t: 0.25).x
        let y = textbookSpring(x0: 0, v0: 0, d: -40, k: 150, c: 12, m: 1, t: 0.25).x
        #expect(abs(run.sample(.position, 0, at: 0.25) - x) < 1e-9)
        #expect(abs(run.sample(.position, 1, at: 0.25) - y) < 1e-9)
    }

    @Test("tossable: the drag follows the input, the spring takes over with the release velocity")
    func tossable() throws {
        let run = try DocumentRun(
            document: decode(
                boxDocument(
                    layer: "{ position: [50, 50] }",
                    transactions: """
                        - ops: [{ add: tossable, target: "#box", stiffness: 300, damping: 18 }]
                        """,
                    inputs: """
                          - { id: toss, kind: pan, target: "#box", at: 0.2, duration: 0.4, translation: [[0, 0], [40, 10], [100, 30]] }
                        """)))
        // During the drag: position = start + translation, linear between samples 0.2 s apart.
        #expect(abs(run.sample(.position, 0, at: 0.3) - 70) < 1e-9)
        #expect(abs(run.sample(.position, 1, at: 0.5) - 70) < 1e-9)
        #expect(!run.isAtRest)
        // After release at 0.6 s: spring from (150, 80) with the last slope (300, 100) to the commit position.
        for dt in [0.05, 0.2] {
            let x = textbookSpring(x0: 150, v0: 300, d: 50, k: 300, c: 18, m: 1, t: dt).x
            let y = textbookSpring(x0: 80, v0: 100, d: 50, k: 300, c: 18, m: 1, t: dt).x
            #expect(abs(run.sample(.position, 0, at: 0.6 + dt) - x) < 1e-9)
            #expect(abs(run.sample(.position, 1, at: 0.6 + dt) - y) < 1e-9)
        }
        run.advance(to: 10)
        #expect(run.isAtRest)
        #expect(run.sample(.position, 0, at: 10) == 50)
    }

    @Test("friction alone decays the release velocity to the closed-form resting value")
    func frictionAlone() throws {
        let run = try DocumentRun(
            document: decode(
                boxDocument(
                    layer: "{ position: [60, 100] }",
                    transactions: """
                        - ops:
                            - { add: draggable, target: "#box", axis: horizontal }
                            - { add: friction, target: "#box", coefficient: 4 }
                        """,
                    inputs: """
                          - { id: fling, kind: pan, target: "#box", at: 0.1, duration: 0.15, translation: [[0, 0], [30, 5], [90, 9]] }
                        """)))
        // Released at 0.25 s from x = 150 with vx = 60 / 0.075 = 800; vertical motion is masked.
        let v = 60 / 0.075
        for k in [20, 30, 60, 120] {
            let t = Double(k) / 60
            let expected = 150 + v / 4 * (1 - exp(-4 * (t - 0.25)))
            #expect(abs(run.sample(.position, 0, at: t) - expected) < 1e-9)
            #expect(run.sample(.position, 1, at: t) == 100)
        }
        run.advance(to: 30)
        #expect(run.isAtRest)
        // At rest once |v| <= 0.01: within 0.01 / 4 of x0 + v0 / c.
        #expect(abs(run.sample(.position, 0, at: 30) - (150 + v / 4)) <= 0.01 / 4 + 1e-9)
    }

    @Test("pinch then a named spring: scale continues from the pinch with its release velocity")
    func pinchHandoff() throws {
        let run = try DocumentRun(
            document: decode(
                boxDocument(
                    transactions: """
                        - at: 0
                          ops: [{ add: pinchable, name: zoom, target: "#box", gesture: pinch }]
                        - at: 0.6
                          ops: [{ add: spring, name: zoom, target: "#box", property: scale, destination: 1 }]
                        """,
                    inputs: """
                          - { id: pinch, kind: pinch, target: "#box", at: 0.2, duration: 0.4, scale: [1, 1.5, 2] }
                        """)))
        #expect(abs(run.sample(.scale, 0, at: 0.3) - 1.25) < 1e-12)
        // Released at 0.6 s at scale 2 with d(scale)/dt = 0.5 / 0.2 = 2.5 per second.
        let expected = textbookSpring(x0: 2, v0: 2.5, d: 1, k: 342, c: 30, m: 1, t: 0.1).x
        #expect(abs(run.sample(.scale, 1, at: 0.7) - expected) < 1e-9)
    }

    @Test("one executor per executor type per target: tween + spring + friction make two")
    func executorsPerTarget() throws {
        let run = try DocumentRun(
            document: decode(
                boxDocument(
                    transactions: """
                        - ops:
                            - { add: tween, target: "#box", property: opacity, from: 0, to: 1, duration: 1 }
                            - { add: spring, target: "#box", property: position, destination: [10, 10] }
                            - { add: friction, target: "#box", coefficient: 2 }
                        """)))
        let executors = run.runtime.executors(of: run.targets[0])
        #expect(executors.count == 2)
        #expect(executors.contains { $0 is TweenExecutor })
        #expect(executors.contains { $0 is PhysicsExecutor })
    }

    @Test("squash and stretch: stretch along the motion, 1/s across, back to 1 at rest")
    func squash() throws {
        #expect(ShapeCore.stretch(vx: 0, vy: 0, factor: 0.3) == (1, 1))
        let (x, y) = ShapeCore.stretch(vx: 0, vy: 500, factor: 0.3)
        #expect(abs(y - 1.15) < 1e-12)
        #expect(abs(x - 1 / 1.15) < 1e-12)
        let run = try DocumentRun(
            document: decode(
                boxDocument(
                    transactions: """
                        - ops:
                            - { add: spring, target: "#box", property: position, destination: [0, 300], stiffness: 200, damping: 8 }
                            - { add: squashAndStretch, target: "#box", factor: 0.3 }
                        """)))
        let t = 0.1
        let v = textbookSpring(x0: 0, v0: 0, d: 300, k: 200, c: 8, m: 1, t: t).v
        let s = 1 + 0.3 * min(abs(v) / 1000, 1)
        #expect(abs(run.sample(.scale, 1, at: t) - s) < 1e-9)
        #expect(abs(run.sample(.scale, 0, at: t) - 1 / s) < 1e-9)
        run.advance(to: 30)
        #expect(run.isAtRest)
        #expect(run.sample(.scale, 1, at: 30) == 1)
    }
}
