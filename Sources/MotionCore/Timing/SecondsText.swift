/// Seconds as motionc shows them to people, without the unit (callers write `\(text) s`).
///
/// The one formatter for seconds in messages, summaries and labels: ``fixed(_:)`` for times taken
/// at frames, which line up in columns, and ``short(_:)`` for times a document gives. Both round
/// half away from zero, never print `-0`, and show `?` for a value that is not finite.
public enum SecondsText {
    /// Milliseconds, always three decimals: `0.250`, `12.346`, `-0.100`.
    ///
    /// For times measured at frames: `run` and `play` summaries, contact-sheet labels.
    public static func fixed(_ seconds: Double) -> String {
        guard seconds.isFinite else { return "?" }
        // TraceWriter prints exactly six decimals; the last three are zeros after rounding to ms.
        let text = TraceWriter.format(time: (seconds * 1000).rounded() / 1000)
        return text.hasSuffix("000") ? String(text.dropLast(3)) : text
    }

    /// The shortest text at microsecond precision: `1`, `0.25`, `0.616667`, `90`.
    ///
    /// For times a document gives or a message quotes (diagnostics, bounds hit).
    public static func short(_ seconds: Double) -> String {
        guard seconds.isFinite else { return "?" }
        var text = Substring(TraceWriter.format(time: seconds))
        guard text.contains(".") else { return String(text) }
        while text.last == "0" { text = text.dropLast() }
        if text.last == "." { text = text.dropLast() }
        return String(text)
    }
}
