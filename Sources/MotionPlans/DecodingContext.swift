import MotionCore
import MotionDiagnostics
import MotionYAML

/// The low-level readers the document decoder is built from: each reads one YAML node as one
/// kind of value, or records a diagnostic and returns nil.
///
/// Readers never throw: a document with many mistakes gets one diagnostic per mistake.
struct DecodingContext {
    /// The tree read: the whole document's, or while it is read, the part read so far.
    var tree: YAMLTree
    let file: String
    /// The document's bytes, for help that reads what YAML dropped (comments); may be empty.
    let source: [UInt8]
    var diagnostics: [Diagnostic] = []
    /// Lists decoded so far, which later equal lists share.
    var sharedLists = SharedLists()

    init(tree: YAMLTree, file: String, source: [UInt8] = []) {
        self.tree = tree
        self.file = file
        self.source = source
    }

    // MARK: Reporting

    mutating func report(
        _ code: DiagnosticCode, _ message: String, at range: SourceRange, notes: [DiagnosticNote] = [],
        help: String? = nil
    ) {
        diagnostics.append(Diagnostic(code, message, file: file, at: range, notes: notes, help: help))
    }

    /// `did you mean "x"?` for the closest candidate, or nil.
    static func didYouMean(_ word: String, _ candidates: some Sequence<String>) -> String? {
        guard let match = Suggestions.closest(to: word, in: candidates) else { return nil }
        return "did you mean \"\(match)\"?"
    }

    func range(_ node: YAMLNodeID) -> SourceRange { tree.range(node) }

    /// How a node looks to a user: `a mapping`, `a list`, `null`, `"abc"`, `3`.
    func describe(_ node: YAMLNodeID) -> String {
        switch tree.kind(node) {
        case .mapping: return "a mapping"
        case .sequence: return "a list"
        case .scalar:
            if tree.isNull(node) { return "null" }
            let text = tree.string(node)
            if tree.isPlain(node), tree.double(node) != nil { return "the number \(text)" }
            let shown = text.count > 40 ? String(text.prefix(37)) + "..." : text
            return "\"\(shown)\""
        }
    }

    mutating func typeMismatch(_ node: YAMLNodeID, expected: String, for key: String) {
        if let comment = commentedWord(node) {
            // Quoting is the fix where text is expected (an id, a selector); elsewhere the `#`
            // itself is the mistake, and the message says what YAML did with it.
            let help: String?
            if expected != "a string" {
                help = nil
            } else if Self.inputIDKeys.contains(key) {
                help = "an input id is written without `#`: `\(key): \(comment.text.dropFirst())`"
            } else {
                help = "quote it: `\(key): \"\(comment.text)\"`"
            }
            report(
                .D003, "`\(key)` expects \(expected), found nothing: YAML reads an unquoted \(comment.text) as a comment",
                at: comment.range, help: help)
            return
        }
        report(.D003, "`\(key)` expects \(expected), found \(describe(node))", at: range(node))
    }

    /// The longest time a document may name (durations, delays, `at`): one day. Longer times are
    /// mistakes (a missing unit, `1e300`), and bounding them bounds what run and bake compute.
    static let maximumSeconds = 86_400.0
    /// The most entries a document list of values may hold (keyframes, offsets, easings, input
    /// samples): far beyond any motion, small enough to decode and sample quickly.
    static let maximumListCount = 100_000

    // MARK: Mappings

    /// Walks a mapping's pairs, reporting unknown keys (D002, or `unknownCode`) with did-you-mean.
    ///
    /// A known key is found by its bytes and handed on as the `known` string itself: no string is
    /// made for it. `extraHelp` gets an unknown key, the mapping and the tree, so that a caller can
    /// pass a function that captures nothing (no closure is allocated per mapping).
    /// - Complexity: O(pairs x known keys); known-key lists are short.
    mutating func forEachPair(
        in mapping: YAMLNodeID, known: [String], context: @autoclosure () -> String, unknownCode: DiagnosticCode = .D002,
        extraHelp: ((String, YAMLNodeID, YAMLTree) -> String?)? = nil,
        _ body: (inout DecodingContext, String, YAMLPair) -> Void
    ) {
        forEachKnownPair(in: mapping, known: known, context: context(), unknownCode: unknownCode, extraHelp: extraHelp) {
            ctx, index, pair in body(&ctx, known[index], pair)
        }
    }

