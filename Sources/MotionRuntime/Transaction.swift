/// An error in a request to add or remove an intention by name.
public enum RuntimeError: Error, Hashable, Sendable, CustomStringConvertible {
    /// A named add or remove was given an empty name; names must be non-empty.
    case emptyName
    /// An intention was added by name, but its executor type (named here) cannot remove it by name.
    ///
    /// The executor type does not conform to ``NamedIntentionExecuting``.
    case executorDoesNotTakeNames(executorType: String)

    /// A message that says what to do.
    public var description: String {
        switch self {
        case .emptyName:
            "an intention name must not be empty: give the named intention a non-empty name"
        case .executorDoesNotTakeNames(let type):
            "executor type \(type) does not accept named intentions: add the intention without a name, "
                + "or make \(type) conform to NamedIntentionExecuting"
        }
    }

    static func check(name: String) throws(RuntimeError) {
        if name.isEmpty { throw .emptyName }
    }

    static func check(namedExecutorOf intention: any NamedIntention) throws(RuntimeError) {
        let type = intention.dynamicExecutorType
        if !(type is any NamedIntentionExecuting.Type) {
            throw .executorDoesNotTakeNames(executorType: String(describing: type))
        }
    }
}

/// One recorded request of a ``Transaction``.
public enum TransactionOperation {
    /// Add `intention` to `target` without a name.
    case add(any Intention, to: MotionTarget)
    /// Add `intention` to `target` under `name`, replacing whatever held that name there.
    case addNamed(any NamedIntention, name: String, to: MotionTarget)
    /// Remove the intention named `name` from `target`, if there is one.
    case remove(name: String, from: MotionTarget)

    /// The target the operation is about.
    public var target: MotionTarget {
        switch self {
        case .add(_, let target), .addNamed(_, _, let target), .remove(_, let target): target
        }
    }
}

/// An ordered log of intentions to add to targets and named ones to remove, committed at once.
///
/// ``Runtime/commit(_:)`` commits it.
///
/// A transaction is a plain value and does nothing by itself. Operations are kept, and applied, in
/// the order they were recorded, so for one (target, name) the last operation wins. Intentions are
/// values: the log holds each one as it was when it was added.
public struct Transaction {
    /// The recorded operations, in recording order.
    public private(set) var operations: [TransactionOperation] = []

    /// Creates an empty transaction.
    public init() {}

    /// Makes room for `count` operations in all, so that recording that many grows nothing.
    ///
    /// - Complexity: O(operations recorded so far).
    public mutating func reserveCapacity(_ count: Int) {
        operations.reserveCapacity(count)
    }

    /// Whether nothing has been recorded.
    public var isEmpty: Bool { operations.isEmpty }

    /// The targets the operations mention, in the order they were first mentioned.
    public var targets: [MotionTarget] {
        var seen = Set<ObjectIdentifier>()
        return operations.map(\.target).filter { seen.insert(ObjectIdentifier($0)).inserted }
    }

    /// Records adding `intention` to `target` without a name.
    public mutating func add(_ intention: any Intention, to target: MotionTarget) {
        operations.append(.add(intention, to: target))
    }

    /// Records adding `intention` to `target` under `name`.
    /// - Throws: ``RuntimeError/emptyName`` if `name` is empty;
    ///   ``RuntimeError/executorDoesNotTakeNames(executorType:)`` if the intention's executor type
    ///   cannot take named intentions. Nothing is recorded then.
    public mutating func add(_ intention: any NamedIntention, named name: String, to target: MotionTarget)
        throws(RuntimeError)
    {
        try RuntimeError.check(name: name)
        try RuntimeError.check(namedExecutorOf: intention)
        operations.append(.addNamed(intention, name: name, to: target))
    }

    /// Records removing the intention named `name` from `target`.
    /// - Throws: ``RuntimeError/emptyName`` if `name` is empty; nothing is recorded then.
    public mutating func remove(named name: String, from target: MotionTarget) throws(RuntimeError) {
        try RuntimeError.check(name: name)
        operations.append(.remove(name: name, from: target))
    }
}
