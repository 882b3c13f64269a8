import MotionCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Writes to standard output and standard error.
///
/// Without the global C streams, which Swift 6 does not consider concurrency-safe.
package enum StandardStreams {
    /// Writes `text` to standard output.
    ///
    /// - Throws: ``CommandFailure/file(_:)`` naming `-` when standard output cannot take it (a
    ///   full disk, a closed descriptor): exit 2 with the reason, as for any other output.
    package static func output(_ text: String, terminator: String = "\n") throws(CommandFailure) {
        let code = write(text + terminator, to: STDOUT_FILENO)
        if code != 0 { throw .file(FileError(path: "-", reason: systemErrorText(code), kind: .write)) }
    }

    /// Whether `path` names standard output: `-`, or a path that leads to the file standard
    /// output is (`/dev/stdout`, or `out.csv` when the command's output is redirected there).
    ///
    /// An output there takes standard output as `-` does: a summary line written there too
    /// would land in it, or over its first bytes.
    package static func isStandardOutput(_ path: String) -> Bool {
        if path == "-" { return true }
        var named = stat()
        var output = stat()
        guard stat(path, &named) == 0, fstat(STDOUT_FILENO, &output) == 0 else { return false }
        return named.st_dev == output.st_dev && named.st_ino == output.st_ino
    }

    /// Writes a summary line.
    ///
    /// To standard error when standard output carries an output (`-o -`, `--trace -`), to
    /// standard output otherwise.
    package static func summary(_ text: String, toStandardError: Bool) throws(CommandFailure) {
        if toStandardError { error(text) } else { try output(text) }
    }

    /// Writes a line to standard error.
    ///
    /// A standard error that cannot take it is ignored, as there is nowhere left to say so.
    package static func error(_ text: String) {
        _ = write(text + "\n", to: STDERR_FILENO)
    }

    /// Opens `/dev/null` read-only on standard input, output or error when it is closed.
    ///
    /// Then no file the command opens takes its number (`motionc schema >&-`): what is meant for
    /// standard output fails to be written (exit 2) instead of landing in an output file.
    package static func holdClosedDescriptors() {
        for descriptor in [STDIN_FILENO, STDOUT_FILENO, STDERR_FILENO] where fcntl(descriptor, F_GETFD) < 0 && errno == EBADF {
            let held = open("/dev/null", O_RDONLY)
            if held >= 0, held != descriptor {
                dup2(held, descriptor)
                close(held)
            }
        }
    }

    /// Writes all of `text` to `descriptor`; 0, or the `errno` of the write that failed.
    private static func write(_ text: String, to descriptor: Int32) -> Int32 {
        var text = text
        return text.withUTF8 { bytes in
            var offset = 0
            while offset < bytes.count, let base = bytes.baseAddress {
                let written = systemWrite(descriptor, base + offset, bytes.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    return errno
                }
                offset += written
            }
            return 0
        }
    }
}

/// `write(2)`, under a name that `StandardStreams`'s own `write` does not hide.
private func systemWrite(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
    write(descriptor, bytes, count)
}
