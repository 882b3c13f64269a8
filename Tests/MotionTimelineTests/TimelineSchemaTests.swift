import Foundation
import MotionCore
import MotionJSON
import Testing

@testable import MotionTimeline

/// The timeline schema is generated from the tables the writer and reader use: what the writer
/// writes has exactly the schema's keys, in the schema's order.
@Suite("Timeline schema")
struct TimelineSchemaTests {
    /// The sample timeline plus a path animation, so every object of the format appears.
    static func everyObject() throws -> Timeline {
        var timeline = sampleTimeline()
        let path = try #require(MotionPath(points: [SIMD2(0, 0), SIMD2(10, 0), SIMD2(20, 10), SIMD2(30, 30)]))
        let animation = PathAnimation(path: path, output: .angle, timingFunction: .linear, beginTime: 0, duration: 1)
        timeline.events.append(
            ChannelEvent(
                time: 2, layer: 0,
                action: .add(
                    key: "path", path: PropertyPath(.rotation), animation: .path(animation), modelValue: .scalar(0),
                    initialVelocity: nil)))
        return timeline
    }

    static func keys(_ value: JSONValue) -> [String] {
        guard case .object(let members) = value else { return [] }
        return members.map(\.key)
    }

    static func member(_ value: JSONValue, _ key: String) -> JSONValue? {
        guard case .object(let members) = value else { return nil }
        return members.first { $0.key == key }?.value
    }

    @Test func everyWrittenObjectHasTheSchemasKeysInOrder() throws {
        let json = TimelineJSON.encode(try Self.everyObject())
        #expect(Self.keys(json) == TimelineSchema.root.keys)
        #expect(Self.keys(try #require(Self.member(json, "canvas"))) == TimelineSchema.canvas.keys)
        guard case .array(let layers) = try #require(Self.member(json, "layers")), case .array(let events) = Self.member(json, "events")
        else {
            Issue.record("layers and events are arrays")
            return
        }
        for layer in layers {
            #expect(Self.keys(layer) == TimelineSchema.layer.keys)
            #expect(Self.keys(try #require(Self.member(layer, "model"))) == TimelineSchema.model.keys)
        }
        var kinds: Set<String> = []
        for event in events {
            guard case .string(let type) = Self.member(event, "type") else {
                Issue.record("an event without a type")
                continue
            }
            let expected: [String: TimelineSchema.Object] = [
                "set": TimelineSchema.setEvent, "add": TimelineSchema.addEvent, "remove": TimelineSchema.removeEvent,
            ]
            #expect(Self.keys(event) == expected[type]?.keys, "\(type)")
            kinds.insert(type)
            guard let animation = Self.member(event, "animation"), case .string(let kind) = Self.member(animation, "kind") else { continue }
            let objects: [String: TimelineSchema.Object] = [
                "keyframe": TimelineSchema.keyframeAnimation, "spring": TimelineSchema.springAnimation,
                "path": TimelineSchema.pathAnimation,
            ]
            #expect(Self.keys(animation) == objects[kind]?.keys, "\(kind)")
            kinds.insert(kind)
        }
        #expect(kinds == ["set", "add", "remove", "keyframe", "spring", "path"])
    }

    /// The reader refuses a key the schema does not list, wherever it is.
    @Test func theReaderRefusesKeysOutsideTheSchema() throws {
        var text = TimelineJSON.text(try Self.everyObject())
        text = text.replacingOccurrences(of: "\"fps\": 30", with: "\"fps\": 30, \"dpi\": 2")
        #expect(throws: TimelineError.self) { try TimelineJSON.decode(Array(text.utf8)) }
    }

    /// The schema's limits are the reader's.
    @Test func limitsComeFromTheReader() {
        let text = TimelineSchema.text
        #expect(text.contains("\"maxItems\": \(TimelineJSON.maximumEvents)"))
        #expect(text.contains("\"maximum\": \(Int(TimelineJSON.maximumFPS))"))
        for path in PropertyPath.all where path.property.isAnimatable { #expect(text.contains("\"\(path)\"")) }
    }
}
