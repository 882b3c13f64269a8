import CCairo
import MotionCore

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
        try write(buffer, to: path, beforeRename: { _ in nil })
    }

    /// ``write(_:to:)`` with a hook run on the complete temporary file just before the rename;
    /// a reason returned by the hook aborts the write (tests use it to simulate a late failure).
    static func write(
        _ buffer: PixelBuffer, to path: String, beforeRename: (_ temporaryPath: String) -> String?
    ) throws(RenderOutputError) {
        guard buffer.width > 0, buffer.height > 0 else { throw .emptyImage(path: path) }
        let bytes = try encode(buffer, path: path)
        do throws(FileWriteError) {
            let file = try AtomicFileWriter(path: path)
            file.write(bytes)
            try file.commit(beforeRename: beforeRename)
        } catch {
            throw error.isMissingDirectory ? .directoryMissing(path: path) : .writeFailed(path: path, reason: error.reason)
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
                status == CAIRO_STATUS_FILE_NOT_FOUND
                ? "no such file"
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

/// Collects the bytes Cairo's PNG encoder hands out.
private final class ByteSink {
    var bytes: [UInt8] = []
}
