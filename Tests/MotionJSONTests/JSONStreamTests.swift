import Testing

@testable import MotionJSON

/// JSONStream writes what the tree writer writes for the same value, compactly.
@Suite struct JSONStreamTests {
    /// Writes `value` through a stream's calls, as an exporter does.
    func stream(_ value: JSONValue, to json: inout JSONStream) {
        switch value {
        case .null, .bool: json.value(value)
        case .number(let n): json.number(n)
        case .string(let s): json.string(s)
        case .array(let items):
            if items.allSatisfy({ if case .number = $0 { true } else { false } }) {
                json.numbers(items.compactMap { if case .number(let n) = $0 { n } else { nil } })
            } else {
                json.array { json in for item in items { stream(item, to: &json) } }
            }
        case .object(let members):
            json.object { json in
                for member in members {
                    json.key(member.key)
                    stream(member.value, to: &json)
                }
            }
        }
    }

    /// A value of random shape: objects and arrays nested up to `depth`, empty ones included.
    func random(depth: Int, _ generator: inout some RandomNumberGenerator) -> JSONValue {
        let kind = depth == 0 ? Int.random(in: 0..<4, using: &generator) : Int.random(in: 0..<7, using: &generator)
        switch kind {
        case 0: return .number(Double(Int.random(in: -1000...1000, using: &generator)) / 8)
        case 1: return .string(["a", "", "q\"uote", "back\\slash", "tab\t", "é"][Int.random(in: 0..<6, using: &generator)])
        case 2: return .bool(Bool.random(using: &generator))
        case 3: return .null
        case 4: return .numbers((0..<Int.random(in: 0..<4, using: &generator)).map { Double($0) * 0.1 })
        case 5:
            return .array((0..<Int.random(in: 0..<4, using: &generator)).map { _ in random(depth: depth - 1, &generator) })
        default:
            return .object(
                (0..<Int.random(in: 0..<4, using: &generator)).map { JSONMember("k\($0)", random(depth: depth - 1, &generator)) })
        }
    }

    @Test("commas and brackets as the tree writer places them, for 2,000 random nested values")
    func matchesTheTreeWriter() {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<2000 {
            let value = random(depth: 5, &generator)
            var json = JSONStream()
            stream(value, to: &json)
            #expect(json.text == value.serialized(pretty: false), "\(value)")
        }
    }

    @Test("a number writer of the caller's writes every number, keys and strings as before")
    func numberWriter() {
        var json = JSONStream(capacity: 0) { value, bytes in bytes.append(contentsOf: "<\(Int(value))>".utf8) }
        json.object { json in
            json.member("a", 1)
            json.key("list")
            json.numbers([2, 3])
            json.member("s", "x")
        }
        #expect(json.text == #"{"a":<1>,"list":[<2>,<3>],"s":"x"}"#)
    }

    @Test("a value spelled by its writer takes its comma like any other")
    func writtenValue() {
        var json = JSONStream(capacity: 0)
        json.array { json in
            json.number(1)
            json.value { $0.append(contentsOf: #"{"t":2}"#.utf8) }
            json.value { $0.append(contentsOf: "3".utf8) }
        }
        #expect(json.text == #"[1,{"t":2},3]"#)
    }
}
