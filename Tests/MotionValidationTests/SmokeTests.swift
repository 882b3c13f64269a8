import Testing
@testable import MotionValidation

@Test func moduleLinks() {
    #expect(Bool(true))
}
