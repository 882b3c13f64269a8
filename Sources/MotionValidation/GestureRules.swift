import MotionCore
import MotionDiagnostics
import MotionPlans
import MotionRuntime

/// G001-G003 and G005 (gesture inputs) and B001 (baking needs input for interactive intentions).
enum GestureRules {
    static func check(_ context: inout ValidationContext, forBake: Bool) {
        checkIntentions(&context, forBake: forBake)
        checkInputsReach(&context)
        checkOverlappingInputs(&context)
    }

    /// G001, G002 and B001, per interactive operation.
    static func checkIntentions(_ context: inout ValidationContext, forBake: Bool) {
        let document = context.document
        var inputsByID: [String: InputSpec] = [:]
        for input in document.inputs where inputsByID[input.id.value] == nil { inputsByID[input.id.value] = input }
        document.forEachOperation { _, operation in
            guard let intention = operation.intention, intention.typeName.isInteractive else { return }
            let type = intention.typeName
            let targets = context.targets(of: operation.target.value) ?? .many([])
            if let gesture = gestureName(intention) {
                let range = document.range(of: "gesture", in: operation)
                guard let input = inputsByID[gesture] else {
                    context.report(
                        .G001, "\(type.rawValue) names the input \"\(gesture)\", but no input has that id", at: range,
                        help: ValidationContext.didYouMean(gesture, inputsByID.keys.sorted()))
                    return
                }
                if !type.inputKinds.contains(input.kind) {
                    context.report(
                        .G002,
                        "\(type.rawValue) takes a \(type.inputKinds.map(\.rawValue).joined(separator: " or ")) input, but \"\(gesture)\" is a \(input.kind.rawValue) input",
                        at: range, notes: [DiagnosticNote("the input's kind is here", at: input.kindRange)])
                    return
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

    /// An interactive add, as G003 matches inputs against it.
    struct InteractiveAdd {
        var at: Double
        var type: IntentionType
        var gesture: String?
        var targets: Set<Int>
        var head: SourceRange
    }

    /// G003: every input reaches a gesture intention that takes it: one of a kind that listens
    /// to the input's kind, naming it with `gesture` or (naming none) on one of the input's
    /// targets, added no later than the input's end (docs/format.md, gesture inputs).
    ///
    /// - Complexity: O(inputs x interactive adds).
    static func checkInputsReach(_ context: inout ValidationContext) {
        let document = context.document
        // An input a gesture names wrongly (G001, G002) is that diagnostic's business.
        guard !document.inputs.isEmpty, !context.diagnostics.contains(where: { $0.code == .G001 || $0.code == .G002 })
        else { return }
        var adds: [InteractiveAdd] = []
        for transaction in document.transactions {
            for operation in transaction.operations {
                guard let intention = operation.intention, intention.typeName.isInteractive else { continue }
                // A selector that does not parse is T002 already; guessing what it meant would mislead.
                guard let targets = context.targets(of: operation.target.value) else { return }
                adds.append(
                    InteractiveAdd(
                        at: transaction.at.value, type: intention.typeName, gesture: gestureName(intention),
                        targets: Set(targets), head: operation.head))
            }
        }
        for input in document.inputs {
            // A selector that does not parse or matches nothing is T002 or T003 already.
            guard let resolved = context.targets(of: input.target.value) else { continue }
            let inputTargets = Set(resolved)
            guard !inputTargets.isEmpty else { continue }
            let takers = adds.filter { add in
                guard add.type.inputKinds.contains(input.kind) else { return false }
                if let gesture = add.gesture { return gesture == input.id.value }
                return !add.targets.isDisjoint(with: inputTargets)
            }
            guard !takers.contains(where: { $0.at <= input.end }) else { continue }
            let id = input.id.value
            let end = SecondsText.short(input.end)
            if let first = takers.min(by: { $0.at < $1.at }) {
                let added = SecondsText.short(first.at)
                context.report(
                    .G003,
                    "the \(input.kind.rawValue) input \"\(id)\" ends at \(end) s, before any gesture intention that takes it is added (the first at \(added) s): it is lost",
                    at: input.id.range,
                    notes: [DiagnosticNote("the first \(first.type.rawValue) that would take it is added here", at: first.head)],
                    help: "add the \(first.type.rawValue) at or before \(end) s, or start the input at \(added) s or later")
            } else {
                // Every pan, pinch and rotate is taken by two kinds or more (directlyManipulable takes all).
                let kinds = IntentionType.allCases.filter { $0.inputKinds.contains(input.kind) }.map(\.rawValue)
                context.report(
                    .G003,
                    "no gesture intention takes the \(input.kind.rawValue) input \"\(id)\" on \(input.target.value): it is never used",
                    at: input.id.range,
                    help:
                        "add a \(kinds.dropLast().joined(separator: ", ")) or \(kinds.last ?? "") on \(input.target.value), or name the input with `gesture: \(id)`"
                )
            }
        }
    }

    /// G005: two inputs of one kind on a shared target overlap in time (the later begins before
    /// the earlier ends). Reported once per input, at the later one, against the earliest input it
    /// overlaps; inputs that only touch do not overlap.
    ///
    /// - Complexity: O(n log n + n x k) for n inputs, k of them running at once, plus one selector
    ///   lookup per input.
    static func checkOverlappingInputs(_ context: inout ValidationContext) {
        let document = context.document
        guard document.inputs.count > 1 else { return }
        struct Running {
            var index: Int
            var targets: Set<Int>
        }
        // A selector that does not parse or matches nothing is T002 or T003 already.
        let order = document.inputs.indices.sorted { (document.inputs[$0].at, $0) < (document.inputs[$1].at, $1) }
        var running: [InputKind: [Running]] = [:]
        for index in order {
            let input = document.inputs[index]
            guard let resolved = context.targets(of: input.target.value), !resolved.isEmpty else { continue }
            let targets = Set(resolved)
            var earlier = running[input.kind, default: []].filter { document.inputs[$0.index].end > input.at }
            if let overlapped = earlier.first(where: { !$0.targets.isDisjoint(with: targets) }) {
                let other = document.inputs[overlapped.index]
                let shared = resolved.first { overlapped.targets.contains($0) } ?? resolved[0]
                let kind = input.kind.rawValue
                context.report(
                    .G005,
                    "the \(kind) input \"\(input.id.value)\" begins at \(SecondsText.short(input.at)) s, while the \(kind) input "
                        + "\"\(other.id.value)\" on \(context.name(ofTarget: shared)) runs until \(SecondsText.short(other.end)) s: "
                        + "a target follows one \(kind) at a time",
                    at: input.id.range, notes: [DiagnosticNote("the earlier input is here", at: other.id.range)],
                    help: "begin \"\(input.id.value)\" at \(SecondsText.short(other.end)) s or later, or join the two into one input")
            }
            earlier.append(Running(index: index, targets: targets))
            running[input.kind] = earlier
        }
    }

    static func gestureName(_ intention: PlannedIntention) -> String? {
        if let d = intention.value(as: Draggable.self) { return d.gesture }
        if let p = intention.value(as: Pinchable.self) { return p.gesture }
        return intention.value(as: Rotatable.self)?.gesture
    }

    /// Whether an input of a kind the type listens to targets `target`.
    static func hasInput(for type: IntentionType, target: Int, _ context: inout ValidationContext) -> Bool {
        for input in context.document.inputs where type.inputKinds.contains(input.kind) {
            if context.targets(of: input.target.value)?.contains(target) ?? false { return true }
        }
        return false
    }
}
