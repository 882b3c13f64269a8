import MotionCore
import MotionDiagnostics
import MotionYAML

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What loading a document produced: the document, when decoding got that far, and every diagnostic.
///
/// The diagnostics are the YAML front end's and the decoder's, in the order found.
public struct LoadResult: Sendable {
    /// The decoded document; nil when the YAML itself could not be read.
    public var document: MotionDocument?
    /// Every problem the YAML front end and the decoder found; validation comes after.
    public var diagnostics: [Diagnostic]
    /// The source text, for rendering carets under diagnostics.
    public var text: [UInt8]

    /// Creates a result.
    public init(document: MotionDocument?, diagnostics: [Diagnostic], text: [UInt8]) {
        self.document = document
        self.diagnostics = diagnostics
        self.text = text
    }
}

/// Reads motion documents: YAML front end, then decoding.
public enum DocumentLoader {
    /// Parses and decodes `bytes` as the document at `file`.
    ///
    /// From 256 KiB up, libyaml reads the events on a second thread while this one
    /// builds the tree and decodes it; the result is the same.
    ///
    /// - Complexity: O(n) in the size of the text.
    public static func load(_ bytes: [UInt8], file: String, limits: YAMLLimits = .default) -> LoadResult {
        load(bytes, file: file, limits: limits, streaming: true)
    }

    /// The size from which libyaml reads on a second thread: below it, starting the thread and
    /// handing events over save less than they cost.
    package static let pipelineBytes = 256 << 10

    /// ``load(_:file:limits:)``; with `streaming` false the whole YAML tree is built before
    /// decoding (what streaming must match, for tests); from `pipelineBytes` up, libyaml reads
    /// on a second thread.
    package static func load(
        _ bytes: [UInt8], file: String, limits: YAMLLimits, streaming: Bool, pipelineBytes: Int = pipelineBytes
    ) -> LoadResult {
        // Targets and ops are decoded as they are read: the tree never holds them all.
        let stream = DocumentStream(file: file, source: bytes)
        let parsed = YAMLParser.parse(
            bytes, file: file, limits: limits, streaming: streaming ? stream.itemStream : nil,
            readingOnAnotherThread: bytes.count >= pipelineBytes)
        if parsed.diagnostics.containsErrors {
            return LoadResult(document: nil, diagnostics: parsed.diagnostics, text: bytes)
        }
        var decoder = DocumentDecoder(tree: parsed.tree, file: file, name: stem(of: file), source: bytes)
        stream.handOver(to: &decoder)
        let document = decoder.decode()
        return LoadResult(document: document, diagnostics: parsed.diagnostics + decoder.context.diagnostics, text: bytes)
    }

    /// Reads the file at `path` and loads it.
    ///
    /// Files over the size limit are refused before being read whole (Y005).
    public static func load(path: String, limits: YAMLLimits = .default) throws(FileError) -> LoadResult {
        let bytes = try readFile(path, limit: limits.maxFileBytes)
        guard let bytes else { return tooLarge(path, limits) }
        return load(bytes, file: path, limits: limits)
    }

    /// ``load(path:limits:)`` of `bytes` already read from `path`, whole.
    ///
    /// A pipe cannot be read twice: a command that looked at a file's content first passes it here.
    public static func load(read bytes: [UInt8], path: String, limits: YAMLLimits = .default) -> LoadResult {
        guard bytes.count <= limits.maxFileBytes else { return tooLarge(path, limits) }
        return load(bytes, file: path, limits: limits)
    }

    /// The result for a file over the size limit: Y005, nothing decoded.
    private static func tooLarge(_ path: String, _ limits: YAMLLimits) -> LoadResult {
        let diagnostic = Diagnostic(
            .Y005, "the file is larger than the limit of \(limits.maxFileBytes) bytes", file: path, at: .fileStart)
        return LoadResult(document: nil, diagnostics: [diagnostic], text: [])
    }

    /// A file's bytes, or nil when it is larger than `limit`.
    ///
    /// A regular file is read into one array of its size, with no intermediate copy; anything
    /// else (a pipe, a file that grows while read) is read in chunks.
    static func readFile(_ path: String, limit: Int) throws(FileError) -> [UInt8]? {
        guard let handle = fopen(path, "rb") else {
            throw FileError(path: path, reason: systemErrorText(errno), kind: .read)
        }
        defer { fclose(handle) }
        var status = stat()
        var size = 0
        if fstat(fileno(handle), &status) == 0 {
            // Said as the timeline reader says it (a read of a folder fails with EISDIR).
            if status.st_mode & S_IFMT == S_IFDIR { throw FileError(path: path, reason: "a folder, not a file", kind: .read) }
            if status.st_mode & S_IFMT == S_IFREG {
                size = Int(status.st_size)
                if size > limit { return nil }
            }
        }
        // One byte more than the size, to see the end of the file without a second buffer.
        var bytes = [UInt8](repeating: 0, count: size + 1)
        var count = 0
        while true {
            if count == bytes.count {
                if count > limit { return nil }
                bytes.append(contentsOf: repeatElement(0, count: max(1 << 16, count)))
            }
            let read = bytes.withUnsafeMutableBytes { fread($0.baseAddress.map { $0 + count }, 1, $0.count - count, handle) }
            count += read
            if count > limit { return nil }
            if read == 0 {
                if ferror(handle) != 0 { throw FileError(path: path, reason: "read error (is it a directory?)", kind: .read) }
                break
            }
        }
        bytes.removeLast(bytes.count - count)
        return bytes
    }

    /// The document's default name: the file name without folders, `.yaml`/`.yml` and `.motion`.
    public static func stem(of file: String) -> String {
        var name = Substring(file.split(separator: "/").last ?? Substring(file))
        for suffix in [".yaml", ".yml", ".motion"] where name.hasSuffix(suffix) {
            name = name.dropLast(suffix.count)
        }
        return String(name)
    }
}
