import Testing

@testable import MotionExport

/// The report line's numbers: three significant digits, whatever the size of the property.
@Suite struct ExportReportTests {
    @Test(
        "three significant digits, written out up to 1e15 and as a power of ten past it",
        arguments: [
            (0.0, "0"), (0.000123456, "0.000123"), (0.5, "0.5"), (1.0, "1"), (-2.5, "-2.5"), (123_456.0, "123000"),
            (0.99996, "1"), (999_600.0, "1000000"), (999_999_999_999_999.0, "1e15"), (1e15, "1e15"),
            (-2.5e20, "-2.5e20"), (1e308, "1e308"), (Double.greatestFiniteMagnitude, "1.8e308"),
            (Double.leastNonzeroMagnitude, "0." + String(repeating: "0", count: 323) + "494"),
        ])
    func shortNumbers(value: Double, text: String) {
        #expect(ExportItem.short(value) == text)
    }

    @Test("a fitted property whose error is near the largest double has a line (it trapped on Int)")
    func hugeErrorLine() {
        let item = ExportItem(
            target: "sheet", property: "position.x", method: .fitted, keyframes: 3, maxError: 3.4e306, reason: nil)
        #expect(item.line == "sheet position.x: fitted (3 keyframes, largest error 3.4e306)")
    }
}
