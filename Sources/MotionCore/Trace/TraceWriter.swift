#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The value a trace row printed last and how much of its text is kept, for row loops that
/// print the same row every frame, so that a value at rest is formatted twice, then copied
/// (``TraceWriter``). The text itself is kept apart (``TraceValueText``): a moving value, which
/// most rows print, reads and writes only these 16 bytes.
struct TraceValueMemo {
    /// The bits of the value printed last (+0 before the first).
    var bits: UInt64 = 0
    /// How many bytes of the row's ``TraceValueText`` hold the text of the value `bits` holds;
    /// 0 while none is kept.
    var count = 0
}

/// The text of the value a trace row printed last (``TraceValueMemo``).
struct TraceValueText {
    /// The most bytes a value's text keeps (the longest `Double` text is 24 bytes).
    static let capacity = 32
    /// The text, the memo's `count` bytes.
    var bytes: (SIMD16<UInt8>, SIMD16<UInt8>) = (.zero, .zero)
}

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
    /// The latest row's time and its text (with the comma after it), `timeCount` bytes.
    private var lastTime = Double.nan
    private var timeBytes: UnsafeMutablePointer<UInt8>
    private var timeCapacity = 32
    private var timeCount = 0

    /// How many bytes past a row's time and columns ``writeRow(at:time:columns:count:value:memo:text:)``
    /// may read: it copies in 16-byte blocks (``copyBlocks(from:count:to:)``).
    static let columnPadding = 16

    /// Rows are written to the file in blocks of about this many bytes: large writes let the
    /// kernel fill the file's page cache in large folios (on ext4, about 40% less kernel time
    /// than 16 KiB writes).
    static let flushSize = 1 << 20
    /// Room kept past ``flushSize`` for one row's time, separators and value.
    private static let rowSlack = 128
    /// How many rows were appended.
    public private(set) var rowCount = 0

    /// Opens a temporary file next to `path` and writes the header.
    /// - Throws: ``FileError`` when the temporary file cannot be created.
    public init(path: String) throws(FileError) {
        self.path = path
        file = try AtomicFileWriter(path: path)
        // Room for a batch of rows (``writeRows(bound:_:)``, at most about ``flushSize``) past a
        // buffer that is not full yet, so that every write but the last is ``flushSize`` or more.
        capacity = 2 * Self.flushSize + Self.rowSlack
        storage = Self.allocateZeroed(capacity)
        timeBytes = Self.allocateZeroed(timeCapacity + Self.columnPadding)
        var header = "time,target,property,value\n"
        header.withUTF8 { copy($0) }
    }

    deinit {
        discard()
        storage.deallocate()
        timeBytes.deallocate()
    }

    /// Copies bytes into the row buffer (which has room for them).
    @inline(__always)
    private func copy(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let base = bytes.baseAddress else { return }
        (storage + used).update(from: base, count: bytes.count)
        used += bytes.count
    }

    /// A buffer of `count` zero bytes: block copies and the value memo read whole 16-byte blocks,
    /// past the bytes a row wrote, so every byte they may read is initialised.
    private static func allocateZeroed(_ count: Int) -> UnsafeMutablePointer<UInt8> {
        let bytes = UnsafeMutablePointer<UInt8>.allocate(capacity: count)
        bytes.initialize(repeating: 0, count: count)
        return bytes
    }

    /// Makes room for `count` more bytes plus a row's slack: flushes, and grows for long names.
    @inline(__always)
    private func reserve(_ count: Int) {
        guard used + count + Self.rowSlack > capacity else { return }
        flush()
        if count + Self.rowSlack > capacity {
            storage.deallocate()
            capacity = count + Self.rowSlack
            storage = Self.allocateZeroed(capacity)
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
        // The rare id that CSV must quote goes through the label, which quotes it.
        guard !target.withUTF8(TraceLabel.needsQuotes) else {
            return append(time: time, label: TraceLabel(target: target, component: component), value: value)
        }
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
        label.bytes.withUnsafeBufferPointer { append(time: time, columns: $0, value: value) }
    }

    /// Appends one row whose target and component columns (with their commas, as a
    /// ``TraceLabel`` holds them) are `columns`: for row loops that keep every label in one buffer.
    ///
    /// - Complexity: O(1) amortised, no allocation, no reference counting.
    @inline(__always)
    func append(time: Double, columns: UnsafeBufferPointer<UInt8>, value: Double) {
        beginRow(time: time, reserving: columns.count)
        copy(columns)
        endRow(value: value)
    }

    /// Makes room for a row and writes its time and comma.
    @inline(__always)
    private func beginRow(time: Double, reserving count: Int) {
        let column = timeColumn(time)
        reserve(column.count + count)
        // A raw buffer, not an array: copying it counts no references.
        copyBlocks(from: column.start, count: column.count)
    }

    /// The time column of rows at `time` with its comma: made once per run of rows at one time
    /// (a frame), readable ``columnPadding`` bytes past its end.
    @inline(__always)
    func timeColumn(_ time: Double) -> (start: UnsafePointer<UInt8>, count: Int) {
        if time.bitPattern != lastTime.bitPattern {
            lastTime = time
            var text: [UInt8] = []
            Self.appendTime(time, to: &text)
            text.append(UInt8(ascii: ","))
            if text.count > timeCapacity {
                timeBytes.deallocate()
                timeCapacity = text.count
                timeBytes = Self.allocateZeroed(timeCapacity + Self.columnPadding)
            }
            timeCount = 0
            for byte in text {
                timeBytes[timeCount] = byte
                timeCount += 1
            }
        }
        return (UnsafePointer(timeBytes), timeCount)
    }

    /// The most bytes ``writeRow(at:time:columns:count:value:memo:text:)`` touches past a row's time
    /// and columns: the value's scratch (``ShortestDouble/scratchSize``), block-copy overrun and
    /// the newline, rounded up.
    static let rowBound = 128

    /// Lets `body` write rows straight into the buffer: it gets where they start, with room for
    /// `bound` bytes (rows' time and columns plus ``rowBound`` each), and returns where they end
    /// and how many it wrote. For row loops that write many rows between two checks of the room.
    ///
    /// - Complexity: O(1) besides `body`, amortised: the buffer is flushed when full, and grows
    ///   only for a bound above its size.
    @inline(__always)
    func writeRows(bound: Int, _ body: (UnsafeMutablePointer<UInt8>) -> (end: UnsafeMutablePointer<UInt8>, rows: Int)) {
        if used + bound > capacity {
            flush()
            if bound > capacity {
                storage.deallocate()
                capacity = bound
                storage = Self.allocateZeroed(capacity)
            }
        }
        let (end, rows) = body(storage + used)
        used = end - storage
        rowCount += rows
        if used >= Self.flushSize { flush() }
    }

    /// Writes one row at `p`: `time` (with its comma, from ``timeColumn(_:)``), `count` bytes of
    /// columns at `columns` (readable ``columnPadding`` bytes further), the value (copied from
    /// `text` when it is the value `memo` holds, else formatted and remembered) and the newline;
    /// returns where the row ends. `p` has room for the row plus ``rowBound``.
    ///
    /// - Complexity: O(1), no allocation but for NaN, infinities and subnormals.
    @inline(__always)
    static func writeRow(
        at p: UnsafeMutablePointer<UInt8>, time: (start: UnsafePointer<UInt8>, count: Int), columns: UnsafePointer<UInt8>,
        count: Int, value: Double, memo: UnsafeMutablePointer<TraceValueMemo>, text: UnsafeMutablePointer<TraceValueText>
    ) -> UnsafeMutablePointer<UInt8> {
        let q = copyBlocks(from: columns, count: count, to: copyBlocks(from: time.start, count: time.count, to: p))
        let end = writeValue(value, at: q, memo: memo, text: text)
        end.pointee = UInt8(ascii: "\n")
        return end + 1
    }

    /// Writes a value's text at `p` (with ``ShortestDouble/scratchSize`` bytes of room), copied
    /// from `text` when it is the value `memo` holds, else formatted (and remembered when it is
    /// the value `memo` saw last); returns where it ends.
    @inline(__always)
    static func writeValue(
        _ value: Double, at p: UnsafeMutablePointer<UInt8>, memo: UnsafeMutablePointer<TraceValueMemo>,
        text: UnsafeMutablePointer<TraceValueText>
    ) -> UnsafeMutablePointer<UInt8> {
        let to = UnsafeMutableRawPointer(p)
        let count = memo.pointee.count
        if count > 0, memo.pointee.bits == value.bitPattern {
            // Both blocks, whatever the text's length: there is the room.
            to.storeBytes(of: text.pointee.bytes.0, as: SIMD16<UInt8>.self)
            to.storeBytes(of: text.pointee.bytes.1, toByteOffset: 16, as: SIMD16<UInt8>.self)
            return p + count
        }
        let end = writeValue(value, at: p)
        // The text is kept from the second time in a row the value comes: a moving value is
        // never read back (reading bytes just written in pieces stalls the load).
        guard memo.pointee.bits == value.bitPattern else {
            memo.pointee = TraceValueMemo(bits: value.bitPattern, count: 0)
            return end
        }
        let written = end - p
        memo.pointee.count = written <= TraceValueText.capacity ? written : 0
        text.pointee.bytes = (
            UnsafeRawPointer(to).loadUnaligned(as: SIMD16<UInt8>.self),
            UnsafeRawPointer(to).loadUnaligned(fromByteOffset: 16, as: SIMD16<UInt8>.self)
        )
        return end
    }

    /// Copies `count` bytes from `source` (readable ``columnPadding`` bytes further) to `p` in
    /// 16-byte blocks; returns where they end.
    @inline(__always)
    static func copyBlocks(from source: UnsafePointer<UInt8>, count: Int, to p: UnsafeMutablePointer<UInt8>) -> UnsafeMutablePointer<UInt8>
    {
        let from = UnsafeRawPointer(source)
        let to = UnsafeMutableRawPointer(p)
        var offset = 0
        repeat {
            to.storeBytes(
                of: from.loadUnaligned(fromByteOffset: offset, as: SIMD16<UInt8>.self), toByteOffset: offset, as: SIMD16<UInt8>.self)
            offset += 16
        } while offset < count
        return p + count
    }

    /// Writes a value's text at `p` (with ``ShortestDouble/scratchSize`` bytes of room); returns
    /// where it ends.
    @inline(__always)
    static func writeValue(_ value: Double, at p: UnsafeMutablePointer<UInt8>) -> UnsafeMutablePointer<UInt8> {
        if value == 0 {
            p.pointee = UInt8(ascii: "0")
            return p + 1
        }
        let count = ShortestDouble.write(value, to: p, integralSuffix: false)
        if count > 0 { return p + count }
        var text: [UInt8] = []
        appendValue(value, to: &text)
        text.withUnsafeBufferPointer { text in
            if let base = text.baseAddress { p.update(from: base, count: text.count) }
        }
        return p + text.count
    }

    /// Copies `count` bytes in 16-byte blocks: a few unaligned loads and stores instead of a call
    /// to `memmove`, for the short runs of a row. `source` must stay readable up to ``columnPadding``
    /// bytes past `count`; the destination has the room (``rowSlack``).
    @inline(__always)
    private func copyBlocks(from source: UnsafePointer<UInt8>, count: Int) {
        used = Self.copyBlocks(from: source, count: count, to: storage + used) - storage
    }

    /// Writes the value and the newline, and flushes a full buffer.
    @inline(__always)
    private func endRow(value: Double) {
        writeValue(value)
        finishRow()
    }

    /// Writes the value's text.
    @inline(__always)
    private func writeValue(_ value: Double) {
        used = Self.writeValue(value, at: storage + used) - storage
    }

    /// Writes the newline, counts the row and flushes a full buffer.
    @inline(__always)
    private func finishRow() {
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
        var bytes: [UInt8] = []
        Self.append(target: target, component: component.utf8, to: &bytes)
        self.bytes = bytes
    }

    /// Appends the columns for `target` and `component` (its UTF-8 bytes) to `bytes`, without
    /// building a label: for row loops that keep every label in one buffer.
    ///
    /// - Complexity: O(length of the columns), no allocation besides `bytes` growing.
    ///
    /// A target id holding a comma, a quote or a line break (which a hand-edited timeline may
    /// give; a document's ids cannot) is quoted as CSV quotes a field: in double quotes, with
    /// each quote doubled, so that the row keeps its four columns.
    @inline(__always)
    static func append(target: String, component: some Collection<UInt8>, to bytes: inout [UInt8]) {
        let quote = UInt8(ascii: "\"")
        if needsQuotes(target) {
            bytes.append(quote)
            for byte in target.utf8 {
                if byte == quote { bytes.append(quote) }
                bytes.append(byte)
            }
            bytes.append(quote)
        } else {
            bytes.append(contentsOf: target.utf8)
        }
        bytes.append(UInt8(ascii: ","))
        bytes.append(contentsOf: component)
        bytes.append(UInt8(ascii: ","))
    }

    /// Whether `target` holds a comma, a quote or a line break, so that its CSV column is quoted.
    ///
    /// - Complexity: O(length of `target`).
    static func needsQuotes(_ target: String) -> Bool {
        var target = target
        return target.withUTF8(needsQuotes)
    }

    /// ``needsQuotes(_:)`` over the id's UTF-8 bytes.
    ///
    /// - Complexity: O(bytes), a compare or two per byte.
    @inline(__always)
    static func needsQuotes(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        for byte in bytes where byte <= UInt8(ascii: ",") {
            if byte == UInt8(ascii: ",") || byte == UInt8(ascii: "\"") || byte == 0x0A || byte == 0x0D { return true }
        }
        return false
    }
}
