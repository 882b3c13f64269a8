/// A strict RFC 8259 JSON reader producing ``JSONValue`` with ordered keys.
///
/// Numbers are parsed with Swift's correctly rounded `Double(_:)`, so every number that
/// ``JSONNumber`` wrote reads back bit for bit. Duplicate keys, nesting deeper than
/// ``maximumDepth``, numbers outside the range of a double and invalid UTF-8 are errors; errors
/// give the line and column of the offending byte. A caller that reads untrusted files of a format
/// with known limits passes `maximumValues`, so that a file packed with small values is refused
/// before its tree outgrows what the format can need.
public enum JSONReader {
    /// How deeply arrays and objects may nest.
    public static let maximumDepth = 64

    /// Parses `bytes` as one JSON value.
    ///
    /// - Parameters:
    ///   - bytes: UTF-8 text.
    ///   - maximumValues: the most values (numbers, strings, literals, arrays and objects, each
    ///     counting 1) the text may hold; reading stops at the first value past it, with an error
    ///     whose ``JSONReadError/isOverLimit`` is true. Unlimited by default.
    /// - Throws: ``JSONReadError`` naming the line and column of the offending byte.
    /// - Complexity: O(n) in the input's length.
    public static func parse(_ bytes: [UInt8], maximumValues: Int = .max) throws(JSONReadError) -> JSONValue {
        var parser = JSONScanner(bytes: bytes, maximumValues: maximumValues)
        parser.skipSpace()
        let value = try parser.value(depth: 0)
        parser.skipSpace()
        guard parser.index == bytes.count else { throw parser.error("unexpected text after the JSON value") }
        return value
    }
}

/// Reads JSON tokens from UTF-8 bytes, one at a time, with the checks of ``JSONReader``.
///
/// It is the piece a reader that decodes straight from the bytes is built on, and its errors are
/// ``JSONReader``'s.
///
/// The scanner steps over whitespace, strings, numbers and literals; its user steps over the
/// brackets, commas and colons (``skip(_:)``) and counts the values it meets (``countValue()``).
/// Errors name the line and column of ``offset``.
public struct JSONScanner {
    /// The text.
    @usableFromInline let bytes: [UInt8]
    /// The offset of the next byte to read.
    @usableFromInline var index = 0
    /// The offset of the next byte to read.
    public var offset: Int { index }
    /// The values the text may still hold.
    @usableFromInline var valuesLeft: Int
    /// The budget the scanner was given, for its error message.
    let maximumValues: Int

    /// A scanner at the start of `bytes` that lets them hold at most `maximumValues` values.
    public init(bytes: [UInt8], maximumValues: Int = .max) {
        self.bytes = bytes
        self.valuesLeft = maximumValues
        self.maximumValues = maximumValues
    }

    /// An error at ``offset``.
    public func error(_ message: String, isOverLimit: Bool = false) -> JSONReadError {
        var line = 1
        var column = 1
        for b in bytes[0..<min(index, bytes.count)] {
            if b == 0x0A {
                line += 1
                column = 1
            } else if b & 0xC0 != 0x80 {
                column += 1
            }
        }
        return JSONReadError(line: line, column: column, message: message, isOverLimit: isOverLimit)
    }

    /// The byte at ``offset``, nil at the end.
    @inlinable public var current: UInt8? { index < bytes.count ? bytes[index] : nil }

    /// Whether every byte has been read.
    @inlinable public var isAtEnd: Bool { index >= bytes.count }

