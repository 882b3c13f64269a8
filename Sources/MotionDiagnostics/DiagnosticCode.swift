/// The stable codes of docs/format.md §4. A code never changes meaning once published.
///
/// What each code means lives in one table, ``facts`` (DiagnosticCatalogue.swift), with its
/// example documents in `Examples/`.
public enum DiagnosticCode: String, Sendable, Hashable, CaseIterable, Codable {
    /// Reading the file (Y001–Y006): YAML syntax, duplicate keys, the parser's limits and encoding.
    case Y001, Y002, Y003, Y004, Y005, Y006
    /// The document's shape (D001–D010): version, keys, value types, ids, times, types, properties.
    case D001, D002, D003, D004, D005, D006, D007, D008, D009, D010
    /// Named plans (N001–N005): adding and removing intentions by name (docs/format.md §1.4).
    case N001, N002, N003, N004, N005
    /// Target selectors (T001–T004): empty, malformed or unmatched selectors (docs/format.md §3).
    case T001, T002, T003, T004
    /// Tweens (W001–W010): values, offsets, easings, hidden tweens, motion paths, crowding, changes.
    ///
    /// Crowding is more than 1,000 tweens running at once on one property (docs/format.md §2.2); a
    /// change is a `by:` that takes its property out of range (§7.2).
    case W001, W002, W003, W004, W005, W006, W007, W008, W009, W010
    /// Physics (P001–P002): spring and friction parameters (docs/format.md §2.3).
    case P001, P002
    /// Gestures (G001–G005): the recorded inputs gestures and releases take (docs/format.md §2.4).
    case G001, G002, G003, G004, G005
    /// Links (L001): links that form a cycle (docs/format.md §7.4).
    case L001
    /// Baking (B001): interactive intentions that have no recorded input to bake.
    case B001
    /// Exports (X001–X002): what a player cannot show.
    ///
    /// Properties a player cannot show (docs/export.md §5), repeats cut short where an export
    /// unrolls them (docs/export.md §3).
    case X001, X002

    /// The severity docs/format.md gives the code.
    public var severity: Severity { facts.severity }

    /// A short title: what the rule is about.
    public var title: String { facts.title }
}
