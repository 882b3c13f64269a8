import Foundation
import MotionCore
import MotionPlans
import MotionRuntime
import MotionScheduler
import Testing

/// Staggered ops run as their per-target ops: each target's linear tween starts its own step
/// later; a staggered spring starts at its own commit.
@Suite("Stagger, running")
struct StaggerRunTests {
    static let yaml = """
        motion: 1
        targets:
          r1: { type: Row, layer: { opacity: 0 } }
          r2: { type: Row, layer: { opacity: 0 } }
          r3: { type: Row, layer: { opacity: 0 } }
          r4: { type: Row, layer: { opacity: 0 } }
        transactions:
          - at: 0.5
            ops:
              - { add: tween, target: Row, property: opacity, to: 1, duration: 0.4, stagger: 0.1, staggerFrom: center }
              - { add: spring, target: Row, property: position.x, destination: 100, stagger: 0.2 }
        """

    @Test func eachTargetStartsAtItsOffset() throws {
        let run = DocumentRun(document: try decode(Self.yaml))
        // center of four: ranks 1.5, 0.5, 0.5, 1.5 steps of 0.1 s.
        let starts = [0.5 + 0.15, 0.5 + 0.05, 0.5 + 0.05, 0.5 + 0.15]
        for k in 0...90 {
            let t = Double(k) / 60
            for (target, start) in starts.enumerated() {
                let expected = min(1, max(0, (t - start) / 0.4))
                #expect(abs(run.sample(.opacity, at: t, target: target) - expected) <= 1e-9, "target \(target) t \(t)")
            }
        }
    }

    @Test func staggeredSpringsCommitLater() throws {
        let run = DocumentRun(document: try decode(Self.yaml))
        // The spring on target i commits at 0.5 + 0.2 i: nothing moves before it, then it moves.
        var checks: [(time: Double, target: Int, moved: Bool)] = []
        for target in 0..<4 {
            let commit = 0.5 + 0.2 * Double(target)
            checks += [(commit - 0.01, target, false), (commit + 0.05, target, true)]
        }
        for check in checks.sorted(by: { $0.time < $1.time }) {
            let x = run.sample(.position, 0, at: check.time, target: check.target)
            #expect((x > 0) == check.moved, "target \(check.target) at \(check.time): \(x)")
        }
    }
}
