import MotionDiagnostics
import MotionPlans
import MotionTestSupport
import Testing

/// The codes of `diagnostics`, in order: compact to compare and readable when a test fails.
func codes(_ diagnostics: [Diagnostic]) -> [DiagnosticCode] { diagnostics.map(\.code) }

/// Loads `yaml` (markers stripped) and returns the document, failing the test on any diagnostic.
func decodeClean(_ yaml: String, file: String = "test.motion.yaml", sourceLocation: SourceLocation = #_sourceLocation)
    throws -> MotionDocument
{
    let result = MarkedSource(yaml).load(file: file)
    #expect(
        result.diagnostics.isEmpty, "\(result.diagnostics.map { "\($0.code) \($0.range.start): \($0.message)" })",
        sourceLocation: sourceLocation)
    return try #require(result.document, sourceLocation: sourceLocation)
}

@Suite("Marker helper")
struct MarkedSourceTests {
    @Test func stripsMarkersAndRecordsLineAndColumn() {
        let source = MarkedSource("motion: 1\ntargets:\n  card: { layer: { 1️⃣opacty: 1 } }\n2️⃣")
        #expect(source.text == "motion: 1\ntargets:\n  card: { layer: { opacty: 1 } }\n")
        #expect(source["1️⃣"] == SourcePosition(line: 3, column: 20))
        #expect(source["2️⃣"] == SourcePosition(line: 4, column: 1))
        #expect(source.markers.count == 2)
    }

    @Test func columnsCountUnicodeScalarsNotBytesOrCharacters() {
        // "é" as e + U+0301 is one Character but two scalars; "🎴" is four UTF-8 bytes.
        let source = MarkedSource("a: \"e\u{301}🎴1️⃣x\"")
        #expect(source.text == "a: \"e\u{301}🎴x\"")
        #expect(source["1️⃣"] == SourcePosition(line: 1, column: 8))
    }

    @Test func plainDigitsAreNotMarkers() {
        let source = MarkedSource("motion: 1\nsize: [1, 2]")
        #expect(source.markers.isEmpty)
        #expect(source.text == "motion: 1\nsize: [1, 2]")
    }

    @Test func markerColumnsAgreeWithTheYAMLFrontEnd() {
        // The point of the helper: a marker before a key is exactly where the loader says the key is.
        let source = MarkedSource("motion: 1\ntargets:\n  \"🎴\": {}\n  é: { 1️⃣opacty: 1 }\n")
        let result = source.load()
        #expect(result.diagnostics.map(\.range.start).contains(source["1️⃣"]))
    }
}
