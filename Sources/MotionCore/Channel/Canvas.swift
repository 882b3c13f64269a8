/// What the render server draws on: a size, a background colour and a frame rate.
public struct Canvas: Sendable, Hashable {
    /// The width in points; top-level positions are measured from the top-left corner, y down.
    public var width: Double
    /// The height in points.
    public var height: Double
    /// A colour value.
    public var background: MotionValue
    private var framesPerSecond: Double

    /// The frame rate used when none is given, or the one given is not a positive finite number.
    public static let defaultFPS = 60.0

    /// Frames per second of run, play and render: always positive and finite.
    ///
    /// A non-positive or non-finite rate is replaced by ``defaultFPS`` when set, so every reader
    /// can divide by it.
    public var fps: Double {
        get { framesPerSecond }
        set { framesPerSecond = Self.normalised(newValue) }
    }

    /// Creates a canvas; `fps` is normalised as ``fps`` says.
    public init(width: Double = 512, height: Double = 512, background: MotionValue = .color(1, 1, 1, 1), fps: Double = 60) {
        self.width = width
        self.height = height
        self.background = background
        self.framesPerSecond = Self.normalised(fps)
    }

    /// The index of the last frame at or before `seconds` on the grid `k / fps`.
    ///
    /// Rounding error is forgiven, so 1 s at 60 fps ends on frame 60; `run`, `bake`, `play` and
    /// `render` all count frames this way. Past ±2^62 frames (and for NaN) the index saturates
    /// instead of trapping, since a library caller may pass any time.
    public static func lastFrame(seconds: Double, fps: Double) -> Int {
        let frame = (seconds * fps * (1 + 1e-12)).rounded(.down)
        guard frame < 0x1p62 else { return frame.isNaN ? 0 : 1 << 62 }
        return frame > -0x1p62 ? Int(frame) : -(1 << 62)
    }

    /// The index of the first frame at or after `seconds` on the grid `k / fps`.
    ///
    /// It is the frame whose step shows what happens at `seconds` (an event, a spring coming to
    /// rest between frames). Saturates as ``lastFrame(seconds:fps:)`` does.
    public static func firstFrame(seconds: Double, fps: Double) -> Int {
        let k = lastFrame(seconds: seconds, fps: fps)
        return seconds > Double(k) / fps && k < 1 << 62 ? k + 1 : k
    }

    /// `fps` when it is positive and finite, else ``defaultFPS``.
    public static func normalised(_ fps: Double) -> Double {
        fps.isFinite && fps > 0 ? fps : defaultFPS
    }
}

/// Whether a layer is drawn as a rectangle or an ellipse.
public enum LayerShape: String, Sendable, Hashable, CaseIterable {
    /// A rectangle filling the layer's bounds, with rounded corners when it has a corner radius.
    case rect
    /// An ellipse inscribed in the layer's bounds.
    case ellipse
}
