#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A progress bar for long work on standard error (a render's frames, an export's layers).
///
/// Items done, items a second, time left.
///
/// It draws only when standard error is a terminal (`isatty`) that takes cursor controls (`TERM`
/// is not `dumb`), at most ten times a second, on one line it rewrites in place, cut to the
/// terminal's width so that it never wraps, and clears that line when the work ends; otherwise
/// (a file, a pipe, CI) it writes nothing.
public final class TerminalProgress {
    private let total: Int
    private let unit: String
    private let rate: String
    private let enabled: Bool
    private let start: Double
    private var lastDraw = -Double.infinity
    private var drawn = false

    /// A bar for `total` items called `unit` (`frames`), their rate called `rate` (`fps`).
    ///
    /// Drawn only when `enabled` (by default: standard error is a terminal that is not `dumb`).
    public init(total: Int, unit: String = "frames", rate: String = "fps", enabled: Bool = TerminalProgress.standardErrorTakesControls) {
        self.total = total
        self.unit = unit
        self.rate = rate
        self.enabled = enabled && total > 0
        start = Self.now()
    }

    /// Reports `done` items finished.
    ///
    /// Redraws when a tenth of a second has passed since the last drawing, or at the last frame.
    public func update(done: Int) {
        guard enabled else { return }
        let now = Self.now()
        guard now - lastDraw >= 0.1 || done == total else { return }
        lastDraw = now
        drawn = true
        let line = Self.line(done: done, total: total, elapsed: now - start, unit: unit, rate: rate)
        Self.emit("\r" + Self.fitted(line, columns: Self.columns()) + "\u{1B}[K")
    }

    /// Whether standard error is a terminal that takes the bar's cursor controls.
    public static var standardErrorTakesControls: Bool {
        isatty(STDERR_FILENO) != 0 && getenv("TERM").map { String(cString: $0) } != "dumb"
    }

    /// `line` cut to fit a terminal `columns` wide without wrapping.
    ///
    /// A wrapped line could not be rewritten in place. The bar goes first, then the end of the
    /// text.
    public static func fitted(_ line: String, columns: Int) -> String {
        guard line.count >= columns else { return line }
        if line.hasPrefix("["), let close = line.firstIndex(of: "]") {
            let counts = line[line.index(after: close)...].drop { $0 == " " }
            if counts.count < columns { return String(counts) }
            return String(counts.prefix(max(columns - 1, 0)))
        }
        return String(line.prefix(max(columns - 1, 0)))
    }

    /// The terminal's width in columns (80 when it does not say).
    private static func columns() -> Int {
        var size = winsize()
        guard ioctl(STDERR_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return 80 }
        return Int(size.ws_col)
    }

    /// Clears the bar's line.
    public func finish() {
        guard drawn else { return }
        drawn = false
        Self.emit("\r\u{1B}[K")
    }

    /// The bar's text: `[#######.............]  120/240 frames  31.2 fps  3.8 s left`.
    ///
    /// The rate is items done over `elapsed` seconds; the time left assumes it stays. Before
    /// any item is done, and in the first tenth of a second (a rate over a few microseconds
    /// says nothing: a bar made at its first item read millions of frames a second), rate and
    /// time left read `--`.
    public static func line(
        done: Int, total: Int, elapsed: Double, width: Int = 20, unit: String = "frames", rate: String = "fps"
    ) -> String {
        let total = max(total, 1)
        let done = min(max(done, 0), total)
        let filled = done * width / total
        let bar = "[" + String(repeating: "#", count: filled) + String(repeating: ".", count: width - filled) + "]"
        let counts = "\(done)/\(total) \(unit)"
        guard done > 0, elapsed >= 0.1 else { return "\(bar)  \(counts)  -- \(rate)  -- s left" }
        let speed = Double(done) / elapsed
        let left = Double(total - done) / speed
        return "\(bar)  \(counts)  \(oneDecimal(speed)) \(rate)  \(oneDecimal(left)) s left"
    }

    private static func oneDecimal(_ x: Double) -> String {
        let tenths = Int((x * 10).rounded())
        return "\(tenths / 10).\(tenths % 10)"
    }

    private static func now() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) * 1e-9
    }

    /// Writes to standard error; a failure is ignored (the bar is only a courtesy).
    private static func emit(_ text: String) {
        var text = text
        text.withUTF8 { bytes in
            guard let base = bytes.baseAddress else { return }
            _ = write(STDERR_FILENO, base, bytes.count)
        }
    }
}