    /// Steps over spaces, tabs and line breaks.
    ///
    /// - Complexity: O(n) in the whitespace stepped over.
    @inlinable public mutating func skipSpace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x0A, 0x0D, 0x09: index += 1
            default: return
            }
        }
    }

    /// Steps over whitespace and then `byte`, and says whether `byte` was there.
    ///
    /// If it was not, only the whitespace is stepped over.
    @inlinable public mutating func skip(_ byte: UInt8) -> Bool {
        skipSpace()
        guard index < bytes.count, bytes[index] == byte else { return false }
        index += 1
        return true
    }

    /// Steps over whitespace, then over `"key"` and `:` when the next bytes spell them.
    ///
    /// The key is matched without escapes; the result says whether it was there.
    ///
    /// - Complexity: O(1) for a key of fixed length.
    @inlinable public mutating func skipKey(_ key: StaticString) -> Bool {
        key.withUTF8Buffer { skipKey(utf8: $0) }
    }

    /// ``skipKey(_:)-(StaticString)`` for a key given as its UTF-8 bytes.
    @inlinable public mutating func skipKey(_ key: [UInt8]) -> Bool {
        key.withUnsafeBufferPointer { skipKey(utf8: $0) }
    }

    @inlinable mutating func skipKey(utf8 key: UnsafeBufferPointer<UInt8>) -> Bool {
        skipSpace()
        let count = key.count
        guard index + count + 2 <= bytes.count, bytes[index] == UInt8(ascii: "\""),
            bytes[index + count + 1] == UInt8(ascii: "\"")
        else { return false }
        let start = index + 1
        var i = 0
        while i < count {
            if key[i] != bytes[start + i] { return false }
            i += 1
        }
        index = start + count + 1
        return skip(UInt8(ascii: ":"))
    }

    /// Counts one value against the budget.
    ///
    /// - Throws: an error whose ``JSONReadError/isOverLimit`` is true past the budget.
    @inlinable public mutating func countValue() throws(JSONReadError) {
        guard valuesLeft > 0 else { throw overLimit() }
        valuesLeft -= 1
    }

    @usableFromInline func overLimit() -> JSONReadError {
        error("more than \(maximumValues) values", isOverLimit: true)
    }

    mutating func value(depth: Int) throws(JSONReadError) -> JSONValue {
        guard let c = current else { throw error("unexpected end of input, expected a value") }
        try countValue()
        switch c {
        case UInt8(ascii: "{"): return try object(depth: depth + 1)
        case UInt8(ascii: "["): return try array(depth: depth + 1)
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t"): try literal("true"); return .bool(true)
        case UInt8(ascii: "f"): try literal("false"); return .bool(false)
        case UInt8(ascii: "n"): try literal("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try number())
        default: throw error("unexpected character, expected a value")
        }
    }

    mutating func literal(_ word: StaticString) throws(JSONReadError) {
        guard index + word.utf8CodeUnitCount <= bytes.count else { throw error("unexpected end of input") }
        guard skipLiteral(word) else { throw error("unknown literal, expected true, false or null") }
    }

    /// Steps over `word` (`true`, `false` or `null`) when the next bytes spell it.
    ///
    /// The result says whether they did.
    @inlinable public mutating func skipLiteral(_ word: StaticString) -> Bool {
        let count = word.utf8CodeUnitCount
        guard index + count <= bytes.count else { return false }
        let start = index
        let matches = word.withUTF8Buffer { utf8 in
            var i = 0
            while i < count {
                if utf8[i] != bytes[start + i] { return false }
                i += 1
            }
            return true
        }
        if matches { index += count }
        return matches
    }

    /// Steps into an object or array at `depth` and says whether it is empty: `closing` follows
    /// the opening bracket at once (and is stepped over too).
    mutating func open(depth: Int, closing: UInt8) throws(JSONReadError) -> Bool {
        guard depth <= JSONReader.maximumDepth else { throw error("nesting deeper than \(JSONReader.maximumDepth)") }
        index += 1
        skipSpace()
        guard current == closing else { return false }
        index += 1
        return true
    }

    /// After an item of `collection`: true at `,` (another item follows), false at `closing`;
    /// either is stepped over.
    mutating func next(closing: UInt8, in collection: String) throws(JSONReadError) -> Bool {
        skipSpace()
        if current == UInt8(ascii: ",") {
            index += 1
            return true
        }
        guard current == closing else { throw error("expected ',' or '\(Unicode.Scalar(closing))' in \(collection)") }
        index += 1
        return false
    }

    /// Up to this many keys, an object's keys are searched for a duplicate rather than hashed.
    static let searchedKeys = 16

    mutating func object(depth: Int) throws(JSONReadError) -> JSONValue {
        var members: [JSONMember] = []
        if try open(depth: depth, closing: UInt8(ascii: "}")) { return .object(members) }
        // Duplicate keys: a small object (most are) is searched, a large one hashed.
        var keys = Set<String>()
        repeat {
            skipSpace()
            guard current == UInt8(ascii: "\"") else { throw error("expected a key in double quotes") }
            let keyStart = index
            let key = try string()
            let duplicate: Bool
            if members.count < Self.searchedKeys {
                duplicate = members.contains { $0.key == key }
            } else {
                if keys.isEmpty { keys = Set(members.lazy.map(\.key)) }
                duplicate = !keys.insert(key).inserted
            }
            guard !duplicate else {
                index = keyStart
                throw error("duplicate key \"\(key)\"")
            }
            skipSpace()
            guard current == UInt8(ascii: ":") else { throw error("expected ':' after a key") }
            index += 1
            skipSpace()
            members.append(JSONMember(key, try value(depth: depth)))
        } while try next(closing: UInt8(ascii: "}"), in: "an object")
        return .object(members)
    }

    mutating func array(depth: Int) throws(JSONReadError) -> JSONValue {
        var items: [JSONValue] = []
        if try open(depth: depth, closing: UInt8(ascii: "]")) { return .array(items) }
        repeat {
            skipSpace()
            items.append(try value(depth: depth))
        } while try next(closing: UInt8(ascii: "]"), in: "an array")
        return .array(items)
    }

    /// Powers of ten a double holds exactly.
    static let exactPowersOfTen: [Double] = [
        1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20,
        1e21, 1e22,
    ]

    /// Reads a number, correctly rounded to the nearest double.
    ///
    /// A number of at most 15 significant digits whose decimal exponent is within ±22 (nearly
    /// every number motionc writes) is its digits as an integer times or divided by a power of
    /// ten, both exact doubles, so one rounding gives the nearest double (Clinger's fast path);
    /// any other is read by Swift's `Double(_:)`.
    ///
    /// - Throws: at text that is not a JSON number, or a number outside the range of a double.
    /// - Complexity: O(n) in the number's length.
    public mutating func number() throws(JSONReadError) -> Double {
        let start = index
        let negative = current == UInt8(ascii: "-")
        if negative { index += 1 }
        guard let first = current, isDigit(first) else { throw error("expected a digit") }
        index += 1
        // The digits as an integer while they are at most 15 significant ones, and the power of
        // ten the fraction's digits divide it by.
        var digits = UInt64(first &- UInt8(ascii: "0"))
        var significant = first == UInt8(ascii: "0") ? 0 : 1
        var scale = 0
        if first != UInt8(ascii: "0") {
            while let c = current, isDigit(c) {
                digits = digits &* 10 &+ UInt64(c &- UInt8(ascii: "0"))
                significant += 1
                index += 1
            }
        }
        if current == UInt8(ascii: ".") {
            index += 1
            guard let c = current, isDigit(c) else { throw error("expected a digit after '.'") }
            while let c = current, isDigit(c) {
                digits = digits &* 10 &+ UInt64(c &- UInt8(ascii: "0"))
                if significant > 0 || c != UInt8(ascii: "0") { significant += 1 }
                scale += 1
                index += 1
            }
        }
        var exponent = 0
        var exponentDigits = 0
        if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
            index += 1
            var exponentSign = 1
            if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") {
                if current == UInt8(ascii: "-") { exponentSign = -1 }
                index += 1
            }
            guard let c = current, isDigit(c) else { throw error("expected a digit in the exponent") }
            while let c = current, isDigit(c) {
                if exponentDigits < 6 { exponent = exponent * 10 + Int(c &- UInt8(ascii: "0")) }
                exponentDigits += 1
                index += 1
            }
            exponent *= exponentSign
        }
        let power = exponent - scale
        if significant <= 15, exponentDigits < 6, power >= -22, power <= 22 {
            let whole = Double(digits)
            let magnitude = power >= 0 ? whole * Self.exactPowersOfTen[power] : whole / Self.exactPowersOfTen[-power]
            return negative ? -magnitude : magnitude
        }
        let text = String(decoding: bytes[start..<index], as: UTF8.self)
        guard let value = Double(text), value.isFinite else {
            index = start
            throw error("number \(text.prefix(40)) is outside the range of a double")
        }
        return value
    }

    @usableFromInline func isDigit(_ c: UInt8) -> Bool { c >= UInt8(ascii: "0") && c <= UInt8(ascii: "9") }

    /// Reads a string (at its opening quote): escapes decoded, UTF-8 checked.
    ///
    /// - Complexity: O(n) in the string's length.
    public mutating func string() throws(JSONReadError) -> String {
        index += 1
        var scalars = String.UnicodeScalarView()
        var runStart = index
        func flush(_ scalars: inout String.UnicodeScalarView, _ from: Int, _ to: Int) -> Bool {
            guard from < to else { return true }
            guard let text = String(validating: bytes[from..<to], as: UTF8.self) else { return false }
            scalars.append(contentsOf: text.unicodeScalars)
            return true
        }
        // Whether every byte so far is ASCII (no check of the UTF-8 needed).
        var ascii = true
        while true {
            guard let c = current else { throw error("unterminated string") }
            if c == UInt8(ascii: "\"") {
                if scalars.isEmpty {
                    // No escape met (the usual case: keys, ids, names): the string is its bytes.
                    let (start, end) = (runStart, index)
                    let text = bytes.withUnsafeBufferPointer { buffer -> String? in
                        let run = UnsafeBufferPointer(rebasing: buffer[start..<end])
                        return ascii ? String(decoding: run, as: UTF8.self) : String(validating: run, as: UTF8.self)
                    }
                    guard let text else { throw error("invalid UTF-8 in a string") }
                    index += 1
                    return text
                }
                guard flush(&scalars, runStart, index) else { throw error("invalid UTF-8 in a string") }
                index += 1
                return String(scalars)
            }
            if c < 0x20 { throw error("control character in a string; escape it") }
            if c != UInt8(ascii: "\\") {
                ascii = ascii && c < 0x80
                index += 1
                continue
            }
            guard flush(&scalars, runStart, index) else { throw error("invalid UTF-8 in a string") }
            index += 1
            guard let e = current else { throw error("unterminated escape") }
            index += 1
            switch e {
            case UInt8(ascii: "\""): scalars.append("\"")
            case UInt8(ascii: "\\"): scalars.append("\\")
            case UInt8(ascii: "/"): scalars.append("/")
            case UInt8(ascii: "b"): scalars.append("\u{08}")
            case UInt8(ascii: "f"): scalars.append("\u{0C}")
            case UInt8(ascii: "n"): scalars.append("\n")
            case UInt8(ascii: "r"): scalars.append("\r")
            case UInt8(ascii: "t"): scalars.append("\t")
            case UInt8(ascii: "u"):
                var code = try hex4()
                if (0xD800..<0xDC00).contains(code) {
                    guard current == UInt8(ascii: "\\"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "u")
                    else { throw error("unpaired surrogate in \\u escape") }
                    index += 2
                    let low = try hex4()
                    guard (0xDC00..<0xE000).contains(low) else { throw error("unpaired surrogate in \\u escape") }
                    code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                }
                guard let scalar = Unicode.Scalar(code) else { throw error("unpaired surrogate in \\u escape") }
                scalars.append(scalar)
            default:
                index -= 1
                throw error("unknown escape")
            }
            runStart = index
        }
    }

    mutating func hex4() throws(JSONReadError) -> UInt32 {
        guard index + 4 <= bytes.count else { throw error("unterminated \\u escape") }
        var code: UInt32 = 0
        for _ in 0..<4 {
            let c = bytes[index]
            let digit: UInt32
            switch c {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(c - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(c - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(c - UInt8(ascii: "A") + 10)
            default: throw error("expected 4 hex digits in \\u escape")
            }
            code = code << 4 | digit
            index += 1
        }
        return code
    }
}

/// Why text is not JSON, and the line and column where reading stopped.
///
/// Line and column count from 1; the column counts characters, up to the byte at which reading
/// stopped.
public struct JSONReadError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The line, from 1.
    public var line: Int
    /// The column in characters (UTF-8 continuation bytes do not count), from 1.
    public var column: Int
    /// What was wrong: `duplicate key "a"`, `unexpected end of input, expected a value`.
    public var message: String
    /// Whether the reader stopped at its value budget rather than at an error in the text.
    ///
    /// The text may be valid JSON that holds more values than the reader was allowed
    /// (`maximumValues` of ``JSONReader/parse(_:maximumValues:)``).
    public var isOverLimit: Bool

    /// Creates an error at `line` and `column`.
    public init(line: Int, column: Int, message: String, isOverLimit: Bool = false) {
        (self.line, self.column, self.message, self.isOverLimit) = (line, column, message, isOverLimit)
    }

    /// `invalid JSON at line 3, column 7: duplicate key "a"`.
    public var description: String { "invalid JSON at line \(line), column \(column): \(message)" }
}
