#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Why an output file could not be written; the destination is unchanged.
public struct FileWriteError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The destination path.
    public var path: String
    /// The operating system's explanation.
    public var reason: String
    /// Whether the destination's folder does not exist.
    public var isMissingDirectory: Bool

    public init(path: String, reason: String, isMissingDirectory: Bool = false) {
        self.path = path
        self.reason = reason
        self.isMissingDirectory = isMissingDirectory
    }

    /// `cannot write 'OUT.json': No such file or directory`.
    public var description: String { "cannot write '\(path)': \(reason)" }
}

/// The operating system's text for an `errno` value.
public func systemErrorText(_ code: Int32) -> String {
    guard let text = strerror(code) else { return "error \(code)" }
    return String(cString: text)
}

/// An output file written atomically: bytes go to a temporary file in the destination's folder,
/// which replaces the destination (`rename(2)`) only when ``commit()`` succeeds.
///
/// Readers see the old file or the whole new one, never a part. A writer that is discarded, fails
/// or is dropped without committing removes its temporary file, so a failed command leaves earlier
/// outputs byte-identical. Every motionc output (timelines, traces, PNG frames and sheets) is
/// written through this type.
public final class AtomicFileWriter {
    /// The destination.
    public let path: String
    /// The temporary file the bytes go to: `.NAME.PID.RANDOM.tmp` next to the destination.
    public let temporaryPath: String
    private var descriptor: Int32
    private var failure: Int32 = 0
    private var done = false

    /// Creates the temporary file next to `path` (with `O_EXCL`, trying a few names).
    ///
    /// - Throws: ``FileWriteError`` when the folder is missing or not writable.
    public init(path: String) throws(FileWriteError) {
        self.path = path
        let slash = path.lastIndex(of: "/")
        let folder = slash.map { String(path[...$0]) } ?? ""
        let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
        var descriptor: Int32 = -1
        var candidate = ""
        var code: Int32 = EEXIST
        for _ in 0..<16 {
            candidate = "\(folder).\(name).\(getpid()).\(UInt32.random(in: 0...UInt32.max)).tmp"
            descriptor = open(candidate, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
            if descriptor >= 0 { break }
            code = errno
            if code != EEXIST { break }
        }
        guard descriptor >= 0 else {
            throw FileWriteError(path: path, reason: systemErrorText(code), isMissingDirectory: code == ENOENT)
        }
        self.descriptor = descriptor
        self.temporaryPath = candidate
    }

    deinit { discard() }

    /// Appends bytes. A failure is remembered and reported by ``commit()``.
    ///
    /// - Complexity: O(n) in the number of bytes.
    public func write(_ bytes: UnsafeRawBufferPointer) {
        guard failure == 0, !done, let base = bytes.baseAddress else { return }
        var offset = 0
        while offset < bytes.count {
            let written = systemWrite(descriptor, base + offset, bytes.count - offset)
            if written < 0 {
                if errno == EINTR { continue }
                failure = errno
                return
            }
            offset += written
        }
    }

    /// Appends bytes.
    public func write(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { write($0) }
    }

    /// Flushes the file to disk and renames it over the destination.
    ///
    /// `beforeRename` runs on the complete temporary file just before the rename; returning a
    /// reason aborts the write (tests use it to simulate a late failure).
    /// - Throws: ``FileWriteError``; the temporary file is removed and the destination untouched.
    public func commit(beforeRename: (String) -> String? = { _ in nil }) throws(FileWriteError) {
        guard !done else { return }
        done = true
        if failure == 0, fsync(descriptor) != 0 { failure = errno }
        // close(2) releases the descriptor even when it reports an error.
        if close(descriptor) != 0, failure == 0 { failure = errno }
        descriptor = -1
        var reason = failure != 0 ? systemErrorText(failure) : nil
        if reason == nil { reason = beforeRename(temporaryPath) }
        if reason == nil, rename(temporaryPath, path) != 0 { reason = systemErrorText(errno) }
        if let reason {
            unlink(temporaryPath)
            throw FileWriteError(path: path, reason: reason)
        }
    }

    /// Abandons the file: removes the temporary file; the destination is untouched. Harmless
    /// after ``commit()``.
    public func discard() {
        guard !done else { return }
        done = true
        if descriptor >= 0 { close(descriptor) }
        descriptor = -1
        unlink(temporaryPath)
    }

    /// Writes `bytes` to `path` atomically.
    public static func write(_ bytes: [UInt8], to path: String) throws(FileWriteError) {
        let writer = try AtomicFileWriter(path: path)
        writer.write(bytes)
        try writer.commit()
    }
}

/// `write(2)`, named apart from ``AtomicFileWriter/write(_:)``.
private func systemWrite(_ fd: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
    write(fd, bytes, count)
}
