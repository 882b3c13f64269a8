import MotionCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Why a timeline file could not be used: unreadable (exit code 2) or invalid content (exit code 1).
public enum TimelineFileError: Error, Sendable, CustomStringConvertible {
    /// The file could not be opened or read.
    case file(FileError)
    /// The file's content is not a valid timeline.
    case invalid(path: String, TimelineError)

    /// `FILE: $.events[2].time: expected a number, found a string`.
    public var description: String {
        switch self {
        case .file(let error): error.description
        case .invalid(let path, let error): "\(path): \(error)"
        }
    }
}

/// Reads files whole and writes them atomically.
public enum AtomicFile {
    /// The largest file ``read(_:)`` accepts: 1 GiB.
    public static let maximumSize = 1 << 30

    /// The bytes of the file at `path`.
    ///
    /// - Throws: `FileError` (the operating system's text) when it cannot be read.
    public static func read(_ path: String) throws(FileError) -> [UInt8] {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw FileError(path: path, reason: errorText(errno), kind: .read) }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw FileError(path: path, reason: errorText(errno), kind: .read) }
        // A pipe or a device (`/dev/stdin`, `<(...)`) is read to its end, as the document reader
        // reads one; a folder is no file.
        let kind = info.st_mode & S_IFMT
        guard kind == S_IFREG || kind == S_IFIFO || kind == S_IFCHR || kind == S_IFSOCK else {
            throw FileError(path: path, reason: kind == S_IFDIR ? "a folder, not a file" : "not a regular file", kind: .read)
        }
        let size = kind == S_IFREG ? Int(info.st_size) : 0
        guard size <= maximumSize else {
            throw FileError(path: path, reason: "larger than \(maximumSize >> 20) MiB", kind: .read)
        }
        // The file's size is read in place (no chunk copied, no array grown); a file that grows
        // meanwhile, or a pipe, is read on in chunks.
        var bytes = try readInPlace(fd, count: size, path: path)
        guard bytes.count == size else { return bytes }
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = chunk.withUnsafeMutableBytes { raw in systemRead(fd, raw.baseAddress, raw.count) }
            if n < 0 {
                if errno == EINTR { continue }
                throw FileError(path: path, reason: errorText(errno), kind: .read)
            }
            if n == 0 { break }
            bytes.append(contentsOf: chunk[0..<n])
            guard bytes.count <= maximumSize else {
                throw FileError(path: path, reason: "larger than \(maximumSize >> 20) MiB", kind: .read)
            }
        }
        return bytes
    }

    /// Up to `count` bytes from `fd`, read straight into the array: fewer only at the file's end.
    private static func readInPlace(_ fd: Int32, count: Int, path: String) throws(FileError) -> [UInt8] {
        var failure: Int32 = 0
        let bytes = [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
            initialized = 0
            while initialized < count {
                let n = systemRead(fd, buffer.baseAddress.map { UnsafeMutableRawPointer($0 + initialized) }, count - initialized)
                if n < 0 {
                    if errno == EINTR { continue }
                    failure = errno
                    return
                }
                if n == 0 { return }
                initialized += n
            }
        }
        guard failure == 0 else { throw FileError(path: path, reason: errorText(failure), kind: .read) }
        return bytes
    }

    /// Writes `bytes` to `path` atomically: readers see the old file or the whole new one.
    ///
    /// The bytes go to a temporary file next to `path`, which is flushed and renamed over `path`;
    /// a failure leaves `path` untouched.
    ///
    /// - Throws: the operating system's explanation, as text.
    public static func write(_ bytes: some Collection<UInt8>, to path: String) throws(FileError) {
        try AtomicFileWriter.write(Array(bytes), to: path)
    }

    static func errorText(_ code: Int32) -> String { systemErrorText(code) }
}

private func systemRead(_ fd: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
    read(fd, buffer, count)
}

extension TimelineJSON {
    /// Reads and checks the timeline at `path`.
    ///
    /// - Throws: ``TimelineFileError/file(_:)`` or ``TimelineFileError/invalid(path:_:)``.
    public static func read(path: String) throws(TimelineFileError) -> Timeline {
        let bytes: [UInt8]
        do {
            bytes = try AtomicFile.read(path)
        } catch {
            throw .file(error)
        }
        do {
            return try decode(bytes)
        } catch {
            throw .invalid(path: path, error)
        }
    }

    /// Whether `bytes` look like a timeline: a JSON object whose first key is `"timeline"`.
    public static func looksLikeTimeline(_ bytes: [UInt8]) -> Bool {
        var i = 0
        func skip() { while i < bytes.count, [0x20, 0x0A, 0x0D, 0x09].contains(bytes[i]) { i += 1 } }
        skip()
        guard i < bytes.count, bytes[i] == UInt8(ascii: "{") else { return false }
        i += 1
        skip()
        let key = Array("\"timeline\"".utf8)
        return bytes.count >= i + key.count && Array(bytes[i..<(i + key.count)]) == key
    }
}
