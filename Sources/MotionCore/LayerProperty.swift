/// A layer property a document can set or animate (docs/format.md §1.2).
public enum LayerProperty: String, Sendable, Hashable, CaseIterable {
    /// Where the layer's anchor point sits in its parent, in points (top level: the canvas, y down).
    case position
    /// The layer's width and height in points.
    case size
    /// The point of the layer that sits at its position and that it scales and rotates about, in unit coordinates.
    case anchorPoint
    /// The horizontal and vertical scale factors about the anchor point.
    case scale
    /// The rotation about the anchor point, in degrees.
    case rotation
    /// How opaque the layer and its sublayers are as one group, 0 to 1.
    case opacity
    /// The radius of a rectangle's rounded corners, in points.
    case cornerRadius
    /// The width of the border drawn inside the layer's bounds, in points.
    case borderWidth
    /// The colour that fills the layer's shape.
    case backgroundColor
    /// The colour of the layer's border.
    case borderColor
    /// The drawing order among siblings: a higher value is drawn later, on top.
    case zPosition
    /// Whether the layer is a rectangle or an ellipse (``LayerShape``); not animatable.
    case shape

    /// The kind of value the property holds: scalar, point, size or colour.
    ///
    /// `shape` is a scalar here only for uniformity; it is not animatable (see ``isAnimatable``).
    public var kind: ValueKind {
        switch self {
        case .position, .anchorPoint, .scale: .point
        case .size: .size
        case .rotation, .opacity, .cornerRadius, .borderWidth, .zPosition, .shape: .scalar
        case .backgroundColor, .borderColor: .color
        }
    }

    /// Whether intentions may drive the property.
    public var isAnimatable: Bool { self != .shape }

    /// The value a layer has when the document does not set it.
    public var defaultValue: MotionValue {
        switch self {
        case .position: .point(0, 0)
        case .size: .size(0, 0)
        case .anchorPoint: .point(0.5, 0.5)
        case .scale: .point(1, 1)
        case .rotation, .cornerRadius, .borderWidth, .zPosition, .shape: .scalar(0)
        case .opacity: .scalar(1)
        case .backgroundColor: .color(0, 0, 0, 0)
        case .borderColor: .color(0, 0, 0, 1)
        }
    }

    /// The default rest threshold of physics on this property (docs/format.md §2.3).
    public var defaultRestThreshold: Double {
        switch self {
        case .opacity, .scale: 0.001
        case .rotation: 0.01
        case .backgroundColor, .borderColor: 1.0 / 1024.0
        default: 0.01
        }
    }
}

/// A property or one of its components: `position`, `position.x`, `backgroundColor.a`.
public struct PropertyPath: Hashable, Sendable, CustomStringConvertible, Comparable {
    /// The layer property.
    public var property: LayerProperty
    /// The component index within the property's value, or nil for the whole value.
    public var component: Int?

    /// Creates a path to a whole property or to one component.
    public init(_ property: LayerProperty, component: Int? = nil) {
        self.property = property
        self.component = component
    }

    /// Parses `position` or `position.x`; nil when the text names no property or component.
    public init?(_ text: String) {
        let parts = text.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        guard let first = parts.first, let property = LayerProperty(rawValue: String(first)) else {
            return nil
        }
        self.property = property
        if parts.count == 2 {
            guard let index = property.kind.componentNames.firstIndex(of: String(parts[1])) else {
                return nil
            }
            self.component = index
        } else {
            self.component = nil
        }
    }

    /// The kind of value at this path: the property's kind, or scalar for a component.
    public var kind: ValueKind { component == nil ? property.kind : .scalar }

    /// The indices of the property's components this path covers.
    public var componentIndices: Range<Int> {
        if let component { return component..<(component + 1) }
        return 0..<property.kind.componentCount
    }

    /// The name of scalar component `index` of the property, as printed in traces: `position.x`, `opacity`.
    public static func componentName(_ property: LayerProperty, _ index: Int) -> String {
        let names = property.kind.componentNames
        return names.isEmpty ? property.rawValue : "\(property.rawValue).\(names[index])"
    }

    /// Every path a document may name: each property and each of its components.
    public static var all: [PropertyPath] {
        LayerProperty.allCases.flatMap { p in
            [PropertyPath(p)] + p.kind.componentNames.indices.map { PropertyPath(p, component: $0) }
        }
    }

    /// The path as a document writes it: `position` or `position.x`.
    public var description: String {
        guard let component else { return property.rawValue }
        return "\(property.rawValue).\(property.kind.componentNames[component])"
    }

    /// Orders paths by their text, as traces and diagnostics list them.
    public static func < (lhs: PropertyPath, rhs: PropertyPath) -> Bool {
        lhs.description < rhs.description
    }
}
