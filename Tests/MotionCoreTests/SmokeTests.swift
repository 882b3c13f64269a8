import Testing
@testable import MotionCore

@Test func moduleLinks() {
    #expect(Bool(true))
}
