#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Why a trace could not be written.
public struct TraceWriteError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The trace's path.
    public var path: String
    /// What went wrong.
    public var reason: String

    /// Creates an error.
    public init(path: String, reason: String) {
        self.path = path
        self.reason = reason
    }

    /// `PATH: cannot write trace: REASON`.
    public var description: String { "\(path): cannot write trace: \(reason)" }
}

/// Writes a trace CSV (docs/format.md, "Traces"), atomically, from rows of any source.
///
/// The file is `time,target,property,value`, then one row per call of ``append(time:target:component:value:)``
/// in call order: callers append rows ordered by time, then target document order, then property
/// order (`LayerProperty.allCases`, then component). `run` and `play --trace` both write with it:
/// - `time` is printed with exactly 6 decimals (rounded half away from zero at the 7th);
/// - `value` is printed as the shortest text that reads back as the same `Double` (Swift's
///   `description`, written by ``ShortestDouble`` without building a `String`), except that an
///   integral value drops its `.0` (`1`, `-40`, `180`) and `-0` is printed `0`. Every printed
///   value round-trips exactly; exponents appear as `1e-05`.
///
/// Rows go through an ``AtomicFileWriter``: a temporary file next to the destination, which
/// ``finish()`` renames over the destination. A writer dropped or ``discard()``ed without finishing
/// removes its temporary file, so a failed run leaves an existing trace untouched.
public final class TraceWriter {
    /// The destination path.
    public let path: String
    private let file: AtomicFileWriter
    private var buffer: [UInt8] = []
    private var finished = false
    /// The latest row's time and its text.
    private var lastTime = Double.nan
    private var timeText: [UInt8] = []
    /// How many rows were appended.
    public private(set) var rowCount = 0

    /// Opens a temporary file next to `path` and writes the header.
    /// - Throws: ``TraceWriteError`` when the temporary file cannot be created.
    public init(path: String) throws(TraceWriteError) {
        self.path = path
        do throws(FileWriteError) {
            file = try AtomicFileWriter(path: path)
        } catch {
            throw TraceWriteError(path: path, reason: error.reason)
        }
        buffer.reserveCapacity(1 << 16)
        buffer.append(contentsOf: "time,target,property,value\n".utf8)
    }

    deinit {
        discard()
    }

    /// Appends one row.
    ///
    /// - Parameters:
    ///   - time: seconds (printed with 6 decimals).
    ///   - target: the target's id, without `#`.
    ///   - component: the component's name (`position.x`, `opacity`).
    ///   - value: the presented value.
    /// - Complexity: O(1) amortised, no allocation: the buffer is flushed every 64 KiB and
    ///   reused; values are formatted straight into it (``ShortestDouble``).
    public func append(time: Double, target: String, component: String, value: Double) {
        // Rows come in runs of one frame time: its text is made once per run.
        if time.bitPattern != lastTime.bitPattern {
            lastTime = time
            timeText.removeAll(keepingCapacity: true)
            Self.appendTime(time, to: &timeText)
        }
        buffer.append(contentsOf: timeText)
        buffer.append(UInt8(ascii: ","))
        buffer.append(contentsOf: target.utf8)
        buffer.append(UInt8(ascii: ","))
        buffer.append(contentsOf: component.utf8)
        buffer.append(UInt8(ascii: ","))
        Self.appendValue(value, to: &buffer)
        buffer.append(UInt8(ascii: "\n"))
        rowCount += 1
        if buffer.count >= 1 << 16 { flush() }
    }

    /// Flushes the rows and renames the temporary file over ``path``.
    /// - Throws: ``TraceWriteError`` when a write or the rename failed; the temporary file is
    ///   removed then and ``path`` is untouched.
    public func finish() throws(TraceWriteError) {
        guard !finished else { return }
        flush()
        finished = true
        do throws(FileWriteError) {
            try file.commit()
        } catch {
            throw TraceWriteError(path: path, reason: error.reason)
        }
    }

    /// Abandons the trace: removes the temporary file; ``path`` is untouched. Harmless after
    /// ``finish()``.
    public func discard() {
        guard !finished else { return }
        finished = true
        file.discard()
    }

    private func flush() {
        file.write(buffer)
        buffer.removeAll(keepingCapacity: true)
    }

    /// A value as the trace prints it: shortest round-trip text, integral values without `.0`.
    public static func format(value: Double) -> String {
        var bytes: [UInt8] = []
        appendValue(value, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Appends a value as the trace prints it (``format(value:)``).
    ///
    /// - Complexity: O(1).
    @inline(__always)
    static func appendValue(_ value: Double, to bytes: inout [UInt8]) {
        if value == 0 {
            bytes.append(UInt8(ascii: "0"))
        } else {
            ShortestDouble.append(value, to: &bytes, integralSuffix: false)
        }
    }

    /// A time with exactly 6 decimals, e.g. `0.016667`.
    public static func format(time: Double) -> String {
        var bytes: [UInt8] = []
        appendTime(time, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    private static func appendTime(_ time: Double, to bytes: inout [UInt8]) {
        guard time.isFinite, abs(time) < 9e12 else {
            bytes.append(contentsOf: time.description.utf8)
            return
        }
        let micro = UInt64((abs(time) * 1e6).rounded(.toNearestOrAwayFromZero))
        if time < 0, micro != 0 { bytes.append(UInt8(ascii: "-")) }
        // Whole seconds (at most 13 digits), then exactly 6 decimals, built from the right.
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 24) { scratch in  // a literal: on the stack
            guard let end = scratch.baseAddress.map({ $0 + 24 }) else { return }
            var p = end
            var fraction = micro % 1_000_000
            for _ in 0..<6 {
                p -= 1
                p.pointee = UInt8(ascii: "0") + UInt8(fraction % 10)
                fraction /= 10
            }
            p -= 1
            p.pointee = UInt8(ascii: ".")
            var whole = micro / 1_000_000
            repeat {
                p -= 1
                p.pointee = UInt8(ascii: "0") + UInt8(whole % 10)
                whole /= 10
            } while whole > 0
            bytes.append(contentsOf: UnsafeBufferPointer(start: p, count: end - p))
        }
    }
}
