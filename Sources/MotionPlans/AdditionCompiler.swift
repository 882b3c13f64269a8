import MotionCore
import MotionRuntime
import MotionSelectors

extension MotionDocument {
    /// The document with its version 1.1 options compiled to ordinary operations (docs/format.md §7).
    ///
    /// The result holds only the operations of docs/format.md §2, which the runtime and the baker
    /// run.
    ///
    /// - `stagger`: the op becomes one op per matched target (`#id`, document order); a tween's
    ///   delay grows by the target's offset, any other intention commits that much later, in a
    ///   transaction that follows every written transaction of the same time.
    ///
    /// Documents without such options come back unchanged.
    /// - Complexity: O(ops + targets x staggered ops).
    public func compiledAdditions() -> MotionDocument {
        guard hasStaggeredOperation else { return self }
        var result = self
        var later: [TransactionSpec] = []
        let tree = selectorTree
        for t in transactions.indices {
            let transaction = transactions[t]
            var operations: [OperationSpec] = []
            operations.reserveCapacity(transaction.operations.count)
            for operation in transaction.operations {
                guard let stagger = operation.stagger, case .add(let intention, let name) = operation.action,
                    case .success(let selector) = Selector.parse(operation.target.value)
                else {
                    operations.append(operation)
                    continue
                }
                let matches = tree.matches(selector)
                for (i, index) in matches.enumerated() {
                    let offset = stagger.offset(index: i, count: matches.count)
                    var single = operation
                    single.stagger = nil
                    single.target = Located("#" + targets[index].id.value, at: operation.target.range)
                    if var tween = intention.value(as: Tween.self) {
                        tween.delay = Seconds.sum(tween.delay, offset)
                        single.action = .add(PlannedIntention(intention.typeName, tween), name: name)
                        operations.append(single)
                    } else if offset == 0 {
                        operations.append(single)
                    } else {
                        var at = transaction.at
                        at.value = Seconds.sum(at.value, offset)
                        later.append(TransactionSpec(at: at, label: transaction.label, operations: [single], range: transaction.range))
                    }
                }
            }
            result.transactions[t].operations = operations
        }
        // Stable by time: the runtime commits transactions of one time in list order.
        result.transactions += later.enumerated().sorted { ($0.element.at.value, $0.offset) < ($1.element.at.value, $1.offset) }
            .map(\.element)
        return result
    }

    /// Whether some operation has a `stagger`.
    ///
    /// - Complexity: O(ops), each read in place (by index: iterating would copy every operation).
    private var hasStaggeredOperation: Bool {
        for t in transactions.indices {
            let operations = transactions[t].operations
            for o in operations.indices where operations[o].stagger != nil { return true }
        }
        return false
    }
}
