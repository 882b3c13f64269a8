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
            } else if p.context.map({ String(cString: $0).hasPrefix("while parsing a flow") }) == true,
                let comment = Self.commentStart(
                    bytes, from: Self.flowScanStart(bytes, context: p.context_mark, problem: mark), to: Int(mark.index))
            {
                // `{ backgroundColor: #6200EE }`: the `#` starts a comment, which takes the
                // closing brackets with it, and libyaml fails a line later.
                help =
                    "`\(comment.word)` on line \(comment.line) starts a comment (a `#` after a space does), so the rest of that "
                    + "line was not read: quote it, \"\(comment.word)\""
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

    /// Where to look for a comment that cut a flow collection short: from the collection's start
    /// when libyaml marks it, else (a flow node expected where the error is) from the start of
    /// the line before the error's.
    static func flowScanStart(_ bytes: [UInt8], context: yaml_mark_t, problem: yaml_mark_t) -> Int {
        if context.index < problem.index { return Int(context.index) }
        var i = min(Int(problem.index), bytes.count)
        var breaks = 0
        while i > 0 {
            if bytes[i - 1] == UInt8(ascii: "\n") {
                breaks += 1
                if breaks == 2 { break }
            }
            i -= 1
        }
        return i
    }

    /// The first comment in `bytes[from..<to]` that follows content on its line, outside quotes
    /// (a `#` after a space or tab), as the word it starts and its 1-based line; nil when there is
    /// none. Whole-line comments are not it: they cut nothing short.
    ///
    /// - Complexity: O(to) (lines are counted from the start).
    static func commentStart(_ bytes: [UInt8], from: Int, to: Int) -> (word: String, line: Int)? {
        let end = min(to, bytes.count)
        guard from >= 0, from < end else { return nil }
        var quote: UInt8?
        var contentOnLine = false
        var i = from
        while i < end {
            let byte = bytes[i]
            if byte == UInt8(ascii: "\n") {
                contentOnLine = false
                quote = nil
            } else if let open = quote {
                if byte == open { quote = nil }
            } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                quote = byte
                contentOnLine = true
            } else if byte == UInt8(ascii: "#"), contentOnLine, [0x20, 0x09].contains(bytes[i - 1]) {
                var stop = i + 1
                while stop < bytes.count, !" \t\r\n,]}".utf8.contains(bytes[stop]) { stop += 1 }
                let line = 1 + bytes[0..<i].reduce(0) { $0 + ($1 == UInt8(ascii: "\n") ? 1 : 0) }
                return (String(decoding: bytes[i..<stop], as: UTF8.self), line)
            } else if byte != 0x20 && byte != 0x09 && byte != 0x0D {
                contentOnLine = true
            }
            i += 1
        }
        return nil
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
