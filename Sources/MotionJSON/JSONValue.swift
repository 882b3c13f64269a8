/// A JSON value whose objects keep their keys in the order they were written.
///
/// motionc's outputs (diagnostics, schemas, timelines) promise a fixed key order and
/// byte-identical output for the same input; this type and its writer keep that promise.
public indirect enum JSONValue: Equatable, Sendable {
    /// `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// A number, written as the shortest text that reads back as the same `Double`.
    case number(Double)
    /// A string, escaped as JSON requires.
    case string(String)
    /// An array, in order.
    case array([JSONValue])
    /// An object, its members in the order they were written.
    case object([JSONMember])

    /// An object from key-value pairs, in order.
    public static func object(_ pairs: KeyValuePairs<String, JSONValue>) -> JSONValue {
        .object(pairs.map { JSONMember($0.key, $0.value) })
    }

    /// An array of strings.
    public static func strings(_ values: some Sequence<String>) -> JSONValue {
        .array(values.map(JSONValue.string))
    }

    /// An array of numbers.
    public static func numbers(_ values: some Sequence<Double>) -> JSONValue {
        .array(values.map(JSONValue.number))
    }

    /// The value written as JSON text; `pretty` indents by two spaces and ends without a newline.
    ///
    /// - Complexity: O(n) in the size of the output.
    public func serialized(pretty: Bool = true) -> String {
        var writer = JSONWriter(pretty: pretty)
        writer.write(self, indent: 0)
        return writer.output
    }
}

/// One key and value of a JSON object.
public struct JSONMember: Equatable, Sendable {
    /// The member's key.
    public var key: String
    /// The member's value.
    public var value: JSONValue

    /// A member with `key` and `value`.
    public init(_ key: String, _ value: JSONValue) {
        self.key = key
        self.value = value
    }
}

/// Writes JSON text with a fixed layout, as UTF-8 bytes into one growing buffer.
struct JSONWriter {
    let pretty: Bool
    var bytes: [UInt8] = []

    init(pretty: Bool) {
        self.pretty = pretty
        bytes.reserveCapacity(1 << 12)
    }

    /// The text written so far.
    var output: String { String(decoding: bytes, as: UTF8.self) }

    mutating func append(_ text: StaticString) {
        text.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    mutating func newline(_ indent: Int) {
        guard pretty else { return }
        bytes.append(UInt8(ascii: "\n"))
        bytes.append(contentsOf: repeatElement(UInt8(ascii: " "), count: indent * 2))
    }

    /// - Complexity: O(n) in the size of the output.
    mutating func write(_ value: JSONValue, indent: Int) {
        switch value {
        case .null: append("null")
        case .bool(let b): b ? append("true") : append("false")
        case .number(let n): JSONNumber.append(n, to: &bytes)
        case .string(let s): JSONString.append(s, to: &bytes)
        case .array(let items):
            if items.isEmpty {
                append("[]")
                return
            }
            // Short arrays of scalars stay on one line: points, colours, keyTimes.
            let inline = !pretty || (items.count <= 8 && items.allSatisfy(\.isScalar))
            bytes.append(UInt8(ascii: "["))
            for (i, item) in items.enumerated() {
                if i > 0 { inline && pretty ? append(", ") : append(",") }
                if !inline { newline(indent + 1) }
                write(item, indent: indent + 1)
            }
            if !inline { newline(indent) }
            bytes.append(UInt8(ascii: "]"))
        case .object(let members):
            if members.isEmpty {
                append("{}")
                return
            }
            bytes.append(UInt8(ascii: "{"))
            for (i, member) in members.enumerated() {
                if i > 0 { bytes.append(UInt8(ascii: ",")) }
                newline(indent + 1)
                JSONString.append(member.key, to: &bytes)
                pretty ? append(": ") : append(":")
                write(member.value, indent: indent + 1)
            }
            newline(indent)
            bytes.append(UInt8(ascii: "}"))
        }
    }
}

extension JSONValue {
    /// Whether the value is neither an array nor an object.
    var isScalar: Bool {
        switch self {
        case .array, .object: false
        default: true
        }
    }
}

/// JSON number formatting: shortest round-trip text, integers without a fraction.
public enum JSONNumber {
    /// `1` for 1.0, `0.1` for 0.1, `1e-07` style exponents as Swift prints them.
    ///
    /// Non-finite numbers (which JSON cannot hold) become `null`.
    public static func format(_ value: Double) -> String {
        guard value.isFinite else { return "null" }
        if value == value.rounded(.towardZero), abs(value) < 9.007_199_254_740_992e15 {
            return value == 0 ? "0" : String(Int64(value))
        }
        return "\(value)"
    }

