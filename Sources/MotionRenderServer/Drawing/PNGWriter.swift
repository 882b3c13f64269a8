import CCairo

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Writes pixel buffers as PNG files, atomically.
///
/// The image is encoded in memory first, written to a temporary file in the destination's
/// directory and then renamed over the destination with `rename(2)`. Readers therefore see the
/// old file or the complete new one, never a partial one, and a failed write leaves an existing
/// file untouched and no temporary file behind.
public enum PNGWriter {
    /// Writes `buffer` as an 8-bit RGBA PNG (straight alpha) at `path`, replacing any file there.
    ///
    /// - Throws: ``RenderOutputError/emptyImage(path:)`` for a buffer without pixels,
    ///   ``RenderOutputError/directoryMissing(path:)`` when the directory does not exist,
    ///   ``RenderOutputError/writeFailed(path:reason:)`` when the file cannot be created, written
    ///   or renamed (permissions, a full disk, `path` naming a directory).
    /// - Complexity: O(width × height).
    public static func write(_ buffer: PixelBuffer, to path: String) throws(RenderOutputError) {
        try write(buffer, to: path, beforeRename: { _ in })
    }

    /// ``write(_:to:)`` with a hook run on the complete temporary file just before the rename;
    /// an error thrown by the hook aborts the write (tests use it to simulate a late failure).
    static func write(
        _ buffer: PixelBuffer, to path: String,
        beforeRename: (_ temporaryPath: String) throws(RenderOutputError) -> Void
    ) throws(RenderOutputError) {
        guard buffer.width > 0, buffer.height > 0 else { throw .emptyImage(path: path) }
        let bytes = try encode(buffer, path: path)
        let directory = directoryName(of: path)
        var info = stat()
        if stat(directory, &info) != 0 {
            throw errno == ENOENT ? .directoryMissing(path: path) : .writeFailed(path: path, reason: systemErrorText(errno))
        }

        let (fd, temporary) = try createTemporaryFile(near: path)
        var open = true
        do throws(RenderOutputError) {
            try writeAll(bytes, to: fd, path: path)
            if fsync(fd) != 0 { throw .writeFailed(path: path, reason: systemErrorText(errno)) }
            open = false  // close(2) releases the descriptor even when it reports an error
            if close(fd) != 0 { throw .writeFailed(path: path, reason: systemErrorText(errno)) }
        } catch {
            if open { close(fd) }
            unlink(temporary)
            throw error
        }
        do throws(RenderOutputError) {
            try beforeRename(temporary)
            if rename(temporary, path) != 0 {
                throw .writeFailed(path: path, reason: systemErrorText(errno))
            }
        } catch {
            unlink(temporary)
            throw error
        }
    }

    /// Encodes a buffer as PNG bytes in memory.
    static func encode(_ buffer: PixelBuffer, path: String) throws(RenderOutputError) -> [UInt8] {
        let surface = try makeImageSurface(from: buffer, operation: "preparing '\(path)'")
        defer { cairo_surface_destroy(surface) }
        let sink = ByteSink()
        let status = cairo_surface_write_to_png_stream(
            surface,
            { closure, data, length in
                guard let closure, let data else { return CAIRO_STATUS_WRITE_ERROR }
                let sink = Unmanaged<ByteSink>.fromOpaque(closure).takeUnretainedValue()
                sink.bytes.append(contentsOf: UnsafeBufferPointer(start: data, count: Int(length)))
                return CAIRO_STATUS_SUCCESS
            }, Unmanaged.passUnretained(sink).toOpaque())
        withExtendedLifetime(sink) {}
        guard status == CAIRO_STATUS_SUCCESS else {
            throw .cairoFailure(operation: "encoding '\(path)' as PNG", message: cairoMessage(status))
        }
        return sink.bytes
    }

    /// Creates `.<name>.<pid>.<n>.tmp` next to `path` with `O_EXCL`, trying a few names.
    private static func createTemporaryFile(near path: String) throws(RenderOutputError) -> (Int32, String) {
        let directory = directoryName(of: path)
        let name = path.lastIndex(of: "/").map { String(path[path.index(after: $0)...]) } ?? path
        let prefix = (path.contains("/") ? (directory == "/" ? "/" : directory + "/") : "") + "." + name
        var lastError: Int32 = EEXIST
        for _ in 0..<16 {
            let candidate = "\(prefix).\(getpid()).\(UInt32.random(in: 0...UInt32.max)).tmp"
            let fd = open(candidate, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
            if fd >= 0 { return (fd, candidate) }
            lastError = errno
            if lastError != EEXIST { break }
        }
        if lastError == ENOENT { throw .directoryMissing(path: path) }
        throw .writeFailed(path: path, reason: systemErrorText(lastError))
    }

    private static func writeAll(_ bytes: [UInt8], to fd: Int32, path: String) throws(RenderOutputError) {
        var failure: Int32 = 0
        bytes.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                guard let base = raw.baseAddress else { return }
                let written = systemWrite(fd, base + offset, raw.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    failure = errno
                    return
                }
                offset += written
            }
        }
        if failure != 0 { throw .writeFailed(path: path, reason: systemErrorText(failure)) }
    }
}

extension PixelBuffer {
    /// Reads a PNG file (any colour type Cairo decodes) into straight RGBA8 pixels.
    ///
    /// - Throws: ``RenderOutputError/readFailed(path:reason:)`` when the file is missing or not
    ///   a PNG.
    public init(contentsOfPNG path: String) throws(RenderOutputError) {
        guard let surface = cairo_image_surface_create_from_png(path) else {
            throw .readFailed(path: path, reason: "out of memory")
        }
        defer { cairo_surface_destroy(surface) }
        let status = cairo_surface_status(surface)
        guard status == CAIRO_STATUS_SUCCESS else {
            let reason =
                status == CAIRO_STATUS_FILE_NOT_FOUND ? "no such file"
                : status == CAIRO_STATUS_READ_ERROR ? "not a readable PNG image" : cairoMessage(status)
            throw .readFailed(path: path, reason: reason)
        }
        if cairo_image_surface_get_format(surface) == CAIRO_FORMAT_ARGB32 {
            self = pixelBuffer(from: surface)
            return
        }
        // RGB24, A8...: draw onto ARGB32 so one conversion handles every format.
        let width = Int(cairo_image_surface_get_width(surface))
        let height = Int(cairo_image_surface_get_height(surface))
        let argb = try makeImageSurface(width: width, height: height, operation: "reading '\(path)'")
        defer { cairo_surface_destroy(argb) }
        guard let cr = cairo_create(argb) else { throw .readFailed(path: path, reason: "out of memory") }
        defer { cairo_destroy(cr) }
        cairo_set_source_surface(cr, surface, 0, 0)
        cairo_paint(cr)
        self = pixelBuffer(from: argb)
    }
}

/// `write(2)`, named apart from ``PNGWriter/write(_:to:)``.
private func systemWrite(_ fd: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
    write(fd, bytes, count)
}

/// Collects the bytes Cairo's PNG encoder hands out.
private final class ByteSink {
    var bytes: [UInt8] = []
}