    /// ``forEachPair(in:known:context:unknownCode:extraHelp:_:)`` handing on the index of each
    /// known key in `known` instead of the key, for callers that look up a table by it.
    mutating func forEachKnownPair(
        in mapping: YAMLNodeID, known: [String], context: @autoclosure () -> String, unknownCode: DiagnosticCode = .D002,
        extraHelp: ((String, YAMLNodeID, YAMLTree) -> String?)? = nil,
        _ body: (inout DecodingContext, Int, YAMLPair) -> Void
    ) {
        for pair in tree.pairs(mapping) {
            guard tree.kind(pair.key) == .scalar else {
                report(.D003, "keys in \(context()) must be plain strings, found \(describe(pair.key))", at: range(pair.key))
                continue
            }
            if let index = Self.knownIndex(of: pair.key, in: known, tree) {
                body(&self, index, pair)
                continue
            }
            let key = tree.string(pair.key)
            if let index = known.firstIndex(of: key) {
                // Only text that is not ASCII gets here: equal as strings to a known key, not as bytes.
                body(&self, index, pair)
            } else {
                let help = extraHelp?(key, mapping, tree) ?? Self.didYouMean(key, known)
                let what = unknownCode == .D009 ? "unknown property `\(key)`" : "unknown key `\(key)`"
                report(unknownCode, "\(what) in \(context())", at: range(pair.key), help: help)
            }
        }
    }

    /// The index of the known key whose UTF-8 is exactly the scalar's bytes, if any.
    /// - Complexity: O(known keys), comparing lengths first.
    static func knownIndex(of key: YAMLNodeID, in known: [String], _ tree: YAMLTree) -> Int? {
        tree.withScalarBytes(key) { bytes in
            // Native strings (every known key) compare as contiguous bytes, without iterators.
            known.firstIndex { name in
                name.utf8.count == bytes.count
                    && (name.utf8.withContiguousStorageIfAvailable { Self.sameBytes($0, bytes) } ?? name.utf8.elementsEqual(bytes))
            }
        }
    }

