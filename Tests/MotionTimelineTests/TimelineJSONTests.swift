import Foundation
import MotionCore
import MotionJSON
import MotionPlans
import Testing

@testable import MotionTimeline

/// A timeline with every event and animation shape the format has.
func sampleTimeline() -> Timeline {
    let layers = [
        TimelineLayer(id: "card", parent: nil, shape: .rect, model: [.position: .point(10, 20), .opacity: .scalar(0.5)]),
        TimelineLayer(id: "dot", parent: 0, shape: .ellipse, model: [.backgroundColor: .color(1, 0, 0, 1)]),
    ]
    let keyframe = KeyframeAnimation(
        values: [.scalar(0), .scalar(0.1), .scalar(1.0 / 3)], keyTimes: [0, 0.7, 1],
        timingFunctions: [.linear, .cubicBezier(x1: 0.12, y1: -0.5, x2: 0.9, y2: 1.7)], beginTime: 0.25,
        duration: 0.3, repeatCount: .infinity, autoreverses: true)
    let spring = SpringAnimation(
        from: .point(1, 2), to: .point(3, 4), initialVelocity: .point(-Double.leastNonzeroMagnitude, 1e100), stiffness: 342, damping: 30,
        mass: 1, beginTime: 1, duration: 0.71)
    let events = [
        ChannelEvent(time: 0, layer: 0, action: .set(path: PropertyPath(.opacity), value: .scalar(1))),
        ChannelEvent(
            time: 0, layer: 0,
            action: .add(
                key: "tween#1", path: PropertyPath(.opacity), animation: .keyframe(keyframe), modelValue: .scalar(1),
                initialVelocity: nil)),
        ChannelEvent(
            time: 1, layer: 1,
            action: .add(
                key: "spring \"q\"", path: PropertyPath(.position), animation: .spring(spring),
                modelValue: .point(3, 4), initialVelocity: .point(0, 1))),
        ChannelEvent(time: 2, layer: 1, action: .remove(key: "spring \"q\"")),
        ChannelEvent(
            time: 2, layer: 1, action: .set(path: PropertyPath(.backgroundColor, component: 3), value: .scalar(0.25))),
    ]
    return Timeline(
        name: "sample", canvas: Canvas(width: 64, height: 48, background: .color(0.9, 0.9, 0.9, 1), fps: 30),
        layers: layers, end: 2.5, events: events)
}

@Suite("Timeline JSON")
struct TimelineJSONTests {
    @Test func roundTripIsEqual() throws {
        let timeline = sampleTimeline()
        let decoded = try TimelineJSON.decode(Array(TimelineJSON.text(timeline).utf8))
        #expect(decoded == timeline)
    }

    @Test func rewritingIsByteIdentical() throws {
        let text = TimelineJSON.text(sampleTimeline())
        let again = TimelineJSON.text(try TimelineJSON.decode(Array(text.utf8)))
        #expect(again == text)
    }

    /// The documented key order, checked on the text itself.
    @Test func keysAppearInTheDocumentedOrder() throws {
        let text = TimelineJSON.text(sampleTimeline())
        func inOrder(_ keys: [String]) -> Bool {
            let positions = keys.map { text.range(of: "\"\($0)\":")?.lowerBound }
            let found = positions.compactMap { $0 }
            return found.count == keys.count && found == found.sorted()
        }
        #expect(inOrder(["timeline", "name", "canvas", "size", "background", "fps", "layers", "id", "parent", "shape", "model"]))
        #expect(inOrder(["end", "events", "time", "target", "type", "path", "value"]))
        #expect(
            inOrder([
                "kind", "values", "keyTimes", "timingFunctions", "beginTime", "duration", "fillMode", "repeatCount",
                "autoreverses", "additive",
            ]))
        #expect(text.contains("\"repeatCount\": \"forever\""))
        // A named curve is written by name, any other as its four control points.
        let compact = text.filter { !$0.isWhitespace }
        #expect(compact.contains("\"timingFunctions\":[\"linear\",[0.12,-0.5,0.9,1.7]]"))
    }

    @Test(arguments: [0.1, 1.0 / 3, Double.leastNonzeroMagnitude, 1e100, -1e100, 1e-7, 123456789.123456789, 2.5e-10, -42.75])
    func numbersRoundTripBitForBit(_ x: Double) throws {
        var timeline = sampleTimeline()
        timeline.events[0] = ChannelEvent(time: 0, layer: 0, action: .set(path: PropertyPath(.rotation), value: .scalar(x)))
        let decoded = try TimelineJSON.decode(Array(TimelineJSON.text(timeline).utf8))
        guard case .set(_, let value) = decoded.events[0].action else {
            Issue.record("expected a set event")
            return
        }
        #expect(value[0].bitPattern == x.bitPattern)
    }

    @Test func layersGetEveryPropertyWithDefaults() throws {
        let layer = sampleTimeline().layers[1]
        #expect(layer.model.count == LayerProperty.allCases.count - 1)
        #expect(layer.model[.anchorPoint] == .point(0.5, 0.5))
        #expect(layer.model[.backgroundColor] == .color(1, 0, 0, 1))
    }

    @Test func touchedComponentsCoverSetAndAddPaths() {
        let touched = sampleTimeline().touchedComponents.map {
            "\($0.layer):\(PropertyPath.componentName($0.property, $0.component))"
        }
        #expect(touched == ["0:opacity", "1:position.x", "1:position.y", "1:backgroundColor.a"])
    }
}

