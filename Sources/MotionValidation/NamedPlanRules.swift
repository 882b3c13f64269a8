import MotionDiagnostics
import MotionPlans

/// N001-N005: a static simulation of the transaction log that knows which names each target
/// holds after every operation (docs/format.md §1.4: names per target, remove-then-add, last op wins).
enum NamedPlanRules {
    /// What a target holds under one name.
    struct Held {
        var type: IntentionType
        /// Which transaction added it.
        var transaction: Int
        /// Where the name was written in the add, packed: a plan is held per named op and target.
        var packedNameRange: PackedSourceRange

        init(type: IntentionType, transaction: Int, nameRange: SourceRange) {
            self.type = type
            self.transaction = transaction
            packedNameRange = PackedSourceRange(nameRange)
        }

        /// Where the name was written in the add.
        var nameRange: SourceRange { packedNameRange.range }
    }

    /// A name on one target.
    struct Slot: Hashable {
        var target: Int
        var name: String
    }

    static func check(_ context: inout ValidationContext) {
        let document = context.document
        /// What each target holds under each name: one table for all targets, so a document with
        /// thousands of targets does not build thousands of small tables.
        var held: [Slot: Held] = [:]
        held.reserveCapacity(context.namedCount)
        document.forEachOperation { transactionIndex, operation in
            switch operation.pointee.action {
            case .add(_, let name):
                // The type is read from the op: the intention itself stays in memory.
                guard let name, let type = operation.pointee.addedType else { return }
                if name.value.isEmpty {
                    context.report(
                        .N001, "a named plan needs a non-empty name", at: name.range,
                        help: "give the plan a name, or leave `name` out to add it unnamed")
                    return
                }
                if !type.canBeNamed {
                    context.report(
                        .N003,
                        "\(type.rawValue) cannot be added by name: what it emits cannot carry the name, so removing it by name could not undo it",
                        at: name.range, help: "leave `name` out")
                    return
                }
                for target in context.targets(of: operation.pointee.target.value) ?? .many([]) {
                    held[Slot(target: target, name: name.value)] = Held(
                        type: type, transaction: transactionIndex, nameRange: name.range)
                }
            case .remove(let name):
                if name.value.isEmpty {
                    context.report(.N002, "remove needs the name of the plan to remove", at: name.range)
                    return
                }
                var missing: Int?
                var addedHere: Held?
                for target in context.targets(of: operation.pointee.target.value) ?? .many([]) {
                    let slot = Slot(target: target, name: name.value)
                    if let holding = held[slot] {
                        if holding.transaction == transactionIndex, addedHere == nil { addedHere = holding }
                        held[slot] = nil
                    } else if missing == nil {
                        missing = target
                    }
                }
                if let missing {
                    let shown = context.name(ofTarget: missing)
                    let help = context.didYouMean(name.value, looking: held.count) {
                        held.keys.filter { $0.target == missing }.map(\.name)
                    }
                    context.report(
                        .N004, "remove of \"\(name.value)\" on \(shown), but \(shown) holds no plan by that name",
                        at: name.range, help: help)
                } else if let addedHere {
                    context.report(
                        .N005, "\"\(name.value)\" is added and removed in the same transaction: the add has no effect",
                        at: name.range, notes: [DiagnosticNote("added here", at: addedHere.nameRange)],
                        help: "remove the add, or move the remove to a later transaction")
                }
            }
        }
    }
}
