/// A hand-written recursive-descent parser over the selector's Unicode scalars.
///
/// Offsets count Unicode scalars, as libyaml's marks do, so callers can add them to a column.
struct SelectorParser {
    private let scalars: [Unicode.Scalar]
    private var position = 0

    init(_ text: String) {
        scalars = Array(text.unicodeScalars)
    }

    mutating func parse() -> Result<Selector, SelectorSyntaxError> {
        do {
            return .success(try parseSelector())
        } catch {
            return .failure(error)
        }
    }

    // MARK: Grammar

    private mutating func parseSelector() throws(SelectorSyntaxError) -> Selector {
        skipWhitespace()
        if isAtEnd { throw .empty(length: scalars.count) }
        var groups: [SelectorGroup] = []
        while true {
            groups.append(try parseGroup())
            guard let comma = current, comma == "," else { break }
            let commaOffset = position
            position += 1
            skipWhitespace()
            if isAtEnd {
                throw invalid("unexpected ',' at the end of the selector", at: commaOffset)
            }
        }
        // parseGroup stops only at the end or at a comma.
        guard let selector = Selector(groups: groups) else { throw .empty(length: scalars.count) }
        return selector
    }

    /// Parses one group; stops at the end of the text or before a comma.
    private mutating func parseGroup() throws(SelectorSyntaxError) -> SelectorGroup {
        skipWhitespace()
        if let scalar = current {
            if scalar == "," { throw invalid("empty selector group before ','", at: position) }
            if scalar == ">" {
                throw invalid("'>' must come between two compounds, as in 'List > Item'", at: position)
            }
        }
        let first = try parseCompound()
        var rest: [(Combinator, CompoundSelector)] = []
        while true {
            let hadSpace = skipWhitespace()
            guard let scalar = current, scalar != "," else { break }
            if scalar == ">" {
                let arrow = position
                position += 1
                skipWhitespace()
                if let next = current, next != ",", next != ">" {
                    rest.append((.child, try parseCompound()))
                } else {
                    throw invalid("'>' must be followed by a compound, as in 'List > Item'", at: arrow)
                }
            } else if hadSpace {
                rest.append((.descendant, try parseCompound()))
            } else {
                throw unexpected(scalar, after: rest.last?.1 ?? first)
            }
        }
        return SelectorGroup(first, rest)
    }

    /// Parses `'*' | [Type] ['#' id] ('.' class)*` with at least one part.
    private mutating func parseCompound() throws(SelectorSyntaxError) -> CompoundSelector {
        let start = position
        if current == "*" {
            position += 1
            if let next = current, next == "#" || next == "." || Selector.isIdentifierScalar(next) {
                throw invalid(
                    "'*' stands alone: it cannot be combined with a type, id or class (leave the '*' out)",
                    at: start)
            }
            return .universal(at: SelectorSpan(offset: start, length: 1))
        }
        let type = readIdentifier()
        var id: String?
        if current == "#" {
            let hash = position
            position += 1
            guard let name = readIdentifier() else {
                throw invalid("expected an id after '#'", at: hash)
            }
            id = name
        }
        var classes: [String] = []
        while current == "." {
            let dot = position
            position += 1
            guard let name = readIdentifier() else {
                throw invalid("expected a class name after '.'", at: dot)
            }
            classes.append(name)
        }
        if current == "#" {
            throw invalid(
                id != nil && classes.isEmpty
                    ? "a compound can have only one id"
                    : "the id must come before the classes, as in 'Photo#hero.wide'",
                at: position)
        }
        let span = SelectorSpan(offset: start, length: position - start)
        guard let compound = CompoundSelector(type: type, id: id, classes: classes, span: span) else {
            // No part was read: the current scalar cannot start a compound.
            guard let scalar = current else {
                throw invalid("expected a type, '#id', '.class' or '*'", at: max(start - 1, 0))
            }
            throw unexpected(scalar, after: nil)
        }
        return compound
    }

    // MARK: Scanning

    private var isAtEnd: Bool { position >= scalars.count }

    private var current: Unicode.Scalar? { position < scalars.count ? scalars[position] : nil }

    /// Skips whitespace; returns whether any was skipped.
    @discardableResult
    private mutating func skipWhitespace() -> Bool {
        let start = position
        while let scalar = current, scalar == " " || scalar == "\t" || scalar == "\n" || scalar == "\r" {
            position += 1
        }
        return position > start
    }

    /// Reads an identifier, or nil when none starts here.
    ///
    /// - Complexity: O(length); the name's UTF-8 is written once into a string of the exact size
    ///   (no allocation at all for names of up to 15 bytes), not grown scalar by scalar.
    private mutating func readIdentifier() -> String? {
        let start = position
        var utf8Count = 0
        while let scalar = current, Selector.isIdentifierScalar(scalar) {
            utf8Count += UTF8.width(scalar)
            position += 1
        }
        guard position > start else { return nil }
        let name = scalars[start..<position]
        return String(unsafeUninitializedCapacity: utf8Count) { buffer in
            var written = 0
            for scalar in name {
                UTF8.encode(scalar) { byte in
                    buffer[written] = byte
                    written += 1
                }
            }
            return written
        }
    }

    // MARK: Errors

    private func invalid(_ message: String, at offset: Int, length: Int = 1) -> SelectorSyntaxError {
        SelectorSyntaxError(.invalid, message, offset: offset, length: length)
    }

    /// The error for a scalar that cannot appear where it is, with a hint for the usual mistakes.
    private func unexpected(_ scalar: Unicode.Scalar, after previous: CompoundSelector?) -> SelectorSyntaxError {
        let shown = Self.show(scalar)
        let message: String
        switch scalar {
        case "+", "~":
            message = "\(shown) is not a supported combinator: use a space (any descendant) or '>' (direct child)"
        case ":":
            message = "pseudo-classes such as ':first-child' are not supported"
        case "[":
            message = "attribute selectors such as '[name]' are not supported"
        case "*":
            message = "'*' stands alone: it cannot be combined with a type, id or class (leave the '*' out)"
        case "\"", "'":
            message = "unexpected quote \(shown) inside the selector; quote the whole selector in YAML instead"
        default:
            if previous?.isUniversal == true {
                message = "'*' stands alone: it cannot be combined with a type, id or class (leave the '*' out)"
            } else {
                message = "unexpected character \(shown) in the selector"
            }
        }
        return invalid(message, at: position)
    }

    private static func show(_ scalar: Unicode.Scalar) -> String {
        if scalar.isASCII, scalar.value >= 0x21, scalar.value < 0x7F { return "'\(Character(scalar))'" }
        let hex = String(scalar.value, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }
}