/// A minimal valid timeline as text, with parts replaceable.
func timelineText(
    layers: String = #"[{"id": "a", "parent": null, "shape": "rect", "model": {}}]"#, events: String = "[]",
    canvas: String = #"{"size": [10, 10], "background": [1, 1, 1, 1], "fps": 60}"#, end: String = "1",
    version: String = "1"
) -> String {
    #"{"timeline": \#(version), "name": "t", "canvas": \#(canvas), "layers": \#(layers), "end": \#(end), "events": \#(events)}"#
}

/// An add event of a keyframe animation on opacity, with `change` applied to the animation's text.
func addEvent(_ from: String = "", _ to: String = "") -> String {
    var animation =
        #"{"kind": "keyframe", "values": [0, 1], "keyTimes": [0, 1], "timingFunctions": ["linear"], "beginTime": 0, "duration": 1, "fillMode": "both", "repeatCount": 1, "autoreverses": false, "additive": false}"#
    if !from.isEmpty { animation = animation.replacingOccurrences(of: from, with: to) }
    return
        #"[{"time": 0, "target": "a", "type": "add", "key": "k", "path": "opacity", "animation": \#(animation), "modelValue": 1, "initialVelocity": null}]"#
}

let springEvent =
    #"[{"time": 0, "target": "a", "type": "add", "key": "k", "path": "opacity", "animation": {"kind": "spring", "from": 0, "to": 1, "stiffness": 0, "damping": 1, "mass": 1, "initialVelocity": 0, "beginTime": 0, "duration": 1}, "modelValue": 1, "initialVelocity": null}]"#

