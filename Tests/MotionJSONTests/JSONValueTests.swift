import Foundation
import Testing

@testable import MotionJSON

@Suite struct JSONValueTests {
    @Test(arguments: [
        (1.0, "1"), (0.0, "0"), (-3.0, "-3"), (0.1, "0.1"), (1.5, "1.5"), (1e-7, "1e-07"),
        (123456789.125, "123456789.125"), (1e20, "1e+20"), (Double.nan, "null"), (Double.infinity, "null"),
    ])
    func numbers(value: Double, expected: String) {
        #expect(JSONNumber.format(value) == expected)
    }

    @Test func roundTripsThroughFoundation() throws {
        let samples: [Double] = [0.1, 1.0 / 3.0, 2.0 / 3.0, 1e-300, 6.02214076e23, -0.000123]
        for sample in samples {
            let text = JSONNumber.format(sample)
            #expect(Double(text) == sample, "\(text) does not round-trip")
        }
    }

    @Test func escapesStrings() {
        #expect(JSONString.quoted("a\"b\\c\n\t\u{01}é") == #""a\"b\\c\n\t\u0001é""#)
    }

    @Test func keepsKeyOrderAndParsesAsJSON() throws {
        let value = JSONValue.object([
            "zeta": .number(1), "alpha": .strings(["x", "y"]), "nested": .object(["b": .null, "a": .bool(true)]),
            "list": .array([.object(["k": .number(0.5)])]), "empty": .array([]), "none": .object([JSONMember]()),
        ])
        let text = value.serialized()
        let keys = ["zeta", "alpha", "nested", "list", "empty", "none"].compactMap { text.range(of: "\"\($0)\"")?.lowerBound }
        #expect(keys == keys.sorted())
        #expect(keys.count == 6)
        let parsed = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any]
        #expect(parsed?["zeta"] as? Double == 1)
        #expect((parsed?["nested"] as? [String: Any])?["a"] as? Bool == true)
        #expect(
            value.serialized(pretty: false)
                == #"{"zeta":1,"alpha":["x","y"],"nested":{"b":null,"a":true},"list":[{"k":0.5}],"empty":[],"none":{}}"#)
    }
}

@Suite("Nulls a writer left for numbers")
struct JSONNullsTests {
    @Test func aNumberThatIsNotFiniteIsFound() {
        let text = JSONValue.object([JSONMember("nm", .string("null")), JSONMember("v", .number(.infinity))]).serialized(pretty: false)
        let bytes = Array(text.utf8)
        let offset = JSONNulls.first(in: bytes)
        #expect(offset.map { String(decoding: bytes[$0...], as: UTF8.self).hasPrefix("null}") } == true, "\(text)")
    }

    /// A bare null anywhere, first and last bytes included, is found at its offset.
    @Test(arguments: [("null", 0), ("[1,null]", 3), (#"{"u":"nul","v":null}"#, 15), (#"["null",null]"#, 8)])
    func bareNullsAreFoundWherever(_ text: String, offset: Int) {
        #expect(JSONNulls.first(in: Array(text.utf8)) == offset, "\(text)")
    }

    /// Text with a `u` but no null, or with null only inside strings, passes the quick search
    /// or the exact scan.
    @Test func textWithUsButNoNullHasNone() {
        #expect(!JSONNulls.mayHoldNull(Array(#"{"unit":"numbers","ul":[1,2]}"#.utf8)))
        #expect(JSONNulls.mayHoldNull(Array(#"{"nm":"null"}"#.utf8)))
        #expect(JSONNulls.first(in: Array(#"{"nm":"null"}"#.utf8)) == nil)
        #expect(!JSONNulls.mayHoldNull([]))
        #expect(!JSONNulls.mayHoldNull(Array("nul".utf8)))
    }

    @Test(arguments: [#"{"nm": "null", "a": [1, 2.5e-300]}"#, #"["a \"null\" b", "\\", "x null"]"#, "{}"])
    func textWithoutABareNullHasNone(_ text: String) {
        #expect(JSONNulls.first(in: Array(text.utf8)) == nil)
    }
}
