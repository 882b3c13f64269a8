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
    ///   ``RenderOutputError/file(_:)`` when the directory does not exist,
    ///   or when the file cannot be created, written
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
        let bytes = try encode(buffer, path: path)
        try write(encoded: bytes, to: path, beforeRename: beforeRename)
    }

    /// Loads the libpng library that writing needs, if not loaded yet.
    ///
    /// A command can then report a missing library before it draws or writes anything.
    ///
    /// - Throws: ``RenderOutputError/pngLibraryUnavailable(library:reason:)``.
    public static func loadLibrary() throws(RenderOutputError) {
        _ = try LibPNG.loaded()
    }

    /// Encodes a buffer as PNG bytes in memory with libpng at its fastest setting.
    ///
    /// zlib level 1 and the Sub filter: the same bytes for the same pixels, on any thread.
    ///
    /// - Throws: ``RenderOutputError/pngLibraryUnavailable(library:reason:)`` without libpng,
    ///   ``RenderOutputError/emptyImage(path:)`` for a buffer without pixels.
    /// - Complexity: O(width × height).
    public static func encode(_ buffer: PixelBuffer, path: String) throws(RenderOutputError) -> [UInt8] {
        guard buffer.width > 0, buffer.height > 0 else { throw .emptyImage(path: path) }
        return try LibPNG.loaded().encode(buffer)
    }

    /// Writes already encoded bytes to `path` atomically (see ``write(_:to:)``).
    ///
    /// - Throws: ``RenderOutputError/file(_:)``.
    public static func write(encoded bytes: [UInt8], to path: String) throws(RenderOutputError) {
        try write(encoded: bytes, to: path, beforeRename: { _ in nil })
    }

    static func write(
        encoded bytes: [UInt8], to path: String, beforeRename: (_ temporaryPath: String) -> String?
    ) throws(RenderOutputError) {
        do throws(FileError) {
            let file = try AtomicFileWriter(path: path)
            file.write(bytes)
            try file.commit(beforeRename: beforeRename)
        } catch {
            throw .file(error)
        }
    }
}

extension PixelBuffer {
    /// Reads a PNG file (any colour type Cairo decodes) into straight RGBA8 pixels.
    ///
    /// - Throws: ``RenderOutputError/file(_:)`` when the file is missing or not
    ///   a PNG.
    public init(contentsOfPNG path: String) throws(RenderOutputError) {
        let cairo = try Cairo.loaded()
        guard let surface = cairo.image_surface_create_from_png(path) else {
            throw .file(FileError(path: path, reason: "out of memory", kind: .read))
        }
        defer { cairo.surface_destroy(surface) }
        let status = cairo.surface_status(surface)
        guard status == Cairo.statusSuccess else {
            let reason =
                status == Cairo.statusFileNotFound
                ? "no such file"
                : status == Cairo.statusReadError ? "not a readable PNG image" : cairo.message(status)
            throw .file(FileError(path: path, reason: reason, kind: .read))
        }
        if cairo.image_surface_get_format(surface) == Cairo.formatARGB32 {
            self = pixelBuffer(cairo, from: surface)
            return
        }
        // RGB24, A8...: draw onto ARGB32 so one conversion handles every format.
        let width = Int(cairo.image_surface_get_width(surface))
        let height = Int(cairo.image_surface_get_height(surface))
        let argb = try makeImageSurface(cairo, width: width, height: height, operation: "reading '\(path)'")
        defer { cairo.surface_destroy(argb) }
        guard let cr = cairo.create(argb) else { throw .file(FileError(path: path, reason: "out of memory", kind: .read)) }
        defer { cairo.destroy(cr) }
        cairo.set_source_surface(cr, surface, 0, 0)
        cairo.paint(cr)
        try checkDrawing(cairo, cr, operation: "reading '\(path)'")
        self = pixelBuffer(cairo, from: argb)
    }
}
