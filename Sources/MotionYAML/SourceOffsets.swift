import MotionDiagnostics

/// Converting byte offsets of the input into libyaml-style line and column.
enum SourceOffsets {
    /// The 1-based line and column (Unicode scalars) of byte `offset` in `bytes`.
    ///
    /// Counts line breaks as libyaml does: LF, CR, CR LF, NEL (U+0085), LS (U+2028) and PS
    /// (U+2029); a leading UTF-8 byte order mark takes no column. Bytes before `offset` are
    /// expected to be valid UTF-8 (the offset is the first bad byte).
    /// - Complexity: O(offset).
    static func position(of offset: Int, in bytes: [UInt8]) -> SourcePosition {
        let end = min(max(offset, 0), bytes.count)
        var line = 1
        var column = 1
        var i = min(SourceLines.byteOrderMarkLength(bytes), end)
        while i < end {
            let c = bytes[i]
            if c == 0x0A {
                line += 1
                column = 1
            } else if c == 0x0D {
                if i + 1 < end, bytes[i + 1] == 0x0A { i += 1 }
                line += 1
                column = 1
            } else if c == 0xC2, i + 1 < end, bytes[i + 1] == 0x85 {
                i += 1
                line += 1
                column = 1
            } else if c == 0xE2, i + 2 < end, bytes[i + 1] == 0x80, bytes[i + 2] == 0xA8 || bytes[i + 2] == 0xA9 {
                i += 2
                line += 1
                column = 1
            } else if c & 0xC0 != 0x80 {
                column += 1
            }
            i += 1
        }
        return SourcePosition(line: line, column: column)
    }
}
