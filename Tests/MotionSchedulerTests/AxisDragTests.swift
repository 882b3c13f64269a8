import Foundation
import MotionCore
import MotionRuntime
import MotionScheduler
import Testing

/// A drag along one axis drives only that component of `position`: what drives the other
/// component keeps driving it (docs/format.md §2.4, §2.6).
@Suite struct AxisDragTests {
    /// A run of `#box` with `ops` at time 0 and one pan input `translation` from 0.1 or 0.2.
    func run(_ ops: String, pan: String) throws -> DocumentRun {
        try DocumentRun(
            document: decode(
                boxDocument(
                    transactions: "  - ops:\n" + ops.split(separator: "\n").map { "      - \($0)\n" }.joined(),
                    inputs: "  - { id: p, kind: pan, target: \"#box\", \(pan) }\n")))
    }

    @Test("a horizontal drag leaves a tween on position.y running")
    func horizontalDragKeepsTheTweenOnY() throws {
        let run = try run(
            """
            { add: draggable, target: "#box", axis: horizontal }
            { add: tween, target: "#box", property: position.y, from: 0, to: 100, duration: 1, easing: linear }
            """, pan: "at: 0.2, duration: 0.4, translation: [[0, 0], [100, 50]]")
        for k in 0...66 {
            let t = Double(k) / 60
            // x follows the pan's x translation from 0.2 to 0.6, linearly; y the tween alone.
            let x = 100 * min(max((t - 0.2) / 0.4, 0), 1)
            #expect(abs(run.sample(.position, 0, at: t) - x) < 1e-9, "x at \(t)")
            #expect(abs(run.sample(.position, 1, at: t) - 100 * min(t, 1)) < 1e-9, "y at \(t)")
        }
    }

    @Test("a vertical drag leaves a spring on position.x running")
    func verticalDragKeepsTheSpringOnX() throws {
        let run = try run(
            """
            { add: draggable, target: "#box", axis: vertical }
            { add: spring, target: "#box", property: position.x, destination: 100 }
            """, pan: "at: 0.1, duration: 0.4, translation: [[0, 0], [50, 100]]")
        for k in 1...30 {
            let t = Double(k) / 60
            let x = textbookSpring(x0: 0, v0: 0, d: 100, k: 342, c: 30, m: 1, t: t).x
            #expect(abs(run.sample(.position, 0, at: t) - x) < 1e-9, "x at \(t)")
            #expect(abs(run.sample(.position, 1, at: t) - 100 * min(max((t - 0.1) / 0.4, 0), 1)) < 1e-9, "y at \(t)")
        }
    }

    @Test("a horizontal drag leaves the y of a spring on the whole position running, and x springs on after it")
    func horizontalDragKeepsTheWholeSpringOnY() throws {
        let run = try run(
            """
            { add: draggable, target: "#box", axis: horizontal }
            { add: spring, target: "#box", property: position, destination: [100, 100] }
            """, pan: "at: 0.1, duration: 0.4, translation: [[0, 0], [50, 100]]")
        // x: the spring until the drag began, then the drag's x from where the spring had it.
        let began = textbookSpring(x0: 0, v0: 0, d: 100, k: 342, c: 30, m: 1, t: 0.1).x
        for k in 1...60 {
            let t = Double(k) / 60
            // y: the one spring from 0 at time 0, untouched by the drag.
            let y = textbookSpring(x0: 0, v0: 0, d: 100, k: 342, c: 30, m: 1, t: t).x
            #expect(abs(run.sample(.position, 1, at: t) - y) < 1e-9, "y at \(t)")
            if (6...29).contains(k) {
                #expect(abs(run.sample(.position, 0, at: t) - (began + 50 * (t - 0.1) / 0.4)) < 1e-9, "x at \(t)")
            }
        }
        // After the release, x springs on to 100 and comes to rest there.
        let t = run.advanceUntilAtRest(from: 1)
        #expect(run.isAtRest)
        #expect(run.sample(.position, 0, at: t) == 100)
    }

