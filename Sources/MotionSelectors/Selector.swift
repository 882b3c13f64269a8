/// A parsed target selector (docs/format.md §3): one or more groups separated by commas.
///
/// ```
/// selector  := group (',' group)*
/// group     := compound (combinator compound)*
/// combinator:= whitespace (descendant) | '>' (child)
/// compound  := '*' | [Type] ['#' id] ('.' class)*        (at least one part)
/// ```
///
/// A selector resolves to the targets any of its groups matches, in document order, each once.
/// Two selectors are equal when they have the same structure, whatever their spacing:
/// `Grid>Photo` equals `Grid > Photo`.
///
/// Identifiers (types, ids, classes) are one or more Unicode letters, ASCII digits, `_` or `-`,
/// in any order: unlike CSS, an id or class may start with a digit or `-` (`#1`, `.-wide`), because
/// document ids are YAML keys such as `card`, `item-1` or `photo_2`, and nothing in the grammar
/// could be confused with a number. Matching is case-sensitive. See ``Selector/isIdentifier(_:)``.
public struct Selector: Hashable, Sendable, CustomStringConvertible {
    /// The comma-separated groups, in source order; never empty.
    public let groups: [SelectorGroup]

    /// Creates a selector from groups; returns `nil` when `groups` is empty.
    public init?(groups: [SelectorGroup]) {
        guard !groups.isEmpty else { return nil }
        self.groups = groups
    }

    /// The canonical spelling: groups joined by `, `, combinators spelled ` ` and ` > `.
    public var description: String { groups.map(\.description).joined(separator: ", ") }

    /// Every type, id and class the selector names, in source order, with the span of its compound.
    ///
    /// The validator uses these to say which name in a selector that matches nothing is unknown.
    public var names: [SelectorName] {
        groups.flatMap { group in group.compounds.flatMap(\.names) }
    }

    /// Parses a selector, reporting the first problem with its place in the text.
    ///
    /// Leading and trailing whitespace (space, tab, line feed, carriage return) is ignored. An empty
    /// or all-whitespace text fails with ``SelectorSyntaxError/Kind-swift.enum/empty`` (diagnostic
    /// T001); every other problem fails with ``SelectorSyntaxError/Kind-swift.enum/invalid`` (T002).
    ///
    /// - Complexity: O(*n*) in the length of `text`.
    public static func parse(_ text: String) -> Result<Selector, SelectorSyntaxError> {
        var parser = SelectorParser(text)
        return parser.parse()
    }

    /// Whether `text` is a valid identifier for a type, id or class in a selector.
    ///
    /// An identifier is one or more Unicode letters, ASCII digits, `_` or `-`. The validator uses
    /// the same rule for target ids, so that every valid id can be selected with `#id`.
    public static func isIdentifier(_ text: String) -> Bool {
        !text.isEmpty && text.unicodeScalars.allSatisfy(isIdentifierScalar)
    }

    /// The id of a selector that is exactly `#` and an ASCII identifier, or nil for any other.
    ///
    /// Such a selector selects the targets with that id and nothing else, so a caller can look the
    /// id up instead of parsing and matching; every other selector (spaces, types, classes,
    /// combinators, non-ASCII letters) returns nil and goes the general way.
    ///
    /// - Complexity: O(*n*) in the length of `selector`; nothing is allocated. The bytes are read
    ///   in place, without decoding scalars.
    public static func plainID(_ selector: String) -> Substring? {
        // The bytes read in place, one comparison each (a run resolves a selector per operation;
        // walking the UTF-8 view index by index cost ~100 instructions a byte).
        let plain =
            selector.utf8.withContiguousStorageIfAvailable { bytes in
                bytes.count > 1 && bytes[0] == UInt8(ascii: "#") && bytes.dropFirst().allSatisfy(isIdentifierByte)
            } ?? isPlainIDAnyStorage(selector.utf8)
        // After the `#`, one byte: an index of the UTF-8 view (dropping the first Character
        // walked grapheme breaks, ~300 instructions).
        return plain ? selector[selector.utf8.index(after: selector.utf8.startIndex)...] : nil
    }

