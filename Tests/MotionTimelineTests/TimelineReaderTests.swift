import Foundation
import MotionCore
import MotionJSON
import Testing

@testable import MotionTimeline

/// The direct reader (straight from the bytes) against the tree decoder, whose errors are the
/// timeline diagnostics: on any text, `decode` gives what the tree decoder gives, and the direct
/// reader either gives the same timeline or leaves the text to the tree decoder.
@Suite("Timeline reader")
struct TimelineReaderTests {
    /// A timeline with every event kind and animation kind, a path included, as a bake writes it.
    static func fullText() -> String {
        (try? TimelineSchemaTests.everyObject()).map(TimelineJSON.text) ?? ""
    }

    /// What `decode` and the tree decoder make of `bytes`: the timeline or the error.
    static func outcome(_ bytes: [UInt8], tree: Bool, maximumValues: Int = TimelineJSON.maximumValues) -> Result<Timeline, TimelineError> {
        do {
            return .success(
                try tree
                    ? TimelineJSON.decodeTree(bytes, maximumValues: maximumValues)
                    : TimelineJSON.decode(bytes, maximumValues: maximumValues))
        } catch {
            return .failure(error)
        }
    }

    /// Checks one text: the same outcome both ways, and a direct reading only of valid text.
    static func agree(_ bytes: [UInt8], maximumValues: Int = TimelineJSON.maximumValues, _ comment: Comment? = nil) {
        let tree = outcome(bytes, tree: true, maximumValues: maximumValues)
        #expect(outcome(bytes, tree: false, maximumValues: maximumValues) == tree, comment)
        if let direct = TimelineJSON.decodeDirectly(bytes, maximumEvents: TimelineJSON.maximumEvents, maximumValues: maximumValues) {
            #expect(tree == .success(direct), comment)
        }
    }

    @Test func readsWhatABakeWritesWithoutTheTree() throws {
        for text in [Self.fullText(), TimelineJSON.text(sampleTimeline())] {
            let bytes = Array(text.utf8)
            let direct = TimelineJSON.decodeDirectly(
                bytes, maximumEvents: TimelineJSON.maximumEvents, maximumValues: TimelineJSON.maximumValues)
            #expect(direct != nil)
            #expect(direct == (try TimelineJSON.decodeTree(bytes)))
            #expect(direct.map(TimelineJSON.text) == text)
        }
        // Compact text and other whitespace read directly too.
        let compact = Array((try JSONReader.parse(Array(Self.fullText().utf8))).serialized(pretty: false).utf8)
        #expect(TimelineJSON.decodeDirectly(compact, maximumEvents: 10, maximumValues: 10_000) != nil)
    }