    /// Whether two byte buffers of the same length hold the same bytes.
    @inline(__always)
    static func sameBytes(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Bool {
        var i = 0
        while i < a.count {
            if a[i] != b[i] { return false }
            i &+= 1
        }
        return true
    }

    /// Requires `node` to be a mapping (null counts as an empty mapping when `allowNull`).
    mutating func expectMapping(_ node: YAMLNodeID, for key: String, allowNull: Bool = false) -> Bool {
        if tree.kind(node) == .mapping { return true }
        if allowNull && tree.kind(node) == .scalar && tree.isNull(node) { return false }
        typeMismatch(node, expected: "a mapping", for: key)
        return false
    }

    /// Requires `node` to be a list; returns its items, or nil after a D003 (or a D005 when it
    /// holds more than ``maximumListCount`` entries, counting `decodedEarlier` items decoded
    /// while the document was read, which the tree no longer holds).
    mutating func list(_ node: YAMLNodeID, for key: String, decodedEarlier: Int = 0) -> YAMLItems? {
        guard tree.kind(node) == .sequence else {
            typeMismatch(node, expected: "a list", for: key)
            return nil
        }
        let count = tree.count(node) + decodedEarlier
        guard count <= Self.maximumListCount else {
            report(.D005, "`\(key)` has \(count) entries, more than the limit of \(Self.maximumListCount)", at: range(node))
            return nil
        }
        return tree.items(node)
    }

    // MARK: Scalars

    /// A string scalar (quoted or plain). Null is refused unless `allowNull`, which reads it as "".
    mutating func string(_ node: YAMLNodeID, for key: String, allowNull: Bool = false) -> String? {
        guard tree.kind(node) == .scalar else {
            typeMismatch(node, expected: "a string", for: key)
            return nil
        }
        if tree.isNull(node) {
            if allowNull { return "" }
            typeMismatch(node, expected: "a string", for: key)
            return nil
        }
        return tree.string(node)
    }

    /// The keys whose text is an input's id, which is written without `#` (`gesture: pan1`).
    static let inputIDKeys: Set<String> = ["id", "gesture", "release"]

    /// A plan's name (`name:`, `remove:`), as ``string(_:for:allowNull:)`` reads it with null as
    /// empty; `code` (N001, N002) and nil when it is null because YAML read `#name` as a comment.
    mutating func planName(_ node: YAMLNodeID, for key: String, code: DiagnosticCode) -> String? {
        if let comment = commentedWord(node) {
            report(
                code, "the plan name is empty: YAML reads an unquoted \(comment.text) as a comment", at: comment.range,
                help: "a name is written without `#`: `\(key): \(comment.text.dropFirst())`")
            return nil
        }
        return string(node, for: key, allowNull: true)
    }

    /// A selector's text, as ``string(_:for:allowNull:)`` reads it with null as empty; T001 and
    /// nil when it is null because YAML read an unquoted `#id` as a comment.
    mutating func selector(_ node: YAMLNodeID, for key: String) -> String? {
        if let comment = commentedWord(node) {
            report(
                .T001, "the target selector is empty: YAML reads an unquoted \(comment.text) as a comment", at: comment.range,
                help: "quote the selector: `\(key): \"\(comment.text)\"`")
            return nil
        }
        return string(node, for: key, allowNull: true)
    }

    /// A finite number within ±``largestMagnitude`` (D003 when not a number, D005 when not finite
    /// or larger).
    ///
    /// - Parameter bounded: false where the caller checks a tighter range of its own, whose message
    ///   says more (fps, canvas sides, colours, opacity).
    mutating func number(_ node: YAMLNodeID, for key: String, bounded: Bool = true) -> Double? {
        guard tree.kind(node) == .scalar, !tree.isNull(node), let value = tree.double(node) else {
            typeMismatch(node, expected: "a number", for: key)
            return nil
        }
        guard value.isFinite else {
            report(.D005, "`\(key)` must be a finite number, found \(tree.string(node))", at: range(node))
            return nil
        }
        guard !bounded || abs(value) <= Self.largestMagnitude else {
            report(
                .D005, "`\(key)` must lie between -1e9 and 1e9, found \(tree.string(node))", at: range(node),
                help: "larger numbers overflow the motion maths (docs/format.md §1.6)")
            return nil
        }
        return value
    }

    /// The largest magnitude a number in a document may have (docs/format.md §1.6).
    ///
    /// A billion points, points per second or passes is far beyond any screen, and keeps every sum
    /// and product the runtime forms (a spring's force, a tween's span) finite.
    static let largestMagnitude = 1e9

    /// A finite number no smaller than `minimum`.
    mutating func number(_ node: YAMLNodeID, for key: String, atLeast minimum: Double) -> Double? {
        guard let value = number(node, for: key) else { return nil }
        guard value >= minimum else {
            report(.D005, "`\(key)` must be at least \(Self.format(minimum)), found \(Self.format(value))", at: range(node))
            return nil
        }
        return value
    }

    /// Seconds: a number, or a string with a unit (`"300ms"`, `"0.3s"`). Never negative.
    mutating func duration(_ node: YAMLNodeID, for key: String) -> Double? {
        guard tree.kind(node) == .scalar, !tree.isNull(node) else {
            typeMismatch(node, expected: "a duration (seconds, or a string such as \"300ms\")", for: key)
            return nil
        }
        let seconds: Double
        // A time string has no sign in the schema's grammar: "-0s" is as negative as "-1s".
        var signed = false
        if let number = tree.double(node) {
            seconds = number
        } else if let parsed = DurationParser.seconds(from: tree.string(node)) {
            // "1e400s" reads as infinity: a duration out of range, reported below.
            seconds = parsed
            signed = parsed.sign == .minus
        } else {
            report(
                .D003, "`\(key)` expects a duration (seconds, or a string such as \"300ms\"), found \(describe(node))",
                at: range(node), help: Self.durationHelp(tree.string(node)))
            return nil
        }
        guard seconds.isFinite else {
            report(.D005, "`\(key)` must be a finite duration, found \(tree.string(node))", at: range(node))
            return nil
        }
        guard seconds >= 0, !signed else {
            report(.D005, "`\(key)` must not be negative, found \(tree.string(node))", at: range(node))
            return nil
        }
        guard seconds <= Self.maximumSeconds else {
            report(
                .D005, "`\(key)` is longer than the limit of \(Int(Self.maximumSeconds)) s (a day), found \(tree.string(node))",
                at: range(node), help: "for motion that never ends, use `repeat: forever`")
            return nil
        }
        if seconds > Self.plainSecondsWarningThreshold, !tree.string(node).hasSuffix("s") {
            let text = Self.format(seconds)
            report(
                .D010, "`\(key)` is \(text) seconds (a plain number is seconds), which is long for motion",
                at: range(node), help: "did you mean \"\(text)ms\"?")
        }
        return seconds
    }

    /// A plain number of seconds above this (one minute, the run and bake bound) is D010: most
    /// likely milliseconds written without their unit.
    static let plainSecondsWarningThreshold = 60.0

    /// Help for a duration text that does not read: the same number and unit without spaces or
    /// with the unit spelt short (`300 ms`, `300 millis`, `2 sec`), if that reads.
    static func durationHelp(_ text: String) -> String? {
        var compact = text.filter { !$0.isWhitespace }.lowercased()
        for (long, short) in [
            ("milliseconds", "ms"), ("millisecond", "ms"), ("millis", "ms"), ("msec", "ms"), ("seconds", "s"),
            ("second", "s"), ("secs", "s"), ("sec", "s"),
        ] where compact.hasSuffix(long) {
            compact = String(compact.dropLast(long.count)) + short
            break
        }
        guard compact != text, DurationParser.seconds(from: compact)?.isFinite == true else { return nil }
        return "write \"\(compact)\": a number directly followed by ms or s"
    }

    /// `true` or `false` (YAML 1.2 core spellings), plain: a quoted `"true"` is D003 with help
    /// to remove the quotes, as the schema asks for a boolean there (docs/format.md §1.3).
    mutating func bool(_ node: YAMLNodeID, for key: String) -> Bool? {
        if tree.kind(node) == .scalar, tree.isPlain(node) {
            switch tree.string(node) {
            case "true", "True", "TRUE": return true
            case "false", "False", "FALSE": return false
            default: break
            }
        }
        if tree.kind(node) == .scalar, !tree.isPlain(node), !tree.isNull(node),
            case let text = tree.string(node), ["true", "false"].contains(text.lowercased())
        {
            // Quoted, `"true"` is text to YAML and to the schema: "expects true or false, found
            // "true"" would read as a contradiction.
            report(
                .D003, "`\(key)` expects true or false, found the quoted string \"\(text)\": quotes make it text",
                at: range(node), help: "remove the quotes: `\(key): \(text.lowercased())`")
            return nil
        }
        typeMismatch(node, expected: "true or false", for: key)
        return nil
    }

    /// One of `choices`; D003 with did-you-mean otherwise.
    mutating func choice(_ node: YAMLNodeID, for key: String, _ choices: [String]) -> String? {
        guard let text = string(node, for: key) else { return nil }
        guard choices.contains(text) else {
            report(
                .D003, "`\(key)` must be one of \(choices.joined(separator: ", ")), found \"\(text)\"", at: range(node),
                help: ForeignNames.choiceHelp(key: key, text) ?? Self.didYouMean(text, choices))
            return nil
        }
        return text
    }

    // MARK: Values

    /// A list of `count` finite numbers.
    mutating func numbers(_ node: YAMLNodeID, count: Int, for key: String, expected: String, bounded: Bool = true) -> [Double]? {
        guard tree.kind(node) == .sequence, tree.count(node) == count else {
            typeMismatch(node, expected: expected, for: key)
            return nil
        }
        var result: [Double] = []
        result.reserveCapacity(count)
        for item in tree.items(node) {
            guard let n = number(item, for: key, bounded: bounded) else { return nil }
            result.append(n)
        }
        return result
    }

    /// Two numbers `[a, b]`, as ``numbers(_:count:for:expected:)`` reads them, without making a list.
    mutating func pair(_ node: YAMLNodeID, for key: String, expected: String) -> (Double, Double)? {
        guard tree.kind(node) == .sequence, tree.count(node) == 2 else {
            typeMismatch(node, expected: expected, for: key)
            return nil
        }
        let items = tree.items(node)
        guard let a = number(items[0], for: key), let b = number(items[1], for: key) else { return nil }
        return (a, b)
    }

    /// `[x, y]`.
    mutating func point(_ node: YAMLNodeID, for key: String) -> MotionValue? {
        pair(node, for: key, expected: "a point [x, y]").map { .point($0.0, $0.1) }
    }

    /// A colour: `"#RGB"`, `"#RRGGBB"`, `"#RRGGBBAA"` or `[r, g, b, a]` with components in 0...1.
    mutating func color(_ node: YAMLNodeID, for key: String) -> MotionValue? {
        let expected = "a colour (\"#RRGGBB\", \"#RRGGBBAA\", \"#RGB\" or [r, g, b, a])"
        if let hex = commentedColor(node) {
            report(
                .D003, "`\(key)` expects \(expected), found nothing: YAML reads an unquoted \(hex) as a comment",
                at: range(node), help: "quote the colour: `\(key): \"\(hex)\"`")
            return nil
        }
        if tree.kind(node) == .scalar, !tree.isNull(node) {
            if let color = MotionValue.parseHexColor(tree.string(node)) { return color }
            typeMismatch(node, expected: expected, for: key)
            return nil
        }
        guard let c = numbers(node, count: 4, for: key, expected: expected, bounded: false) else { return nil }
        guard c.allSatisfy({ (0...1).contains($0) }) else {
            report(.D005, "colour components of `\(key)` must be between 0 and 1", at: range(node))
            return nil
        }
        return .color(c[0], c[1], c[2], c[3])
    }

    /// The `#RGB`, `#RRGGBB` or `#RRGGBBAA` that YAML read as a comment on the line of `node`,
    /// when `node` is null because of it.
    func commentedColor(_ node: YAMLNodeID) -> String? {
        guard let (hash, _) = commentStart(node) else { return nil }
        let digits = source[(hash + 1)...].prefix { byte in
            (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(byte | 0x20)
        }
        guard [3, 6, 8].contains(digits.count) else { return nil }
        return "#" + String(decoding: digits, as: UTF8.self)
    }

    /// The `#word` (such as the selector `#card`) that YAML read as a comment on the line of
    /// `node`, when `node` is null because of it, and where it is; nil for a comment that is
    /// prose (`# note`, a space after the `#`).
    ///
    /// The word runs to the end of the line, trailing spaces dropped, so that a selector with
    /// spaces (`#list > .item`) is quoted whole.
    func commentedWord(_ node: YAMLNodeID) -> (text: String, range: SourceRange)? {
        guard let (hash, lineStart) = commentStart(node) else { return nil }
        func isWordByte(_ byte: UInt8) -> Bool {
            byte >= 0x80 || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "*")
                || byte == UInt8(ascii: ".") || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
                || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20)
        }
        guard hash + 1 < source.count, isWordByte(source[hash + 1]) else { return nil }
        var end = hash
        while end < source.count, source[end] != UInt8(ascii: "\n"), source[end] != UInt8(ascii: "\r") { end += 1 }
        while end > hash + 1, source[end - 1] == UInt8(ascii: " ") || source[end - 1] == UInt8(ascii: "\t") { end -= 1 }
        let text = String(decoding: source[hash..<end], as: UTF8.self)
        // Columns count Unicode scalars: the bytes that do not continue one.
        let column = 1 + source[lineStart..<hash].count { $0 & 0xC0 != 0x80 }
        let line = range(node).start.line
        return (text, SourceRange(line: line, column: column, endColumn: column + text.unicodeScalars.count))
    }

