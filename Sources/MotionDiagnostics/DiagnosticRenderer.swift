import MotionJSON

/// The output formats of `motionc validate --format` (docs/format.md §5).
public enum DiagnosticFormat: String, CaseIterable, Sendable {
    /// Compiler-style text with the source line and carets, then a summary line.
    case text
    /// One JSON object with the diagnostics and a summary.
    case json
    /// SARIF 2.1.0, for code scanning.
    case sarif
    /// GitHub Actions workflow commands, one per diagnostic.
    case github
}

/// Renders diagnostics for people, CI logs and tools.
///
/// Every format lists the diagnostics in ``Swift/Array/sortedForDisplay()`` order (file, position,
/// code), so the output is the same whatever order the rules found them in. Columns count Unicode
/// scalars, as everywhere in motionc.
public enum DiagnosticRenderer {
    /// The tool name SARIF reports.
    public static let toolName = "motionc"
    /// The tool's home page SARIF reports.
    public static let informationURI = "https://github.com/motionc/motionc"
    /// The SARIF schema the output declares.
    public static let sarifSchema = "https://json.schemastore.org/sarif-2.1.0.json"

    /// Renders `diagnostics` in `format`.
    ///
    /// - Parameters:
    ///   - diagnostics: the diagnostics to show, in any order.
    ///   - format: the output format.
    ///   - sources: the files' texts by path (as in ``Diagnostic/file``), to quote lines in text
    ///     output; a diagnostic whose file or line is missing is printed without its source line.
    ///   - fileCount: how many files were checked, for the summary.
    /// - Returns: the output, ending with a newline (empty for `github` with no diagnostics).
    /// - Complexity: O(*d* log *d*) for *d* diagnostics, plus the length of the quoted lines.
    public static func render(
        _ diagnostics: [Diagnostic],
        format: DiagnosticFormat,
        sources: [String: SourceFile] = [:],
        fileCount: Int
    ) -> String {
        let sorted = diagnostics.sortedForDisplay()
        switch format {
        case .text: return renderText(sorted, sources: sources, fileCount: fileCount)
        case .json: return renderJSON(sorted, fileCount: fileCount)
        case .sarif: return renderSARIF(sorted)
        case .github: return renderGitHub(sorted)
        }
    }

    /// The last line of text output, such as `2 errors, 1 warning in 3 files`.
    ///
    /// Counts are listed errors, warnings, notes, leaving out zeros; with no diagnostics the line
    /// is `no problems found in 3 files`.
    public static func summary(of diagnostics: [Diagnostic], fileCount: Int) -> String {
        let files = counted(fileCount, "file")
        let counts = [Severity.error, .warning, .note].compactMap { severity -> String? in
            let count = diagnostics.count { $0.severity == severity }
            return count == 0 ? nil : counted(count, severity.rawValue)
        }
        if counts.isEmpty { return "no problems found in \(files)" }
        return counts.joined(separator: ", ") + " in " + files
    }

    private static func counted(_ count: Int, _ noun: String) -> String {
        "\(count) \(noun)\(count == 1 ? "" : "s")"
    }

    // MARK: Text

    /// The gutter's width: line numbers are right-aligned in at least 5 columns.
    private static let gutterWidth = 5

    private static func renderText(_ diagnostics: [Diagnostic], sources: [String: SourceFile], fileCount: Int)
        -> String
    {
        var blocks: [String] = []
        // A file's lines are indexed when the first of its diagnostics is printed, once.
        var indexed: [String: SourceLines] = [:]
        // The last lines quoted, decoded: many diagnostics on one long line (a minified
        // document) decode it once, not once each.
        var recent = RecentLines()
        for diagnostic in diagnostics {
            var source = indexed[diagnostic.file]
            if source == nil, let file = sources[diagnostic.file] {
                source = file.lines()
                indexed[diagnostic.file] = source
            }
            let start = diagnostic.range.start
            // A file's name can hold a line break too (`x\n::error ...`).
            let file = printable(diagnostic.file)
            var lines = [
                "\(file):\(start.line):\(start.column): "
                    + "\(diagnostic.severity.rawValue)[\(diagnostic.code.rawValue)]: \(printable(diagnostic.message))"
            ]
            lines += snippet(diagnostic.range, line: recent.scalars(of: diagnostic.range.start.line, file: diagnostic.file, in: source))
            for note in diagnostic.notes {
                if let range = note.range {
                    lines.append(
                        "   note: \(file):\(range.start.line):\(range.start.column): \(printable(note.message))")
                    lines += snippet(range, line: recent.scalars(of: range.start.line, file: diagnostic.file, in: source))
                } else {
                    lines.append("   note: \(printable(note.message))")
                }
            }
            if let help = diagnostic.help { lines.append("   help: \(printable(help))") }
            blocks.append(lines.joined(separator: "\n"))
        }
        blocks.append(summary(of: diagnostics, fileCount: fileCount))
        return blocks.joined(separator: "\n\n") + "\n"
    }

