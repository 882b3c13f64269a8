/// libpng's C functions that the PNG writer encodes with, loaded from the libpng runtime library
/// when the first image is written rather than linked at build time (as ``Cairo`` is).
///
/// Cairo's own PNG writer cannot choose a compression setting and spends most of a frame's time
/// in zlib's default level with adaptive filtering; with libpng the writer picks zlib level 1
/// and one row filter, several times faster for flat motion graphics. When the library or one of
/// its functions is missing, writing throws ``RenderOutputError/pngLibraryUnavailable(library:reason:)``
/// naming it and the package that provides it.
///
/// libpng reports errors by `longjmp`, which Swift cannot catch: the writer only ever gives it
/// valid sizes and an in-memory sink that cannot fail, so the one error left is running out of
/// memory, on which libpng prints its message and the process stops.
///
/// The table is immutable after loading, so one instance is shared by every thread; each
/// encoding has its own `png_struct`.
struct LibPNG: @unchecked Sendable {
    /// The runtime library's name: Debian's and most distributions' `libpng16-16`.
    static let libraryName = "libpng16.so.16"

    // libpng's constants used here (png.h, stable across 1.6).
    static let colorTypeRGB: Int32 = 2
    static let colorTypeRGBA: Int32 = 6
    /// `PNG_FILLER_AFTER`: input rows carry a byte after each pixel's RGB, which is dropped.
    static let fillerAfter: Int32 = 1
    static let interlaceNone: Int32 = 0
    static let compressionTypeBase: Int32 = 0
    static let filterTypeBase: Int32 = 0
    /// `PNG_FILTER_NONE`: rows as they are. On flat motion graphics zlib alone compresses them
    /// smaller and faster than after the Sub filter (measured: 107 against 117 KiB, 22 against
    /// 27 ms a 1080x1920 frame).
    static let filterNone: Int32 = 0x08
    /// zlib's `Z_DEFAULT_STRATEGY` (libpng picks `Z_FILTERED` otherwise).
    static let defaultStrategy: Int32 = 0
    /// zlib's `Z_BEST_SPEED`.
    static let fastestCompression: Int32 = 1

    /// `png_rw_ptr`: the sink libpng hands its output to.
    typealias WriteFunction = @convention(c) (OpaquePointer?, UnsafeMutablePointer<UInt8>?, Int) -> Void
    /// `png_flush_ptr`.
    typealias FlushFunction = @convention(c) (OpaquePointer?) -> Void

    let access_version_number: @convention(c) () -> UInt32
    let create_write_struct:
        @convention(c) (UnsafePointer<CChar>?, UnsafeMutableRawPointer?, UnsafeRawPointer?, UnsafeRawPointer?) -> OpaquePointer?
    let create_info_struct: @convention(c) (OpaquePointer?) -> OpaquePointer?
    let destroy_write_struct: @convention(c) (UnsafeMutablePointer<OpaquePointer?>?, UnsafeMutablePointer<OpaquePointer?>?) -> Void
    let set_write_fn: @convention(c) (OpaquePointer?, UnsafeMutableRawPointer?, WriteFunction?, FlushFunction?) -> Void
    let get_io_ptr: @convention(c) (OpaquePointer?) -> UnsafeMutableRawPointer?
    let set_IHDR: @convention(c) (OpaquePointer?, OpaquePointer?, UInt32, UInt32, Int32, Int32, Int32, Int32, Int32) -> Void
    let set_compression_level: @convention(c) (OpaquePointer?, Int32) -> Void
    let set_filter: @convention(c) (OpaquePointer?, Int32, Int32) -> Void
    let set_compression_strategy: @convention(c) (OpaquePointer?, Int32) -> Void
    let set_filler: @convention(c) (OpaquePointer?, UInt32, Int32) -> Void
    let write_info: @convention(c) (OpaquePointer?, OpaquePointer?) -> Void
    let write_row: @convention(c) (OpaquePointer?, UnsafePointer<UInt8>?) -> Void
    let write_end: @convention(c) (OpaquePointer?, OpaquePointer?) -> Void

    /// The process-wide table, loaded from ``libraryName`` on first use (thread-safe, once).
    private static let shared: Result<LibPNG, RenderOutputError> = load(path: libraryName)

    /// The loaded table, loading libpng on the first call.
    ///
    /// - Throws: ``RenderOutputError/pngLibraryUnavailable(library:reason:)`` when the library or
    ///   one of its functions cannot be found.
    /// - Complexity: O(1) after the first call.
    static func loaded() throws(RenderOutputError) -> LibPNG {
        try shared.get()
    }

