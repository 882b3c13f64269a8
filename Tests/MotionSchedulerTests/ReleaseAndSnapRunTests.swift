import Foundation
import MotionCore
import MotionPlans
import MotionRuntime
import MotionScheduler
import Testing

/// `at: {release}` commits when its input ends; tossable `snap:` picks the point nearest the
/// position projected with the release velocity, as UIKit's scroll views project a fling.
@Suite("Release and snap points, running")
struct ReleaseAndSnapRunTests {
    /// UIKit's projection, summed as the series of per-millisecond displacements
    /// v/1000 x (r + r^2 + ...) rather than its closed form.
    static func summedProjection(_ v: Double) -> Double {
        var total = 0.0
        var factor = 1.0
        for _ in 0..<200_000 {
            factor *= 0.998
            total += v / 1000 * factor
        }
        return total
    }

    @Test func projectionIsUIKits() {
        for v in [1000.0, -666.7, 2500, 0] {
            #expect(abs(SnapPoints.projection(of: v) - Self.summedProjection(v)) <= 1e-9 * max(1, abs(v)))
        }
        #expect(abs(SnapPoints.projection(of: 1000) - 499) <= 1e-9)
    }

    func sheet(translation: String, duration: Double) throws -> DocumentRun {
        let yaml = """
            motion: 1
            targets:
              sheet: { layer: { position: [180, 820] } }
              scrim: { layer: { opacity: 0 } }
            transactions:
              - ops:
                  - { add: tossable, target: "#sheet", snap: [[180, 340], [180, 620], [180, 820]] }
              - at: { release: flick, offset: 0.05 }
                ops:
                  - { add: tween, target: "#scrim", property: opacity, to: 0.4, duration: 0.25 }
            inputs:
              - { id: flick, kind: pan, target: "#sheet", at: 0.2, duration: \(duration), translation: \(translation) }
            """
        return DocumentRun(document: try decode(yaml))
    }

    /// The expected snap point, from the input alone: the release position and the last
    /// segment's slope projected, then the nearest of the three.
    static func expectedSnap(_ dy: [Double], duration: Double) -> Double {
        let segment = duration / Double(dy.count - 1)
        let velocity = (dy[dy.count - 1] - dy[dy.count - 2]) / segment
        let projected = 820 + dy[dy.count - 1] + velocity / 1000 * 0.998 / 0.002
        return [340.0, 620, 820].min { abs($0 - projected) < abs($1 - projected) } ?? 0
    }

    @Test(arguments: [([0.0, -60, -160], 0.3), ([0.0, -100, -150], 0.6), ([0.0, -20, -30], 0.5), ([0.0, -300, -290], 0.4)])
    func tossLandsOnTheProjectedSnapPoint(dy: [Double], duration: Double) throws {
        let translation = "[" + dy.map { "[0, \($0)]" }.joined(separator: ", ") + "]"
        let run = try sheet(translation: translation, duration: duration)
        let t = run.advanceUntilAtRest(from: 0)
        #expect(run.sample(.position, 1, at: t) == Self.expectedSnap(dy, duration: duration), "dy \(dy)")
    }

    @Test("every release chooses a snap point again: flicked open, then flicked closed")
    func everyReleaseSnaps() throws {
        let yaml = """
            motion: 1
            targets:
              sheet: { layer: { position: [180, 820] } }
            transactions:
              - ops:
                  - { add: tossable, target: "#sheet", snap: [[180, 340], [180, 620], [180, 820]] }
            inputs:
              - { id: up, kind: pan, target: "#sheet", at: 0.2, duration: 0.3, translation: [[0, 0], [0, -60], [0, -160]] }
              - { id: down, kind: pan, target: "#sheet", at: 2, duration: 0.3, translation: [[0, 0], [0, 100], [0, 300]] }
            """
        let run = DocumentRun(document: try decode(yaml))
        // The first flick: released at 660 going -1500 pt/s, projected to about -88: 340.
        #expect(Self.expectedSnap([0, -60, -160], duration: 0.3) == 340)
        #expect(run.sample(.position, 1, at: 1.9) == 340)
        // The second starts from 340: released at 640 going +1333 pt/s, projected to about
        // 1305: 820, the nearest point, not the first release's 340.
        let segment = 0.15
        let projected = 340 + 300 + 200 / segment / 1000 * 0.998 / 0.002
        let nearest = [340.0, 620, 820].min { abs($0 - projected) < abs($1 - projected) }
        #expect(nearest == 820)
        let t = run.advanceUntilAtRest(from: 2)
        #expect(run.sample(.position, 1, at: t) == 820)
    }

    @Test("a tossable added over a spring on position still projects with the release velocity")
    func snapAfterAnEarlierSpringKeepsTheReleaseVelocity() throws {
        let yaml = """
            motion: 1
            targets:
              sheet: { layer: { position: [180, 820] } }
            transactions:
              - ops:
                  - { add: spring, target: "#sheet", property: position, destination: [180, 820] }
              - at: 0.1
                ops:
                  - { add: tossable, target: "#sheet", snap: [[180, 340], [180, 620], [180, 820]] }
            inputs:
              - { id: up, kind: pan, target: "#sheet", at: 0.2, duration: 0.3, translation: [[0, 0], [0, -60], [0, -160]] }
            """
        let run = DocumentRun(document: try decode(yaml))
        // The spring's physics hears the release first; the snap point is still chosen from the
        // release at 660 going -1500 pt/s, projected to about -88: 340 (620 with no velocity).
        #expect(Self.expectedSnap([0, -60, -160], duration: 0.3) == 340)
        let t = run.advanceUntilAtRest(from: 0.5)
        #expect(run.sample(.position, 1, at: t) == 340)
    }

    @Test func releaseTransactionCommitsAtTheInputsEndPlusOffset() throws {
        let run = try sheet(translation: "[[0, 0], [0, -60], [0, -160]]", duration: 0.3)
        // The input ends at 0.5; the fade commits at 0.55 and runs linearly for 0.25 s.
        for k in 0...60 {
            let t = Double(k) / 60
            let expected = 0.4 * min(max((t - 0.55) / 0.25, 0), 1)
            #expect(abs(run.sample(.opacity, at: t, target: 1) - expected) <= 1e-9, "t \(t)")
        }
    }
}
