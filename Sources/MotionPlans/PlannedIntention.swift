public import MotionRuntime

/// One intention as a document commits it: what motion is wanted (docs/format.md §2.1): the
/// runtime value of an ``IntentionType`` and the type it was written as.
public struct PlannedIntention: Hashable, Sendable, CustomStringConvertible {
    /// The document's type (`add: tween`).
    public let typeName: IntentionType
    /// The runtime intention: a ``Tween``, a ``Spring``...
    public let value: any Intention & Hashable
    /// Whether another value is of the same type and equal to `value`.
    private let isEqual: @Sendable (any Intention & Hashable) -> Bool

    /// A planned intention of `type` whose value is `value`.
    public init<Value: Intention & Hashable>(_ type: IntentionType, _ value: Value) {
        self.typeName = type
        self.value = value
        self.isEqual = { ($0 as? Value) == value }
    }

    /// The value as an `Intention` of type `T`, or nil when it is another type.
    public func value<T: Intention>(as _: T.Type) -> T? { value as? T }

    /// The decoded intention as a runtime intention.
    public var runtimeIntention: any Intention { value }

    /// The decoded intention as a named runtime intention; nil for composites (docs/format.md §2.1).
    public var namedRuntimeIntention: (any NamedIntention)? { value as? any NamedIntention }

    /// The type and the value, for messages and test failures.
    public var description: String { "\(typeName): \(value)" }

    /// Whether both are of the same type and hold equal values.
    public static func == (lhs: PlannedIntention, rhs: PlannedIntention) -> Bool {
        lhs.typeName == rhs.typeName && lhs.isEqual(rhs.value)
    }

    /// Hashes the type and the value.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(typeName)
        value.hash(into: &hasher)
    }
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
