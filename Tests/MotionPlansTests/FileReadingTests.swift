import Foundation
import MotionCore
import MotionDiagnostics
import MotionPlans
import MotionYAML
import Testing

/// Reading documents from disk: the bytes as they are on disk, the size limit, unreadable paths.
@Suite("Reading document files")
struct FileReadingTests {
    /// A fresh temporary folder, removed by the caller.
    static func folder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("motionc-read-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    @Test("a file is read whole, byte for byte, across several read chunks")
    func readsWholeFile() throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        // Over 64 KiB of comments (more than one read chunk), then a document.
        var text = ""
        for i in 0..<3000 { text += "# comment line \(i) ........................\n" }
        text += "motion: 1\ntargets:\n  a: {}\n"
        let bytes = Array(text.utf8)
        #expect(bytes.count > 1 << 17)
        let path = dir.appendingPathComponent("big.yaml").path
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        let result = try DocumentLoader.load(path: path)
        #expect(result.text == bytes)
        #expect(result.document?.targets.count == 1)
    }

    @Test("a file at the limit is read; one byte over is refused with Y005")
    func sizeLimit() throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let bytes = Array("motion: 1\ntargets:\n  a: {}\n".utf8)
        let path = dir.appendingPathComponent("doc.yaml").path
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        let atLimit = try DocumentLoader.load(path: path, limits: YAMLLimits(maxFileBytes: bytes.count))
        #expect(atLimit.diagnostics.isEmpty)
        #expect(atLimit.text == bytes)
        let over = try DocumentLoader.load(path: path, limits: YAMLLimits(maxFileBytes: bytes.count - 1))
        #expect(over.diagnostics.map(\.code) == [.Y005])
        #expect(over.document == nil)
    }

    @Test("a folder or a missing path is a read error, not a document")
    func unreadablePaths() throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        #expect(throws: FileError.self) { try DocumentLoader.load(path: dir.path) }
        #expect(throws: FileError.self) { try DocumentLoader.load(path: dir.appendingPathComponent("none.yaml").path) }
    }

    /// A document saved with a UTF-8 byte-order mark (as some editors save) reads as without
    /// one: the same document, and diagnostics at the same line and column, quoting the line
    /// without the mark.
    @Test func byteOrderMarkIsNotText() throws {
        let text = "motion: 1\nname: card\ntargets:\n  a: { layer: { opacity: 0.5 } }\n"
        let plain = DocumentLoader.load(Array(text.utf8), file: "a.yaml")
        let marked = DocumentLoader.load([0xEF, 0xBB, 0xBF] + Array(text.utf8), file: "a.yaml")
        #expect(plain.diagnostics.isEmpty && marked.diagnostics.isEmpty, "\(marked.diagnostics)")
        #expect(marked.document?.name == "card")
        #expect(marked.document?.targets.map(\.id.value) == ["a"])
        #expect(marked.document?.targets.first?.id.range == plain.document?.targets.first?.id.range)

        // An unknown key on the first line: column 1, the quoted line without the mark.
        let bytes: [UInt8] = [0xEF, 0xBB, 0xBF] + Array("motoin: 1\n".utf8)
        let result = DocumentLoader.load(bytes, file: "b.yaml")
        let unknown = try #require(result.diagnostics.first { $0.code == .D002 })
        #expect(unknown.range == SourceRange(line: 1, column: 1, endColumn: 7))
        let output = DiagnosticRenderer.render(
            [unknown], format: .text, sources: ["b.yaml": SourceFile(path: "b.yaml", bytes: bytes)], fileCount: 1)
        #expect(output.contains("    1 | motoin: 1\n      | ^^^^^^\n"), "\(output)")
    }
}
