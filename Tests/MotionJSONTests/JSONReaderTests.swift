import Testing

@testable import MotionJSON

/// The strict reader: what it accepts reads back as the writer wrote it; what it refuses is named
/// at the line and column (in characters) where reading stopped.
@Suite struct JSONReaderTests {
    static func read(_ text: String) throws(JSONReadError) -> JSONValue {
        try JSONReader.parse(Array(text.utf8))
    }

    static func failure(_ bytes: [UInt8], maximumValues: Int = .max) -> JSONReadError? {
        do {
            _ = try JSONReader.parse(bytes, maximumValues: maximumValues)
            return nil
        } catch {
            return error
        }
    }

    @Test func readsWhatTheWriterWrites() throws {
        let value = JSONValue.object([
            JSONMember("z", .number(1.0 / 3.0)), JSONMember("a", .array([.number(-0.000123), .number(6.02214076e23), .null])),
            JSONMember("text", .string("quote \" backslash \\ tab \t bell \u{07} é 😀")),
            JSONMember("flags", .array([.bool(true), .bool(false)])), JSONMember("empty", .object([JSONMember]())),
        ])
        for pretty in [true, false] {
            #expect(try Self.read(value.serialized(pretty: pretty)) == value)
        }
    }

    @Test func keepsKeyOrderAndNumbersBitForBit() throws {
        let value = try Self.read(#"{"b": 0.1, "a": -0, "c": 1e-300}"#)
        guard case .object(let members) = value else {
            Issue.record("expected an object, got \(value)")
            return
        }
        #expect(members.map(\.key) == ["b", "a", "c"])
        guard case .number(let b) = members[0].value, case .number(let a) = members[1].value,
            case .number(let c) = members[2].value
        else {
            Issue.record("expected numbers")
            return
        }
        #expect(b.bitPattern == (0.1).bitPattern)
        #expect(a == 0 && a.sign == .minus)
        #expect(c.bitPattern == (1e-300).bitPattern)
    }

    @Test func decodesEscapesAndSurrogatePairs() throws {
        #expect(try Self.read(#""\u00e9\ud83d\ude00\/\n""#) == .string("é😀/\n"))
        // Without an escape the string is its bytes; with one later, the text before it is kept.
        #expect(try Self.read(#""card-é 😀 #1""#) == .string("card-é 😀 #1"))
        #expect(try Self.read(#""é😀 \t x""#) == .string("é😀 \t x"))
        #expect(Self.failure([0x22, 0x61, 0xFF, 0x22])?.message == "invalid UTF-8 in a string")
    }

    @Test(
        arguments: [(String, Int, Int, String)]([
            // Text, line, column (characters from 1), message.
            ("", 1, 1, "unexpected end of input, expected a value"), ("1 2", 1, 3, "unexpected text after the JSON value"),
            ("{\n  \"a\": 1,\n  \"a\": 2\n}", 3, 3, "duplicate key \"a\""), ("[\"é\", x]", 1, 7, "unexpected character, expected a value"),
            ("[1, 2,]", 1, 7, "unexpected character, expected a value"), ("01", 1, 2, "unexpected text after the JSON value"),
            ("1.", 1, 3, "expected a digit after '.'"), (".5", 1, 1, "unexpected character, expected a value"),
            ("1e400", 1, 1, "number 1e400 is outside the range of a double"), ("tru", 1, 1, "unexpected end of input"),
            ("nul!", 1, 1, "unknown literal, expected true, false or null"),
            ("\"a\u{1}\"", 1, 3, "control character in a string; escape it"),
            (#""\ud83d""#, 1, 8, #"unpaired surrogate in \u escape"#), (#""\q""#, 1, 3, "unknown escape"),
            ("{1: 2}", 1, 2, "expected a key in double quotes"),
            // Past 16 keys the duplicate check hashes: the 21st key repeats the 4th.
            ("{" + (0..<20).map { "\"k\($0)\": \($0)" }.joined(separator: ", ") + ", \"k3\": 0}", 1, 202, "duplicate key \"k3\""),
        ]))
    func refusesWithAPlace(text: String, line: Int, column: Int, message: String) {
        #expect(Self.failure(Array(text.utf8)) == JSONReadError(line: line, column: column, message: message))
    }

    @Test func refusesInvalidUTF8InStrings() {
        #expect(Self.failure([0x22, 0xFF, 0x22])?.message == "invalid UTF-8 in a string")
    }

    @Test func nestingIsLimited() {
        let depth = JSONReader.maximumDepth
        let deepest = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
        #expect(Self.failure(Array(deepest.utf8)) == nil)
        let deeper = "[" + deepest + "]"
        #expect(
            Self.failure(Array(deeper.utf8))
                == JSONReadError(line: 1, column: depth + 1, message: "nesting deeper than \(depth)"))
    }

    @Test func describesItsPlace() {
        #expect(
            JSONReadError(line: 3, column: 7, message: "duplicate key \"a\"").description
                == "invalid JSON at line 3, column 7: duplicate key \"a\"")
    }

