/// A source file's text, indexed by line so renderers can quote the line a diagnostic points at.
///
/// Creating one scans the text once for line breaks (`\n`, `\r\n` and `\r`, as libyaml counts
/// them) and keeps only where each line starts and ends; a line's text is sliced out on demand.
public struct SourceFile: Sendable {
    /// The path, as the user named the file.
    public let path: String
    /// The whole text.
    public let text: String
    /// Where each line's content starts and ends (the break excluded), in `text`'s indices.
    private let lineBounds: [Range<String.Index>]

    /// Creates a source file and indexes its lines.
    ///
    /// - Complexity: O(*n*) in the length of `text`, once.
    public init(path: String, text: String) {
        self.path = path
        self.text = text
        var bounds: [Range<String.Index>] = []
        let utf8 = text.utf8
        var lineStart = utf8.startIndex
        var index = utf8.startIndex
        while index < utf8.endIndex {
            let byte = utf8[index]
            if byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") {
                bounds.append(lineStart..<index)
                var next = utf8.index(after: index)
                if byte == UInt8(ascii: "\r"), next < utf8.endIndex, utf8[next] == UInt8(ascii: "\n") {
                    next = utf8.index(after: next)
                }
                lineStart = next
                index = next
            } else {
                index = utf8.index(after: index)
            }
        }
        // The last line, empty when the text ends with a break: an end-of-file position lands there.
        bounds.append(lineStart..<utf8.endIndex)
        lineBounds = bounds
    }

    /// The number of lines: line breaks plus one (a text ending with a break ends with an empty line).
    public var lineCount: Int { lineBounds.count }

    /// The text of a 1-based line without its line break, or `nil` when there is no such line.
    ///
    /// - Complexity: O(1).
    public func line(_ number: Int) -> Substring? {
        guard number >= 1, number <= lineBounds.count else { return nil }
        return text[lineBounds[number - 1]]
    }
}
