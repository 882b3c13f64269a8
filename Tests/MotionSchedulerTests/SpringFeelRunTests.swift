import Foundation
import MotionCore
import MotionPlans
import MotionRuntime
import MotionScheduler
import Testing

/// Springs by feel run as the textbook damped spring with SwiftUI's period and damping ratio.
@Suite("Springs by feel, running")
struct SpringFeelRunTests {
    func run(duration: Double, bounce: Double) throws -> DocumentRun {
        let yaml = boxDocument(
            fps: 240,
            transactions: """
                  - ops:
                      - { add: spring, target: "#box", property: position.x, destination: 100, duration: \(duration), bounce: \(bounce) }
                """)
        return DocumentRun(document: try decode(yaml))
    }

    /// The overshoot of an underdamped step response: exp(-zeta pi / sqrt(1 - zeta^2)), at the half
    /// damped period, with zeta = 1 - bounce and omega0 = 2 pi / duration.
    @Test(arguments: [(0.5, 0.3), (0.8, 0.6)])
    func overshootIsTheClosedForms(duration: Double, bounce: Double) throws {
        let run = try run(duration: duration, bounce: bounce)
        let zeta = 1 - bounce
        let omegaD = 2 * Double.pi / duration * (1 - zeta * zeta).squareRoot()
        let peakTime = Double.pi / omegaD
        let overshoot = 100 * exp(-zeta * Double.pi / (1 - zeta * zeta).squareRoot())
        #expect(abs(run.sample(.position, 0, at: peakTime) - (100 + overshoot)) <= 1e-6)
        // Densely sampled, nothing goes further.
        var largest = 0.0
        for k in 0...2400 { largest = max(largest, run.sample(.position, 0, at: Double(k) / 1200)) }
        #expect(largest <= 100 + overshoot + 1e-9)
    }

    @Test func bounceZeroNeverOvershoots() throws {
        let run = try run(duration: 0.5, bounce: 0)
        let omega0 = 2 * Double.pi / 0.5
        for k in 1...600 {
            let t = Double(k) / 600
            // Critical damping from 0 to 100 at rest: x = 100 (1 - (1 + w t) e^(-w t)).
            let expected = 100 * (1 - (1 + omega0 * t) * exp(-omega0 * t))
            let x = run.sample(.position, 0, at: t)
            if x == 100 { break }  // at rest and snapped (threshold 0.01)
            #expect(abs(x - expected) <= 1e-6, "t = \(t)")
        }
    }
}