    @Test("a spring on position.y added during a horizontal drag runs at once")
    func springOnYAddedDuringAHorizontalDragRuns() throws {
        let document = try decode(
            boxDocument(
                transactions: """
                      - ops:
                          - { add: draggable, target: "#box", axis: horizontal }
                      - at: 0.2
                        ops:
                          - { add: spring, target: "#box", property: position.y, destination: 100 }

                    """,
                inputs: "  - { id: p, kind: pan, target: \"#box\", at: 0.1, duration: 0.5, translation: [[0, 0], [50, 0]] }\n"))
        let run = DocumentRun(document: document)
        for k in 12...40 {
            let t = Double(k) / 60
            let y = textbookSpring(x0: 0, v0: 0, d: 100, k: 342, c: 30, m: 1, t: t - 0.2).x
            #expect(abs(run.sample(.position, 1, at: t) - y) < 1e-9, "y at \(t)")
            #expect(abs(run.sample(.position, 0, at: t) - 50 * min((t - 0.1) / 0.5, 1)) < 1e-9, "x at \(t)")
        }
    }

    @Test("the end of one of two drags along different axes lets physics go on with its component")
    func releasingOneOfTwoAxisDragsReleasesItsComponent() throws {
        let document = try decode(
            boxDocument(
                transactions: """
                      - ops:
                          - { add: draggable, target: "#box", axis: horizontal, gesture: a }
                          - { add: draggable, target: "#box", axis: vertical, gesture: b }
                          - { add: spring, target: "#box", property: position.x, destination: 0 }

                    """,
                inputs: """
                      - { id: a, kind: pan, target: "#box", at: 0, duration: 0.5, translation: [[0, 0], [100, 0]] }
                      - { id: b, kind: pan, target: "#box", at: 0, duration: 1, translation: [[0, 0], [0, 100]] }

                    """))
        let run = DocumentRun(document: document)
        // x is released at 0.5 s while y is still dragged: the spring on x takes it home from 100
        // with the release velocity, the last segment's slope (200 per second).
        for k in 31...60 {
            let t = Double(k) / 60
            let x = textbookSpring(x0: 100, v0: 200, d: 0, k: 342, c: 30, m: 1, t: t - 0.5).x
            #expect(abs(run.sample(.position, 0, at: t) - x) < 1e-9, "x at \(t)")
            #expect(abs(run.sample(.position, 1, at: t) - 100 * min(t, 1)) < 1e-9, "y at \(t)")
        }
    }
    @Test(
        "a whole drag that ends while a drag along x goes on releases y to physics, and both come to rest",
        arguments: [false, true])
    func wholeDragEndingBesideAnAxisDragReleasesTheOtherComponent(axisDragFirst: Bool) throws {
        let whole = "{ add: draggable, target: \"#box\", gesture: a }"
        let horizontal = "{ add: draggable, target: \"#box\", axis: horizontal, gesture: b }"
        let drags = axisDragFirst ? [horizontal, whole] : [whole, horizontal]
        let document = try decode(
            boxDocument(
                transactions: """
                      - ops:
                          - \(drags[0])
                          - \(drags[1])
                          - { add: spring, target: "#box", property: position, destination: [0, 0] }

                    """,
                inputs: """
                      - { id: a, kind: pan, target: "#box", at: 0, duration: 0.5, translation: [[0, 0], [0, 100]] }
                      - { id: b, kind: pan, target: "#box", at: 0, duration: 1, translation: [[0, 0], [100, 0]] }

                    """))
        let run = DocumentRun(document: document)
        // y is released at 0.5 s while x is still dragged: the spring takes y home from 100 with
        // the release velocity (200 per second); x follows the horizontal drag to its end.
        for k in 31...60 {
            let t = Double(k) / 60
            let y = textbookSpring(x0: 100, v0: 200, d: 0, k: 342, c: 30, m: 1, t: t - 0.5).x
            #expect(abs(run.sample(.position, 1, at: t) - y) < 1e-9, "y at \(t)")
            #expect(abs(run.sample(.position, 0, at: t) - 100 * t) < 1e-9, "x at \(t)")
        }
        let rest = run.advanceUntilAtRest(from: 1)
        #expect(rest < 10)
        #expect(abs(run.sample(.position, 0, at: rest)) < 1e-3)
        #expect(abs(run.sample(.position, 1, at: rest)) < 1e-3)
    }
}
