/// One pixel's straight (not premultiplied) RGBA components, 0...255.
public struct RGBA8: Hashable, Sendable, CustomStringConvertible {
    /// Red.
    public var r: UInt8
    /// Green.
    public var g: UInt8
    /// Blue.
    public var b: UInt8
    /// Alpha: 0 transparent, 255 opaque.
    public var a: UInt8

    /// Creates a pixel from its components; alpha defaults to opaque.
    public init(_ r: UInt8, _ g: UInt8, _ b: UInt8, _ a: UInt8 = 255) {
        self.r = r
        self.g = g
        self.b = b
        self.a = a
    }

    /// `(r, g, b, a)`.
    public var description: String { "(\(r), \(g), \(b), \(a))" }
}

/// A drawn image: `width x height` pixels of straight (not premultiplied) RGBA8.
///
/// Row-major from the top-left corner, 4 bytes per pixel with no row padding.
public struct PixelBuffer: Sendable, Hashable {
    /// Width in pixels.
    public let width: Int
    /// Height in pixels.
    public let height: Int
    /// `width * height * 4` bytes: R, G, B, A for each pixel, rows top to bottom.
    public let rgba: [UInt8]

    /// Creates a buffer from its bytes.
    ///
    /// Nil unless `rgba.count == width * height * 4` and both dimensions are non-negative.
    public init?(width: Int, height: Int, rgba: [UInt8]) {
        guard width >= 0, height >= 0 else { return nil }
        let (pixels, overflow1) = width.multipliedReportingOverflow(by: height)
        let (bytes, overflow2) = pixels.multipliedReportingOverflow(by: 4)
        guard !overflow1, !overflow2, bytes == rgba.count else { return nil }
        self.init(unchecked: width, height, rgba)
    }

    /// Creates a buffer whose every pixel is `fill`.
    ///
    /// Negative dimensions make an empty buffer.
    public init(width: Int, height: Int, fill: RGBA8) {
        let w = max(0, width)
        let h = max(0, height)
        var bytes = [UInt8](repeating: 0, count: w * h * 4)
        for i in stride(from: 0, to: bytes.count, by: 4) {
            bytes[i] = fill.r
            bytes[i + 1] = fill.g
            bytes[i + 2] = fill.b
            bytes[i + 3] = fill.a
        }
        self.init(unchecked: w, h, bytes)
    }

    /// Creates a buffer whose sizes the caller has checked.
    init(unchecked width: Int, _ height: Int, _ rgba: [UInt8]) {
        self.width = width
        self.height = height
        self.rgba = rgba
    }

    /// The pixel at column `x`, row `y` (0-based from the top-left), or nil outside the image.
    ///
    /// - Complexity: O(1).
    public func pixel(x: Int, y: Int) -> RGBA8? {
        guard x >= 0, y >= 0, x < width, y < height else { return nil }
        let i = (y * width + x) * 4
        return RGBA8(rgba[i], rgba[i + 1], rgba[i + 2], rgba[i + 3])
    }
}
