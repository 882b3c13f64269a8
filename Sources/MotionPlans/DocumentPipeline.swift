import MotionDiagnostics
import MotionYAML

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Loads a document on two threads: the caller's reads the YAML (libyaml's events and the
/// composer) while a decoding thread decodes the targets and ops read so far, then the document's
/// top level.
///
/// The decoding thread receives the same batches, in the same order, that
/// ``DocumentStream/take(_:_:)`` gets when everything runs on one thread, so the document and
/// its diagnostics are the same. What crosses between the threads is `Sendable`: each batch's
/// ``YAMLTree`` (a value sharing the reader's buffers; the reader then copies what it keeps into
/// new ones), the parse result, and the load result. The decoding state never leaves the
/// decoding thread.
///
/// At most ``capacity`` batches wait: the reader waits when they are that many, so memory stays
/// a few batches above the serial path's. Neither side can wait for ever: the reader always ends
/// with the parse result, and the decoding thread takes every message until that one.
final class DocumentPipeline: @unchecked Sendable {
    /// What the reader sends: a batch of streamed items with the tree read so far, then the parse result.
    enum Message: Sendable {
        case batch(YAMLTree, [YAMLStreamedItem])
        case end(YAMLParseResult)
    }

    /// How many batches may wait for the decoding thread.
    static let capacity = 2

    let file: String
    let bytes: [UInt8]
    // `@unchecked Sendable`: `messages` and `result` are read and written only with `mutex` held
    // (a pthread mutex and condition variable, which ThreadSanitizer follows); `file` and `bytes`
    // are constants.
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    private let changed: UnsafeMutablePointer<pthread_cond_t>
    private var messages: [Message] = []
    private var result: LoadResult?

    private init(file: String, bytes: [UInt8]) {
        self.file = file
        self.bytes = bytes
        mutex = .allocate(capacity: 1)
        pthread_mutex_init(mutex, nil)
        changed = .allocate(capacity: 1)
        pthread_cond_init(changed, nil)
        messages.reserveCapacity(Self.capacity)
    }

    deinit {
        pthread_cond_destroy(changed)
        changed.deallocate()
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    /// Loads `bytes` as ``DocumentLoader/load(_:file:limits:)`` does, decoding on a second
    /// thread while the caller's reads; nil when no thread could be started.
    ///
    /// - Complexity: O(n) in the size of the text, the decoding overlapping the reading.
    static func load(_ bytes: [UInt8], file: String, limits: YAMLLimits) -> LoadResult? {
        let pipeline = DocumentPipeline(file: file, bytes: bytes)
        guard let thread = pipeline.startDecoding() else { return nil }
        var stream = YAMLItemStream(paths: DocumentStream.paths) { tree, items in pipeline.send(.batch(tree, items)) }
        stream.keepsTrees = true
        pipeline.send(.end(YAMLParser.parse(bytes, file: file, limits: limits, streaming: stream)))
        pthread_join(thread, nil)
        return pipeline.locked { $0.result }
    }

    /// Runs `body` with the mutex held.
    private func locked<Value>(_ body: (DocumentPipeline) -> Value) -> Value {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return body(self)
    }

    /// Queues `message`, first waiting while ``capacity`` messages wait.
    func send(_ message: Message) {
        pthread_mutex_lock(mutex)
        while messages.count >= Self.capacity { pthread_cond_wait(changed, mutex) }
        messages.append(message)
        pthread_cond_broadcast(changed)
        pthread_mutex_unlock(mutex)
    }

    /// The oldest message, waiting for one if none waits.
    func receive() -> Message {
        pthread_mutex_lock(mutex)
        while messages.isEmpty { pthread_cond_wait(changed, mutex) }
        let message = messages.removeFirst()
        pthread_cond_broadcast(changed)
        pthread_mutex_unlock(mutex)
        return message
    }

    /// The decoding thread's work: every batch, then the top level; leaves the result for the caller.
    func decode() {
        let stream = DocumentStream(file: file, source: bytes)
        while true {
            switch receive() {
            case .batch(let tree, let items):
                stream.take(tree, items)
            case .end(let parsed):
                let loaded = DocumentLoader.decode(parsed, streamed: stream, bytes: bytes, file: file)
                locked { $0.result = loaded }
                return
            }
        }
    }

    /// Starts the decoding thread (``decode()``), with a stack as large as a main thread's
    /// usually is; nil when it could not be started.
    private func startDecoding() -> pthread_t? {
        let attributes = UnsafeMutablePointer<pthread_attr_t>.allocate(capacity: 1)
        pthread_attr_init(attributes)
        defer {
            pthread_attr_destroy(attributes)
            attributes.deallocate()
        }
        pthread_attr_setstacksize(attributes, 8 << 20)
        var thread: pthread_t = 0
        let context = Unmanaged.passRetained(self).toOpaque()
        let started = pthread_create(
            &thread, attributes,
            { context in
                guard let context else { return nil }
                Unmanaged<DocumentPipeline>.fromOpaque(context).takeRetainedValue().decode()
                return nil
            }, context)
        guard started == 0 else {
            Unmanaged<DocumentPipeline>.fromOpaque(context).release()
            return nil
        }
        return thread
    }
}