@Suite("Malformed timelines")
struct MalformedTimelineTests {
    @Test(arguments: [
        ("", "$", "unexpected end of input"),
        ("{", "$", "expected a key"),
        (#"{"timeline": 1, "timeline": 1}"#, "$", "duplicate key"),
        ("[1, 2,]", "$", "expected a value"),
        (#"{"a": 1e999}"#, "$", "outside the range"),
        ("{\"a\": \"\u{1}\"}", "$", "control character"),
        (#"{"a": 01}"#, "$", "expected ',' or '}'"),
        (String(repeating: "[", count: 100) + String(repeating: "]", count: 100), "$", "nesting deeper"),
        (timelineText(version: "2"), "$.timeline", "version 1"),
        (timelineText(end: "-1"), "$.end", "at least 0"),
        (timelineText(end: #""soon""#), "$.end", "expected a number, found a string"),
        (
            timelineText(events: #"[{"time": 0, "target": "a", "type": "set", "path": "opacity", "value": -1.7e308}]"#),
            "$.events[0].value", "within ±1e100 (larger numbers overflow the motion maths), found -1.7e+308"
        ),
        (
            timelineText(events: #"[{"time": 0, "target": "a", "type": "set", "path": "position", "value": [0, 2e100]}]"#),
            "$.events[0].value[1]", "within ±1e100"
        ),
        (timelineText(canvas: #"{"size": [10], "background": [1, 1, 1, 1], "fps": 60}"#), "$.canvas.size", "expected 2 numbers"),
        (timelineText(canvas: #"{"size": [10, 10], "background": [1, 1, 1, 1], "fps": 0}"#), "$.canvas.fps", "frame rate"),
        (timelineText(canvas: #"{"size": [10, 1e9], "background": [1, 1, 1, 1], "fps": 60}"#), "$.canvas.size[1]", "between 1 and"),
        (timelineText(layers: #"[{"id": "a", "parent": 0, "shape": "rect", "model": {}}]"#), "$.layers[0].parent", "earlier layer"),
        (timelineText(layers: #"[{"id": "a", "parent": null, "shape": "star", "model": {}}]"#), "$.layers[0].shape", "ellipse"),
        (
            timelineText(layers: #"[{"id": "a", "parent": null, "shape": "rect", "model": {"colour": 1}}]"#), "$.layers[0].model.colour",
            "unknown layer property"
        ),
        (
            timelineText(layers: #"[{"id": "a", "parent": null, "shape": "rect", "model": {"position": 1}}]"#),
            "$.layers[0].model.position", "expected an array of 2 numbers"
        ),
        (timelineText(layers: #"[{"id": "a", "parent": null, "shape": "rect"}]"#), "$.layers[0]", "missing key \"model\""),
        (timelineText(events: #"[{"time": 0, "target": "b", "type": "remove", "key": "k"}]"#), "$.events[0].target", "no layer"),
        (timelineText(events: #"[{"time": -1, "target": "a", "type": "remove", "key": "k"}]"#), "$.events[0].time", "at least 0"),
        (
            timelineText(
                events:
                    #"[{"time": 1, "target": "a", "type": "remove", "key": "k"}, {"time": 0.5, "target": "a", "type": "remove", "key": "k"}]"#
            ), "$.events[1].time", "time order"
        ),
        (timelineText(events: #"[{"time": 0, "target": "a", "type": "move"}]"#), "$.events[0].type", "\"set\", \"add\" or \"remove\""),
        (
            timelineText(events: #"[{"time": 0, "target": "a", "type": "set", "path": "position.z", "value": 1}]"#), "$.events[0].path",
            "unknown animatable property path"
        ),
        (
            timelineText(events: #"[{"time": 0, "target": "a", "type": "set", "path": "position", "value": 1}]"#), "$.events[0].value",
            "array of 2 numbers"
        ),
        (
            timelineText(events: #"[{"time": 0, "target": "a", "type": "set", "path": "opacity", "value": 1, "extra": 2}]"#),
            "$.events[0].extra", "unknown key"
        ),
        (timelineText(events: addEvent(#""duration": 1"#, #""duration": -2"#)), "$.events[0].animation.duration", "at least 0"),
        (
            timelineText(events: addEvent(#""keyTimes": [0, 1]"#, #""keyTimes": [0.5, 0.2]"#)), "$.events[0].animation.keyTimes[1]",
            "non-decreasing"
        ),
        (
            timelineText(events: addEvent(#"["linear"]"#, #"["wobbly"]"#)), "$.events[0].animation.timingFunctions[0]",
            "unknown timing function"
        ),
        (
            timelineText(events: addEvent(#""repeatCount": 1"#, #""repeatCount": "often""#)), "$.events[0].animation.repeatCount",
            "\"forever\""
        ),
        (timelineText(events: addEvent(#""values": [0, 1]"#, #""values": [0, [1, 2]]"#)), "$.events[0].animation.values[1]", "scalar"),
        (timelineText(events: springEvent), "$.events[0].animation.stiffness", "above 0"),
        (
            timelineText(events: addEvent(#""kind": "keyframe""#, #""kind": "tween""#)), "$.events[0].animation.kind",
            "\"keyframe\", \"spring\" or \"path\""
        ),
    ])
    func errorsNameTheJSONPath(text: String, path: String, message: String) {
        do {
            _ = try TimelineJSON.decode(Array(text.utf8))
            Issue.record("expected an error at \(path)")
        } catch {
            #expect(error.path == path)
            #expect(error.message.contains(message), "\(error)")
        }
    }

    @Test func validMinimalTimelineDecodes() throws {
        let timeline = try TimelineJSON.decode(Array(timelineText(events: addEvent()).utf8))
        #expect(timeline.events.count == 1)
        #expect(timeline.layers.map(\.id) == ["a"])
    }

    @Test func theEventCapIsAMillion() {
        #expect(TimelineJSON.maximumEvents == 1_000_000)
    }

    @Test func moreEventsThanTheCapAreRefusedWithoutHanging() {
        let event = #"{"time":0,"target":"a","type":"remove","key":"k"}"#
        let cap = 1000
        let count = cap + 1
        var text = timelineText(events: "[")
        text.removeLast()  // drop the closing brace to append the events
        text.reserveCapacity(count * (event.count + 1) + 4)
        for i in 0..<count {
            if i > 0 { text += "," }
            text += event
        }
        text += "]}"
        do {
            _ = try TimelineJSON.decode(Array(text.utf8), maximumEvents: cap)
            Issue.record("expected the event cap")
        } catch {
            #expect(error.path == "$.events")
            #expect(error.message.contains("at most 1000"))
        }
    }

    @Test func moreValuesThanTheBudgetAreRefusedAtTheRoot() {
        // The minimal timeline with one add event holds 42 values; its keyframe list is made
        // longer than a budget of 100 allows, while every per-list limit still holds.
        let values = "[" + Array(repeating: "0", count: 60).joined(separator: ", ") + "]"
        let text = timelineText(events: addEvent(#""values": [0, 1]"#, #""values": \#(values)"#))
        do {
            _ = try TimelineJSON.decode(Array(text.utf8), maximumValues: 100)
            Issue.record("expected the value budget")
        } catch {
            #expect(error.path == "$")
            #expect(error.message.hasPrefix("more than 100 JSON values (at line 1, column "))
            #expect(error.message.hasSuffix("; a timeline holds at most 100"))
        }
        // Within the budget, the same text reads on to the next check (60 values, 2 key times).
        do {
            _ = try TimelineJSON.decode(Array(text.utf8), maximumValues: 200)
            Issue.record("expected the key times to be refused")
        } catch {
            #expect(error.path == "$.events[0].animation.keyTimes")
        }
    }

    @Test func theFormatsLimitsFitInTheValueBudget() throws {
        // The largest keyframe list a timeline allows, and many events, read under the real caps.
        let count = TimelineJSON.maximumKeyframes
        let values = "[" + Array(repeating: "0.5", count: count).joined(separator: ",") + "]"
        let keyTimes = "[" + (0..<count).map { JSONNumber.format(Double($0) / Double(count - 1)) }.joined(separator: ",") + "]"
        var events = addEvent(#""values": [0, 1], "keyTimes": [0, 1]"#, #""values": \#(values), "keyTimes": \#(keyTimes)"#)
        events.removeLast()
        let remove = #"{"time": 1, "target": "a", "type": "remove", "key": "k"}"#
        events += "," + Array(repeating: remove, count: 20_000).joined(separator: ",") + "]"
        let timeline = try TimelineJSON.decode(Array(timelineText(events: events).utf8))
        #expect(timeline.events.count == 20_001)
        guard case .add(_, _, .keyframe(let animation), _, _) = timeline.events[0].action else {
            Issue.record("expected a keyframe animation first")
            return
        }
        #expect(animation.values.count == count)
        #expect(animation.keyTimes.last == 1)
    }

    @Test func looksLikeTimelineByContent() {
        #expect(TimelineJSON.looksLikeTimeline(Array(" {\n \"timeline\": 1}".utf8)))
        #expect(!TimelineJSON.looksLikeTimeline(Array("motion: 1\n".utf8)))
        #expect(!TimelineJSON.looksLikeTimeline(Array("{\"motion\": 1}".utf8)))
    }
}

@Suite("Atomic files")
struct AtomicFileTests {
    @Test func failedWriteLeavesTheDestinationIntact() throws {
        let base = "/tmp/motionc-timeline-tests-\(UInt64.random(in: 0...UInt64.max))"
        try AtomicFile.write(Array("old".utf8), to: base + ".json")
        // A destination that is a directory cannot be replaced: the write fails, the old file
        // elsewhere stays, and no temporary file is left.
        #expect(throws: FileError.self) { try AtomicFile.write(Array("y".utf8), to: "/tmp") }
        #expect(throws: FileError.self) { try AtomicFile.write(Array("y".utf8), to: base + "/missing/out.json") }
        #expect(try AtomicFile.read(base + ".json") == Array("old".utf8))
        try AtomicFile.write(Array("new".utf8), to: base + ".json")
        #expect(try AtomicFile.read(base + ".json") == Array("new".utf8))
    }

    @Test func filesOverTheSizeCapAreRefusedBeforeTheyAreRead() throws {
        // A sparse file one byte past the cap takes no room, and is refused by its size alone.
        let path = "/tmp/motionc-timeline-tests-\(UInt64.random(in: 0...UInt64.max)).json"
        defer { unlink(path) }
        try AtomicFile.write(Array(timelineText().utf8), to: path)
        #expect(try TimelineJSON.read(path: path).layers.count == 1)
        #expect(truncate(path, off_t(AtomicFile.maximumSize + 1)) == 0)
        do {
            _ = try TimelineJSON.read(path: path)
            Issue.record("expected the size cap")
        } catch {
            guard case .file(let file) = error else {
                Issue.record("expected a file error, got \(error)")
                return
            }
            #expect(file.reason == "larger than 1024 MiB")
        }
    }

    @Test func unreadableFilesAreNotContentErrors() {
        do {
            _ = try TimelineJSON.read(path: "/nonexistent/timeline.json")
            Issue.record("expected an error")
        } catch {
            guard case .file(let file) = error, file.kind == .read, file.path == "/nonexistent/timeline.json" else {
                Issue.record("expected unreadable, got \(error)")
                return
            }
        }
    }
}
