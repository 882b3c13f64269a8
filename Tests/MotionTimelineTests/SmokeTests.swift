import Testing
@testable import MotionTimeline

@Test func moduleLinks() {
    #expect(Bool(true))
}
