/// A plan of motion: what a target should do or how it should behave (`Tween`, `Spring`, `Draggable`).
///
/// Intentions are values. A ``Transaction`` or a ``Runtime`` keeps the value as it was when it was
/// added, so changing a variable afterwards never changes what was committed. Conforming types
/// should be structs or enums; the runtime cannot check that a class conformer is immutable.
///
/// Each intention type names the executor type that fulfils it (the intention defines its
/// executor): the runtime creates one instance of that type per
/// target and hands it every intention of every type that names it.
public protocol Intention: Sendable {
    /// The executor type that fulfils intentions of this type.
    ///
    /// It is a type, never an instance, so no data can bypass the intention on its way to an
    /// executor.
    static var executorType: any Executor.Type { get }
}

/// An intention type that may be added under a name, replaced by name and removed by name.
///
/// Motion family designers opt in by conforming; composite intentions (those whose executor emits
/// other intentions) should not. The executor type must conform to ``NamedIntentionExecuting``;
/// ``Transaction/add(_:named:to:)`` and ``Runtime/add(_:named:to:)`` check this.
public protocol NamedIntention: Intention {}

extension Intention {
    /// The executor type of this value's dynamic type.
    var dynamicExecutorType: any Executor.Type { Self.executorType }

    /// This value as a `T` when `T` is its own type, else nil: `as? T` for a struct or enum
    /// intention, read as one comparison of types (the general cast an executor's `add` made per
    /// intention searched and copied through the runtime). A ``SharedIntention`` of a `T` reads
    /// as its value.
    ///
    /// - Complexity: O(1).
    @inline(__always)
    func exactly<T: Intention>(_: T.Type) -> T? {
        if Self.self == T.self { return unsafeBitCast(self, to: T.self) }
        if Self.self == SharedIntention<T>.self {
            // `self` is that object: its reference read as one (`as AnyObject` would bridge it).
            let object = Unmanaged<SharedIntention<T>>.fromOpaque(unsafeBitCast(self, to: UnsafeRawPointer.self))
            return object.takeUnretainedValue().value
        }
        return nil
    }

    /// The ``SharedIntention`` of a `T` this value is, or nil: its value is then read where it is,
    /// field by field, where ``exactly(_:)`` copies it whole (counting every reference it holds).
    ///
    /// - Complexity: O(1).
    @inline(__always)
    func shared<T: Intention>(_: T.Type) -> SharedIntention<T>? {
        guard Self.self == SharedIntention<T>.self else { return nil }
        // `self` is that object: its reference read as one (`as AnyObject` would bridge it).
        return Unmanaged<SharedIntention<T>>.fromOpaque(unsafeBitCast(self, to: UnsafeRawPointer.self)).takeUnretainedValue()
    }

    /// The intention as apps, tracers and executors that read intentions by casting see it: a
    /// ``SharedIntention``'s value, any other intention itself.
    var unshared: any Intention {
        (self as? any IntentionSharing)?.sharedValue ?? self
    }
}

/// An intention value kept in an object of its own, so that handing it on copies one reference.
///
/// A large intention value (a tween, with its values, offsets and easings) is boxed and copied
/// field by field each time it becomes an `any Intention`: a document keeps each of its
/// intentions in one of these and commits that object as it is. The built-in executors read the
/// value where it is (``Intention/exactly(_:)`` sees through the object); the runtime hands the
/// value itself to any other executor and to tracers (``Intention/unshared``).
@usableFromInline
package final class SharedIntention<Value: Intention>: Intention {
    /// The intention.
    @usableFromInline package let value: Value

    /// Keeps `value`.
    package init(_ value: Value) {
        self.value = value
    }

    /// The value's executor type.
    @usableFromInline package static var executorType: any Executor.Type { Value.executorType }
}

extension SharedIntention: NamedIntention where Value: NamedIntention {}

extension NamedIntention {
    /// ``Intention/unshared``, named.
    var unsharedNamed: any NamedIntention {
        unshared as? any NamedIntention ?? self
    }
}

/// An executor type that reads its intentions with ``Intention/exactly(_:)``, so sees through a
/// ``SharedIntention``: the runtime hands it the shared object as it came.
package protocol SharedIntentionReading {}

// The built-in cores read their intentions with `exactly`.
extension TweenCore: SharedIntentionReading {}
extension PhysicsCore: SharedIntentionReading {}
extension GestureCore: SharedIntentionReading {}
extension ShapeCore: SharedIntentionReading {}
extension LinkCore: SharedIntentionReading {}
extension CompositeCore: SharedIntentionReading {}

/// What the runtime asks of a ``SharedIntention`` whatever its value's type.
protocol IntentionSharing {
    /// The value, as its own type's intention.
    var sharedValue: any Intention { get }
}

extension SharedIntention: IntentionSharing {
    var sharedValue: any Intention { value }
}
