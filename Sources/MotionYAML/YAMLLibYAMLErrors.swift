import CYAML
import MotionDiagnostics

/// libyaml's errors as diagnostics: reader (encoding), scanner and parser errors, with the
/// position converted and help for the usual causes.
extension Composer {
    mutating func reportLibYAMLError(_ parser: UnsafeMutablePointer<yaml_parser_t>, bytes: [UInt8]) {
        let p = parser.pointee
        let problem = p.problem.map { String(cString: $0) } ?? "unknown error"
        switch p.error {
        case YAML_READER_ERROR:
            var offset = min(Int(p.problem_offset), bytes.count)
            if problem == "invalid trailing UTF-8 octet" {
                // libyaml points at the trailing byte; the sequence is bad from its leading byte.
                var lead = offset - 1
                while lead > 0, bytes[lead] & 0xC0 == 0x80 { lead -= 1 }
                if lead >= 0, bytes[lead] >= 0xC0 { offset = lead }
            }
            let position = SourceOffsets.position(of: offset, in: bytes)
            let at = SourceRange(start: position)
            if problem == "control characters are not allowed" {
                let value = UInt32(bitPattern: p.problem_value)
                let hex = String(value, radix: 16, uppercase: true)
                diagnostics.append(
                    Diagnostic(
                        .Y001, problem, file: file, at: at,
                        help: "found U+\(String(repeating: "0", count: max(0, 4 - hex.count)))\(hex); remove it"))
            } else {
                let byte = offset < bytes.count ? bytes[offset] : 0
                let hex = String(byte, radix: 16, uppercase: true)
                diagnostics.append(
                    Diagnostic(
                        .Y005, "file is not valid UTF-8: \(problem)", file: file, at: at,
                        help:
                            "found byte 0x\(hex.count < 2 ? "0" : "")\(hex) at byte offset \(offset); save the file as UTF-8"
                    ))
            }
        case YAML_SCANNER_ERROR, YAML_PARSER_ERROR:
            let mark = p.problem_mark
            let at = Self.range(mark, mark)
            var message = problem
            var notes: [DiagnosticNote] = []
            if let contextPointer = p.context {
                let context = String(cString: contextPointer)
                message = "\(context): \(problem)"
                var subject = context
                for prefix in ["while parsing ", "while scanning "] where subject.hasPrefix(prefix) {
                    subject.removeFirst(prefix.count)
                }
                for article in ["a ", "an "] where subject.hasPrefix(article) {
                    subject.removeFirst(article.count)
                }
                // "while scanning for the next token" names a search, not a thing that starts.
                let note = subject.hasPrefix("for ") ? "the scan \(subject) started here" : "the \(subject) starts here"
                if p.context_mark.index != mark.index {
                    notes.append(DiagnosticNote(note, at: Self.range(p.context_mark, p.context_mark)))
                }
            }
            var help: String?
            if problem == "found character that cannot start any token", Self.leadingWhitespaceHasTab(bytes, line: Int(mark.line)) {
                help = "YAML indents with spaces only: replace the tab at the start of line \(Int(mark.line) + 1) with spaces"
            }
            diagnostics.append(
                Diagnostic(.Y001, message, file: file, at: SourceRange(start: at.start), notes: notes, help: help))
        case YAML_MEMORY_ERROR:
            diagnostics.append(Diagnostic(.Y001, "libyaml ran out of memory", file: file, at: .fileStart))
        default:
            let mark = p.problem_mark
            diagnostics.append(
                Diagnostic(.Y001, problem, file: file, at: SourceRange(start: Self.range(mark, mark).start)))
        }
    }

    /// Whether the indentation of line `line` (0-based) holds a tab.
    static func leadingWhitespaceHasTab(_ bytes: [UInt8], line: Int) -> Bool {
        var current = 0
        var i = 0
        while i < bytes.count, current < line {
            if bytes[i] == UInt8(ascii: "\n") { current += 1 }
            i += 1
        }
        while i < bytes.count, bytes[i] == UInt8(ascii: " ") || bytes[i] == UInt8(ascii: "\t") {
            if bytes[i] == UInt8(ascii: "\t") { return true }
            i += 1
        }
        return false
    }
}
