import Testing

@testable import MotionCore

/// Expected components worked out by hand: pairs / 255, short-form digits / 15.
let hexColorCases: [(String, Double, Double, Double, Double)] = [
    ("#F00", 1, 0, 0, 1), ("#abc", 10.0 / 15, 11.0 / 15, 12.0 / 15, 1),
    ("#6200EE", 98.0 / 255, 0, 238.0 / 255, 1), ("#ffffff", 1, 1, 1, 1),
    ("#00000080", 0, 0, 0, 128.0 / 255), ("#00000000", 0, 0, 0, 0),
]

@Suite struct HexColorTests {
    @Test(arguments: hexColorCases)
    func parses(text: String, r: Double, g: Double, b: Double, a: Double) throws {
        let c = try #require(MotionValue.parseHexColor(text))
        #expect(c == .color(r, g, b, a))
        #expect(c.kind == .color)
    }

    @Test(arguments: ["F00", "#", "", "#GG0000", "#12345", "#1234", "#1234567", "#123456789", " #F00", "#F00 ", "#+12"])
    func rejects(text: String) {
        #expect(MotionValue.parseHexColor(text) == nil)
    }

    @Test func hexStringRoundTrips() throws {
        #expect(MotionValue.color(1, 0, 0, 1).hexString == "#FF0000")
        #expect(MotionValue.color(0, 0, 0, 0.5).hexString == "#00000080")
        #expect(MotionValue.color(2, -1, .nan, 1).hexString == "#FF0000")
        for text in ["#6200EE", "#F5F5F5", "#12345678", "#000000"] {
            let c = try #require(MotionValue.parseHexColor(text))
            #expect(c.hexString == text)
        }
        #expect(MotionValue.parseHexColor("#abc")?.hexString == "#AABBCC")
    }
}

@Suite struct DurationParserTests {
    @Test(arguments: [
        ("300ms", 0.3), ("0.3s", 0.3), ("2", 2.0), ("1.5", 1.5), (".5s", 0.5), ("5.s", 5.0), ("1e3ms", 1.0),
        ("0", 0.0), ("0ms", 0.0), ("-1s", -1.0), ("+2", 2.0), ("2.5E-1s", 0.25),
    ])
    func parses(text: String, seconds: Double) throws {
        let value = try #require(DurationParser.seconds(from: text))
        #expect(abs(value - seconds) < 1e-15)
    }

    @Test(arguments: [
        "abc", "ms", "s", "", "3 m", "3m", "3 ms", " 2", "2 ", "1.2.3", "inf", "nan", "infs", "0x10", "1e400 s",
        "1 s", "1e", "e5", ".", "-", "2sms", "2mss", "--1",
    ])
    func rejects(text: String) {
        #expect(DurationParser.seconds(from: text) == nil)
    }

    /// Text in the grammar whose number is too large for a double reads as infinity, for the
    /// decoder to report as out of range.
    @Test(arguments: ["1e400", "1e400s", "1e400ms", "-1e400s"])
    func readsTooLargeNumbersAsInfinite(text: String) throws {
        let value = try #require(DurationParser.seconds(from: text))
        #expect(value.isInfinite && (value < 0) == text.hasPrefix("-"))
    }

    /// The schema's pattern and the parser are one grammar: they agree on every text that does
    /// not start with `-` (which the schema refuses and the parser reads to report as negative).
    @Test(arguments: [
        "300ms", "0.3s", "2", ".5s", "5.s", "1e3ms", "+2", "2.5E-1s", "1E+2ms", "1e400s", "1e400 s", "1 s", "300 ms", " 2",
        "2 ", "abc", "ms", "s", "", "3m", "inf", "nan", "infs", "nans", "0x10", "0x10s", "1e", "e5", ".", "1.2.3", "2sms",
        "2mss", "++1", "+-1", "1_000ms", "٣s", "1ｓ",
    ])
    func schemaPatternIsTheParsersGrammar(text: String) throws {
        let pattern = try Regex(DurationParser.schemaPattern)
        #expect((text.wholeMatch(of: pattern) != nil) == (DurationParser.seconds(from: text) != nil), "\(text)")
    }
}

@Suite struct ValueAndPathTests {
    @Test(
        arguments: [
            ("position", LayerProperty.position, nil), ("position.x", .position, 0), ("position.y", .position, 1),
            ("size.height", .size, 1), ("backgroundColor.a", .backgroundColor, 3), ("opacity", .opacity, nil),
            ("scale.x", .scale, 0),
        ] as [(String, LayerProperty, Int?)])
    func parsesPaths(text: String, property: LayerProperty, component: Int?) throws {
        let path = try #require(PropertyPath(text))
        #expect(path.property == property)
        #expect(path.component == component)
        #expect(path.description == text)
    }

    @Test(arguments: ["", "foo", "position.", ".x", "position.z", "opacity.x", "position.x.y", "Position", "size.w", "position x"])
    func rejectsInvalidPaths(text: String) {
        #expect(PropertyPath(text) == nil)
    }

    @Test func everyPathRoundTrips() {
        for path in PropertyPath.all {
            #expect(PropertyPath(path.description) == path)
        }
        #expect(PropertyPath("position.x")?.kind == .scalar)
        #expect(PropertyPath("position")?.kind == .point)
        #expect(PropertyPath("backgroundColor")?.componentIndices == 0..<4)
        #expect(PropertyPath("backgroundColor.b")?.componentIndices == 2..<3)
    }

    @Test func valuesInterpolatePerComponent() {
        let a = MotionValue.point(0, 10), b = MotionValue.point(10, 30)
        #expect(a.interpolated(to: b, by: 0.5) == .point(5, 20))
        #expect(MotionValue.size(1, 2).componentArray == [1, 2])
        #expect(MotionValue.scalar(3).componentArray == [3])
        #expect(MotionValue.color(0.1, 0.2, 0.3, 0.4).components == SIMD4(0.1, 0.2, 0.3, 0.4))
        #expect(LayerProperty.opacity.defaultValue == .scalar(1))
        #expect(LayerProperty.backgroundColor.defaultValue == MotionValue.parseHexColor("#00000000"))
        #expect(LayerProperty.borderColor.defaultValue == MotionValue.parseHexColor("#000000"))
    }
}
