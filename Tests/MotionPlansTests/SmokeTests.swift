import Testing
@testable import MotionPlans

@Test func moduleLinks() {
    #expect(Bool(true))
}