    /// The most columns of a source line a snippet shows.
    static let maximumShownColumns = 160

    /// The 0-based scalar offsets of a line to show: all of a short line; for a long one, a window
    /// that starts a little before `startColumn`.
    static func window(count: Int, startColumn: Int) -> Range<Int> {
        guard count > maximumShownColumns else { return 0..<count }
        let start = min(max(0, startColumn - 1 - 40), max(0, count - maximumShownColumns))
        return start..<min(count, start + maximumShownColumns)
    }

    /// The quoted source line and the caret line under `range`, or nothing without the line.
    ///
    /// Carets run from the start column to the end column when the range ends on the same line,
    /// to the end of the line when it ends on a later one, and are at least one. The caret line
    /// copies tabs from the source line so carets stay aligned; combining marks take no column,
    /// and wide characters (CJK, emoji) two, as a terminal shows them.
    static func snippet(_ range: SourceRange, in source: SourceFile?) -> [String] {
        snippet(range, in: source?.lines())
    }

    /// ``snippet(_:in:)`` from an indexed file.
    static func snippet(_ range: SourceRange, in source: SourceLines?) -> [String] {
        snippet(range, line: source?.line(range.start.line).map { Array($0.unicodeScalars) })
    }

    /// ``snippet(_:in:)`` of the range's first line, given as its scalars (nil: no such line).
    ///
    /// - Complexity: O(columns shown), besides the line given.
    static func snippet(_ range: SourceRange, line: [Unicode.Scalar]?) -> [String] {
        guard let scalars = line else { return [] }
        let number = String(range.start.line)
        let width = max(gutterWidth, number.count)
        let gutter = String(repeating: " ", count: width - number.count) + number + " |"
        let emptyGutter = String(repeating: " ", count: width) + " |"
        let startColumn = max(1, range.start.column)
        let endColumn: Int
        if range.end.line == range.start.line {
            endColumn = range.end.column
        } else if range.end.line > range.start.line {
            endColumn = scalars.count + 1
        } else {
            endColumn = startColumn + 1
        }
        // A very long line (a minified document, a million keyframes on one line) is shown as a
        // window around the span, marked with "...".
        let window = Self.window(count: scalars.count, startColumn: startColumn)
        var prefix = window.lowerBound > 0 ? "   " : ""
        for offset in window.lowerBound..<(startColumn - 1) {
            guard offset < scalars.count else {
                prefix += " "
                continue
            }
            // As shown: a picture takes a column where the character it stands for takes none.
            let scalar = picture(scalars[offset])
            if scalar == "\t" {
                prefix += "\t"
            } else {
                prefix += String(repeating: " ", count: terminalWidth(scalar))
            }
        }
        let lastShownColumn = window.upperBound + 1
        // As many carets as the span takes on the terminal: two under a wide character.
        let spanEnd = min(endColumn, lastShownColumn) - 1
        let spanWidth = (startColumn - 1..<max(startColumn - 1, spanEnd)).reduce(0) { width, offset in
            width + (offset < scalars.count ? terminalWidth(picture(scalars[offset])) : 1)
        }
        let carets = String(repeating: "^", count: max(1, spanWidth))
        // Control characters (which a line with Y001 holds) are shown as their one-column
        // pictures (U+2400...), so that the quoted line cannot steer the terminal.
        var shown = String(String.UnicodeScalarView(scalars[window].map(Self.picture)))
        if window.lowerBound > 0 { shown = "..." + shown }
        if window.upperBound < scalars.count { shown += "..." }
        return [
            scalars.isEmpty ? gutter : gutter + " " + shown,
            emptyGutter + " " + prefix + carets,
        ]
    }

