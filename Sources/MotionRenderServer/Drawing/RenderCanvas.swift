public import MotionCore
public import MotionTimeline

/// The surface frames are drawn on: a size in pixels and a background colour (docs/format.md §1).
///
/// One point is one pixel (scale 1). The origin is the top-left corner and y grows downwards.
/// The background is painted first, replacing every pixel, so a translucent background gives
/// translucent output pixels.
public struct RenderCanvas: Sendable, Hashable {
    /// The largest width or height, in pixels, a canvas may have: 8192.
    ///
    /// A 8192x8192 frame takes 256 MiB; larger canvases are refused with
    /// ``RenderOutputError/canvasTooLarge(width:height:limit:)`` rather than allocated.
    public static let maximumDimension = 8192

    /// Width in pixels.
    public var width: Int
    /// Height in pixels.
    public var height: Int
    /// The background colour, a `ValueKind.color` value (straight RGBA in 0...1).
    ///
    /// Components outside 0...1 are clamped and NaN reads as 0.
    public var background: MotionValue

    /// Creates a canvas; the defaults are docs/format.md's: 512x512, white.
    public init(width: Int = 512, height: Int = 512, background: MotionValue = .color(1, 1, 1, 1)) {
        self.width = width
        self.height = height
        self.background = background
    }

    /// Throws unless the canvas can be drawn.
    ///
    /// At least 1x1 and at most ``maximumDimension`` in each direction.
    public func validate() throws(RenderOutputError) {
        guard width >= 1, height >= 1 else {
            throw .invalidCanvasSize(width: width, height: height)
        }
        guard width <= Self.maximumDimension, height <= Self.maximumDimension else {
            throw .canvasTooLarge(width: width, height: height, limit: Self.maximumDimension)
        }
    }

    /// The canvas a timeline's frames are drawn on: its size in whole pixels and its background.
    ///
    /// NaN and negative sizes read as 0, then refused by ``validate()``.
    public init(timeline: Timeline) {
        let c = timeline.canvas
        self.init(width: Self.pixels(c.width), height: Self.pixels(c.height), background: c.background)
    }

    private static func pixels(_ v: Double) -> Int {
        v.isNaN ? 0 : Int(Swift.min(Swift.max(v.rounded(), 0), 1e6))
    }
}
