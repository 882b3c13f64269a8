/// A position in a source file: 1-based line and column.
///
/// Columns count Unicode scalars, as libyaml's marks do, so a caret drawn under a column lines up
/// with the character a user sees.
public struct SourcePosition: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The 1-based line.
    public var line: Int
    /// The 1-based column, in Unicode scalars.
    public var column: Int

    /// Creates a position from a 1-based line and column.
    public init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    /// Orders positions as they appear in the file: by line, then by column.
    public static func < (lhs: SourcePosition, rhs: SourcePosition) -> Bool {
        (lhs.line, lhs.column) < (rhs.line, rhs.column)
    }

    /// The position as `line:column`, as it appears in diagnostic output.
    public var description: String { "\(line):\(column)" }
}

/// A span of source text: where a key or value starts and where it ends (exclusive).
public struct SourceRange: Hashable, Sendable {
    /// The first character of the span.
    public var start: SourcePosition
    /// The position just past the last character of the span.
    public var end: SourcePosition

    /// Creates a span; `end` defaults to one column past `start`.
    public init(start: SourcePosition, end: SourcePosition? = nil) {
        self.start = start
        self.end = end ?? SourcePosition(line: start.line, column: start.column + 1)
    }

    /// Creates a span from 1-based line and columns on one line.
    public init(line: Int, column: Int, endColumn: Int? = nil) {
        self.init(
            start: SourcePosition(line: line, column: column),
            end: SourcePosition(line: line, column: endColumn ?? column + 1))
    }

    /// A span of one position, for diagnostics that concern a whole file.
    public static let fileStart = SourceRange(line: 1, column: 1)
}

/// How serious a diagnostic is.
public enum Severity: String, Sendable, Hashable, Comparable, CaseIterable {
    /// Worth knowing; a note alone never fails `motionc validate`.
    case note
    /// Probably not what the author meant; fails `motionc validate` only with `--strict`.
    case warning
    /// The document cannot be used as written; the command fails.
    case error

    private var rank: Int {
        switch self {
        case .note: 0
        case .warning: 1
        case .error: 2
        }
    }

    /// Orders severities from the least serious, note, to the most serious, error.
    public static func < (lhs: Severity, rhs: Severity) -> Bool { lhs.rank < rhs.rank }
}

/// A secondary message attached to a diagnostic, optionally at its own place in the file.
public struct DiagnosticNote: Hashable, Sendable {
    /// What the note says.
    public var message: String
    /// Where the note points, if anywhere.
    public var range: SourceRange?

    /// Creates a note.
    public init(_ message: String, at range: SourceRange? = nil) {
        self.message = message
        self.range = range
    }
}

/// One finding about a document: a stable code, a severity, a message, a place, notes and help.
///
/// Diagnostics are data. How they look is decided by a renderer (text, JSON, SARIF, GitHub
/// workflow commands), never by the rule that found them.
public struct Diagnostic: Hashable, Sendable {
    /// The stable code, such as `D002`.
    public var code: DiagnosticCode
    /// The severity; by default the code's own.
    public var severity: Severity
    /// A one-sentence message: what is wrong.
    public var message: String
    /// The file the diagnostic is about, as the user named it.
    public var file: String
    /// The offending key or value.
    public var range: SourceRange
    /// Secondary messages, such as where a duplicate was first defined.
    public var notes: [DiagnosticNote]
    /// What to do about it, such as `did you mean "drag"?`.
    public var help: String?

    /// Creates a diagnostic with the code's default severity unless one is given.
    public init(
        _ code: DiagnosticCode,
        _ message: String,
        file: String,
        at range: SourceRange,
        severity: Severity? = nil,
        notes: [DiagnosticNote] = [],
        help: String? = nil
    ) {
        self.code = code
        self.severity = severity ?? code.severity
        self.message = message
        self.file = file
        self.range = range
        self.notes = notes
        self.help = help
    }
}

extension Array where Element == Diagnostic {
    /// Whether any diagnostic is an error.
    public var containsErrors: Bool { contains { $0.severity == .error } }

    /// The diagnostics ordered by file, then position, then code, each once.
    ///
    /// That is the order users read them in. A YAML alias repeats its anchor's nodes, so a
    /// mistake inside an anchor was found once per use, at the same place with the same words:
    /// it is shown once.
    /// - Complexity: O(*d* log *d*), plus the comparisons of diagnostics at one place with one code.
    public func sortedForDisplay() -> [Diagnostic] {
        let sorted = enumerated().sorted { a, b in
            let (l, r) = (a.element, b.element)
            if l.file != r.file { return l.file < r.file }
            if l.range.start != r.range.start { return l.range.start < r.range.start }
            if l.code != r.code { return l.code.rawValue < r.code.rawValue }
            return a.offset < b.offset
        }.map(\.element)
        var shown: [Diagnostic] = []
        shown.reserveCapacity(sorted.count)
        // The diagnostics with the last one's file, place and code: a repeat is among them.
        var group = 0
        for diagnostic in sorted {
            if let last = shown.last, last.file == diagnostic.file, last.range.start == diagnostic.range.start, last.code == diagnostic.code
            {
                if shown[group...].contains(diagnostic) { continue }
            } else {
                group = shown.count
            }
            shown.append(diagnostic)
        }
        return shown
    }
}
