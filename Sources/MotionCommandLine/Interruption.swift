import Dispatch
import MotionCore
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// What Ctrl-C (SIGINT) and SIGTERM do.
///
/// By default, remove the temporary files of outputs not yet written and end the process by the
/// signal, so that an interrupted command leaves every output as it was and no temporary file
/// behind (docs/format.md §5.4).
///
/// A command that stops gracefully on a signal (the preview server) gives its own action with
/// ``onSignal(_:)``.
package enum Interruption {
    /// The action each signal runs: nil for the default.
    private static let action = Mutex<(@Sendable () -> Void)?>(nil)
    /// The dispatch sources that receive the signals, kept for the life of the process.
    private static let sources = Mutex<[any DispatchSourceSignal]>([])
    /// The signals ``install()`` took over, and whether SIGPIPE was ignored before it.
    private static let taken = Mutex<(signals: [Int32], pipeIgnored: Bool)?>(nil)

    /// Takes SIGINT and SIGTERM over from their default action; done once, as a command starts.
    ///
    /// A signal the process started with ignored stays ignored (a job started with `&` from a
    /// script outlives the terminal's Ctrl-C, as before). SIGPIPE is ignored, so that writing to
    /// a closed pipe fails as a write (exit 2 with the reason, temporary files removed) instead
    /// of ending the process with the temporary files left.
    package static func install() {
        sources.withLock { sources in
            guard sources.isEmpty else { return }
            let pipeIgnored = isIgnore(signal(SIGPIPE, SIG_IGN))
            var signals: [Int32] = []
            sources = [SIGINT, SIGTERM].compactMap { number in
                if isIgnore(signal(number, SIG_IGN)) { return nil }
                signals.append(number)
                let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
                source.setEventHandler { Interruption.received(number) }
                source.resume()
                return source
            }
            taken.withLock { $0 = (signals, pipeIgnored) }
        }
    }

    /// Gives SIGINT, SIGTERM and SIGPIPE back the actions the process started with.
    ///
    /// Called as the process is about to run another program in its place (`execv`).
    /// A signal taken over is ignored and blocked while a dispatch source receives it, and a
    /// program run in its place would inherit both: it could then never be stopped with Ctrl-C.
    /// A signal that comes after this ends the process by its default action.
    package static func handBack() {
        guard let taken = taken.withLock({ $0 }) else { return }
        var signals = sigset_t()
        sigemptyset(&signals)
        for number in taken.signals {
            signal(number, SIG_DFL)
            sigaddset(&signals, number)
        }
        if !taken.pipeIgnored { signal(SIGPIPE, SIG_DFL) }
        pthread_sigmask(SIG_UNBLOCK, &signals, nil)
    }

    /// Whether a previous action `signal` returned is `SIG_IGN`.
    private static func isIgnore<Action>(_ action: Action?) -> Bool {
        guard let action else { return false }
        return unsafeBitCast(action, to: Int.self) == unsafeBitCast(SIG_IGN, to: Int.self)
    }

    /// Runs `action` on SIGINT and SIGTERM instead of ending the process.
    package static func onSignal(_ action: @escaping @Sendable () -> Void) {
        install()
        self.action.withLock { $0 = action }
    }

    private static func received(_ number: Int32) {
        if let action = action.withLock({ $0 }) {
            action()
            return
        }
        AtomicFileWriter.removeTemporaryFiles()
        // Ended by the signal itself, as without a handler (the shell sees 130 for Ctrl-C). The
        // dispatch source may receive it with the signal blocked: unblock it on this thread first.
        var signals = sigset_t()
        sigemptyset(&signals)
        sigaddset(&signals, number)
        pthread_sigmask(SIG_UNBLOCK, &signals, nil)
        signal(number, SIG_DFL)
        raise(number)
        _exit(128 + number)
    }
}
