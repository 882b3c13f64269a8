#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A mutex with one condition variable, on POSIX threads (Foundation's `NSCondition` without Foundation).
///
/// It is the lock of every thread this package starts (the YAML reader's, the render server's
/// and its frame workers') and of what threads share (files being written): a pthread mutex,
/// which ThreadSanitizer follows, where it cannot follow the futex of `Synchronization.Mutex`.
///
/// `@unchecked Sendable`: the mutex and the condition are made for use across threads; they
/// live at fixed addresses allocated here, never moved.
package final class PosixCondition: @unchecked Sendable {
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)

    /// A mutex and a condition, unlocked.
    package init() {
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
    package func lock() { pthread_mutex_lock(mutex) }

    /// Releases the lock.
    package func unlock() { pthread_mutex_unlock(mutex) }

    /// Releases the lock until another thread calls ``broadcast()``, then takes it again.
    package func wait() { pthread_cond_wait(condition, mutex) }

    /// ``wait()``, for at most `seconds`.
    package func wait(seconds: Double) {
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
    package func broadcast() { pthread_cond_broadcast(condition) }

    /// Runs `body` with the lock held.
    package func withLock<Result>(_ body: () throws -> Result) rethrows -> Result {
        lock()
        defer { unlock() }
        return try body()
    }
}

/// A POSIX thread this package started (Foundation's `Thread` without Foundation).
package struct PosixThread: @unchecked Sendable {
    /// The thread, to join; nil for a detached one.
    private let joinable: pthread_t?

    /// Runs `body` on a new thread; nil when the system cannot start one.
    ///
    /// The thread's stack is `stackSize` bytes (8 MiB: as large as a main thread's usually is).
    /// A `detached` thread's resources go when it ends; another one must be ``join()``ed.
    /// `name` shows in debuggers on Darwin (Glibc's module has no `pthread_setname_np`).
    package static func start(
        name: String, stackSize: Int = 8 << 20, detached: Bool = true, _ body: @escaping @Sendable () -> Void
    ) -> PosixThread? {
        let context = Unmanaged.passRetained(ThreadStart(name: name, body: body)).toOpaque()
        var attributes = pthread_attr_t()
        pthread_attr_init(&attributes)
        defer { pthread_attr_destroy(&attributes) }
        pthread_attr_setstacksize(&attributes, stackSize)
        pthread_attr_setdetachstate(&attributes, Int32(detached ? PTHREAD_CREATE_DETACHED : PTHREAD_CREATE_JOINABLE))
        // Linux's `pthread_t` is a number and its start routine takes an optional pointer;
        // Darwin's is an optional pointer and its routine takes a non-optional one.
        #if canImport(Darwin)
            var thread: pthread_t?
        #else
            var thread = pthread_t()
        #endif
        let status = pthread_create(
            &thread, &attributes,
            { context in
                let given: UnsafeMutableRawPointer? = context
                guard let given else { return nil }
                Unmanaged<ThreadStart>.fromOpaque(given).takeRetainedValue().run()
                return nil
            }, context)
        guard status == 0 else {
            Unmanaged<ThreadStart>.fromOpaque(context).release()
            return nil
        }
        return PosixThread(joinable: detached ? nil : thread)
    }

    /// Waits until the thread ends (a joinable one; a detached one returns at once).
    package func join() {
        guard let joinable else { return }
        pthread_join(joinable, nil)
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
