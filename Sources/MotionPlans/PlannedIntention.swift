public import MotionRuntime

/// One intention as a document commits it: what motion is wanted (docs/format.md §2.1).
///
/// It holds the runtime value of an ``IntentionType`` and the type it was written as: the type is
/// a pointer to its descriptor, and the value lives in one object of its own type, so that
/// copying a planned intention, as every copy of an operation does, retains one object and asks
/// no value witness, and ``value(as:)`` compares one pointer.
public struct PlannedIntention: Hashable, Sendable, CustomStringConvertible {
    /// The document's type (`add: tween`).
    public let typeName: IntentionType
    /// The value, in a `SharedIntention` of its type.
    @usableFromInline let box: any IntentionBox

    /// A planned intention of `type` whose value is `value`.
    ///
    /// When `value` is the intention of another built-in type (a `Spring` given as a `tween`), that
    /// type is kept instead: a planned intention's type always describes its value, so that a walk
    /// over operations can skip the ones of other types by ``OperationSpec/addedType`` alone.
    public init<Value: Intention & Hashable>(_ type: IntentionType, _ value: Value) {
        self.typeName =
            type.intention == Value.self ? type : IntentionType.allCases.first { $0.intention == Value.self } ?? type
        self.box = SharedIntention(value)
    }

    /// A planned intention of `type` whose value a descriptor's decoder boxed.
    init(_ type: IntentionType, box: any IntentionBox) {
        self.typeName = type
        self.box = box
    }

    /// The runtime intention: a `Tween`, a `Spring`...
    public var value: any Intention & Hashable { box.anyValue }

    /// The value as an `Intention` of type `T`, or nil when it is another type.
    ///
    /// - Complexity: O(1): the box is asked for its value's type, nothing is cast.
    @inlinable
    public func value<T: Intention & Hashable>(as _: T.Type) -> T? {
        shared(T.self)?.value
    }

    /// The box as a `SharedIntention` of `T`, or nil when the value is another type.
    ///
    /// Inlinable, as ``value(as:)``: specialised where `T` is known, `T`'s identity is a constant.
    ///
    /// The box is asked for its value's type, not compared with `SharedIntention<T>`'s class:
    /// that class is then never made for a type no operation holds. Made the first time, it looks
    /// up `T`'s conformance to `Intention`, a scan of every conformance record (validation asks
    /// each gesture operation whether it is a `Pinchable`, in documents without one).
    ///
    /// - Complexity: O(1): one call to the box, nothing is cast.
    @inlinable
    func shared<T: Intention & Hashable>(_: T.Type) -> SharedIntention<T>? {
        // `SharedIntention` is the one box type: a box of a `T` is a `SharedIntention<T>`.
        guard box.valueType == ObjectIdentifier(T.self) else { return nil }
        return unsafeDowncast(box as AnyObject, to: SharedIntention<T>.self)
    }

    /// The decoded intention as a runtime intention.
    ///
    /// It is the object that holds the value (a `SharedIntention`): the runtime's built-in
    /// executors read the value in it, and hand apps and tracers the value itself.
    ///
    /// - Complexity: O(1): one reference copied (no box made, no field of the value copied).
    public var runtimeIntention: any Intention { box.runtime }

    /// The decoded intention as a named runtime intention; nil for composites (docs/format.md §2.1).
    ///
    /// - Complexity: O(1): the box's class is compared with the box type the descriptor made
    ///   once, and the box is wrapped through that type, opened: no conformance is searched and
    ///   no generic type is looked up per add (asking for `SharedIntention` of the value's type
    ///   here cost about 400 instructions). One cast from the value's own type when they differ.
    public var namedRuntimeIntention: (any NamedIntention)? {
        /// The box as a `Box`, which it is exactly.
        func wrapped<Box: NamedIntention>(as _: Box.Type) -> any NamedIntention {
            unsafeBitCast(box as AnyObject, to: Box.self)
        }
        if let boxType = typeName.namedBox, ObjectIdentifier(type(of: box)) == ObjectIdentifier(boxType) {
            return wrapped(as: boxType)
        }
        return box.named
    }

    /// The type and the value, for messages and test failures.
    public var description: String { "\(typeName): \(value)" }

    /// Whether both are of the same type and hold equal values.
    public static func == (lhs: PlannedIntention, rhs: PlannedIntention) -> Bool {
        lhs.typeName == rhs.typeName && lhs.box.isEqual(to: rhs.box)
    }

    /// Hashes the type and the value.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(typeName)
        box.hash(into: &hasher)
    }
}

/// An intention value of any type, in an object: what ``PlannedIntention`` holds.
///
/// `SharedIntention` is the one conforming type.
@usableFromInline
protocol IntentionBox: AnyObject, Sendable {
    /// The identity of the value's type.
    var valueType: ObjectIdentifier { get }
    /// The value as an existential.
    var anyValue: any Intention & Hashable { get }
    /// The value as a runtime intention.
    var runtime: any Intention { get }
    /// The value as a named runtime intention; nil when its type cannot be named.
    var named: (any NamedIntention)? { get }
    /// Whether `other` holds a value of the same type, equal to this one.
    func isEqual(to other: any IntentionBox) -> Bool
    /// Hashes the value.
    func hash(into hasher: inout Hasher)
}

// The box of an intention of type `Value` is the runtime's `SharedIntention`: the object a
// document keeps is the one a run commits (no existential box and no copy of the value per add).
extension SharedIntention: IntentionBox where Value: Hashable {
    @usableFromInline var valueType: ObjectIdentifier { ObjectIdentifier(Value.self) }

    @usableFromInline var anyValue: any Intention & Hashable { value }

    @usableFromInline var runtime: any Intention { self }

    @usableFromInline var named: (any NamedIntention)? { self as? any NamedIntention }

    @usableFromInline func isEqual(to other: any IntentionBox) -> Bool { (other as? SharedIntention<Value>)?.value == value }

    @usableFromInline func hash(into hasher: inout Hasher) { hasher.combine(value) }
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
