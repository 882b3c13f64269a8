import Testing
@testable import MotionYAML

@Test func moduleLinks() {
    #expect(Bool(true))
}
