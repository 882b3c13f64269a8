import MotionDiagnostics
import MotionPlans
import Testing

/// YAML text with location markers, as swift-syntax's tests write them: `1️⃣`, `2️⃣`, ... stand
/// where a diagnostic is expected. The markers are stripped and their 1-based line:column (columns
/// in Unicode scalars, as libyaml's marks count them) recorded, so a test reads "D002 at 1️⃣" and
/// the expected place sits in the test's own text.
///
/// (The same helper lives in MotionValidationTests: test targets cannot share code.)
struct MarkedSource: Sendable {
    /// The text without its markers.
    let text: String
    /// Where each marker stood, by marker (`"1️⃣"`).
    let markers: [String: SourcePosition]

    /// A keycap marker is a digit 1-9, U+FE0F, U+20E3.
    init(_ marked: String) {
        var scalars: [Unicode.Scalar] = []
        var markers: [String: SourcePosition] = [:]
        let input = Array(marked.unicodeScalars)
        var line = 1
        var column = 1
        var i = 0
        while i < input.count {
            let s = input[i]
            if ("1"..."9").contains(s), i + 2 < input.count, input[i + 1] == "\u{FE0F}", input[i + 2] == "\u{20E3}" {
                let marker = String(String.UnicodeScalarView(input[i...(i + 2)]))
                precondition(markers[marker] == nil, "marker \(marker) used twice")
                markers[marker] = SourcePosition(line: line, column: column)
                i += 3
                continue
            }
            scalars.append(s)
            if s == "\n" {
                line += 1
                column = 1
            } else {
                column += 1
            }
            i += 1
        }
        self.text = String(String.UnicodeScalarView(scalars))
        self.markers = markers
    }

    /// Where `marker` stood; fails the test (and returns 0:0) when the text has no such marker.
    subscript(_ marker: String, sourceLocation: SourceLocation = #_sourceLocation) -> SourcePosition {
        guard let position = markers[marker] else {
            Issue.record("the text has no marker \(marker)", sourceLocation: sourceLocation)
            return SourcePosition(line: 0, column: 0)
        }
        return position
    }

    var bytes: [UInt8] { Array(text.utf8) }

    /// Loads the text as the document `file`.
    func load(file: String = "test.motion.yaml") -> LoadResult {
        DocumentLoader.load(bytes, file: file)
    }
}

/// The codes of `diagnostics`, in order: compact to compare and readable when a test fails.
func codes(_ diagnostics: [Diagnostic]) -> [DiagnosticCode] { diagnostics.map(\.code) }

/// Loads `yaml` (markers stripped) and returns the document, failing the test on any diagnostic.
func decodeClean(_ yaml: String, file: String = "test.motion.yaml", sourceLocation: SourceLocation = #_sourceLocation)
    throws -> MotionDocument
{
    let result = MarkedSource(yaml).load(file: file)
    #expect(result.diagnostics.isEmpty, "\(result.diagnostics.map { "\($0.code) \($0.range.start): \($0.message)" })", sourceLocation: sourceLocation)
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
