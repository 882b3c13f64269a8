import MotionThreads

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The operating system's text for an `errno` value.
public func systemErrorText(_ code: Int32) -> String {
    guard let text = strerror(code) else { return "error \(code)" }
    return String(cString: text)
}

/// An output file written atomically: readers see the old file or the whole new one.
///
/// Bytes go to a temporary file in the destination's folder, which replaces the destination
/// (`rename(2)`) only when ``commit(beforeRename:)`` succeeds. A writer that is discarded, fails or is dropped
/// without committing removes its temporary file, so a failed command leaves earlier outputs
/// byte-identical. Every motionc output (timelines, traces, PNG frames and sheets) is written
/// through this type.
///
/// Only regular files and new paths are written atomically (``Destination``): a device
/// (`/dev/null`), a FIFO or a link to one (`/dev/stdout`) is written in place, since renaming
/// over it would replace the device with a regular file (for the whole machine, when run as
/// root). A symbolic link to a regular file is kept: its target is replaced atomically. `-`
/// means standard output.
public final class AtomicFileWriter {
    /// How a path is written.
    public enum Destination: Hashable, Sendable {
        /// Atomically: a temporary file renamed over this path.
        ///
        /// The path is the destination itself, or the regular file a symbolic link leads to.
        case atomic(String)
        /// In place: opened for writing (appending) as it is; nothing is renamed or removed.
        case inPlace
        /// Standard output (`-`).
        case standardOutput

        /// How `path` is written: atomically, in place, or to standard output.
        ///
        /// `-` is standard output; a new path or a regular file is written
        /// atomically, as is the regular file a symbolic link leads to (unless the link lives in
        /// `/dev` or `/proc`, where links stand for open descriptors); everything else (devices,
        /// FIFOs, sockets, links to them, folders) in place.
        public static func of(_ path: String) -> Destination {
            if path == "-" { return .standardOutput }
            var info = stat()
            guard lstat(path, &info) == 0 else { return .atomic(path) }
            switch info.st_mode & S_IFMT {
            case S_IFREG:
                return .atomic(path)
            case S_IFLNK:
                guard !path.hasPrefix("/dev/"), !path.hasPrefix("/proc/"), stat(path, &info) == 0,
                    info.st_mode & S_IFMT == S_IFREG, let resolved = realpath(path, nil)
                else { return .inPlace }
                defer { free(resolved) }
                let target = String(cString: resolved)
                return target.hasPrefix("/dev/") || target.hasPrefix("/proc/") ? .inPlace : .atomic(target)
            default:
                return .inPlace
            }
        }
    }

    /// The destination, as given.
    public let path: String
    /// The temporary file the bytes go to: `.NAME.PID.RANDOM.tmp` next to the destination.
    ///
    /// When the destination is written in place (``isInPlace``), this is the destination itself.
    public let temporaryPath: String
    /// Whether the bytes go straight to the destination (a special file or standard output).
    ///
    /// Then nothing is renamed or removed, and a failure may leave part of the bytes written.
    public let isInPlace: Bool
    /// The path the temporary file is renamed to.
    private let renameTarget: String
    private var descriptor: Int32
    private var failure: Int32 = 0
    private var done = false

