/// The shape of a property's value: how many components it has and how they are named.
public enum ValueKind: String, Sendable, Hashable, CaseIterable {
    /// One number: opacity, rotation, cornerRadius, a single component.
    case scalar
    /// Two numbers `x`, `y`: position, anchorPoint, scale.
    case point
    /// Two numbers `width`, `height`.
    case size
    /// Four numbers `r`, `g`, `b`, `a` in 0...1, straight (not premultiplied) sRGB.
    case color

    /// How many scalar components a value of this kind has.
    public var componentCount: Int {
        switch self {
        case .scalar: 1
        case .point, .size: 2
        case .color: 4
        }
    }

    /// The components' names, as they appear in property paths (`position.x`, `backgroundColor.r`).
    public var componentNames: [String] {
        switch self {
        case .scalar: []
        case .point: ["x", "y"]
        case .size: ["width", "height"]
        case .color: ["r", "g", "b", "a"]
        }
    }
}

/// A property value: up to four components of one kind.
///
/// All kinds share one representation so that interpolation, springs and sampling work per
/// component without knowing what the value means.
public struct MotionValue: Hashable, Sendable, CustomStringConvertible {
    /// What the components mean.
    public var kind: ValueKind
    // The components, stored as four Doubles rather than one `SIMD4<Double>`: a SIMD4 asks for
    // 32-byte alignment, which memory Swift hands out (async task frames, test arguments) does not
    // always give, and a misaligned vector load crashes. Eight-byte alignment is always honoured.
    @usableFromInline var c0: Double
    @usableFromInline var c1: Double
    @usableFromInline var c2: Double
    @usableFromInline var c3: Double

    /// Creates a value of a kind from its components.
    @inlinable
    public init(kind: ValueKind, components: SIMD4<Double>) {
        self.kind = kind
        (c0, c1, c2, c3) = (components[0], components[1], components[2], components[3])
    }

    /// The components; those past `kind.componentCount` are zero.
    @inlinable
    public var components: SIMD4<Double> {
        get { SIMD4(c0, c1, c2, c3) }
        set { (c0, c1, c2, c3) = (newValue[0], newValue[1], newValue[2], newValue[3]) }
    }

    /// A scalar value.
    public static func scalar(_ v: Double) -> MotionValue {
        MotionValue(kind: .scalar, components: SIMD4(v, 0, 0, 0))
    }

    /// A point value.
    public static func point(_ x: Double, _ y: Double) -> MotionValue {
        MotionValue(kind: .point, components: SIMD4(x, y, 0, 0))
    }

    /// A size value.
    public static func size(_ width: Double, _ height: Double) -> MotionValue {
        MotionValue(kind: .size, components: SIMD4(width, height, 0, 0))
    }

    /// A colour value from straight sRGB components in 0...1.
    public static func color(_ r: Double, _ g: Double, _ b: Double, _ a: Double) -> MotionValue {
        MotionValue(kind: .color, components: SIMD4(r, g, b, a))
    }

    /// Component `i` (0-based); an index outside 0..<4 reads as 0 and ignores writes.
    @inlinable
    public subscript(_ i: Int) -> Double {
        get {
            switch i {
            case 0: c0
            case 1: c1
            case 2: c2
            case 3: c3
            default: 0
            }
        }
        set {
            switch i {
            case 0: c0 = newValue
            case 1: c1 = newValue
            case 2: c2 = newValue
            case 3: c3 = newValue
            default: break
            }
        }
    }

    /// The components that are meaningful for the kind.
    public var componentArray: [Double] {
        (0..<kind.componentCount).map { components[$0] }
    }

    /// Linear interpolation per component: `self + (other - self) * t`.
    ///
    /// - Complexity: O(1).
    @inlinable
    public func interpolated(to other: MotionValue, by t: Double) -> MotionValue {
        MotionValue(kind: kind, components: components + (other.components - components) * t)
    }

    /// The value as text: a scalar as its number, any other kind as `[x, y]` or `[r, g, b, a]`.
    public var description: String {
        switch kind {
        case .scalar: "\(components[0])"
        default: "[" + componentArray.map { "\($0)" }.joined(separator: ", ") + "]"
        }
    }
}
