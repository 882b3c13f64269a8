import MotionDiagnostics
import MotionPlans

/// T004: `stagger` on an op whose selector matches one target, where it does nothing.
enum StaggerRules {
    static func check(_ context: inout ValidationContext) {
        for transaction in context.document.transactions {
            for operation in transaction.operations where operation.stagger != nil {
                // A selector that does not parse or matches nothing is T002 or T003 already.
                guard let targets = context.targets(of: operation.target.value), targets.count == 1 else { continue }
                context.report(
                    .T004, "`stagger` on \"\(operation.target.value)\", which matches one target: nothing to stagger",
                    at: context.document.range(of: "stagger", in: operation),
                    help: "match several targets (a type or a class, such as `List > .item`), or use `delay`")
            }
        }
    }
}
