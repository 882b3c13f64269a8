import MotionDiagnostics
import MotionPlans
import MotionRuntime

/// P001: spring and friction parameters a physical simulation can run with.
enum PhysicsRules {
    static func check(_ context: inout ValidationContext) {
        for transaction in context.document.transactions {
            for operation in transaction.operations {
                switch operation.intention {
                case .spring(let spring): checkSpring(spring.parameters, operation, &context)
                case .anchoredSpring(let spring): checkSpring(spring.parameters, operation, &context)
                case .tossable(let tossable): checkSpring(tossable.parameters, operation, &context)
                case .friction(let friction):
                    if !(friction.coefficient > 0) {
                        report(
                            "coefficient", "friction `coefficient` must be greater than 0, found \(friction.coefficient)", operation,
                            &context)
                    }
                default: break
                }
            }
        }
    }

    static func checkSpring(_ p: SpringParameters, _ operation: OperationSpec, _ context: inout ValidationContext) {
        if !(p.stiffness > 0) { report("stiffness", "`stiffness` must be greater than 0, found \(p.stiffness)", operation, &context) }
        if !(p.mass > 0) { report("mass", "`mass` must be greater than 0, found \(p.mass)", operation, &context) }
        if p.damping < 0 { report("damping", "`damping` must not be negative, found \(p.damping)", operation, &context) }
        if let threshold = p.threshold, !(threshold > 0) {
            report("threshold", "`threshold` must be greater than 0, found \(threshold)", operation, &context)
        }
    }

    static func report(_ key: String, _ message: String, _ operation: OperationSpec, _ context: inout ValidationContext) {
        context.report(.P001, message, at: context.document.range(of: key, in: operation))
    }
}