    /// The offset of the `#` that starts a comment on the line of `node` (after a space or a tab,
    /// or first on the line), and of that line's start, when `node` is an empty null.
    private func commentStart(_ node: YAMLNodeID) -> (hash: Int, lineStart: Int)? {
        guard tree.kind(node) == .scalar, tree.isNull(node), tree.string(node).isEmpty, !source.isEmpty else { return nil }
        let line = range(node).start.line
        var start = 0
        var current = 1
        while start < source.count, current < line {
            if source[start] == UInt8(ascii: "\n") { current += 1 }
            start += 1
        }
        var end = start
        while end < source.count, source[end] != UInt8(ascii: "\n") { end += 1 }
        let text = source[start..<end]
        guard let hash = text.firstIndex(of: UInt8(ascii: "#")),
            hash == start || source[hash - 1] == UInt8(ascii: " ") || source[hash - 1] == UInt8(ascii: "\t")
        else { return nil }
        return (hash, start)
    }

    /// A value for `path`: a number, a point, a size or a colour, range-checked where the format
    /// gives a range (opacity 0...1; sizes, corner radius and border width not negative).
    mutating func value(_ node: YAMLNodeID, for path: PropertyPath, key: String) -> MotionValue? {
        let value: MotionValue?
        switch path.kind {
        case .scalar:
            // Opacity and colour components have a range of their own, which says more.
            let bounded = path.property != .opacity && path.property.kind != .color
            value = number(node, for: key, bounded: bounded).map(MotionValue.scalar)
        case .point:
            if path.property == .scale, tree.kind(node) == .scalar {
                value = number(node, for: key).map { .point($0, $0) }
            } else {
                value = point(node, for: key)
            }
        case .size:
            value = pair(node, for: key, expected: "a size [width, height]").map { .size($0.0, $0.1) }
        case .color:
            value = color(node, for: key)
        }
        guard let value else { return nil }
        if let problem = Self.rangeProblem(value, path) {
            report(.D005, "`\(key)` \(problem)", at: range(node))
            return nil
        }
        return value
    }

