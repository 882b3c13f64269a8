import Foundation
import MotionCore
import MotionPlans
import MotionRuntime
import MotionScheduler
import MotionTimeline
import Testing

/// `add: link` presents c + (d - c) (s - a) / (b - a) of the source's presented value, every
/// frame, clamped; a later tween takes the property back.
@Suite("Links, running")
struct LinkRunTests {
    static let yaml = """
        motion: 1
        targets:
          card: { layer: { position: [100, 300] } }
          shadow: { layer: { opacity: 1 } }
        transactions:
          - ops:
              - { add: tween, target: "#card", property: position.x, values: [100, 300, -100], duration: 2 }
              - { add: link, target: "#card", property: rotation, source: { target: "#card", property: position.x }, input: [100, 200], output: [0, -12] }
              - { add: link, target: "#shadow", property: opacity, source: { target: "#card", property: position.x }, input: [100, 200], output: [1, 0.5], clamp: false }
          - at: 1.5
            ops:
              - { add: tween, target: "#card", property: rotation, to: 45, duration: 0.5 }
        """

    @Test func theMapOfTheSourceEveryFrame() throws {
        let run = DocumentRun(document: try decode(Self.yaml))
        for k in 0...119 {
            let t = Double(k) / 60
            // The source, written independently: 100 -> 300 over the first second, then to -100.
            let x = t <= 1 ? 100 + 200 * t : 300 - 400 * (t - 1)
            let rotation = min(max(-12 * (x - 100) / 100, -12), 0)
            let opacity = 1 - 0.5 * (x - 100) / 100
            #expect(abs(run.sample(.opacity, at: t, target: 1) - opacity) <= 1e-9, "opacity at \(t)")
            if t < 1.5 {
                #expect(abs(run.sample(.rotation, at: t) - rotation) <= 1e-9, "rotation at \(t)")
            } else {
                // The tween took rotation at 1.5 (its commit comes before that frame) from the
                // value the link wrote at the frame before, and runs linearly to 45.
                let before = 300 - 400 * (0.5 - 1.0 / 60)
                let from = min(max(-12 * (before - 100) / 100, -12), 0)
                #expect(abs(run.sample(.rotation, at: t) - (from + (45 - from) * (t - 1.5) / 0.5)) <= 1e-9, "tween at \(t)")
            }
        }
    }

    /// Links on one target write their frame's values in property order, whatever order a
    /// dictionary of them would give, so that a bake is the same file in every process.
    @Test func linksOnOneTargetWriteInPropertyOrder() throws {
        let yaml = """
            motion: 1
            targets:
              card: { layer: { position: [100, 300] } }
            transactions:
              - ops:
                  - { add: tween, target: "#card", property: position.x, values: [100, 300], duration: 0.5 }
                  - { add: link, target: "#card", property: borderWidth, source: { target: "#card", property: position.x }, input: [100, 300], output: [0, 4] }
                  - { add: link, target: "#card", property: opacity, source: { target: "#card", property: position.x }, input: [100, 300], output: [1, 0] }
                  - { add: link, target: "#card", property: position.y, source: { target: "#card", property: position.x }, input: [100, 300], output: [300, 400] }
                  - { add: link, target: "#card", property: cornerRadius, source: { target: "#card", property: position.x }, input: [100, 300], output: [0, 20] }
                  - { add: link, target: "#card", property: rotation, source: { target: "#card", property: position.x }, input: [100, 300], output: [0, 90] }
                  - { add: link, target: "#card", property: zPosition, source: { target: "#card", property: position.x }, input: [100, 300], output: [0, 9] }
            """
        let events = Baker.bake(try decode(yaml)).timeline.events
        var frames: [Double: [PropertyPath]] = [:]
        for event in events {
            if case .set(let path, _) = event.action { frames[event.time, default: []].append(path) }
        }
        // Every frame while the source moves writes all six links (at 0 each link writes as it is
        // added, in document order).
        let moving = frames.filter { $0.key > 0 && $0.value.count == 6 }
        #expect(moving.count >= 25)
        let order = [
            PropertyPath(.position, component: 1), PropertyPath(.rotation), PropertyPath(.opacity), PropertyPath(.cornerRadius),
            PropertyPath(.borderWidth), PropertyPath(.zPosition),
        ]
        for (time, paths) in moving { #expect(paths == order, "at \(time)") }
    }
}
