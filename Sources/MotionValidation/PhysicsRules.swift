import MotionCore
import MotionDiagnostics
import MotionPlans
import MotionRuntime

/// P001: spring and friction parameters a physical simulation can run with.
enum PhysicsRules {
    static func check(_ context: inout ValidationContext) {
        let document = context.document
        document.forEachOperation { _, operation in
            // Only physics ops are read: the other ops' intentions stay in memory.
            guard
                operation.mayAdd(Spring.self) || operation.mayAdd(AnchoredSpring.self)
                    || operation.mayAdd(Tossable.self) || operation.mayAdd(Friction.self),
                let intention = operation.pointee.intention
            else { return }
            if let spring = intention.value(as: Spring.self) { checkSpring(spring.parameters, operation.pointee, &context) }
            if let spring = intention.value(as: AnchoredSpring.self) { checkSpring(spring.parameters, operation.pointee, &context) }
            if let tossable = intention.value(as: Tossable.self) { checkSpring(tossable.parameters, operation.pointee, &context) }
            if let friction = intention.value(as: Friction.self), !(friction.coefficient > 0) {
                report(
                    "coefficient", "friction `coefficient` must be greater than 0, found \(number(friction.coefficient))",
                    operation.pointee,
                    &context)
            }
        }
    }

    static func checkSpring(_ p: SpringParameters, _ operation: OperationSpec, _ context: inout ValidationContext) {
        if !(p.stiffness > 0) {
            report("stiffness", "`stiffness` must be greater than 0, found \(number(p.stiffness))", operation, &context)
        }
        if !(p.mass > 0) { report("mass", "`mass` must be greater than 0, found \(number(p.mass))", operation, &context) }
        if p.damping < 0 { report("damping", "`damping` must not be negative, found \(number(p.damping))", operation, &context) }
        if let threshold = p.threshold, !(threshold > 0) {
            report("threshold", "`threshold` must be greater than 0, found \(number(threshold))", operation, &context)
        }
    }

    /// A number as documents write it: `0`, `-1`, `0.5` (not `0.0`).
    static func number(_ value: Double) -> String {
        ShortestDouble.text(value, integralSuffix: false)
    }

    static func report(_ key: String, _ message: String, _ operation: OperationSpec, _ context: inout ValidationContext) {
        context.report(.P001, message, at: context.document.range(of: key, in: operation))
    }
}