    /// ``plainID(_:)``'s test for a string whose bytes are not stored contiguously.
    private static func isPlainIDAnyStorage(_ utf8: String.UTF8View) -> Bool {
        guard utf8.first == UInt8(ascii: "#"), utf8.count > 1 else { return false }
        return utf8.dropFirst().allSatisfy(isIdentifierByte)
    }

    /// Whether one byte of UTF-8 is an ASCII identifier character (``isIdentifierScalar(_:)``
    /// for ASCII; a plain `#id` is ASCII).
    @inline(__always)
    static func isIdentifierByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
            UInt8(ascii: "_"), UInt8(ascii: "-"):
            true
        default: false
        }
    }

    /// Whether one scalar may appear in an identifier.
    static func isIdentifierScalar(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case "a"..."z", "A"..."Z", "0"..."9", "_", "-": true
        default: scalar.value > 0x7F && scalar.properties.isAlphabetic
        }
    }
}

/// One comma-separated group: compounds joined by combinators, such as `Grid > Photo.wide`.
public struct SelectorGroup: Hashable, Sendable, CustomStringConvertible {
    /// The compounds, left to right; never empty.
    public let compounds: [CompoundSelector]
    /// The combinator before each compound after the first.
    ///
    /// `combinators[i]` joins `compounds[i]` and `compounds[i + 1]`. Always one fewer than
    /// `compounds`.
    public let combinators: [Combinator]

    /// Creates a group from its first compound and the (combinator, compound) steps that follow.
    public init(_ first: CompoundSelector, _ rest: [(Combinator, CompoundSelector)] = []) {
        compounds = [first] + rest.map(\.1)
        combinators = rest.map(\.0)
    }

    /// The canonical spelling, such as `Grid > Photo`.
    public var description: String {
        var text = compounds[0].description
        for (combinator, compound) in zip(combinators, compounds.dropFirst()) {
            text += combinator == .child ? " > " : " "
            text += compound.description
        }
        return text
    }
}

/// How two compounds of a group relate in the target tree.
public enum Combinator: String, Hashable, Sendable, CaseIterable {
    /// Whitespace: the right compound is anywhere below the left one.
    case descendant
    /// `>`: the right compound is a direct child of the left one.
    case child
}

/// One compound: `*`, or an optional type, an optional `#id` and any number of `.class`es.
///
/// Equality ignores ``span``: it compares what the compound matches, not where it was written.
public struct CompoundSelector: Hashable, Sendable, CustomStringConvertible {
    /// Whether this is the universal compound `*`, which matches every target.
    public let isUniversal: Bool
    /// The type name the target must have, such as `Photo`.
    public let type: String?
    /// The id the target must have, such as `card` for `#card`.
    public let id: String?
    /// Classes the target must all have, in source order.
    public let classes: [String]
    /// Where the compound was written in the selector text (Unicode scalars).
    public let span: SelectorSpan

    /// The universal compound `*`.
    public static func universal(at span: SelectorSpan = SelectorSpan(offset: 0, length: 1)) -> CompoundSelector {
        CompoundSelector(isUniversal: true, type: nil, id: nil, classes: [], span: span)
    }

    /// Creates a compound from its parts; returns `nil` when it has none, or a part is not an identifier.
    public init?(type: String? = nil, id: String? = nil, classes: [String] = [], span: SelectorSpan? = nil) {
        guard type != nil || id != nil || !classes.isEmpty else { return nil }
        guard type.map(Selector.isIdentifier) ?? true, id.map(Selector.isIdentifier) ?? true,
            classes.allSatisfy(Selector.isIdentifier)
        else { return nil }
        self.init(
            isUniversal: false, type: type, id: id, classes: classes,
            span: span ?? SelectorSpan(offset: 0, length: 0))
    }