    /// The last few source lines quoted, as scalars, so that a line is decoded once for all the
    /// diagnostics and notes on it.
    struct RecentLines {
        private var entries: [(file: String, line: Int, scalars: [Unicode.Scalar]?)] = []

        /// The scalars of line `line` of `file` (nil when `source` has no such line).
        /// - Complexity: O(length of the line) the first time, O(1) while it is among the last 4.
        mutating func scalars(of line: Int, file: String, in source: SourceLines?) -> [Unicode.Scalar]? {
            if let index = entries.firstIndex(where: { $0.line == line && $0.file == file }) { return entries[index].scalars }
            let scalars = source?.line(line).map { Array($0.unicodeScalars) }
            if entries.count == 4 { entries.removeFirst() }
            entries.append((file, line, scalars))
            return scalars
        }
    }

    /// A control character's picture (`␛` for ESC, `␡` for DEL, `�` for the C1 controls, line
    /// separators and bidirectional controls); tabs and everything else as they are.
    static func picture(_ scalar: Unicode.Scalar) -> Unicode.Scalar {
        switch scalar.value {
        case 0x09: scalar
        case 0..<0x20: Unicode.Scalar(0x2400 + scalar.value) ?? "\u{FFFD}"
        case 0x7F: "\u{2421}"
        case 0x80..<0xA0: "\u{FFFD}"
        // Line and paragraph separators, and the bidirectional embeddings, overrides and isolates
        // that would reorder the rest of the quoted line.
        case 0x2028, 0x2029, 0x202A...0x202E, 0x2066...0x2069: "\u{FFFD}"
        default: scalar
        }
    }