    /// Loads the table from the library at `path` (a file name is searched for as `dlopen` does).
    static func load(path: String) -> Result<LibPNG, RenderOutputError> {
        var library: DynamicLibrary
        switch DynamicLibrary.open(path) {
        case .success(let opened): library = opened
        case .failure(let message): return .failure(.pngLibraryUnavailable(library: path, reason: message.text))
        }
        func symbol<F>(_ name: String) -> F { library.function(name) }
        let table = LibPNG(
            access_version_number: symbol("png_access_version_number"),
            create_write_struct: symbol("png_create_write_struct"),
            create_info_struct: symbol("png_create_info_struct"),
            destroy_write_struct: symbol("png_destroy_write_struct"),
            set_write_fn: symbol("png_set_write_fn"),
            get_io_ptr: symbol("png_get_io_ptr"),
            set_IHDR: symbol("png_set_IHDR"),
            set_compression_level: symbol("png_set_compression_level"),
            set_filter: symbol("png_set_filter"),
            set_compression_strategy: symbol("png_set_compression_strategy"),
            set_filler: symbol("png_set_filler"),
            write_info: symbol("png_write_info"),
            write_row: symbol("png_write_row"),
            write_end: symbol("png_write_end"))
        if let missing = library.missing {
            library.close()
            return .failure(.pngLibraryUnavailable(library: path, reason: "it has no function \(missing) (not libpng 1.6?)"))
        }
        let version = table.access_version_number()
        guard version / 100 == 106 else {
            library.close()
            return .failure(.pngLibraryUnavailable(library: path, reason: "it is libpng version \(version), not 1.6"))
        }
        // The handle stays open for the life of the process: the table points into it.
        return .success(table)
    }

    /// The version string `png_create_write_struct` checks against the library's: the loaded
    /// library's own (`1.6.39`), so the check always agrees.
    var versionString: String {
        let v = access_version_number()
        return "\(v / 10000).\(v / 100 % 100).\(v % 100)"
    }

    /// Encodes straight RGBA8 pixels as a PNG file's bytes: 8-bit RGB when every pixel is
    /// opaque (a quarter fewer bytes to compress), else RGBA; zlib level 1, no row filter.
    ///
    /// - Complexity: O(width × height).
    func encode(_ buffer: PixelBuffer) -> [UInt8] {
        let sink = PNGByteSink()
        sink.bytes.reserveCapacity(buffer.width * buffer.height / 4 + 1024)
        var png = versionString.withCString { create_write_struct($0, nil, nil, nil) }
        var info = create_info_struct(png)
        defer { destroy_write_struct(&png, &info) }
        let sinkPointer = Unmanaged.passUnretained(sink).toOpaque()
        set_write_fn(
            png, sinkPointer,
            { png, data, length in
                guard let data, length > 0 else { return }
                // The io pointer is the sink passed above, alive for the whole encoding.
                guard let io = LibPNG.ioPointer(png) else { return }
                let sink = Unmanaged<PNGByteSink>.fromOpaque(io).takeUnretainedValue()
                sink.bytes.append(contentsOf: UnsafeBufferPointer(start: data, count: length))
            }, { _ in })
        let opaque = buffer.isOpaque
        set_IHDR(
            png, info, UInt32(buffer.width), UInt32(buffer.height), 8, opaque ? Self.colorTypeRGB : Self.colorTypeRGBA,
            Self.interlaceNone, Self.compressionTypeBase, Self.filterTypeBase)
        set_compression_level(png, Self.fastestCompression)
        set_filter(png, 0, Self.filterNone)
        set_compression_strategy(png, Self.defaultStrategy)
        write_info(png, info)
        // Rows stay RGBA in memory; for an RGB image libpng drops each pixel's alpha byte.
        if opaque { set_filler(png, 0, Self.fillerAfter) }
        buffer.rgba.withUnsafeBufferPointer { rgba in
            guard let base = rgba.baseAddress else { return }
            let rowBytes = buffer.width * 4
            for y in 0..<buffer.height { write_row(png, base + y * rowBytes) }
        }
        write_end(png, info)
        withExtendedLifetime(sink) {}
        return sink.bytes
    }

    /// `png_get_io_ptr` for the write callback, which cannot capture the table.
    private static func ioPointer(_ png: OpaquePointer?) -> UnsafeMutableRawPointer? {
        guard case .success(let table) = shared else { return nil }
        return table.get_io_ptr(png)
    }
}

/// Collects the bytes libpng hands out.
private final class PNGByteSink {
    var bytes: [UInt8] = []
}

extension PixelBuffer {
    /// Whether every pixel's alpha is 255.
    ///
    /// - Complexity: O(width × height), four pixels a step.
    /// The alpha bytes of two RGBA pixels read as one 64-bit word.
    #if _endian(little)
        private static let alphaMask: UInt64 = 0xFF00_0000_FF00_0000
    #else
        private static let alphaMask: UInt64 = 0x0000_00FF_0000_00FF
    #endif

    var isOpaque: Bool {
        rgba.withUnsafeBytes { bytes in
            var i = 0
            let count = bytes.count
            while i + 16 <= count {
                let a = bytes.loadUnaligned(fromByteOffset: i, as: UInt64.self)
                let b = bytes.loadUnaligned(fromByteOffset: i + 8, as: UInt64.self)
                guard a & b & Self.alphaMask == Self.alphaMask else { return false }
                i += 16
            }
            while i + 4 <= count {
                if bytes[i + 3] != 255 { return false }
                i += 4
            }
            return true
        }
    }
}