    /// Appends ``format(_:)``'s text as UTF-8; whole numbers are written digit by digit.
    ///
    /// - Complexity: O(1).
    public static func append(_ value: Double, to bytes: inout [UInt8]) {
        guard value.isFinite, value == value.rounded(.towardZero), abs(value) < 1e15 else {
            bytes.append(contentsOf: format(value).utf8)
            return
        }
        var whole = Int64(value)
        if whole < 0 {
            bytes.append(UInt8(ascii: "-"))
            whole = -whole
        }
        var digits: (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8) =
            (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        var count = 0
        withUnsafeMutableBytes(of: &digits) { buffer in
            repeat {
                buffer[count] = UInt8(ascii: "0") + UInt8(whole % 10)
                whole /= 10
                count += 1
            } while whole > 0
            for i in stride(from: count - 1, through: 0, by: -1) { bytes.append(buffer[i]) }
        }
    }
}

/// JSON string escaping.
public enum JSONString {
    /// Appends `string` quoted and escaped (RFC 8259): quotes, backslashes and control characters.
    ///
    /// - Complexity: O(n) in the string's length.
    public static func append(_ string: String, to output: inout String) {
        output.append("\"")
        for scalar in string.unicodeScalars {
            switch scalar {
            case "\"": output.append("\\\"")
            case "\\": output.append("\\\\")
            case "\n": output.append("\\n")
            case "\r": output.append("\\r")
            case "\t": output.append("\\t")
            case "\u{08}": output.append("\\b")
            case "\u{0C}": output.append("\\f")
            default:
                if scalar.value < 0x20 {
                    let hex = String(scalar.value, radix: 16)
                    output.append("\\u" + String(repeating: "0", count: 4 - hex.count) + hex)
                } else {
                    output.unicodeScalars.append(scalar)
                }
            }
        }
        output.append("\"")
    }

    /// Appends `string` quoted and escaped, as UTF-8: copied whole when nothing needs escaping.
    ///
    /// - Complexity: O(n) in the string's length.
    public static func append(_ string: String, to bytes: inout [UInt8]) {
        let isPlain = { (byte: UInt8) in byte >= 0x20 && byte != UInt8(ascii: "\"") && byte != UInt8(ascii: "\\") }
        // Read in place where the text is stored as UTF-8 (short keys and names are).
        let copied = string.utf8.withContiguousStorageIfAvailable { utf8 -> Bool in
            guard utf8.allSatisfy(isPlain) else { return false }
            bytes.append(UInt8(ascii: "\""))
            bytes.append(contentsOf: utf8)
            bytes.append(UInt8(ascii: "\""))
            return true
        }
        if copied == true { return }
        if string.utf8.allSatisfy(isPlain) {
            bytes.append(UInt8(ascii: "\""))
            bytes.append(contentsOf: string.utf8)
            bytes.append(UInt8(ascii: "\""))
        } else {
            var text = ""
            append(string, to: &text)
            bytes.append(contentsOf: text.utf8)
        }
    }

    /// `string` quoted and escaped.
    public static func quoted(_ string: String) -> String {
        var output = ""
        append(string, to: &output)
        return output
    }
}

extension JSONValue {
    /// An object from `(key, value)` pairs, in order.
    public static func object(_ pairs: [(key: String, value: JSONValue)]) -> JSONValue {
        .object(pairs.map { JSONMember($0.key, $0.value) })
    }

    /// A whole number.
    public static func int(_ value: Int) -> JSONValue { .number(Double(value)) }

    /// An optional string, or `null`.
    public static func string(_ text: String?) -> JSONValue { text.map(JSONValue.string) ?? .null }
}

extension JSONValue {
    /// This JSON Schema with every number held within ±`limit`.
    ///
    /// Each `"type": "number"` gets the bound on each side that has none of its own
    /// (`minimum`/`exclusiveMinimum`, `maximum`/`exclusiveMaximum`).
    public func boundingNumbers(within limit: Double) -> JSONValue {
        switch self {
        case .array(let items):
            return .array(items.map { $0.boundingNumbers(within: limit) })
        case .object(let members):
            var bounded = members.map { JSONMember($0.key, $0.value.boundingNumbers(within: limit)) }
            guard bounded.contains(where: { $0.key == "type" && $0.value == .string("number") }) else { return .object(bounded) }
            let keys = Set(bounded.map(\.key))
            if keys.isDisjoint(with: ["minimum", "exclusiveMinimum"]) { bounded.append(JSONMember("minimum", .number(-limit))) }
            if keys.isDisjoint(with: ["maximum", "exclusiveMaximum"]) { bounded.append(JSONMember("maximum", .number(limit))) }
            return .object(bounded)
        default:
            return self
        }
    }
}
