import MotionDiagnostics
import MotionPlans

/// What the validator checks besides the rules that always apply.
public struct ValidationOptions: Sendable, Hashable {
    /// Check what only baking needs (B001: interactive intentions must have input).
    public var forBake: Bool

    /// Creates options; by default only the rules that always apply are checked.
    public init(forBake: Bool = false) {
        self.forBake = forBake
    }
}

/// The validator: a pure function from a decoded document to diagnostics (docs/format.md §3, §4).
///
/// Each rule family lives in its own file; they share one `ValidationContext` that resolves
/// selectors once per distinct selector text.
public enum Validator {
    /// Every diagnostic the rules find, in rule order (sort them for display).
    ///
    /// - Complexity: O(ops + targets) for documents whose selectors name ids; a selector with
    ///   combinators costs O(targets x depth) once per distinct selector text.
    public static func validate(_ document: MotionDocument, options: ValidationOptions = ValidationOptions()) -> [Diagnostic] {
        var context = ValidationContext(document: document)
        TransactionOrderRule.check(&context)
        SelectorRules.check(&context)
        StaggerRules.check(&context)
        ReleaseRules.check(&context)
        LinkRules.check(&context)
        NamedPlanRules.check(&context)
        TweenRules.check(&context)
        ChangeRules.check(&context)
        PhysicsRules.check(&context)
        GestureRules.check(&context, forBake: options.forBake)
        // The ops of a `properties:` tween share their keys: report a mistake there once.
        var seen = Set<String>()
        return context.diagnostics.filter { seen.insert("\($0.code) \($0.range) \($0.message)").inserted }
    }
}
