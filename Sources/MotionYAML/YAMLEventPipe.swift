import CYAML
import MotionDiagnostics
import MotionThreads

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// libyaml's events read on a second thread and handed to the composer in batches: the two
/// halves of the front end then take about as long as each other, on two cores.
///
/// The reading thread runs libyaml's parser alone and fills one of ``slots`` buffers of
/// ``batchEvents`` events at a time; the composer, on the caller's thread, takes the buffers in
/// order and handles every event as the one-thread loop does. The reader copies each event's
/// strings (a scalar's text, anchors) into its buffer's own storage and deletes the event at once,
/// as the one-thread loop does: libyaml's allocations stay few and on one thread (keeping
/// thousands alive, or freeing them on the other thread, made malloc a quarter of the reader's
/// time). Tags and directives, which the composer does not read, are not copied. The composer
/// sees the same
/// events in the same order, and a libyaml error after the same events, so the tree and the
/// diagnostics are the same. When the composer stops early (a limit, a second document) it says
/// so and the reader stops at its next buffer; neither side waits for ever.
///
/// Each buffer belongs to one thread at a time: to the reader from when it is free until it is
/// published, to the composer from then until it is released. What says which is guarded by a
/// `PosixCondition` (a pthread mutex and condition variable, which ThreadSanitizer follows),
/// and handing a buffer over under its lock orders the writes to its events before the reads:
/// that is the invariant behind `@unchecked Sendable`.
final class YAMLEventPipe: @unchecked Sendable {
    /// How a buffer of events ends.
    enum End {
        /// More events follow in the next buffer.
        case more
        /// The last event is the stream's end.
        case streamEnd
        /// libyaml reported an error after the buffer's events: its parser's state then.
        case error(yaml_parser_t)
        /// libyaml could not start (out of memory).
        case couldNotStart
    }

    /// One buffer of events, the storage of their strings, and how it ends.
    struct Slot {
        var events: UnsafeMutablePointer<yaml_event_t>
        var count = 0
        var end = End.more
        var text: UnsafeMutablePointer<UInt8>
        var textCapacity: Int
    }

    /// How many events a buffer holds: enough that handing buffers over costs little, few enough
    /// that the composer starts soon.
    static let batchEvents = 2048
    /// How many buffers there are: the reader may be this many buffers ahead.
    static let slots = 4
    /// How many bytes of strings a buffer holds at first (it grows for a longer scalar).
    static let textBytes = 64 << 10

    /// Broadcast when buffers are published or released, or the composer stops.
    private let changed = PosixCondition()
    // Guarded by `changed`'s lock: which buffers are published (`published` of them from `next`), and
    // whether the composer stopped.
    private var next = 0
    private var published = 0
    private var stopped = false
    /// The buffers; each one's contents belong to the thread that owns it (see the type's comment).
    private let buffers: UnsafeMutablePointer<Slot>

    private init() {
        buffers = .allocate(capacity: Self.slots)
        for i in 0..<Self.slots {
            (buffers + i).initialize(
                to: Slot(
                    events: .allocate(capacity: Self.batchEvents), text: .allocate(capacity: Self.textBytes), textCapacity: Self.textBytes))
        }
    }

    deinit {
        for i in 0..<Self.slots {
            buffers[i].events.deallocate()
            buffers[i].text.deallocate()
        }
        buffers.deinitialize(count: Self.slots)
        buffers.deallocate()
    }

    /// Runs `compose` on the caller's thread with events libyaml reads from `bytes` on a second
    /// thread; nil when no thread could be started.
    ///
    /// `compose` takes buffers with ``take()`` and gives each back with ``release()``, until a
    /// buffer that does not end with ``End/more`` or until it stops; it deletes no event.
    static func run<Result>(_ bytes: [UInt8], _ compose: (YAMLEventPipe) -> Result) -> Result? {
        let pipe = YAMLEventPipe()
        guard let thread = PosixThread.start(name: "motionc.yaml-reader", detached: false, { pipe.read(bytes) }) else { return nil }
        let result = compose(pipe)
        pipe.stop()
        thread.join()
        return result
    }

