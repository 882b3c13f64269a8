import ArgumentParser
import MotionCore
import MotionDiagnostics
import MotionRenderServer
import MotionTimeline

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The exit statuses of every motionc command.
package enum ExitStatus: Int32 {
    /// Done; warnings may have been printed.
    case success = 0
    /// The input has errors, or asks for what cannot be done (an invalid timeline, too many frames).
    case invalidInput = 1
    /// A file cannot be read or written, or the machine lacks something (Cairo, ffmpeg, a free port).
    case unavailable = 2
    /// The command line itself is wrong (ArgumentParser's usage errors exit with this too).
    case usage = 64

    /// Ends the process with this status once a command's output is written.
    ///
    /// The process ends without freeing `values` (a run, a timeline, a decoded document) object
    /// by object on the way out: the system takes the memory back at once. Output through
    /// ``StandardStreams`` is unbuffered and files are closed by then, so nothing is lost.
    package func end<T>(keeping values: T) -> Never {
        withExtendedLifetime(values) { exit(rawValue) }
    }
}

/// Why a command stopped early.
///
/// Commands throw it (or a `FileError` or `RenderOutputError`, which ``init(_:)`` maps);
/// ``ArgumentParser/ParsableCommand/mainReportingFailures()`` is the one place that prints the
/// message and ends the process with the status.
package enum CommandFailure: Error, CustomStringConvertible {
    /// The problems are already on standard error (diagnostics): exit 1 with nothing more to say.
    case reported
    /// The input is invalid or asks for too much: exit 1.
    case invalidInput(String)
    /// A file cannot be read or written: exit 2.
    case file(FileError)
    /// The machine lacks something the command needs: exit 2.
    case unavailable(String)
    /// The command line is wrong: exit 64.
    case usage(String)

    /// The failure an error thrown by a command stands for.
    ///
    /// Nil for ArgumentParser's own errors (usage, help, `ExitCode`), which it reports itself.
    package init?(_ error: any Error) {
        switch error {
        case let failure as CommandFailure: self = failure
        case let error as FileError: self = .file(error)
        case let error as TimelineFileError:
            switch error {
            case .file(let error): self = .file(error)
            case .invalid: self = .invalidInput(error.description)
            }
        case let error as RenderOutputError:
            self = error.isEnvironmentFailure ? .unavailable(error.description) : .invalidInput(error.description)
        default: return nil
        }
    }

    /// The exit status.
    package var status: ExitStatus {
        switch self {
        case .reported, .invalidInput: .invalidInput
        case .file, .unavailable: .unavailable
        case .usage: .usage
        }
    }

    /// Whether the failure is a write to standard output that its reader had closed
    /// (`motionc validate Plans | head -1`): said by nothing, as a program that SIGPIPE stops
    /// says nothing, and exit 2, as the output is cut short.
    package var isClosedStandardOutput: Bool {
        guard case .file(let error) = self else { return false }
        return error.path == "-" && error.kind == .write && error.reason == systemErrorText(EPIPE)
    }

    /// What standard error shows, without the `motionc: ` prefix; empty for ``reported``.
    package var description: String {
        switch self {
        case .reported: ""
        case .invalidInput(let message), .unavailable(let message), .usage(let message): message
        case .file(let error): error.description
        }
    }
}

extension ParsableCommand {
    /// The first argument when it names no subcommand of a command that has some and takes no
    /// argument of its own, with the closest subcommand name (``Suggestions``).
    ///
    /// The argument parser reads a misspelt subcommand as unexpected arguments, and suggests
    /// names for misspelt options only.
    static func unknownSubcommand(in arguments: [String]) -> (given: String, closest: String?)? {
        let names = configuration.subcommands.compactMap { $0.configuration.commandName }
        guard !names.isEmpty, let first = arguments.first, !first.hasPrefix("-"), first != "help", !names.contains(first)
        else { return nil }
        return (first, Suggestions.closest(to: first, in: names))
    }

    /// Parses the command line and runs the command, reporting its failure.
    ///
    /// A failure becomes its message on standard error (`motionc: MESSAGE`) and its exit status
    /// here, and nowhere else.
    package static func mainReportingFailures() {
        do {
            StandardStreams.holdClosedDescriptors()
            if let unknown = unknownSubcommand(in: Array(CommandLine.arguments.dropFirst())) {
                let suggestion = unknown.closest.map { "; did you mean '\($0)'?" } ?? ""
                let root = configuration.commandName ?? "motionc"
                throw CommandFailure.usage(
                    "unknown command '\(unknown.given)'\(suggestion) (`\(root) --help` lists the commands)")
            }
            var command = try parseAsRoot()
            Interruption.install()
            try command.run()
        } catch {
            guard let failure = CommandFailure(error) else { exit(withError: error) }
            // Messages can quote a timeline's ids and names: printed as text, never as terminal controls.
            if case .reported = failure {
            } else if !failure.isClosedStandardOutput {
                StandardStreams.error("motionc: " + DiagnosticRenderer.printable(failure.description))
            }
            failure.status.end(keeping: ())
        }
    }
}
