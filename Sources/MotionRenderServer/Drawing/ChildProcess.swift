#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A program started with `posix_spawn`, its standard input a pipe this process writes.
///
/// Foundation's `Process` and `Pipe`, without Foundation.
/// The program starts with every signal at its default action and none blocked, whatever this
/// process ignores or blocks (SIGPIPE, and the signals a dispatch source receives), so that
/// ``terminate()`` stops it.
final class ChildProcess {
    /// How the program ended.
    enum Ending: Equatable {
        /// It exited with this status.
        case exited(Int32)
        /// A signal (this number) ended it.
        case signalled(Int32)

        /// The exit status, or the signal's number (as `Process.terminationStatus` gives it).
        var status: Int32 {
            switch self {
            case .exited(let code), .signalled(let code): code
            }
        }
    }

    /// A started program and the write end of its standard input.
    struct Started {
        var child: ChildProcess
        var input: Int32
    }

    /// Why a program could not be started: an `errno` value.
    struct StartError: Error {
        var code: Int32
    }

    private let pid: pid_t
    private var ending: Ending?

    private init(pid: pid_t) {
        self.pid = pid
    }

    /// Starts `executable` with `arguments` after its name.
    ///
    /// Its standard input is a new pipe, its standard output `/dev/null`, its standard error
    /// `standardError`.
    static func start(_ executable: String, arguments: [String], standardError: Int32) -> Result<Started, StartError> {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { return .failure(StartError(code: errno)) }
        // Neither end may stay open in the program: it would never see its input end.
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        #if canImport(Darwin)
            var actions: posix_spawn_file_actions_t?
            var attributes: posix_spawnattr_t?
        #else
            var actions = posix_spawn_file_actions_t()
            var attributes = posix_spawnattr_t()
        #endif
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, ends[0], STDIN_FILENO)
        posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, standardError, STDERR_FILENO)
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var none = sigset_t()
        sigemptyset(&none)
        posix_spawnattr_setsigmask(&attributes, &none)
        var all = sigset_t()
        sigfillset(&all)
        sigdelset(&all, SIGKILL)
        sigdelset(&all, SIGSTOP)
        posix_spawnattr_setsigdefault(&attributes, &all)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { for argument in argv { free(argument) } }
        var pid = pid_t()
        #if canImport(Darwin)
            let environment = _NSGetEnviron().pointee
        #else
            let environment = environ
        #endif
        let status = posix_spawn(&pid, executable, &actions, &attributes, argv, environment)
        close(ends[0])
        guard status == 0 else {
            close(ends[1])
            return .failure(StartError(code: status))
        }
        return .success(Started(child: ChildProcess(pid: pid), input: ends[1]))
    }

    /// Asks the program to stop (SIGTERM), unless it was already waited for.
    func terminate() {
        guard ending == nil else { return }
        kill(pid, SIGTERM)
    }

    /// Waits until the program ends; how it ended (the same answer every time).
    func wait() -> Ending {
        if let ending { return ending }
        var status: Int32 = 0
        var result = waitpid(pid, &status, 0)
        while result < 0 && errno == EINTR { result = waitpid(pid, &status, 0) }
        // Not a child any more (someone else waited for it): nothing is known of how it ended.
        let ended: Ending =
            result < 0 ? .exited(-1) : status & 0x7f == 0 ? .exited((status >> 8) & 0xff) : .signalled(status & 0x7f)
        ending = ended
        return ended
    }
}
