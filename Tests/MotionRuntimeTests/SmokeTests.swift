import Testing
@testable import MotionRuntime

@Test func moduleLinks() {
    #expect(Bool(true))
}
