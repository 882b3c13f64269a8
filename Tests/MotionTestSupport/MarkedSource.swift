import MotionDiagnostics
import MotionPlans
import Testing

/// YAML text with location markers, as swift-syntax's tests write them: `1️⃣`, `2️⃣`, ... stand
/// where a diagnostic is expected. The markers are stripped and their 1-based line:column (columns
/// in Unicode scalars, as libyaml's marks count them) recorded, so a test reads "D002 at 1️⃣" and
/// the expected place sits in the test's own text.
///
/// Shared by the decoder's and the validator's tests; its own tests are in MotionPlansTests.
public struct MarkedSource: Sendable {
    /// The text without its markers.
    public let text: String
    /// Where each marker stood, by marker (`"1️⃣"`).
    public let markers: [String: SourcePosition]

    /// A keycap marker is a digit 1-9, U+FE0F, U+20E3.
    public init(_ marked: String) {
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
    public subscript(_ marker: String, sourceLocation: SourceLocation = #_sourceLocation) -> SourcePosition {
        guard let position = markers[marker] else {
            Issue.record("the text has no marker \(marker)", sourceLocation: sourceLocation)
            return SourcePosition(line: 0, column: 0)
        }
        return position
    }

    public var bytes: [UInt8] { Array(text.utf8) }

    /// Loads the text as the document `file`.
    public func load(file: String = "test.motion.yaml") -> LoadResult {
        DocumentLoader.load(bytes, file: file)
    }
}
