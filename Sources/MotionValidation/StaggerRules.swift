import MotionDiagnostics
import MotionPlans

/// T004: `stagger` on an op whose selector matches one target, where it does nothing.
enum StaggerRules {
    static func check(_ context: inout ValidationContext) {
        let document = context.document
        document.forEachOperation { _, operation in
            // A selector that does not parse or matches nothing is T002 or T003 already.
            guard operation.pointee.stagger != nil, let targets = context.targets(of: operation.pointee.target.value), targets.count == 1
            else {
                return
            }
            context.report(
                .T004, "`stagger` on \"\(operation.pointee.target.value)\", which matches one target: nothing to stagger",
                at: document.range(of: "stagger", in: operation.pointee),
                help: "match several targets (a type or a class, such as `List > .item`), or use `delay`")
        }
    }
}