    @Test func aValueBudgetCountsEveryValueAndStopsAtTheFirstPastIt() throws {
        // 1 object + 1 array + 3 numbers + 1 string + 1 literal = 7 values.
        let text = Array(#"{"a": [1, 2, 3], "b": "x", "c": null}"#.utf8)
        let unlimited = try JSONReader.parse(text)
        #expect(try JSONReader.parse(text, maximumValues: 7) == unlimited)
        // The seventh value, null, starts at column 33.
        #expect(
            Self.failure(text, maximumValues: 6)
                == JSONReadError(line: 1, column: 33, message: "more than 6 values", isOverLimit: true))
    }

    @Test func aBudgetStopsReadingBeforeTheRestOfTheText() {
        // Past the budget, what follows is not read: the syntax error after it is never reached.
        let text = Array("[0, 0, 0, 0, oops".utf8)
        #expect(
            Self.failure(text, maximumValues: 3)
                == JSONReadError(line: 1, column: 8, message: "more than 3 values", isOverLimit: true))
        #expect(Self.failure(text)?.isOverLimit == false)
    }
}

/// Numbers read by the reader's exact fast path (at most 15 digits, a power of ten within ±22)
/// and by `Double(_:)` are the same doubles bit for bit as `Double(_:)` reads from the same text.
@Suite struct JSONNumberReadingTests {
    static func read(_ text: String) -> Double? {
        guard case .number(let n) = try? JSONReader.parse(Array(text.utf8)) else { return nil }
        return n
    }

    @Test func randomDecimalsReadAsDoubleReadsThem() {
        var generator = SystemRandomNumberGenerator()
        var texts: [String] = []
        for _ in 0..<20_000 {
            // Up to 19 digits, a point anywhere among them (or none), an exponent or none.
            let count = Int.random(in: 1...19, using: &generator)
            let digits =
                String(Int.random(in: 1...9, using: &generator))
                + (1..<count).map { _ in String(Int.random(in: 0...9, using: &generator)) }.joined()
            let point = Int.random(in: 0...count, using: &generator)
            var text = Bool.random(using: &generator) ? "-" : ""
            if point == count {
                text += digits
            } else {
                text += (point == 0 ? "0" : String(digits.prefix(point))) + "." + digits.dropFirst(point)
            }
            if Bool.random(using: &generator) { text += "e" + String(Int.random(in: -30...30, using: &generator)) }
            texts.append(text)
        }
        texts += [
            "0", "-0", "0.0", "1e22", "1e23", "9007199254740993", "123456789012345", "1234567890123456", "0.000001", "1e-22", "1e-23",
            "4.35", "0.1", "0.3", "2.5e-10", "1e0", "1E+2", "5e-324", "1.7976931348623157e308",
        ]
        for text in texts {
            guard let expected = Double(text) else { continue }
            let read = Self.read(text)
            #expect(read?.bitPattern == expected.bitPattern, "\(text)")
        }
    }
}
