import CYAML
import MotionDiagnostics

/// What ``YAMLParser/parse(_:file:limits:)`` returns: the tree and every problem found.
public struct YAMLParseResult: Sendable {
    /// The document's nodes, complete only when ``diagnostics`` holds no error.
    ///
    /// After an error it may be partial or empty: decode it only when ``diagnostics`` holds no
    /// error.
    public var tree: YAMLTree
    /// The problems found, codes Y001 to Y006, each with `file` set, in the order found.
    public var diagnostics: [Diagnostic]

    /// Creates a result.
    public init(tree: YAMLTree, diagnostics: [Diagnostic]) {
        self.tree = tree
        self.diagnostics = diagnostics
    }
}

/// The YAML front end: libyaml events into a ``YAMLTree``, with limits and diagnostics.
public enum YAMLParser {
    /// Parses one YAML document into a tree and the problems found, never crashing or hanging.
    ///
    /// Every problem is a `Diagnostic` (codes Y001-Y006) with `file` set.
    ///
    /// - Y001: libyaml's syntax errors (its own message, with context), undefined aliases, a merge
    ///   key whose value is not a mapping or a list of mappings.
    /// - Y002: a key twice in one mapping, at the second, with a note at the first.
    /// - Y003: alias expansion above `limits.maxAliasExpansion`; parsing stops.
    /// - Y004: nesting deeper than `limits.maxDepth`; parsing stops.
    /// - Y005: input larger than `limits.maxFileBytes` (not parsed), or not UTF-8.
    /// - Y006: a second document; the first is kept.
    ///
    /// - Parameters:
    ///   - bytes: the file's contents, UTF-8.
    ///   - file: the file name to put in diagnostics.
    ///   - limits: the limits to enforce.
    /// - Complexity: O(bytes.count) time, memory proportional to the document (aliases are not
    ///   copied).
    public static func parse(_ bytes: [UInt8], file: String, limits: YAMLLimits = .default) -> YAMLParseResult {
        parse(bytes, file: file, limits: limits, streaming: nil)
    }

    /// ``parse(_:file:limits:)``, handing finished items to `streaming` as they are read.
    ///
    /// The items of the collections `streaming` names go to it instead of staying in the tree
    /// (``YAMLItemStream``). The diagnostics are the same as without streaming. When they hold an error, what was
    /// handed over may be incomplete: use it only when they hold none.
    public static func parse(_ bytes: [UInt8], file: String, limits: YAMLLimits, streaming: YAMLItemStream?) -> YAMLParseResult {
        parse(bytes, file: file, limits: limits, streaming: streaming, readingOnAnotherThread: false)
    }

    /// ``parse(_:file:limits:streaming:)``; with `readingOnAnotherThread`, libyaml reads the
    /// events on a second thread while this one builds the tree (``YAMLEventPipe``): the result
    /// is the same, sooner on two cores for large inputs.
    package static func parse(
        _ bytes: [UInt8], file: String, limits: YAMLLimits, streaming: YAMLItemStream?, readingOnAnotherThread: Bool
    ) -> YAMLParseResult {
        // Offsets and counts in the arena are 29 bits; scalar text never outgrows its input.
        let hardLimit = Int(YAMLNodeRecord.countMask)
        if bytes.count > limits.maxFileBytes || bytes.count > hardLimit {
            let limit = min(limits.maxFileBytes, hardLimit)
            let diagnostic = Diagnostic(
                .Y005, "file is \(bytes.count) bytes, larger than the limit of \(limit) bytes",
                file: file, at: .fileStart,
                help: "split the document into smaller files")
            return YAMLParseResult(tree: YAMLTree(), diagnostics: [diagnostic])
        }
        if bytes.isEmpty { return YAMLParseResult(tree: YAMLTree(), diagnostics: []) }
        var composer = Composer(file: file, limits: limits, source: bytes, streaming: streaming)
        if readingOnAnotherThread, YAMLEventPipe.run(bytes, { composer.run(pipe: $0, bytes: bytes) }) != nil {
            return composer.finish()
        }
        let ran: Void? = LibYAML.withParser(bytes) { parser, event in
            composer.run(parser: parser, event: event, bytes: bytes)
        }
        if ran == nil {
            composer.diagnostics.append(
                Diagnostic(.Y001, "libyaml could not start: out of memory", file: file, at: .fileStart))
        }
        return composer.finish()
    }
}

/// An open collection while its children are read.
struct Frame {
    var node: UInt32
    var pendingStart: Int
    var mergeSiteStart: Int
    var expanded: Int
    var anchorSlot: Int32
    var isMapping: Bool
    var hasMerge: Bool
    var mergeValueNext: Bool
    /// The index of the ``YAMLItemStream`` path whose items this collection hands over, or -1.
    var streamPath: Int8
}

/// Where a `<<` value was written (for an alias: the alias, not the anchor).
struct MergeSite {
    var pendingIndex: Int
    var range: SourceRange?
}
