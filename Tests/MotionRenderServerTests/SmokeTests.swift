import Testing
@testable import MotionRenderServer

@Test func moduleLinks() {
    #expect(Bool(true))
}
