/// Creates an ARGB32 image surface; the caller owns it (`surface_destroy`).
///
/// - Throws: ``RenderOutputError/cairoFailure(operation:message:)`` with Cairo's own text when
///   the surface cannot be made (out of memory, an invalid size).
func makeImageSurface(_ cairo: Cairo, width: Int, height: Int, operation: String) throws(RenderOutputError) -> OpaquePointer {
    guard let surface = cairo.image_surface_create(Cairo.formatARGB32, Int32(clamping: width), Int32(clamping: height))
    else {
        throw .cairoFailure(operation: operation, message: "out of memory")
    }
    let status = cairo.surface_status(surface)
    guard status == Cairo.statusSuccess else {
        cairo.surface_destroy(surface)
        throw .cairoFailure(operation: operation, message: cairo.message(status))
    }
    return surface
}

/// Throws Cairo's own text when drawing on `context` has failed (a context keeps its first error
/// and then ignores every call, so one check after drawing covers the whole drawing).
func checkDrawing(_ cairo: Cairo, _ context: OpaquePointer, operation: String) throws(RenderOutputError) {
    let status = cairo.status(context)
    guard status == Cairo.statusSuccess else {
        throw .cairoFailure(operation: operation, message: cairo.message(status))
    }
}

/// Copies an ARGB32 surface (premultiplied, native-endian words) into a straight RGBA8 buffer.
///
/// - Complexity: O(width × height).
func pixelBuffer(_ cairo: Cairo, from surface: OpaquePointer) -> PixelBuffer {
    cairo.surface_flush(surface)
    let width = Int(cairo.image_surface_get_width(surface))
    let height = Int(cairo.image_surface_get_height(surface))
    let stride = Int(cairo.image_surface_get_stride(surface))
    guard width > 0, height > 0, let data = cairo.image_surface_get_data(surface) else {
        return PixelBuffer(unchecked: max(0, width), max(0, height), [UInt8](repeating: 0, count: max(0, width * height * 4)))
    }
    let source = UnsafeRawPointer(data)
    let bytes = [UInt8](unsafeUninitializedCapacity: width * height * 4) { out, count in
        guard let base = out.baseAddress else { return }
        let target = UnsafeMutableRawPointer(base)
        for y in 0..<height {
            let row = source + y &* stride
            let outRow = target + y &* width &* 4
            var x = 0
            #if _endian(little)
                // Two pixels a step; when both are opaque (the common case), only R and B swap.
                while x &+ 2 <= width {
                    let pair = row.loadUnaligned(fromByteOffset: x &* 4, as: UInt64.self)
                    let converted: UInt64
                    if pair & 0xFF00_0000_FF00_0000 == 0xFF00_0000_FF00_0000 {
                        converted =
                            (pair & 0xFF00_FF00_FF00_FF00) | ((pair >> 16) & 0x0000_00FF_0000_00FF)
                            | ((pair & 0x0000_00FF_0000_00FF) << 16)
                    } else {
                        converted =
                            UInt64(straightRGBA(UInt32(truncatingIfNeeded: pair)))
                            | UInt64(straightRGBA(UInt32(truncatingIfNeeded: pair >> 32))) << 32
                    }
                    outRow.storeBytes(of: converted, toByteOffset: x &* 4, as: UInt64.self)
                    x &+= 2
                }
            #endif
            while x < width {
                let word = row.loadUnaligned(fromByteOffset: x &* 4, as: UInt32.self)
                outRow.storeBytes(of: straightRGBA(word), toByteOffset: x &* 4, as: UInt32.self)
                x &+= 1
            }
        }
        count = width * height * 4
    }
    return PixelBuffer(unchecked: width, height, bytes)
}

/// Converts one premultiplied native-endian ARGB32 word into a word whose bytes in memory are
/// straight R, G, B, A. Opaque pixels (the common case) only swap two bytes.
@inline(__always)
private func straightRGBA(_ word: UInt32) -> UInt32 {
    let a = word >> 24
    var r = (word >> 16) & 0xFF
    var g = (word >> 8) & 0xFF
    var b = word & 0xFF
    if a != 255 {
        if a == 0 { return 0 }
        let half = a / 2
        r = min(255, (r * 255 + half) / a)
        g = min(255, (g * 255 + half) / a)
        b = min(255, (b * 255 + half) / a)
    }
    #if _endian(little)
        return a << 24 | b << 16 | g << 8 | r
    #else
        return r << 24 | g << 16 | b << 8 | a
    #endif
}