    private init(isUniversal: Bool, type: String?, id: String?, classes: [String], span: SelectorSpan) {
        self.isUniversal = isUniversal
        self.type = type
        self.id = id
        self.classes = classes
        self.span = span
    }

    /// The names this compound uses, each with the compound's span.
    public var names: [SelectorName] {
        var names: [SelectorName] = []
        if let type { names.append(SelectorName(kind: .type, name: type, span: span)) }
        if let id { names.append(SelectorName(kind: .id, name: id, span: span)) }
        names += classes.map { SelectorName(kind: .class, name: $0, span: span) }
        return names
    }

    /// The canonical spelling, such as `Photo#hero.wide`.
    public var description: String {
        if isUniversal { return "*" }
        return (type ?? "") + (id.map { "#" + $0 } ?? "") + classes.map { "." + $0 }.joined()
    }

    /// Whether two compounds match the same targets: same parts, whatever their spans.
    public static func == (lhs: CompoundSelector, rhs: CompoundSelector) -> Bool {
        lhs.isUniversal == rhs.isUniversal && lhs.type == rhs.type && lhs.id == rhs.id
            && lhs.classes == rhs.classes
    }

    /// Hashes the parts, not the span, consistently with `==`.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(isUniversal)
        hasher.combine(type)
        hasher.combine(id)
        hasher.combine(classes)
    }
}

/// A place in a selector's text: a 0-based offset and a length, both in Unicode scalars.
///
/// Add the offset to the column where the selector's text starts in the YAML file to point inside
/// the string (for a plain or quoted scalar without escapes).
public struct SelectorSpan: Hashable, Sendable {
    /// The 0-based offset of the first scalar.
    public var offset: Int
    /// How many scalars the span covers.
    public var length: Int

    /// Creates a span.
    public init(offset: Int, length: Int) {
        self.offset = offset
        self.length = length
    }
}

/// A type, id or class named in a selector, with the span of the compound it appears in.
public struct SelectorName: Hashable, Sendable, CustomStringConvertible {
    /// Which kind of name it is.
    public enum Kind: String, Hashable, Sendable, CaseIterable {
        /// A type name, such as `Photo`.
        case type
        /// An id, written `#card`.
        case id
        /// A class, written `.elevated`.
        case `class`

        /// How the kind is written before the name: `""`, `"#"` or `"."`.
        public var sigil: String {
            switch self {
            case .type: ""
            case .id: "#"
            case .class: "."
            }
        }
    }

    /// Which kind of name it is.
    public var kind: Kind
    /// The name without its sigil.
    public var name: String
    /// The span of the compound that names it.
    public var span: SelectorSpan

    /// Creates a name.
    public init(kind: Kind, name: String, span: SelectorSpan) {
        self.kind = kind
        self.name = name
        self.span = span
    }

    /// The name as written in a selector: `Photo`, `#card` or `.elevated`.
    public var description: String { kind.sigil + name }
}

/// Why a selector could not be parsed, and where.
public struct SelectorSyntaxError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The two cases the diagnostics tell apart.
    public enum Kind: Hashable, Sendable {
        /// The selector is empty or only whitespace (diagnostic T001).
        case empty
        /// The selector is malformed (diagnostic T002).
        case invalid
    }

    /// Whether the selector was empty or malformed.
    public var kind: Kind
    /// What is wrong, in words a user understands, such as `expected an id after '#'`.
    public var message: String
    /// The 0-based offset, in Unicode scalars inside the selector text, of the offending part.
    public var offset: Int
    /// How many scalars the offending part covers (0 only for an empty selector).
    public var length: Int

    /// Creates an error.
    public init(_ kind: Kind, _ message: String, offset: Int, length: Int) {
        self.kind = kind
        self.message = message
        self.offset = offset
        self.length = length
    }

    /// The error for an empty or all-whitespace selector, spanning the whole text.
    public static func empty(length: Int = 0) -> SelectorSyntaxError {
        SelectorSyntaxError(.empty, "the selector is empty", offset: 0, length: length)
    }

    /// The message.
    public var description: String { message }
}
