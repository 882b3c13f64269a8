/// A JSON value whose objects keep their keys in the order they were written.
///
/// FORMAT.md fixes key orders that are not alphabetical, and output must be byte-identical for the
/// same input, so the renderers build these and print them with ``JSONValue/serialized()``.
enum JSONValue {
    case string(String)
    case int(Int)
    case bool(Bool)
    case null
    case array([JSONValue])
    case object([(key: String, value: JSONValue)])

    /// An optional string, or `null`.
    static func string(_ text: String?) -> JSONValue { text.map(JSONValue.string) ?? .null }

    /// Pretty-printed JSON: two-space indentation, `"key": value`, no trailing newline.
    func serialized() -> String {
        var output = ""
        write(to: &output, indent: 0)
        return output
    }

    private func write(to output: inout String, indent: Int) {
        switch self {
        case .string(let text): Self.writeString(text, to: &output)
        case .int(let number): output += String(number)
        case .bool(let flag): output += flag ? "true" : "false"
        case .null: output += "null"
        case .array(let items):
            if items.isEmpty {
                output += "[]"
                return
            }
            output += "[\n"
            for (index, item) in items.enumerated() {
                output += String(repeating: " ", count: indent + 2)
                item.write(to: &output, indent: indent + 2)
                output += index == items.count - 1 ? "\n" : ",\n"
            }
            output += String(repeating: " ", count: indent) + "]"
        case .object(let members):
            if members.isEmpty {
                output += "{}"
                return
            }
            output += "{\n"
            for (index, member) in members.enumerated() {
                output += String(repeating: " ", count: indent + 2)
                Self.writeString(member.key, to: &output)
                output += ": "
                member.value.write(to: &output, indent: indent + 2)
                output += index == members.count - 1 ? "\n" : ",\n"
            }
            output += String(repeating: " ", count: indent) + "}"
        }
    }

    /// Writes a JSON string literal: `"` and `\` escaped, control characters as `\n`, `\t`... or
    /// `\u00XX`, everything else (including non-ASCII) as UTF-8.
    private static func writeString(_ text: String, to output: inout String) {
        output += "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": output += "\\\""
            case "\\": output += "\\\\"
            case "\n": output += "\\n"
            case "\r": output += "\\r"
            case "\t": output += "\\t"
            case "\u{08}": output += "\\b"
            case "\u{0C}": output += "\\f"
            default:
                if scalar.value < 0x20 {
                    let hex = String(scalar.value, radix: 16, uppercase: false)
                    output += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    output.unicodeScalars.append(scalar)
                }
            }
        }
        output += "\""
    }
}
