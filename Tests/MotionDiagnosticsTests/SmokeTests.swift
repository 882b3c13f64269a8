import Testing
@testable import MotionDiagnostics

@Test func moduleLinks() {
    #expect(Bool(true))
}
