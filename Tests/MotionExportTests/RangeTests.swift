import Foundation
import MotionCore
import MotionTimeline
import Testing

@testable import MotionExport

/// A component's range (its error budget's base) skips frames that cannot change it: after every
/// animation of a snapshot has ended, and once a lone spring's bound fits inside the range found so
/// far. It must still be the extremes of every frame's value, computed here frame by frame.
@Suite struct RangeTests {
    @Test(
        "the range is the smallest and largest value over every frame, for springs of every damping",
        arguments: [
            "destination: [300, 20], stiffness: 342, damping: 30",
            "destination: [300, 20], stiffness: 342, damping: 3",
            "destination: [300, 20], stiffness: 342, damping: 60",
            "destination: [300, 20], stiffness: 342, damping: 36.98648401781386",
            "destination: [300, 20], stiffness: 342, damping: 37",
            "destination: [300, 100], stiffness: 100, damping: 12, initialVelocity: [4000, -3000]",
            "destination: [100, 100], stiffness: 342, damping: 30, initialVelocity: [-900, 700]",
            "destination: [100, 100], stiffness: 342, damping: 30",
            "destination: [0.001, 1e9], stiffness: 500, damping: 10",
        ])
    func rangeIsEveryFrame(spring: String) throws {
        let ops = """
                  - { add: spring, target: "#card", property: position, \(spring) }
                  - { add: tween, target: "#card", property: opacity, from: 0, to: 1, duration: 2 }
            """
        let tracks = TimelineTracks(try bake(cardDocument(ops)))
        for c in 0..<2 {
            var lo = Double.infinity
            var hi = -Double.infinity
            tracks.forEachCheckTime(every: 4) { t in
                let v = tracks.value(layer: 0, property: .position, component: c, at: t)
                if v.isFinite {
                    lo = min(lo, v)
                    hi = max(hi, v)
                }
            }
            #expect(tracks.range(layer: 0, property: .position, component: c) == lo...hi, "component \(c)")
        }
    }

    @Test("a lone spring's bound holds at every frame: the value stays within it of the destination")
    func envelopeBoundsTheSpring() throws {
        for damping in [3.0, 20, 30, 60, 200] {
            let ops = """
                      - { add: spring, target: "#card", property: position, destination: [300, 20], stiffness: 342, damping: \(damping), initialVelocity: [500, 0] }
                """
            let tracks = TimelineTracks(try bake(cardDocument(ops)))
            let history = try #require(tracks.history(0, .position))
            let sampler = try #require(history.samplers.last)
            let envelope = try #require(sampler.envelope(0))
            var t = 0.0
            while t < 3 {
                let v = tracks.value(layer: 0, property: .position, component: 0, at: t)
                let reach = envelope.amplitude * exp(-envelope.decay * max(t - envelope.begin, 0))
                #expect(abs(v - 300) <= reach * (1 + 1e-9) + 1e-9, "damping \(damping), t \(t)")
                t += 1.0 / 240
            }
        }
    }
}
