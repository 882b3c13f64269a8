import MotionCore
import MotionJSON
import Testing

@testable import MotionTimeline

/// A bake writes only timelines its readers accept: over a reader's byte or value budget, the
/// timeline is cut at a frame, as at the event cap.
@Suite("Timeline budgets")
struct TimelineBudgetTests {
    /// 30 fps; frame k holds `perFrame` keyframe tweens with `keyframes` values each, on layer "card".
    static func timeline(frames: Int, perFrame: Int, keyframes: Int) -> Timeline {
        var events: [ChannelEvent] = []
        for k in 0..<frames {
            for j in 0..<perFrame {
                let values = (0..<keyframes).map { MotionValue.scalar(Double($0 * 7 + j) / 3) }
                let times = (0..<keyframes).map { Double($0) / Double(max(keyframes - 1, 1)) }
                let animation = KeyframeAnimation(
                    values: values, keyTimes: times, timingFunctions: Array(repeating: .linear, count: max(keyframes - 1, 1)),
                    beginTime: Double(k) / 30, duration: 0.5)
                events.append(
                    ChannelEvent(
                        time: Double(k) / 30, layer: 0,
                        action: .add(
                            key: "t\(k)-\(j)", path: PropertyPath(.opacity), animation: .keyframe(animation),
                            modelValue: .scalar(1), initialVelocity: nil)))
            }
        }
        let layer = TimelineLayer(id: "card", parent: nil, shape: .rect, model: [:])
        return Timeline(
            name: "budget", canvas: Canvas(width: 100, height: 100, background: .color(1, 1, 1, 1), fps: 30), layers: [layer],
            end: Double(frames - 1) / 30, events: events)
    }

    /// How many JSON values `text` holds, as the reader counts them: the smallest budget it accepts.
    static func readerValueCount(_ text: String) -> Int {
        let bytes = Array(text.utf8)
        var (low, high) = (1, bytes.count + 1)
        while low < high {
            let mid = (low + high) / 2
            if (try? JSONReader.parse(bytes, maximumValues: mid)) != nil { high = mid } else { low = mid + 1 }
        }
        return low
    }

    @Test("within both budgets the text is the whole timeline's")
    func withinBudgetIsUncut() {
        let timeline = Self.timeline(frames: 10, perFrame: 3, keyframes: 20)
        let fitted = TimelineJSON.fittedText(timeline)
        #expect(fitted.cutEnd == nil)
        #expect(fitted.text == TimelineJSON.text(timeline))
        #expect(TimelineJSON.encode(timeline).textBound(depth: 0) >= fitted.text.utf8.count)
    }

    @Test("over the value budget: whole frames are kept, as many as fit, and the reader accepts them")
    func valueBudgetCutsAtAFrame() throws {
        let timeline = Self.timeline(frames: 20, perFrame: 3, keyframes: 20)
        let whole = Self.readerValueCount(TimelineJSON.text(timeline))
        let budget = whole / 2
        let fitted = TimelineJSON.fittedText(timeline, maximumValues: budget)
        let end = try #require(fitted.cutEnd)
        let cut = try TimelineJSON.decode(Array(fitted.text.utf8), maximumEvents: TimelineJSON.maximumEvents, maximumValues: budget)
        #expect(cut.end == end)
        #expect(cut.events == timeline.events.filter { $0.time <= end })
        #expect(cut.events.count % 3 == 0, "whole frames only")
        // One more frame would not fit.
        var more = timeline
        more.events = timeline.events.filter { $0.time <= end + 1.5 / 30 }
        more.end = end + 1.0 / 30
        #expect(Self.readerValueCount(TimelineJSON.text(more)) > budget)
    }

    @Test("over the byte budget: the text fits, in whole frames, and is as long as it can be")
    func byteBudgetCutsAtAFrame() throws {
        let timeline = Self.timeline(frames: 20, perFrame: 2, keyframes: 30)
        let whole = TimelineJSON.text(timeline).utf8.count
        let budget = whole / 3
        let fitted = TimelineJSON.fittedText(timeline, maximumBytes: budget)
        let end = try #require(fitted.cutEnd)
        #expect(fitted.text.utf8.count <= budget)
        let cut = try TimelineJSON.decode(Array(fitted.text.utf8))
        #expect(cut.events == timeline.events.filter { $0.time <= end })
        var more = timeline
        more.events = timeline.events.filter { $0.time <= end + 1.5 / 30 }
        more.end = end + 1.0 / 30
        // The estimate may keep back a few bytes (a separator, the end's digits), never a frame.
        #expect(TimelineJSON.text(more).utf8.count > budget - 64)
    }

    @Test("a first frame over the budget leaves no events, ending at 0")
    func firstFrameOverBudget() throws {
        let timeline = Self.timeline(frames: 3, perFrame: 2, keyframes: 50)
        let fitted = TimelineJSON.fittedText(timeline, maximumValues: 150)
        #expect(fitted.cutEnd == 0)
        #expect(try TimelineJSON.decode(Array(fitted.text.utf8)).events.isEmpty)
    }

    @Test("the size bound read from the values is never below the written text", arguments: [1, 2, 9, 40])
    func textBoundIsAnUpperBound(keyframes: Int) {
        let timeline = Self.timeline(frames: 2, perFrame: 2, keyframes: keyframes)
        for event in timeline.events {
            let json = TimelineJSON.encode(event, layers: timeline.layers)
            let written = json.serialized(pretty: true).utf8
            let newlines = written.filter { $0 == UInt8(ascii: "\n") }.count
            #expect(json.textBound(depth: 2) >= written.count + 4 * newlines)
        }
        var odd = timeline
        odd.layers[0].id = "\u{1}\"\\é"
        let json = TimelineJSON.encode(odd.events[0], layers: odd.layers)
        #expect(json.textBound(depth: 2) >= json.serialized(pretty: true).utf8.count)
    }
}
