import MotionCore
import MotionDiagnostics
import MotionPlans

/// D007: transactions commit in order, so their times must not go backwards.
enum TransactionOrderRule {
    static func check(_ context: inout ValidationContext) {
        var previous: Located<Double>?
        // Release transactions (`at: {release: ...}`) commit when their input ends, in no written order.
        for transaction in context.document.transactions where transaction.release == nil {
            if let previous, transaction.at.value < previous.value {
                context.report(
                    .D007,
                    "this transaction is at \(SecondsText.short(transaction.at.value)) s, earlier than the previous one at \(SecondsText.short(previous.value)) s",
                    at: transaction.at.range,
                    notes: [DiagnosticNote("the previous transaction is here", at: previous.range)],
                    help: "transactions commit in order: sort them by `at`")
            }
            previous = transaction.at
        }
    }
}
