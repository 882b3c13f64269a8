import Foundation
import MotionCore
import MotionDiagnostics
import MotionPlans
import MotionRuntime
import MotionTestSupport
import Testing

/// Springs by feel (docs/format.md §7.5): `duration` and `bounce` as SwiftUI's
/// `.spring(duration:bounce:)`, P001 for their ranges and P002 for mixing them with stiffness.
@Suite("Springs by feel")
struct SpringFeelTests {
    static let head = "add: spring\ntarget: \"#a\"\nproperty: position.x\ndestination: 100"

    func parameters(_ more: String) throws -> SpringParameters {
        let value = try intention(Self.head + "\n" + more)
        guard let spring = value.value(as: Spring.self) else { throw DocumentDecodingFailure() }
        return spring.parameters
    }

    struct DocumentDecodingFailure: Error {}

    /// SwiftUI's conversion, written from its definition: the undamped period is the duration
    /// (omega0 = 2 pi / duration) and the damping ratio is 1 - bounce (1 / (1 + bounce) below 0).
    @Test(arguments: [(0.5, 0.0), (0.4, 0.3), (1.2, 0.7), (0.35, -0.4), (2.0, 0.95)])
    func dampingRatioAndPeriodMatchSwiftUI(duration: Double, bounce: Double) throws {
        let p = try parameters("duration: \(duration)\nbounce: \(bounce)\nmass: 2")
        let omega0 = (p.stiffness / p.mass).squareRoot()
        let zeta = p.damping / (2 * (p.stiffness * p.mass).squareRoot())
        #expect(abs(2 * Double.pi / omega0 - duration) <= 1e-12 * duration)
        let expectedZeta = bounce >= 0 ? 1 - bounce : 1 / (1 + bounce)
        #expect(abs(zeta - expectedZeta) <= 1e-12)
    }

    @Test func swiftUIDefaultSpringNumbers() throws {
        // SwiftUI's `.spring(duration: 0.5, bounce: 0)`: stiffness 157.9137, damping 25.1327.
        let p = try parameters("duration: 500ms")
        #expect(abs(p.stiffness - 157.91367041742973) <= 1e-9)
        #expect(abs(p.damping - 25.132741228718345) <= 1e-9)
        #expect(p.mass == 1)
        // bounce 0 is critical damping: c^2 = 4 k m to rounding, so the critical closed form applies.
        #expect(abs(p.damping * p.damping - 4 * p.stiffness * p.mass) <= 1e-9 * p.damping * p.damping)
    }

    @Test func bounceAloneUsesHalfASecond() throws {
        let p = try parameters("bounce: 0.2")
        #expect(abs(p.stiffness - pow(2 * Double.pi / 0.5, 2)) <= 1e-9)
    }

    @Test func withoutFeelTheDefaultsStay() throws {
        let p = try parameters("mass: 1")
        #expect(p == SpringParameters())
    }

    static let mixingHelp = ", or remove `duration` and `bounce`"

    static let cases: [DiagnosticCase] = [
        DiagnosticCase(
            "stiffness with duration", .P002, help: "remove `stiffness`" + mixingHelp, op(head + "\nstiffness: 200\nduration: 1️⃣0.4")),
        DiagnosticCase("damping with bounce", .P002, help: "remove `damping`" + mixingHelp, op(head + "\nbounce: 1️⃣0.3\ndamping: 10")),
        DiagnosticCase(
            "tossable mixing", .P002, help: "remove `stiffness`" + mixingHelp,
            op("add: tossable\ntarget: \"#a\"\nstiffness: 200\nbounce: 1️⃣0.3")),
        DiagnosticCase(
            "bounce 1", .P001, help: "0 settles without overshoot; 0.3 bounces a little; 0.7 a lot",
            op(head + "\nduration: 0.4\nbounce: 1️⃣1")),
        DiagnosticCase(
            "bounce -1", .P001, help: "0 settles without overshoot; 0.3 bounces a little; 0.7 a lot",
            op("add: anchoredSpring\ntarget: \"#a\"\nanchor: [0, 0]\nbounce: 1️⃣-1")),
        DiagnosticCase("duration 0", .P001, op(head + "\nduration: 1️⃣0")),
        DiagnosticCase("negative duration", .D005, op(head + "\nduration: 1️⃣-0.5")),
        DiagnosticCase(
            "a duration so short the stiffness overflows", .P001, help: "make `duration` at least 0.0002 s",
            op(head + "\nduration: 1️⃣1e-200")),
        DiagnosticCase(
            "a duration under the stiffness limit", .P001, help: "make `duration` at least 0.0002 s", op(head + "\nduration: 1️⃣0.0001")),
        DiagnosticCase(
            "a bounce so near -1 the damping passes 1e9", .P001, help: "give `bounce` closer to 0",
            op(head + "\nbounce: 1️⃣-0.9999999999999")),
        DiagnosticCase(
            "a heavy mass on a short spring", .P001, help: "make `duration` at least 13 s",
            op(head + "\nmass: 1e9\nduration: 1️⃣6")),
    ]

    @Test(arguments: cases) func diagnostics(_ c: DiagnosticCase) {
        let source = MarkedSource(c.yaml)
        check(source.load().diagnostics, against: c, source: source)
    }

    @Test func validFeelIsSilent() throws {
        _ = try decodeClean(op(Self.head + "\nduration: 0.4\nbounce: 0.3"))
        _ = try decodeClean(op("add: tossable\ntarget: \"#a\"\nduration: 0.4\nbounce: -0.3\nmass: 2"))
        // The shortest spring whose stiffness is still within 1e9: 2 pi / sqrt(1e9) s.
        _ = try decodeClean(op(Self.head + "\nduration: 0.0002"))
    }

    @Test func derivedStiffnessAndDampingStayWithinTheLimit() throws {
        let p = try parameters("duration: 0.0002\nbounce: 0")
        #expect(p.stiffness <= 1e9 && p.damping <= 1e9)
    }
}
