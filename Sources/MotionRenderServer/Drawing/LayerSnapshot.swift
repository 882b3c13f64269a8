public import MotionCore

/// The presentation values of one layer and its sublayers at one instant: what ``FrameRenderer`` draws.
///
/// Every property starts at its `LayerProperty.defaultValue` (docs/format.md §1.2). The
/// sampler fills snapshots either through the stored properties or generically through
/// ``subscript(_:)``.
///
/// Drawing semantics (Core Animation's, as docs/format.md's drawing section describes):
/// - `position` places the layer's anchor point. For a top-level layer it is in canvas
///   coordinates; for a child it is in the parent's local coordinate system, whose origin is the
///   parent's anchor point, before the parent's scale and rotation (children inherit them).
/// - `anchorPoint` is in unit coordinates of the layer's own rectangle (0,0 top-left, 1,1
///   bottom-right). Scale and rotation apply around it:
///   `transform = translate(position) · rotate(rotation) · scale(scale)`, and the rectangle is
///   `(-anchorPoint.x·width, -anchorPoint.y·height, width, height)` in that system.
/// - `rotation` is in degrees, positive clockwise on screen (y points down), as on iOS.
/// - `backgroundColor` fills the shape; `cornerRadius` rounds a rect's corners and is limited
///   to `min(width, height) / 2`; an ellipse is inscribed in the rectangle and ignores it.
/// - `borderWidth` is drawn inside the layer's bounds, over the fill: the outline inset by half
///   the border width is stroked with `borderColor` at that width, its corner radius
///   `cornerRadius - borderWidth / 2` (at least 0). It is limited to `min(width, height) / 2`.
/// - `opacity` applies to the layer and its sublayers as one group (CALayer's group opacity,
///   CSS `opacity`): the layer and its subtree are composited first, then faded together, so
///   overlapping translucent parts do not show each other. Nested opacities multiply.
/// - Colour components and opacity are limited to 0...1 when drawn (a spring may overshoot them
///   in the trace, never on screen).
/// - Children draw after their parent, in ascending `zPosition`; equal `zPosition`s keep
///   document order. Top-level layers are ordered the same way.
///
/// Degenerate input never crashes: negative or NaN sizes, radii and widths read as 0; opacity
/// and colour components are clamped to 0...1 (NaN reads as 0); a NaN zPosition reads as 0.
/// A layer whose position, anchor point, scale or rotation is not finite, whose transform is
/// singular (a zero scale) or which lies more than 10 million points away is not drawn, and
/// neither are its children. Sizes are clamped to 1,000,000 points and trees are drawn to a
/// depth of ``FrameRenderer/maximumDepth``. Group surfaces are clipped to their subtree's
/// bounds; translucent groups nested so deeply that their surfaces would together exceed twice
/// the canvas's pixels pass their opacity down to their sublayers instead (memory stays bounded).
public struct LayerSnapshot: Sendable, Hashable {
    /// The target's id, for diagnostics and tracing; not used for drawing.
    public var id: String
    /// Where the anchor point sits, in the parent's anchor-point coordinates (canvas at top level).
    public var position: MotionValue = LayerProperty.position.defaultValue
    /// Width and height in points.
    public var size: MotionValue = LayerProperty.size.defaultValue
    /// The point of the layer that `position` places, in unit coordinates.
    public var anchorPoint: MotionValue = LayerProperty.anchorPoint.defaultValue
    /// Scale factors along the layer's own x and y axes, around the anchor point.
    public var scale: MotionValue = LayerProperty.scale.defaultValue
    /// Degrees, positive clockwise on screen, around the anchor point.
    public var rotation: MotionValue = LayerProperty.rotation.defaultValue
    /// 0 (invisible) to 1 (opaque); fades the layer and its sublayers as one group.
    public var opacity: MotionValue = LayerProperty.opacity.defaultValue
    /// Radius of a rect's rounded corners, in points.
    public var cornerRadius: MotionValue = LayerProperty.cornerRadius.defaultValue
    /// Width of the border drawn inside the shape, in points.
    public var borderWidth: MotionValue = LayerProperty.borderWidth.defaultValue
    /// The fill colour, straight RGBA in 0...1.
    public var backgroundColor: MotionValue = LayerProperty.backgroundColor.defaultValue
    /// The border colour, straight RGBA in 0...1.
    public var borderColor: MotionValue = LayerProperty.borderColor.defaultValue
    /// Drawing order among siblings: higher draws later, on top.
    public var zPosition: MotionValue = LayerProperty.zPosition.defaultValue
    /// Whether the shape is an ellipse inscribed in the rectangle rather than a (rounded) rect.
    public var isEllipse: Bool
    /// The sublayers, in document order.
    public var children: [LayerSnapshot]

    /// Creates a layer with every property at its default.
    public init(id: String, isEllipse: Bool = false, children: [LayerSnapshot] = []) {
        self.id = id
        self.isEllipse = isEllipse
        self.children = children
    }

    /// Creates a layer from property values; properties not in `values` keep their defaults.
    ///
    /// `.shape` is read as described in ``subscript(_:)``.
    public init(id: String, values: [LayerProperty: MotionValue], children: [LayerSnapshot] = []) {
        self.init(id: id, children: children)
        for (property, value) in values {
            self[property] = value
        }
    }

    /// The value of a property, for generic code such as the sampler.
    ///
    /// `.shape` reads as `.scalar(1)` for an ellipse and `.scalar(0)` for a rect; writing any
    /// non-zero scalar makes the layer an ellipse.
    ///
    /// - Complexity: O(1).
    public subscript(_ property: LayerProperty) -> MotionValue {
        get {
            switch property {
            case .position: position
            case .size: size
            case .anchorPoint: anchorPoint
            case .scale: scale
            case .rotation: rotation
            case .opacity: opacity
            case .cornerRadius: cornerRadius
            case .borderWidth: borderWidth
            case .backgroundColor: backgroundColor
            case .borderColor: borderColor
            case .zPosition: zPosition
            case .shape: .scalar(isEllipse ? 1 : 0)
            }
        }
        set {
            switch property {
            case .position: position = newValue
            case .size: size = newValue
            case .anchorPoint: anchorPoint = newValue
            case .scale: scale = newValue
            case .rotation: rotation = newValue
            case .opacity: opacity = newValue
            case .cornerRadius: cornerRadius = newValue
            case .borderWidth: borderWidth = newValue
            case .backgroundColor: backgroundColor = newValue
            case .borderColor: borderColor = newValue
            case .zPosition: zPosition = newValue
            case .shape: isEllipse = newValue[0] != 0
            }
        }
    }
}
