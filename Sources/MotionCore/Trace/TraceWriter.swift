#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Writes a trace CSV (docs/format.md §5.1), atomically, from rows of any source.
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
    /// Rows not yet written: `used` bytes of `capacity`, written out past ``flushSize``.
    private var storage: UnsafeMutablePointer<UInt8>
    private var capacity: Int
    private var used = 0
    private var finished = false
    /// The latest row's time and its text.
    private var lastTime = Double.nan
    private var timeText: [UInt8] = []

    /// Rows are written to the file in blocks of about this many bytes.
    private static let flushSize = 1 << 16
    /// Room kept past ``flushSize`` for one row's time, separators and value.
    private static let rowSlack = 128
    /// How many rows were appended.
    public private(set) var rowCount = 0

    /// Opens a temporary file next to `path` and writes the header.
    /// - Throws: ``FileError`` when the temporary file cannot be created.
    public init(path: String) throws(FileError) {
        self.path = path
        file = try AtomicFileWriter(path: path)
        capacity = Self.flushSize + Self.rowSlack
        storage = .allocate(capacity: capacity)
        var header = "time,target,property,value\n"
        header.withUTF8 { copy($0) }
    }

    deinit {
        discard()
        storage.deallocate()
    }

    /// Copies bytes into the row buffer (which has room for them).
    @inline(__always)
    private func copy(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let base = bytes.baseAddress else { return }
        (storage + used).update(from: base, count: bytes.count)
        used += bytes.count
    }

    /// Makes room for `count` more bytes plus a row's slack: flushes, and grows for long names.
    @inline(__always)
    private func reserve(_ count: Int) {
        guard used + count + Self.rowSlack > capacity else { return }
        flush()
        if count + Self.rowSlack > capacity {
            storage.deallocate()
            capacity = count + Self.rowSlack
            storage = .allocate(capacity: capacity)
        }
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
        var target = target
        var component = component
        beginRow(time: time, reserving: target.utf8.count + component.utf8.count + 2)
        target.withUTF8 { copy($0) }
        storage[used] = UInt8(ascii: ",")
        used += 1
        component.withUTF8 { copy($0) }
        storage[used] = UInt8(ascii: ",")
        used += 1
        endRow(value: value)
    }

    /// Appends one row whose target and component were encoded once in `label`.
    ///
    /// Faster for callers that write the same columns every frame.
    ///
    /// - Complexity: O(1) amortised, no allocation.
    public func append(time: Double, label: TraceLabel, value: Double) {
        beginRow(time: time, reserving: label.bytes.count)
        label.bytes.withUnsafeBufferPointer { copy($0) }
        endRow(value: value)
    }

    /// Makes room for a row and writes its time and comma.
    @inline(__always)
    private func beginRow(time: Double, reserving count: Int) {
        // Rows come in runs of one frame time: its text is made once per run.
        if time.bitPattern != lastTime.bitPattern {
            lastTime = time
            timeText.removeAll(keepingCapacity: true)
            Self.appendTime(time, to: &timeText)
            timeText.append(UInt8(ascii: ","))
        }
        reserve(timeText.count + count)
        timeText.withUnsafeBufferPointer { copy($0) }
    }

    /// Writes the value and the newline, and flushes a full buffer.
    @inline(__always)
    private func endRow(value: Double) {
        if value == 0 {
            storage[used] = UInt8(ascii: "0")
            used += 1
        } else {
            let count = ShortestDouble.write(value, to: storage + used, integralSuffix: false)
            if count > 0 {
                used += count
            } else {
                var text: [UInt8] = []
                Self.appendValue(value, to: &text)
                text.withUnsafeBufferPointer { copy($0) }
            }
        }
        storage[used] = UInt8(ascii: "\n")
        used += 1
        rowCount += 1
        if used >= Self.flushSize { flush() }
    }

    /// Flushes the rows and renames the temporary file over ``path``.
    /// - Throws: ``FileError`` when a write or the rename failed; the temporary file is
    ///   removed then and ``path`` is untouched.
    public func finish() throws(FileError) {
        guard !finished else { return }
        flush()
        finished = true
        try file.commit()
    }

    /// Abandons the trace: removes the temporary file; ``path`` is untouched.
    ///
    /// Harmless after ``finish()``.
    public func discard() {
        guard !finished else { return }
        finished = true
        file.discard()
    }

    private func flush() {
        file.write(UnsafeRawBufferPointer(start: storage, count: used))
        used = 0
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

/// A trace row's target and component columns, encoded once (`target,component,`).
///
/// For ``TraceWriter/append(time:label:value:)``.
public struct TraceLabel: Sendable, Hashable {
    let bytes: [UInt8]

    /// The columns for `target` (an id without `#`) and `component` (`position.x`).
    public init(target: String, component: String) {
        bytes = Array(target.utf8) + [UInt8(ascii: ",")] + Array(component.utf8) + [UInt8(ascii: ",")]
    }
}
