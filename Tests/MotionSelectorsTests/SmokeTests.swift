import Testing
@testable import MotionSelectors

@Test func moduleLinks() {
    #expect(Bool(true))
}