    /// The reading thread: fills buffers until the stream ends, libyaml fails or the composer stops.
    private func read(_ bytes: [UInt8]) {
        let ran: Void? = LibYAML.withParser(bytes) { parser, event in
            var index = 0
            // An event read that did not fit in the last buffer's storage.
            var held = false
            defer { if held { yaml_event_delete(event) } }
            while waitForFreeBuffer() {
                let slot = buffers + index
                slot.pointee.count = 0
                slot.pointee.end = .more
                var used = 0
                while slot.pointee.count < Self.batchEvents {
                    if !held {
                        guard yaml_parser_parse(parser, event) != 0 else {
                            slot.pointee.end = .error(parser.pointee)
                            break
                        }
                        held = true
                    }
                    let size = Self.stringBytes(event)
                    if used + size > slot.pointee.textCapacity {
                        if used > 0 { break }
                        // A string longer than the storage: the buffer is empty, grow it.
                        slot.pointee.text.deallocate()
                        slot.pointee.text = .allocate(capacity: size)
                        slot.pointee.textCapacity = size
                    }
                    let copy = slot.pointee.events + slot.pointee.count
                    copy.pointee = Self.copy(event, into: slot.pointee.text + used)
                    used += size
                    yaml_event_delete(event)
                    held = false
                    slot.pointee.count += 1
                    if copy.pointee.type == YAML_STREAM_END_EVENT {
                        slot.pointee.end = .streamEnd
                        break
                    }
                }
                let last = if case .more = slot.pointee.end { false } else { true }
                publish()
                if last { return }
                index = (index + 1) % Self.slots
            }
        }
        if ran == nil, waitForFreeBuffer() {
            buffers[0].count = 0
            buffers[0].end = .couldNotStart
            publish()
        }
    }

    /// The bytes ``copy(_:into:)`` writes for `event`: its scalar text and its anchor, each with
    /// a NUL after it.
    static func stringBytes(_ event: UnsafeMutablePointer<yaml_event_t>) -> Int {
        let data = event.pointee.data
        switch event.pointee.type {
        case YAML_SCALAR_EVENT: return data.scalar.length + 1 + length(data.scalar.anchor)
        case YAML_SEQUENCE_START_EVENT: return length(data.sequence_start.anchor)
        case YAML_MAPPING_START_EVENT: return length(data.mapping_start.anchor)
        case YAML_ALIAS_EVENT: return length(data.alias.anchor)
        default: return 0
        }
    }

    /// The bytes of a NUL-terminated string with its NUL, 0 for none.
    static func length(_ string: UnsafeMutablePointer<yaml_char_t>?) -> Int {
        string.map { strlen(UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self)) + 1 } ?? 0
    }

    /// `event` with its strings copied to `storage` (``stringBytes(_:)`` bytes), and without the
    /// tags and directives the composer does not read; `event` itself is unchanged.
    static func copy(_ event: UnsafeMutablePointer<yaml_event_t>, into storage: UnsafeMutablePointer<UInt8>) -> yaml_event_t {
        var copy = event.pointee
        var next = storage
        func put(_ string: UnsafeMutablePointer<yaml_char_t>?, count: Int? = nil) -> UnsafeMutablePointer<yaml_char_t>? {
            guard let string else { return nil }
            let bytes = count ?? (length(string) - 1)
            let start = next
            start.update(from: string, count: bytes)
            start[bytes] = 0
            next += bytes + 1
            return start
        }
        switch event.pointee.type {
        case YAML_SCALAR_EVENT:
            copy.data.scalar.value = put(event.pointee.data.scalar.value, count: event.pointee.data.scalar.length)
            copy.data.scalar.anchor = put(event.pointee.data.scalar.anchor)
            copy.data.scalar.tag = nil
        case YAML_SEQUENCE_START_EVENT:
            copy.data.sequence_start.anchor = put(event.pointee.data.sequence_start.anchor)
            copy.data.sequence_start.tag = nil
        case YAML_MAPPING_START_EVENT:
            copy.data.mapping_start.anchor = put(event.pointee.data.mapping_start.anchor)
            copy.data.mapping_start.tag = nil
        case YAML_ALIAS_EVENT:
            copy.data.alias.anchor = put(event.pointee.data.alias.anchor)
        case YAML_DOCUMENT_START_EVENT:
            copy.data.document_start.version_directive = nil
            copy.data.document_start.tag_directives.start = nil
            copy.data.document_start.tag_directives.end = nil
        default: break
        }
        return copy
    }

    /// Waits until the reader's next buffer is free (the reader fills them in order); false when
    /// the composer stopped.
    private func waitForFreeBuffer() -> Bool {
        changed.lock()
        defer { changed.unlock() }
        // Once all are full, the reader waits until half are free: it then fills several in a
        // row, and the threads wake each other less often.
        if published == Self.slots {
            while !stopped && published > Self.slots / 2 { changed.wait() }
        }
        return !stopped
    }

    /// Hands the reader's buffer to the composer.
    private func publish() {
        changed.lock()
        published += 1
        // The composer waits only for a first buffer.
        if published == 1 { changed.broadcast() }
        changed.unlock()
    }

    /// The next buffer of events, waiting for it; the composer gives it back with ``release()``.
    func take() -> Slot {
        changed.lock()
        defer { changed.unlock() }
        while published == 0 { changed.wait() }
        return buffers[next]
    }

    /// Gives back the buffer ``take()`` returned.
    func release() {
        changed.lock()
        next = (next + 1) % Self.slots
        published -= 1
        // The reader waits only until half the buffers are free.
        if published == Self.slots / 2 { changed.broadcast() }
        changed.unlock()
    }

    /// Tells the reader to stop at its next buffer.
    func stop() {
        changed.lock()
        stopped = true
        changed.broadcast()
        changed.unlock()
    }
}
