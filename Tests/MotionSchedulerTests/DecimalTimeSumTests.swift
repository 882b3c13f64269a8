import Foundation
import MotionCore
import MotionScheduler
import Testing

/// Times written as decimals add up to the frame a designer means (docs/format.md §2.2).
@Suite struct DecimalTimeSumTests {
    @Test("sums that binary rounding moves off a nanosecond come back to it; others stay")
    func sums() {
        #expect(0.1 + 0.2 != 0.3)
        #expect(Seconds.sum(0.1, 0.2) == 0.3)
        #expect(Seconds.sum(0.1, 0.2) == 18.0 / 60)
        #expect(Seconds.sum(0.7, 0.1) == 0.8)
        // A third of a second is no whole number of nanoseconds: left alone.
        #expect(Seconds.sum(1.0 / 3, 1) == 1.0 / 3 + 1)
        #expect(Seconds.sum(.infinity, 1) == .infinity)
    }

    @Test("a change at 0.1 s with a delay of 0.2 s shows on the frame at 0.3 s", arguments: ["delay: 0.2", "delay: 200ms"])
    func delayedJumpLandsOnItsFrame(delay: String) throws {
        let run = try DocumentRun(
            document: decode(
                boxDocument(
                    transactions: """
                        - at: 0.1
                          ops:
                            - { add: tween, target: "#box", property: position.y, from: 10, to: 100, duration: 0, \(delay) }
                        """)))
        #expect(run.sample(.position, 1, at: 17.0 / 60) == 10)
        #expect(run.sample(.position, 1, at: 18.0 / 60) == 100)
    }

    /// Sums a review found a frame late: the start was snapped, then rebuilt from the commit time
    /// when the presentation sampled it.
    @Test(
        "a jump committed at a with a delay of b shows on the frame at a + b",
        arguments: [("0.03", "0.27", 18), ("0.06", "0.54", 36), ("0.07", "0.58", 39), ("0.1", "0.2", 18)])
    func jumpsLandOnTheirFrames(at: String, delay: String, frame: Int) throws {
        let run = try DocumentRun(
            document: decode(
                boxDocument(
                    transactions: """
                        - at: \(at)
                          ops:
                            - { add: tween, target: "#box", property: opacity, from: 0.2, to: 0.5, duration: 0, delay: \(delay) }
                        """)))
        #expect(run.sample(.opacity, at: Double(frame - 1) / 60) == 0.2)
        #expect(run.sample(.opacity, at: Double(frame) / 60) == 0.5)
    }

    /// A tween committed at 0.1 s for 0.2 s ends on the frame at 0.3 s, as one of 0.3 s from 0
    /// does: its last value shows there, and the run is at rest there.
    @Test("a tween's end at a decimal sum lands on its frame", arguments: ["at: 0.1", "at: 0"])
    func endLandsOnItsFrame(at: String) throws {
        let duration = at == "at: 0" ? "0.3" : "0.2"
        let document = try decode(
            boxDocument(
                transactions: """
                    - \(at)
                      ops:
                        - { add: tween, target: "#box", property: opacity, from: 0, to: 1, duration: \(duration) }
                    """))
        let run = DocumentRun(document: document)
        #expect(run.sample(.opacity, at: 17.0 / 60) < 1)
        #expect(run.sample(.opacity, at: 18.0 / 60) == 1)
        #expect(DocumentRun(document: document).play(until: StopRule()).lastFrame == 18)
    }

    @Test("a release transaction at an input's end plus an offset commits on the frame it names")
    func releaseLandsOnItsFrame() throws {
        let run = try DocumentRun(
            document: decode(
                boxDocument(
                    transactions: """
                        - ops:
                            - { add: draggable, target: "#box" }
                        - at: { release: p, offset: 0.3 }
                          ops:
                            - { add: tween, target: "#box", property: opacity, from: 0.2, to: 0.5, duration: 0 }
                        """,
                    inputs: """
                          - { id: p, kind: pan, target: "#box", at: 0.1, duration: 0.2, translation: [[0, 0], [10, 0]] }
                        """)))
        // The input ends at 0.1 + 0.2 and the release commits 0.3 s later: the frame at 0.6 s
        // (frame 36), which binary sums would miss by a frame.
        #expect((0.1 + 0.2) + 0.3 > 36.0 / 60)
        #expect(run.sample(.opacity, at: 35.0 / 60) == 1)
        #expect(run.sample(.opacity, at: 36.0 / 60) == 0.5)
    }
}
