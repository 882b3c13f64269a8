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
        bytes.withUnsafeBufferPointer { b in
            while i < end {
                let length = SourceLines.lineBreakLength(at: i, in: b, end: end)
                if length > 0 {
                    line += 1
                    column = 1
                    i += length
                } else {
                    if b[i] & 0xC0 != 0x80 { column += 1 }
                    i += 1
                }
            }
        }
        return SourcePosition(line: line, column: column)
    }
}