    @Test func keysInAnotherOrderAreLeftToTheTreeDecoder() throws {
        let text = timelineText(events: addEvent()).replacingOccurrences(
            of: #""time": 0, "target": "a""#, with: #""target": "a", "time": 0"#)
        let bytes = Array(text.utf8)
        #expect(TimelineJSON.decodeDirectly(bytes, maximumEvents: 10, maximumValues: 1000) == nil)
        #expect(try TimelineJSON.decode(bytes).events.count == 1)
    }

    @Test func everyTruncationGivesTheTreeDecodersError() {
        let bytes = Array(Self.fullText().utf8)
        // Every cut near the ends, and every 7th byte in between.
        for n in 0..<bytes.count where n < 200 || n > bytes.count - 200 || n % 7 == 0 {
            Self.agree(Array(bytes.prefix(n)), "cut at \(n)")
        }
    }

    @Test func everyByteChangedGivesTheTreeDecodersOutcome() {
        let bytes = Array(Self.fullText().utf8)
        // Replacements that make other types, other numbers, other keys, broken structure and bad UTF-8.
        let replacements: [UInt8] = Array("\"{}[],:0-9.eEtn\\ x".utf8) + [0xFF, 0x01]
        for i in bytes.indices where i % 5 == 0 {
            for r in replacements where r != bytes[i] {
                var changed = bytes
                changed[i] = r
                Self.agree(changed, "byte \(i) as \(r)")
            }
        }
    }

    @Test(arguments: [
        // Wrong types.
        (#""time": 2,"#, #""time": "2","#), (#""time": 2,"#, #""time": null,"#), (#""name": "sample""#, #""name": 7"#),
        (#""fps": 30"#, #""fps": [30]"#), (#""autoreverses": true"#, #""autoreverses": 1"#), (#""additive": false"#, #""additive": true"#),
        (#""parent": 0"#, #""parent": 0.5"#), (#""parent": 0"#, #""parent": "card""#), (#""shape": "ellipse""#, #""shape": "star""#),
        (#""initialVelocity": null"#, #""initialVelocity": [0]"#), (#""repeatCount": "forever""#, #""repeatCount": "never""#),
        (#""repeatCount": 1"#, #""repeatCount": 0"#), (#""duration": 0.71"#, #""duration": "forever""#),
        (#""duration": 0.71"#, #""duration": -1"#),
        (#""stiffness": 342"#, #""stiffness": 0"#), (#""mass": 1"#, #""mass": -1"#), (#""damping": 30"#, #""damping": -30"#),
        (#""output": "angle""#, #""output": "position""#), (#""kind": "path""#, #""kind": "tween""#),
        (#""type": "remove""#, #""type": "move""#),
        (#""path": "opacity""#, #""path": "opacity.x""#), (#""target": "dot""#, #""target": "nobody""#), (#""key": "path""#, #""key": """#),
        (#""id": "dot""#, #""id": "card""#), (#""id": "dot""#, #""id": """#), (#""timeline": 1"#, #""timeline": 1.5"#),
        (#""fillMode": "both""#, #""fillMode": "forwards""#), (#""end": 2.5"#, #""end": -2.5"#),
        // Curves, key times, values, points.
        (#""linear""#, #"[0, 0, 1, 1]"#), (#""linear""#, #"[2, 0, 1, 1]"#), (#""linear""#, #"[0, 0, 1]"#), (#""linear""#, #""wobbly""#),
        (#""keyTimes": [0, 0.7, 1]"#, #""keyTimes": [0, 0.7]"#), (#""keyTimes": [0, 0.7, 1]"#, #""keyTimes": [0, 0.7, 1.5]"#),
        (#""keyTimes": [0, 0.7, 1]"#, #""keyTimes": [0.8, 0.7, 1]"#), (#""values": [0, 0.1, 0.3333333333333333]"#, #""values": []"#),
        (#""size": [64, 48]"#, #""size": [0, 48]"#), (#""size": [64, 48]"#, #""size": [64, 48, 1]"#), (#""fps": 30"#, #""fps": 1001"#),
        (#""points": ["#, #""points": [[0, 0, 0], "#), (#""points": ["#, #""points": [[0, 0], "#), (#""points": ["#, #""points": [[], "#),
        // Duplicate and unknown keys, other key orders.
        (#""time": 2,"#, #""time": 2, "time": 2,"#), (#""time": 2,"#, #""time": 2, "when": 2,"#),
        (#""opacity": 0.5,"#, #""opacity": 0.5, "opacity": 0.5,"#),
        (#""opacity": 0.5,"#, #""opacity": 0.5, "colour": 1,"#), (#""opacity": 0.5,"#, #""contents": 0.5,"#),
        (#""mass": 1,"#, #""mass": 1, "mass": 1,"#), (#""name": "sample","#, #""name": "sample", "extra": {},"#),
        // Numbers.
        (#""end": 2.5"#, #""end": 1e999"#), (#""end": 2.5"#, #""end": 2.50000000000000000000001"#), (#""end": 2.5"#, #""end": 25e-1"#),
        (#""end": 2.5"#, #""end": 0.0000000000000000000000025e24"#), (#""end": 2.5"#, #""end": 02.5"#), (#""end": 2.5"#, #""end": 2."#),
        (#""end": 2.5"#, #""end": -0"#), (#""end": 2.5"#, #""end": 1e-400"#),
        // Strings.
        (#""name": "sample""#, #""name": "s\u0061mple\n""#), (#""name": "sample""#, #""name": "\ud800""#),
        (#""target": "dot""#, #""target": "d\u006ft""#),
        (#""name": "sample""#, #""n\u0061me": "sample""#),
    ])
    func changedTextGivesTheTreeDecodersOutcome(from: String, to: String) {
        let text = Self.fullText()
        #expect(text.contains(from), "\(from)")
        Self.agree(Array(text.replacingOccurrences(of: from, with: to).utf8), "\(from) -> \(to)")
    }

    @Test func deepNestingAndOtherRootsGiveTheTreeDecodersError() {
        let deep = String(repeating: "[", count: 100) + String(repeating: "]", count: 100)
        for text in [
            deep, #"{"timeline": 1, "name": \#(deep)}"#, "[]", "null", "1", "\"timeline\"", "", " ", "{}", "\u{FEFF}" + Self.fullText(),
        ] {
            Self.agree(Array(text.utf8), "\(text.prefix(20))")
        }
        Self.agree(Array((Self.fullText() + " x").utf8))
        Self.agree(Array((Self.fullText() + "\n\n\t ").utf8))
    }

    @Test func theValueBudgetHoldsOnBothPaths() {
        let bytes = Array(Self.fullText().utf8)
        guard let count = (try? JSONReader.parse(bytes)).map(\.valueCount) else {
            Issue.record("the sample does not parse")
            return
        }
        // At the budget the text reads; one value less, both refuse it at the root.
        for budget in [count, count - 1, count / 2, 1] {
            Self.agree(bytes, maximumValues: budget, "budget \(budget)")
        }
        #expect((try? TimelineJSON.decode(bytes, maximumValues: count)) != nil)
        #expect(throws: TimelineError.self) { try TimelineJSON.decode(bytes, maximumValues: count - 1) }
    }
}
