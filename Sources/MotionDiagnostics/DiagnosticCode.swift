/// The stable codes of docs/format.md §4. A code never changes meaning once published.
///
/// What each code means lives in one table, ``facts`` (DiagnosticCatalogue.swift), with its
/// example documents in `Examples/`.
public enum DiagnosticCode: String, Sendable, Hashable, CaseIterable, Codable {
    // YAML front end
    case Y001, Y002, Y003, Y004, Y005, Y006
    // Document structure
    case D001, D002, D003, D004, D005, D006, D007, D008, D009, D010
    // Named plans
    case N001, N002, N003, N004, N005
    // Target selectors
    case T001, T002, T003, T004
    // Tweens
    case W001, W002, W003, W004, W005, W006, W007, W008
    // Physics
    case P001, P002
    // Gestures
    case G001, G002, G003, G004
    // Links
    case L001
    // Baking
    case B001
    // Exports
    case X001

    /// The severity docs/format.md gives the code.
    public var severity: Severity { facts.severity }

    /// A short title: what the rule is about.
    public var title: String { facts.title }
}