    /// Opens `path` for writing: a new temporary file beside it, or the special file itself.
    ///
    /// The temporary file is created with `O_EXCL`, trying a few names; a special file or
    /// standard output is opened in place (``Destination/of(_:)``).
    ///
    /// - Throws: ``FileError`` when the folder is missing or not writable, or the special
    ///   file cannot be opened.
    public init(path: String) throws(FileError) {
        self.path = path
        let target: String
        switch Destination.of(path) {
        case .standardOutput:
            let descriptor = dup(STDOUT_FILENO)
            guard descriptor >= 0 else { throw FileError(path: path, reason: systemErrorText(errno), kind: .write) }
            (self.descriptor, temporaryPath, renameTarget, isInPlace) = (descriptor, path, path, true)
            return
        case .inPlace:
            let descriptor = open(path, O_WRONLY | O_APPEND | O_NOCTTY | O_CLOEXEC)
            guard descriptor >= 0 else { throw FileError(path: path, reason: systemErrorText(errno), kind: .write) }
            (self.descriptor, temporaryPath, renameTarget, isInPlace) = (descriptor, path, path, true)
            return
        case .atomic(let resolved):
            target = resolved
        }
        let slash = target.lastIndex(of: "/")
        let folder = slash.map { String(target[...$0]) } ?? ""
        let name = slash.map { String(target[target.index(after: $0)...]) } ?? target
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
            // ENOENT means a missing folder only when the folder is missing: a folder of a
            // virtual file system (`/proc`) refuses new files with it too.
            var info = stat()
            let missing = code == ENOENT && stat(folder.isEmpty ? "." : folder, &info) != 0
            throw FileError(path: path, reason: systemErrorText(code), kind: missing ? .missingDirectory : .write)
        }
        self.descriptor = descriptor
        self.temporaryPath = candidate
        self.renameTarget = target
        self.isInPlace = false
        Self.pending.withLock { _ = $0.insert(candidate) }
    }

    /// The temporary files of writers not yet committed or discarded, for
    /// ``removeTemporaryFiles()``.
    private static let pending = PendingFiles()

    /// Adds a temporary file made another way to those removed on a signal.
    ///
    /// `path` (such as the partial video `ffmpeg` writes) is among those
    /// ``removeTemporaryFiles()`` removes until ``unregisterTemporaryFile(_:)``.
    public static func registerTemporaryFile(_ path: String) {
        pending.withLock { _ = $0.insert(path) }
    }

    /// Takes `path` back from ``registerTemporaryFile(_:)``: it was renamed or removed.
    public static func unregisterTemporaryFile(_ path: String) {
        pending.withLock { _ = $0.remove(path) }
    }

    /// Removes every temporary file not yet committed or discarded.
    ///
    /// It is for a process about to end on a signal (Ctrl-C), when no writer gets to clean up
    /// after itself.
    ///
    /// Destinations stay as they were: a commit either renamed its file already, or finds it
    /// gone and fails. The registry stays locked, so no writer starts or ends meanwhile.
    public static func removeTemporaryFiles() {
        pending.withLock { paths in
            for path in paths { unlink(path) }
            paths.removeAll()
        }
    }

    deinit { discard() }

    /// Appends bytes. A failure is remembered and reported by ``commit(beforeRename:)``.
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

    /// Flushes the file to disk and renames it over the destination; in place, closes it.
    ///
    /// `beforeRename` runs on the complete temporary file just before the rename; returning a
    /// reason aborts the write (tests use it to simulate a late failure). It does not run in place.
    /// - Throws: ``FileError``; the temporary file is removed and the destination untouched
    ///   (in place, what was written stays written).
    public func commit(beforeRename: (String) -> String? = { _ in nil }) throws(FileError) {
        guard !done else { return }
        done = true
        if isInPlace {
            // Devices and FIFOs have nothing to sync (fsync fails with EINVAL on them).
            if close(descriptor) != 0, failure == 0 { failure = errno }
            descriptor = -1
            if failure != 0 { throw FileError(path: path, reason: systemErrorText(failure), kind: .write) }
            return
        }
        if failure == 0, fsync(descriptor) != 0 { failure = errno }
        // close(2) releases the descriptor even when it reports an error.
        if close(descriptor) != 0, failure == 0 { failure = errno }
        descriptor = -1
        var reason = failure != 0 ? systemErrorText(failure) : nil
        if reason == nil { reason = beforeRename(temporaryPath) }
        if reason == nil, rename(temporaryPath, renameTarget) != 0 { reason = systemErrorText(errno) }
        Self.pending.withLock { _ = $0.remove(temporaryPath) }
        if let reason {
            unlink(temporaryPath)
            throw FileError(path: path, reason: reason, kind: .write)
        }
    }

    /// Abandons the file: removes the temporary file and leaves the destination untouched.
    ///
    /// In place, only closes it (a device or FIFO is never removed). Harmless after ``commit(beforeRename:)``.
    public func discard() {
        guard !done else { return }
        done = true
        if descriptor >= 0 { close(descriptor) }
        descriptor = -1
        if !isInPlace {
            unlink(temporaryPath)
            Self.pending.withLock { _ = $0.remove(temporaryPath) }
        }
    }

    /// Writes `bytes` to `path` atomically.
    public static func write(_ bytes: [UInt8], to path: String) throws(FileError) {
        let writer = try AtomicFileWriter(path: path)
        writer.write(bytes)
        try writer.commit()
    }
}

/// A set of paths behind a `PosixCondition`'s lock; allocated once and never moved.
private final class PendingFiles: @unchecked Sendable {
    private let lock = PosixCondition()
    private var paths: Set<String> = []

    /// Runs `body` on the paths with the lock held.
    func withLock<Result>(_ body: (inout Set<String>) -> Result) -> Result {
        lock.withLock { body(&paths) }
    }
}

/// `write(2)`, named apart from ``AtomicFileWriter/write(_:)``.
private func systemWrite(_ fd: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
    write(fd, bytes, count)
}
