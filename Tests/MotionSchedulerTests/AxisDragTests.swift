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
}
