/// The stable codes of docs/format.md §4. A code never changes meaning once published.
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
    public var severity: Severity {
        switch self {
        case .N004, .N005, .W006, .X001: .warning
        case .D010, .G003, .T004: .warning
        default: .error
        }
    }

    /// A short title: what the rule is about.
    public var title: String {
        switch self {
        case .Y001: "YAML syntax error"
        case .Y002: "duplicate mapping key"
        case .Y003: "alias expansion limit exceeded"
        case .Y004: "nesting depth limit exceeded"
        case .Y005: "file too large or not UTF-8"
        case .Y006: "more than one YAML document"
        case .D001: "missing or unsupported format version"
        case .D002: "unknown key"
        case .D003: "value of the wrong type"
        case .D004: "missing required key"
        case .D005: "number not finite or out of range"
        case .D006: "invalid or duplicate target id"
        case .D007: "transaction earlier than the previous one"
        case .D008: "unknown intention type"
        case .D009: "unknown or undrivable property"
        case .D010: "plain number of seconds longer than a minute"
        case .N001: "empty name on add"
        case .N002: "empty name on remove"
        case .N003: "intention type cannot be added by name"
        case .N004: "remove of a name the target does not hold"
        case .N005: "name added and removed in one transaction"
        case .T001: "empty selector"
        case .T002: "selector syntax error"
        case .T003: "selector matches no target"
        case .T004: "stagger on a selector that matches one target"
        case .W001: "tween without values"
        case .W002: "offsets count differs from values count"
        case .W003: "offsets outside [0, 1] or decreasing"
        case .W004: "easing list count is not n-1"
        case .W005: "invalid cubic-bezier"
        case .W006: "tween fully hidden by a later tween"
        case .W007: "a property and its component in one tween"
        case .W008: "motion path keys that do not fit the tween"
        case .P001: "invalid physics parameter"
        case .P002: "spring given by both stiffness and feel"
        case .G001: "gesture names an unknown input"
        case .G002: "input does not fit the gesture"
        case .G003: "input that no gesture intention takes"
        case .G004: "release names an unknown input"
        case .L001: "links form a cycle"
        case .B001: "interactive intention without input"
        case .X001: "property a player cannot show"
        }
    }
}
