import MotionCore
import Testing

@Suite("Canvas frame counting")
struct CanvasTests {
    @Test func framesCountOnTheGridForgivingRoundingError() {
        #expect(Canvas.lastFrame(seconds: 1, fps: 60) == 60)
        // 0.29 * 100 is 28.999999999999996 and 0.57 * 100 is 56.99999999999999: both land on the frame.
        #expect(Canvas.lastFrame(seconds: 0.29, fps: 100) == 29)
        #expect(Canvas.lastFrame(seconds: 0.57, fps: 100) == 57)
        #expect(Canvas.lastFrame(seconds: 0.99, fps: 60) == 59)
        #expect(Canvas.lastFrame(seconds: 86400, fps: 1000) == 86_400_000)
    }

    @Test func timesBeyondAnyRunSaturateInsteadOfTrapping() {
        #expect(Canvas.lastFrame(seconds: 1e308, fps: 1000) == 1 << 62)
        #expect(Canvas.lastFrame(seconds: .infinity, fps: 60) == 1 << 62)
        #expect(Canvas.lastFrame(seconds: -1e308, fps: 60) == -(1 << 62))
        #expect(Canvas.lastFrame(seconds: .nan, fps: 60) == 0)
    }

    @Test func theFirstFrameAtOrAfterATimeIsOnTheGrid() {
        #expect(Canvas.firstFrame(seconds: 1, fps: 60) == 60)
        #expect(Canvas.firstFrame(seconds: 0.29, fps: 100) == 29)
        // A spring at rest at 1.423 s shows it on frame 86 (1.4333 s) at 60 fps.
        #expect(Canvas.firstFrame(seconds: 1.423, fps: 60) == 86)
        #expect(Canvas.firstFrame(seconds: 0, fps: 60) == 0)
        // A moment after a frame's time, by however little, is shown by the next frame, as the run's clock compares.
        #expect(Canvas.firstFrame(seconds: (1.0 / 60).nextUp, fps: 60) == 2)
        #expect(Canvas.firstFrame(seconds: (1.0 / 60).nextDown, fps: 60) == 1)
        #expect(Canvas.firstFrame(seconds: .infinity, fps: 60) == 1 << 62)
        #expect(Canvas.firstFrame(seconds: .nan, fps: 60) == 0)
    }
}
