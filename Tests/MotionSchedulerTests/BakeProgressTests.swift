import MotionScheduler
import MotionTimeline
import Testing

/// A bake reports each frame to its progress callback, out of the most frames it may run.
@Suite("Bake progress")
struct BakeProgressTests {
    @Test func everyFrameIsReportedOnce() throws {
        let yaml = boxDocument(
            transactions: """
                  - ops:
                      - { add: tween, target: "#box", property: opacity, from: 0, to: 1, duration: 0.5 }
                """)
        var frames: [Int] = []
        var bounds = Set<Int>()
        let result = Baker.bake(try decode(yaml)) { frame, lastAllowed in
            frames.append(frame)
            bounds.insert(lastAllowed)
        }
        // At rest at 0.5 s: frames 0...30 at 60 fps; the bound is 60 s after the last transaction.
        #expect(frames == Array(0...30))
        #expect(bounds == [3600])
        #expect(result.timeline.end == 0.5)
    }
}
