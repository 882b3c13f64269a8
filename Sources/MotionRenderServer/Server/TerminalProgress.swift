import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A progress bar for long work on standard error (a render's frames, an export's layers).
///
/// Items done, items a second, time left.
///
/// It draws only when standard error is a terminal (`isatty`), at most ten times a second, on
/// one line it rewrites in place, and clears that line when the work ends; otherwise (a file,
/// a pipe, CI) it writes nothing.
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
    /// Drawn only when `enabled` (by default: standard error is a terminal).
    public init(total: Int, unit: String = "frames", rate: String = "fps", enabled: Bool = isatty(STDERR_FILENO) != 0) {
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
        Self.write("\r" + Self.line(done: done, total: total, elapsed: now - start, unit: unit, rate: rate) + "\u{1B}[K")
    }

    /// Clears the bar's line.
    public func finish() {
        guard drawn else { return }
        drawn = false
        Self.write("\r\u{1B}[K")
    }

    /// The bar's text: `[#######.............]  120/240 frames  31.2 fps  3.8 s left`.
    ///
    /// The rate is items done over `elapsed` seconds; the time left assumes it stays. Before
    /// any item is done, rate and time left read `--`.
    public static func line(
        done: Int, total: Int, elapsed: Double, width: Int = 20, unit: String = "frames", rate: String = "fps"
    ) -> String {
        let total = max(total, 1)
        let done = min(max(done, 0), total)
        let filled = done * width / total
        let bar = "[" + String(repeating: "#", count: filled) + String(repeating: ".", count: width - filled) + "]"
        let counts = "\(done)/\(total) \(unit)"
        guard done > 0, elapsed > 0 else { return "\(bar)  \(counts)  -- \(rate)  -- s left" }
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

    private static func write(_ text: String) {
        FileHandle.standardError.write(Data(text.utf8))
    }
}
