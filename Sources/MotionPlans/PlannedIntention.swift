public import MotionRuntime

/// One intention as a document commits it: what motion is wanted (docs/format.md §2.1).
///
/// It holds the runtime value of an ``IntentionType`` and the type it was written as: the type is
/// one shared reference, and the value one existential (boxed only when it is larger than three
/// words). Copying a planned intention, as every copy of an operation does, retains two objects
/// at most and allocates nothing.
public struct PlannedIntention: Hashable, Sendable, CustomStringConvertible {
    /// The document's type (`add: tween`).
    public let typeName: IntentionType
    /// The runtime intention: a `Tween`, a `Spring`...
    public let value: any Intention & Hashable

    /// A planned intention of `type` whose value is `value`.
    public init<Value: Intention & Hashable>(_ type: IntentionType, _ value: Value) {
        self.typeName = type
        self.value = value
    }

    /// A planned intention of `type` whose value is a decoded `value`.
    init(_ type: IntentionType, value: any Intention & Hashable) {
        self.typeName = type
        self.value = value
    }

    /// The value as an `Intention` of type `T`, or nil when it is another type.
    ///
    /// - Complexity: O(1); a value of another type is told apart by its metatype, without a cast.
    public func value<T: Intention>(as _: T.Type) -> T? {
        guard ObjectIdentifier(type(of: value)) == ObjectIdentifier(T.self) else { return nil }
        return value as? T
    }

    /// The decoded intention as a runtime intention.
    public var runtimeIntention: any Intention { value }

    /// The decoded intention as a named runtime intention; nil for composites (docs/format.md §2.1).
    public var namedRuntimeIntention: (any NamedIntention)? { value as? any NamedIntention }

    /// The type and the value, for messages and test failures.
    public var description: String { "\(typeName): \(value)" }

    /// Whether both are of the same type and hold equal values.
    public static func == (lhs: PlannedIntention, rhs: PlannedIntention) -> Bool {
        lhs.typeName == rhs.typeName && lhs.value.isEqual(to: rhs.value)
    }

    /// Hashes the type and the value.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(typeName)
        value.hash(into: &hasher)
    }
}

extension Hashable {
    /// Whether `other` is of this type and equal to this value (called on an opened existential).
    fileprivate func isEqual(to other: any Hashable) -> Bool { (other as? Self) == self }
}

// Shorthands for the built-in types, as in `.add(.tween(jump), name: nil)`. A new type needs none:
// `PlannedIntention(.pulse, tween)`.
extension PlannedIntention {
    /// A planned `tween`.
    public static func tween(_ v: Tween) -> Self { Self(.tween, v) }
    /// A planned `spring`.
    public static func spring(_ v: Spring) -> Self { Self(.spring, v) }
    /// A planned `anchoredSpring`.
    public static func anchoredSpring(_ v: AnchoredSpring) -> Self { Self(.anchoredSpring, v) }
    /// A planned `friction`.
    public static func friction(_ v: Friction) -> Self { Self(.friction, v) }
    /// A planned `draggable`.
    public static func draggable(_ v: Draggable) -> Self { Self(.draggable, v) }
    /// A planned `pinchable`.
    public static func pinchable(_ v: Pinchable) -> Self { Self(.pinchable, v) }
    /// A planned `rotatable`.
    public static func rotatable(_ v: Rotatable) -> Self { Self(.rotatable, v) }
    /// A planned `squashAndStretch`.
    public static func squashAndStretch(_ v: SquashAndStretch) -> Self { Self(.squashAndStretch, v) }
    /// A planned `directlyManipulable`.
    public static func directlyManipulable(_ v: DirectlyManipulable) -> Self { Self(.directlyManipulable, v) }
    /// A planned `tossable`.
    public static func tossable(_ v: Tossable) -> Self { Self(.tossable, v) }
    /// A planned `transitionTween`.
    public static func transitionTween(_ v: TransitionTween) -> Self { Self(.transitionTween, v) }
    /// A planned `link`.
    public static func link(_ v: Link) -> Self { Self(.link, v) }
}
