import MotionCore
import MotionPlans
import MotionScheduler
import Testing

/// The one frame loop and stop rule of `run` and `bake`, on a 0.5 s tween at 10 fps: one
/// animated component, one event (the tween's `add` at 0).
@Suite struct FrameLoopTests {
    static func run() throws -> DocumentRun {
        try DocumentRun(
            document: decode(
                boxDocument(
                    fps: 10,
                    transactions: """
                        - ops:
                            - { add: tween, target: "#box", property: cornerRadius, from: 0, to: 10, duration: 0.5 }
                        """)))
    }

    @Test("until rest: stops at the first frame at rest, the tween's end (frame 5)")
    func untilRest() throws {
        let outcome = try Self.run().play(until: StopRule())
        #expect(outcome.stop == .atRest)
        #expect(outcome.lastFrame == 5)
        #expect(outcome.end == 0.5)
        #expect(outcome.keptEvents == 1)
    }

    @Test("the 60 s bound counts from the last transaction: one at 70 s runs, a forever tween from 30 s stops at 90 s")
    func boundCountsFromTheLastTransaction() throws {
        let late = try DocumentRun(
            document: decode(
                boxDocument(
                    fps: 10,
                    transactions: """
                        - at: 70s
                          ops:
                            - { add: tween, target: "#box", property: cornerRadius, from: 0, to: 10, duration: 0.5 }
                        """)))
        #expect(late.boundTime == 130)
        let rest = late.play(until: StopRule())
        #expect(rest.stop == .atRest)
        #expect(rest.end == 70.5)
        #expect(rest.keptEvents == 1, "the tween at 70 s is in what a bake keeps")
        let endless = try DocumentRun(
            document: decode(
                boxDocument(
                    fps: 10,
                    transactions: """
                        - at: 30
                          ops:
                            - { add: tween, target: "#box", property: rotation, to: 360, duration: 1, repeat: forever }
                        """)))
        let bound = endless.play(until: StopRule())
        #expect(bound.stop == .durationBound)
        #expect(bound.end == 90)
    }

    @Test("a duration runs to its last frame, moving or not; 0.35 s at 10 fps is frame 3")
    func duration() throws {
        let long = try Self.run().play(until: StopRule(duration: 1))
        #expect(long.stop == .durationReached)
        #expect(long.lastFrame == 10)
        let short = try Self.run().play(until: StopRule(duration: 0.35))
        #expect(short.lastFrame == 3)
    }

    @Test("a duration past a day runs a day: 1e308 s or NaN neither trap nor run for ever")
    func durationPastADay() throws {
        for duration in [1e308, .infinity, .nan] {
            // With a row bound, so the test stops early: the frame the bound cut is below a day's.
            let outcome = try Self.run().play(until: StopRule(duration: duration, maximumRows: 1000))
            #expect(outcome.stop == .rowBound)
            #expect(outcome.lastFrame == 999)
        }
        // Without a bound, it stops at a day: 864,000 frames at 10 fps.
        let day = try Self.run().play(until: StopRule(duration: 1e308))
        #expect(day.stop == .durationReached)
        #expect(day.lastFrame == 864_000)
    }

    @Test("the row bound keeps the frames that fit: 3 rows of one component are frames 0...2")
    func rowBound() throws {
        let outcome = try Self.run().play(until: StopRule(maximumRows: 3))
        #expect(outcome.stop == .rowBound)
        #expect(outcome.frames == 3)
    }

    @Test("the event bound stops before the frame that exceeds it, keeping the events before")
    func eventBound() throws {
        let outcome = try Self.run().play(until: StopRule(maximumEvents: 0))
        #expect(outcome.stop == .eventBound)
        #expect(outcome.lastFrame == -1)
        #expect(outcome.keptEvents == 0)
        #expect(outcome.end == 0)
    }

    @Test("frames on the grid k / fps, rounding error forgiven")
    func lastFrame() {
        #expect(Canvas.lastFrame(seconds: 0.3, fps: 10) == 3)
        #expect(Canvas.lastFrame(seconds: 1.0 / 3, fps: 30) == 10)
        #expect(Canvas.lastFrame(seconds: 0.29, fps: 10) == 2)
    }

    @Test("a canvas frame rate that is not positive and finite is the default, wherever it is set")
    func normalisedFPS() {
        #expect(Canvas(fps: 0).fps == 60)
        #expect(Canvas(fps: -.infinity).fps == 60)
        var canvas = Canvas(fps: 24)
        canvas.fps = .nan
        #expect(canvas.fps == 60)
    }
}
