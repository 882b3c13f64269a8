#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A mutex with one condition variable, on POSIX threads (Foundation's `NSCondition` without Foundation).
///
/// `@unchecked Sendable`: the mutex and the condition are made for use across threads; they
/// live at fixed addresses allocated here, never moved.
final class PosixCondition: @unchecked Sendable {
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)

    init() {
        pthread_mutex_init(mutex, nil)
        #if os(Linux)
            // Timed waits measure the monotonic clock, as the render clocks do: a change of the
            // wall clock moves no deadline.
            var attributes = pthread_condattr_t()
            pthread_condattr_init(&attributes)
            pthread_condattr_setclock(&attributes, CLOCK_MONOTONIC)
            pthread_cond_init(condition, &attributes)
            pthread_condattr_destroy(&attributes)
        #else
            pthread_cond_init(condition, nil)
        #endif
    }

    deinit {
        pthread_cond_destroy(condition)
        pthread_mutex_destroy(mutex)
        condition.deallocate()
        mutex.deallocate()
    }

    /// Takes the lock.
    func lock() { pthread_mutex_lock(mutex) }

    /// Releases the lock.
    func unlock() { pthread_mutex_unlock(mutex) }

    /// Releases the lock until another thread calls ``broadcast()``, then takes it again.
    func wait() { pthread_cond_wait(condition, mutex) }

    /// ``wait()``, for at most `seconds`.
    func wait(seconds: Double) {
        let seconds = max(0, min(seconds, 86_400))
        #if os(Linux)
            var deadline = timespec()
            clock_gettime(CLOCK_MONOTONIC, &deadline)
            let nanoseconds = Int(deadline.tv_nsec) + Int((seconds - seconds.rounded(.down)) * 1e9)
            deadline.tv_sec += Int(seconds.rounded(.down)) + nanoseconds / 1_000_000_000
            deadline.tv_nsec = nanoseconds % 1_000_000_000
            pthread_cond_timedwait(condition, mutex, &deadline)
        #elseif canImport(Darwin)
            var interval = timespec(tv_sec: Int(seconds.rounded(.down)), tv_nsec: Int((seconds - seconds.rounded(.down)) * 1e9))
            pthread_cond_timedwait_relative_np(condition, mutex, &interval)
        #endif
    }

    /// Wakes every thread waiting.
    func broadcast() { pthread_cond_broadcast(condition) }
}

/// Starts detached POSIX threads (Foundation's `Thread` without Foundation).
enum PosixThread {
    /// Runs `body` on a new detached thread; false when the system cannot start one.
    ///
    /// The thread's stack is `stackSize` bytes.
    /// `name` shows in debuggers on Darwin (Glibc's module has no `pthread_setname_np`).
    @discardableResult
    static func start(name: String, stackSize: Int, _ body: @escaping @Sendable () -> Void) -> Bool {
        let context = Unmanaged.passRetained(ThreadStart(name: name, body: body)).toOpaque()
        var attributes = pthread_attr_t()
        pthread_attr_init(&attributes)
        defer { pthread_attr_destroy(&attributes) }
        pthread_attr_setstacksize(&attributes, stackSize)
        pthread_attr_setdetachstate(&attributes, Int32(PTHREAD_CREATE_DETACHED))
        #if canImport(Darwin)
            var thread: pthread_t?
        #else
            var thread = pthread_t()
        #endif
        let status = pthread_create(
            &thread, &attributes,
            { context in
                #if canImport(Darwin)
                    let start = Unmanaged<ThreadStart>.fromOpaque(context).takeRetainedValue()
                #else
                    guard let context else { return nil }
                    let start = Unmanaged<ThreadStart>.fromOpaque(context).takeRetainedValue()
                #endif
                start.run()
                return nil
            }, context)
        guard status == 0 else {
            Unmanaged<ThreadStart>.fromOpaque(context).release()
            return false
        }
        return true
    }
}

/// What a new thread runs: its name and its body.
private final class ThreadStart {
    let name: String
    let body: @Sendable () -> Void

    init(name: String, body: @escaping @Sendable () -> Void) {
        self.name = name
        self.body = body
    }

    func run() {
        #if canImport(Darwin)
            pthread_setname_np(name)
        #endif
        body()
    }
}
