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
}
