import MotionDiagnostics
import MotionPlans

/// G004: `at: {release: INPUT}` names an input that `inputs` defines.
enum ReleaseRules {
    static func check(_ context: inout ValidationContext) {
        let ids = Set(context.document.inputs.map(\.id.value))
        for transaction in context.document.transactions {
            guard let release = transaction.release, !ids.contains(release.value) else { continue }
            let help = context.didYouMean(release.value) { Array(ids) }
            context.report(
                .G004, "this transaction commits when the input \"\(release.value)\" ends, but no input has that id",
                at: release.range, help: help)
        }
    }
}
