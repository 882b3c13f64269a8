import MotionDiagnostics
import MotionPlans

/// G001-G002 (gesture inputs) and B001 (baking needs input for interactive intentions).
enum GestureRules {
    static func check(_ context: inout ValidationContext, forBake: Bool) {
        let document = context.document
        var inputsByID: [String: InputSpec] = [:]
        for input in document.inputs where inputsByID[input.id.value] == nil { inputsByID[input.id.value] = input }
        for transaction in document.transactions {
            for operation in transaction.operations {
                guard let intention = operation.intention, intention.typeName.isInteractive else { continue }
                let type = intention.typeName
                let targets = context.targets(of: operation.target.value) ?? .many([])
                if let gesture = gestureName(intention) {
                    let range = context.document.range(of: "gesture", in: operation)
                    guard let input = inputsByID[gesture] else {
                        context.report(
                            .G001, "\(type.rawValue) names the input \"\(gesture)\", but no input has that id", at: range,
                            help: ValidationContext.didYouMean(gesture, inputsByID.keys.sorted()))
                        continue
                    }
                    if !type.inputKinds.contains(input.kind) {
                        context.report(
                            .G002,
                            "\(type.rawValue) takes a \(type.inputKinds.map(\.rawValue).joined(separator: " or ")) input, but \"\(gesture)\" is a \(input.kind.rawValue) input",
                            at: range, notes: [DiagnosticNote("the input's kind is here", at: input.kindRange)])
                        continue
                    }
                    let inputTargets = Set(context.targets(of: input.target.value) ?? .many([]))
                    if let stray = targets.first(where: { !inputTargets.contains($0) }) {
                        context.report(
                            .G002, "the input \"\(gesture)\" targets \(input.target.value), not \(context.name(ofTarget: stray))",
                            at: range, notes: [DiagnosticNote("the input's target is here", at: input.target.range)])
                    }
                } else if forBake {
                    for target in targets where !hasInput(for: type, target: target, &context) {
                        context.report(
                            .B001,
                            "\(type.rawValue) on \(context.name(ofTarget: target)) has no input to drive it, so there is nothing to bake",
                            at: operation.head,
                            help:
                                "add a \(type.inputKinds.map(\.rawValue).joined(separator: " or ")) input for \(context.name(ofTarget: target)) under `inputs`"
                        )
                        break
                    }
                }
            }
        }
    }

    static func gestureName(_ intention: PlannedIntention) -> String? {
        switch intention {
        case .draggable(let d): d.gesture
        case .pinchable(let p): p.gesture
        case .rotatable(let r): r.gesture
        default: nil
        }
    }

    /// Whether an input of a kind the type listens to targets `target`.
    static func hasInput(for type: IntentionType, target: Int, _ context: inout ValidationContext) -> Bool {
        for input in context.document.inputs where type.inputKinds.contains(input.kind) {
            if context.targets(of: input.target.value)?.contains(target) ?? false { return true }
        }
        return false
    }
}