    /// The columns a terminal gives `scalar`: none for a combining mark or a format character,
    /// two for East Asian wide and full-width characters and emoji shown as pictures, else one.
    static func terminalWidth(_ scalar: Unicode.Scalar) -> Int {
        // ASCII (most of every document) without a Unicode property lookup.
        if scalar.value < 0xA0 { return 1 }
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format: return 0
        default: break
        }
        switch scalar.value {
        case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF,
            0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x20000...0x3FFFD:
            return 2
        default:
            return scalar.properties.isEmojiPresentation ? 2 : 1
        }
    }

    /// `text` with control characters, line separators and bidirectional overrides as escapes.
    ///
    /// The escapes are Swift's (`\n`, `\u{1B}`). Tabs are kept, and with `keepingLineBreaks`
    /// `\n` and `\r` too (GitHub's workflow commands escape those their own way).
    ///
    /// Messages quote what documents hold, and a quoted YAML string can hold anything: printed
    /// as it is, `"\e[2J"` would clear the reader's terminal, and a line break followed by
    /// `::warning ...` would be a workflow command to GitHub Actions reading the log.
    public static func printable(_ text: String, keepingLineBreaks: Bool = false) -> String {
        // Printable ASCII (and tabs) needs no look at Unicode properties: the usual text, such as
        // an export's report lines, passes at a byte's cost.
        if text.utf8.allSatisfy({ ($0 >= 0x20 && $0 < 0x7F) || $0 == 0x09 }) { return text }
        let escaped = { (scalar: Unicode.Scalar) -> Bool in
            switch scalar.properties.generalCategory {
            case .control: scalar != "\t" && !(keepingLineBreaks && (scalar == "\n" || scalar == "\r"))
            case .lineSeparator, .paragraphSeparator: true
            // Bidirectional embeddings, overrides and isolates reorder the rest of the line.
            case .format: (0x202A...0x202E).contains(scalar.value) || (0x2066...0x2069).contains(scalar.value)
            default: false
            }
        }
        guard text.unicodeScalars.contains(where: escaped) else { return text }
        var output = ""
        for scalar in text.unicodeScalars {
            if escaped(scalar) {
                output += scalar == "\n" ? "\\n" : scalar == "\r" ? "\\r" : "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            } else {
                output.unicodeScalars.append(scalar)
            }
        }
        return output
    }

    // MARK: JSON

    private static func renderJSON(_ diagnostics: [Diagnostic], fileCount: Int) -> String {
        let items = diagnostics.map { diagnostic -> JSONValue in
            .object([
                ("file", .string(diagnostic.file)),
                ("line", .int(diagnostic.range.start.line)),
                ("column", .int(diagnostic.range.start.column)),
                ("severity", .string(diagnostic.severity.rawValue)),
                ("code", .string(diagnostic.code.rawValue)),
                ("message", .string(diagnostic.message)),
                (
                    "notes",
                    .array(
                        diagnostic.notes.map { note in
                            .object([
                                ("message", .string(note.message)),
                                ("line", note.range.map { .int($0.start.line) } ?? .null),
                                ("column", note.range.map { .int($0.start.column) } ?? .null),
                            ])
                        })
                ),
                ("help", .string(diagnostic.help)),
            ])
        }
        let document = JSONValue.object([
            ("diagnostics", .array(items)),
            (
                "summary",
                .object([
                    ("files", .int(fileCount)),
                    ("errors", .int(diagnostics.count { $0.severity == .error })),
                    ("warnings", .int(diagnostics.count { $0.severity == .warning })),
                ])
            ),
        ])
        return document.serialized() + "\n"
    }

    // MARK: SARIF

    private static func renderSARIF(_ diagnostics: [Diagnostic]) -> String {
        let codes = DiagnosticCode.allCases
        let rules = codes.map { code -> JSONValue in
            let explanation = code.explanation
            return .object([
                ("id", .string(code.rawValue)),
                ("shortDescription", .object([("text", .string(code.title))])),
                ("fullDescription", .object([("text", .string(explanation.summary))])),
                (
                    "help",
                    .object([
                        ("text", .string(code.explainText())),
                        ("markdown", .string(code.explainMarkdown())),
                    ])
                ),
                ("defaultConfiguration", .object([("level", .string(sarifLevel(code.severity)))])),
            ])
        }
        let results = diagnostics.map { diagnostic -> JSONValue in
            var text = diagnostic.message
            for note in diagnostic.notes where note.range == nil { text += "\nnote: " + note.message }
            if let help = diagnostic.help { text += "\nhelp: " + help }
            var members: [(key: String, value: JSONValue)] = [
                ("ruleId", .string(diagnostic.code.rawValue)),
                ("ruleIndex", .int(codes.firstIndex(of: diagnostic.code) ?? 0)),
                ("level", .string(sarifLevel(diagnostic.severity))),
                ("message", .object([("text", .string(text))])),
                (
                    "locations",
                    .array([.object([("physicalLocation", physicalLocation(diagnostic.file, diagnostic.range))])])
                ),
            ]
            let related = diagnostic.notes.compactMap { note in note.range.map { (note.message, $0) } }
            if !related.isEmpty {
                members.append(
                    (
                        "relatedLocations",
                        .array(
                            related.enumerated().map { index, note in
                                .object([
                                    ("id", .int(index)),
                                    ("message", .object([("text", .string(note.0))])),
                                    ("physicalLocation", physicalLocation(diagnostic.file, note.1)),
                                ])
                            })
                    ))
            }
            return .object(members)
        }
        let document = JSONValue.object([
            ("$schema", .string(sarifSchema)),
            ("version", .string("2.1.0")),
            (
                "runs",
                .array([
                    .object([
                        (
                            "tool",
                            .object([
                                (
                                    "driver",
                                    .object([
                                        ("name", .string(toolName)),
                                        ("informationUri", .string(informationURI)),
                                        ("rules", .array(rules)),
                                    ])
                                )
                            ])
                        ),
                        ("columnKind", .string("unicodeCodePoints")),
                        ("results", .array(results)),
                    ])
                ])
            ),
        ])
        return document.serialized() + "\n"
    }

    private static func sarifLevel(_ severity: Severity) -> String {
        switch severity {
        case .error: "error"
        case .warning: "warning"
        case .note: "note"
        }
    }

    /// A SARIF physical location; the region is clamped to what SARIF accepts (1-based, end not
    /// before start; an empty range is widened to one column).
    private static func physicalLocation(_ file: String, _ range: SourceRange) -> JSONValue {
        let startLine = max(1, range.start.line)
        let startColumn = max(1, range.start.column)
        var endLine = max(startLine, range.end.line)
        var endColumn = range.end.column
        if endLine == startLine, endColumn <= startColumn { endColumn = startColumn + 1 }
        if endColumn < 1 {
            endLine = startLine
            endColumn = startColumn + 1
        }
        return .object([
            ("artifactLocation", .object([("uri", .string(uri(forPath: file)))])),
            (
                "region",
                .object([
                    ("startLine", .int(startLine)),
                    ("startColumn", .int(startColumn)),
                    ("endLine", .int(endLine)),
                    ("endColumn", .int(endColumn)),
                ])
            ),
        ])
    }

    /// A relative URI reference for a path: `\` becomes `/`, and every byte outside RFC 3986's
    /// unreserved characters, `/` and a few safe sub-delimiters is percent-encoded (so a space is
    /// `%20` and a `:` cannot be read as a scheme).
    static func uri(forPath path: String) -> String {
        var output = ""
        for byte in path.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
                UInt8(ascii: "~"), UInt8(ascii: "/"), UInt8(ascii: "!"), UInt8(ascii: "$"), UInt8(ascii: "&"),
                UInt8(ascii: "'"), UInt8(ascii: "("), UInt8(ascii: ")"), UInt8(ascii: "*"), UInt8(ascii: "+"),
                UInt8(ascii: ","), UInt8(ascii: ";"), UInt8(ascii: "="), UInt8(ascii: "@"):
                output.unicodeScalars.append(Unicode.Scalar(byte))
            case UInt8(ascii: "\\"):
                output += "/"
            default:
                let hex = String(byte, radix: 16, uppercase: true)
                output += "%" + (hex.count == 1 ? "0" : "") + hex
            }
        }
        return output
    }

    // MARK: GitHub

    /// One workflow command per diagnostic: `::error file=F,line=L,col=C,endLine=..,endColumn=..,title=CODE::message`,
    /// with notes and help appended to the message on their own lines.
    private static func renderGitHub(_ diagnostics: [Diagnostic]) -> String {
        var output = ""
        for diagnostic in diagnostics {
            let command: String
            switch diagnostic.severity {
            case .error: command = "error"
            case .warning: command = "warning"
            case .note: command = "notice"
            }
            let range = diagnostic.range
            let endLine = max(range.start.line, range.end.line)
            let endColumn =
                endLine == range.start.line ? max(range.start.column + 1, range.end.column) : range.end.column
            let properties = [
                ("file", diagnostic.file),
                ("line", String(range.start.line)),
                ("col", String(range.start.column)),
                ("endLine", String(endLine)),
                ("endColumn", String(endColumn)),
                ("title", diagnostic.code.rawValue),
            ].map { "\($0.0)=\(escapeGitHubProperty($0.1))" }
            let shown = { (text: String) in printable(text, keepingLineBreaks: true) }
            var message = shown(diagnostic.message)
            for note in diagnostic.notes {
                if let range = note.range {
                    message += "\nnote: \(diagnostic.file):\(range.start.line):\(range.start.column): \(shown(note.message))"
                } else {
                    message += "\nnote: \(shown(note.message))"
                }
            }
            if let help = diagnostic.help { message += "\nhelp: " + shown(help) }
            output += "::\(command) \(properties.joined(separator: ","))::\(escapeGitHubData(message))\n"
        }
        return output
    }

    /// Escapes a workflow command's message: `%`, `\r` and `\n`.
    static func escapeGitHubData(_ text: String) -> String {
        var output = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "%": output += "%25"
            case "\r": output += "%0D"
            case "\n": output += "%0A"
            default: output.unicodeScalars.append(scalar)
            }
        }
        return output
    }

    /// Escapes a workflow command's property value: as a message, plus `:` and `,`.
    static func escapeGitHubProperty(_ text: String) -> String {
        escapeGitHubData(text).replacingColonsAndCommas()
    }
}

extension String {
    fileprivate func replacingColonsAndCommas() -> String {
        var output = ""
        for scalar in unicodeScalars {
            switch scalar {
            case ":": output += "%3A"
            case ",": output += "%2C"
            default: output.unicodeScalars.append(scalar)
            }
        }
        return output
    }
}
