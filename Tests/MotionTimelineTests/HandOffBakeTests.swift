import Foundation
import MotionCore
import MotionPlans
import MotionRuntime
import MotionScheduler
import Testing

@testable import MotionTimeline

/// Hand-offs bake to plain channel events: replaying a baked timeline (through its JSON) gives
/// the run's presented values, including projections added with a begin time in the past and
/// the animations added again after them to keep their precedence.
@Suite struct HandOffBakeTests {
    static let document = """
        motion: 1
        targets:
          box: { layer: { position: [0, 0], opacity: 0 } }
        transactions:
          - ops:
              - { add: tween, target: "#box", property: position, from: [0, 0], to: [100, 100], duration: 1, easing: standard }
              - { add: tween, target: "#box", property: position.y, from: 0, to: -50, duration: 1, delay: 0.2 }
              - { add: tween, target: "#box", property: opacity, to: 1, duration: 0.5, repeat: forever, autoreverse: true }
          - at: 0.4
            ops:
              - { add: spring, target: "#box", property: position.x, destination: 0, stiffness: 300, damping: 20 }
              - { add: spring, target: "#box", property: opacity, destination: 0.5, stiffness: 200, damping: 25 }
          - at: 0.7
            ops: [{ add: tween, target: "#box", property: position.x, to: 30, duration: 0.3 }]
        """

    @Test func replayingTheBakedTimelineGivesTheRunsValues() throws {
        let loaded = DocumentLoader.load(Array(Self.document.utf8), file: "handoff.yaml")
        let document = try #require(loaded.document)
        let baked = Baker.bake(document)
        #expect(baked.stop == .atRest)
        let timeline = try TimelineJSON.decode(Array(TimelineJSON.text(baked.timeline).utf8))
        let run = DocumentRun(document: document)
        var replayed = timeline.initialPresentation
        var next = 0
        let frames = Int((timeline.end * 60).rounded()) + 1
        #expect(frames > 60)
        var worst = 0.0
        for k in 0..<frames {
            let t = Double(k) / 60
            run.advance(to: t)
            while next < timeline.events.count, timeline.events[next].time <= t {
                timeline.events[next].apply(to: &replayed)
                next += 1
            }
            for property in [LayerProperty.position, .opacity] {
                let a = run.presentation.value(layer: 0, property: property, at: t)
                let b = replayed.value(layer: 0, property: property, at: t)
                for c in 0..<property.kind.componentCount { worst = max(worst, abs(a[c] - b[c])) }
            }
        }
        #expect(worst <= 1e-9, "run and replay differ by up to \(worst)")
        // The opacity spring took over from the forever tween: the run came to rest.
        #expect(run.presentation.value(layer: 0, property: .opacity, at: timeline.end)[0] == 0.5)
    }
}
