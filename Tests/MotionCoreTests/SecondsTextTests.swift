import MotionCore
import Testing

@Suite("Seconds as text")
struct SecondsTextTests {
    /// Milliseconds, three decimals, half away from zero; no `-0`.
    @Test(arguments: [
        (0.25, "0.250"), (0.0, "0.000"), (1.5, "1.500"), (12.3456, "12.346"), (-0.1, "-0.100"), (0.0004, "0.000"),
        (-0.0004, "0.000"), (0.0006, "0.001"), (60.0, "60.000"), (Double.nan, "?"), (-Double.infinity, "?"),
    ])
    func fixed(seconds: Double, expected: String) {
        #expect(SecondsText.fixed(seconds) == expected)
    }

    /// The shortest text at microsecond precision.
    @Test(arguments: [
        (1.0, "1"), (0.25, "0.25"), (37.0 / 60, "0.616667"), (90.0, "90"), (-0.5, "-0.5"), (1.0000004, "1"),
        (1e-7, "0"), (-1e-7, "0"), (86_400.0, "86400"), (Double.infinity, "?"),
    ])
    func short(seconds: Double, expected: String) {
        #expect(SecondsText.short(seconds) == expected)
    }
}