    /// Why a value is out of its property's range (``LayerProperty/allowedRange``), or nil.
    static func rangeProblem(_ value: MotionValue, _ path: PropertyPath) -> String? {
        guard let range = path.property.allowedRange else { return nil }
        // Whole colours are range-checked as they are read; a component path (`.r`) reads a
        // plain number, which must lie in the same 0...1.
        let indices = path.component.map { _ in 0..<1 } ?? path.componentIndices
        guard !indices.allSatisfy({ range.contains(value[$0]) }) else { return nil }
        switch path.property {
        case .opacity: return "is an opacity, which must be between 0 and 1, found \(format(value[0]))"
        case .backgroundColor, .borderColor: return "is a colour component, which must be between 0 and 1"
        default: return "must not be negative"
        }
    }

    /// Numbers as users wrote them: `1` rather than `1.0`.
    static func format(_ value: Double) -> String {
        if value.rounded() == value, abs(value) < 1e15 { return String(Int64(value)) }
        return "\(value)"
    }
}

extension LayerProperty {
    /// The values each component of the property may take (docs/format.md §1.1), or nil for any.
    ///
    /// Opacity and colour components lie in 0...1; sizes, corner radius and border width are not
    /// negative. The decoder checks written values against it (D005), the validator the values a
    /// `by:` change reaches (W010).
    package var allowedRange: ClosedRange<Double>? {
        switch self {
        case .opacity, .backgroundColor, .borderColor: 0...1
        case .size, .cornerRadius, .borderWidth: 0...Double.infinity
        default: nil
        }
    }
}
