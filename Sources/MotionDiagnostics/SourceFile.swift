/// A source file's bytes, for renderers that quote the line a diagnostic points at.
///
/// Creating one copies nothing and scans nothing: the bytes are the ones the file was read into
/// (an array shares its storage), and the line index is built only when a line is quoted, by
/// ``lines()``, so a file with no diagnostic to print never pays for it.
public struct SourceFile: Sendable {
    /// The path, as the user named the file.
    public let path: String
    /// The whole text, UTF-8.
    public let bytes: [UInt8]

    /// Creates a source file from the bytes it was read into.
    /// - Complexity: O(1).
    public init(path: String, bytes: [UInt8]) {
        self.path = path
        self.bytes = bytes
    }

    /// Creates a source file from text.
    /// - Complexity: O(*n*) in the length of `text` (one copy of its UTF-8).
    public init(path: String, text: String) {
        self.init(path: path, bytes: Array(text.utf8))
    }

    /// The whole text.
    /// - Complexity: O(*n*): decodes the bytes.
    public var text: String { String(decoding: bytes, as: UTF8.self) }

    /// The file's lines, indexed: build it once and quote many lines from it.
    /// - Complexity: O(*n*) in the length of the file.
    public func lines() -> SourceLines { SourceLines(bytes) }

    /// The number of lines: line breaks plus one (a text ending with a break ends with an empty line).
    /// - Complexity: O(*n*): indexes the lines; use ``lines()`` to ask many times.
    public var lineCount: Int { lines().count }

    /// The text of a 1-based line without its line break, or `nil` when there is no such line.
    /// - Complexity: O(*n*): indexes the lines; use ``lines()`` to ask many times.
    public func line(_ number: Int) -> Substring? { lines().line(number) }
}

/// The lines of a source file: where each starts and ends.
///
/// Line breaks are LF, CR LF, CR, NEL (U+0085), LS (U+2028) and PS (U+2029), as libyaml counts
/// them, so that the line a diagnostic names is the line quoted.
public struct SourceLines: Sendable {
    private let bytes: [UInt8]
    /// Where each line's content starts and ends (the break excluded), as byte offsets.
    private let bounds: [Range<Int>]

    /// Indexes the lines of `bytes`.
    /// - Complexity: O(*n*) in the length of `bytes`, once.
    public init(_ bytes: [UInt8]) {
        self.bytes = bytes
        var bounds: [Range<Int>] = []
        bytes.withUnsafeBufferPointer { b in
            // A byte-order mark is not text of the first line: its columns start after it.
            var lineStart = SourceLines.byteOrderMarkLength(bytes)
            var index = lineStart
            while index < b.count {
                let length = SourceLines.lineBreakLength(at: index, in: b, end: b.count)
                if length > 0 {
                    bounds.append(lineStart..<index)
                    lineStart = index + length
                    index = lineStart
                } else {
                    index += 1
                }
            }
            // The last line, empty when the text ends with a break: an end-of-file position lands there.
            bounds.append(lineStart..<b.count)
        }
        self.bounds = bounds
    }

    /// The length in bytes of the line break at `index` of `bytes[..<end]`, or 0 for none.
    ///
    /// The breaks are LF, CR, CR LF, NEL (C2 85), LS and PS (E2 80 A8/A9), as libyaml counts them.
    @inline(__always)
    public static func lineBreakLength(at index: Int, in bytes: UnsafeBufferPointer<UInt8>, end: Int) -> Int {
        let byte = bytes[index]
        if byte == UInt8(ascii: "\n") { return 1 }
        if byte == UInt8(ascii: "\r") { return index + 1 < end && bytes[index + 1] == UInt8(ascii: "\n") ? 2 : 1 }
        if byte == 0xC2, index + 1 < end, bytes[index + 1] == 0x85 { return 2 }
        if byte == 0xE2, index + 2 < end, bytes[index + 1] == 0x80, bytes[index + 2] == 0xA8 || bytes[index + 2] == 0xA9 {
            return 3
        }
        return 0
    }

    /// The length of the UTF-8 byte-order mark `bytes` start with: 3, or 0 when there is none.
    ///
    /// Columns, as libyaml counts them, start after it.
    public static func byteOrderMarkLength(_ bytes: [UInt8]) -> Int {
        bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF ? 3 : 0
    }

    /// The number of lines: line breaks plus one.
    public var count: Int { bounds.count }

    /// The text of a 1-based line without its line break, or `nil` when there is no such line.
    /// - Complexity: O(length of the line).
    public func line(_ number: Int) -> Substring? {
        guard number >= 1, number <= bounds.count else { return nil }
        return Substring(String(decoding: bytes[bounds[number - 1]], as: UTF8.self))
    }
}
