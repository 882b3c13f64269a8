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
    /// intention searched and copied through the runtime).
    ///
    /// - Complexity: O(1).
    @inline(__always)
    func exactly<T: Intention>(_: T.Type) -> T? {
        Self.self == T.self ? unsafeBitCast(self, to: T.self) : nil
    }
}
