import MotionCore
public import MotionPlans
import MotionRuntime

/// Bakes a document into a timeline: runs it on the Material Motion runtime with a recording
/// ``MotionRuntime/PresentationSink`` and keeps every render-server channel event with its time.
///
/// The executors decide what is emitted: tweens become keyframe animations exactly (their
/// values, offsets, curves and timing, no sampling), springs become spring animations, and what
/// the executors sample (gestures, friction alone, squash and stretch) stays sampled as emitted.
/// The run goes frame by frame (k / fps) until it is at rest with no transaction or input still
/// to come, exactly as `motionc run` stops, or until ``maximumDuration`` or
/// ``TimelineJSON/maximumEvents`` is reached.
public enum Baker {
    /// The longest bake, in seconds of document time.
    public static let maximumDuration = 60.0

    /// Why a bake stopped.
    public enum Stop: Hashable, Sendable {
        /// Everything came to rest at the timeline's end.
        case atRest
        /// Still moving at ``maximumDuration``.
        case durationBound
        /// The recorded events reached the cap; the timeline ends at the last frame before it.
        case eventBound
    }

    /// A baked timeline and why the bake stopped.
    public struct Result: Sendable {
        public var timeline: Timeline
        public var stop: Stop

        /// A line for standard error when the bake hit a bound, else nil.
        public var boundMessage: String? {
            switch stop {
            case .atRest: nil
            case .durationBound:
                "still moving after \(SecondsText.short(Baker.maximumDuration)) s; the timeline ends at that bound"
            case .eventBound:
                "more than \(TimelineJSON.maximumEvents) events; the timeline ends at \(SecondsText.short(timeline.end)) s, the last frame before the cap"
            }
        }
    }

    /// Bakes `document` (which should have passed validation with `forBake: true`).
    ///
    /// - Parameters:
    ///   - maximumEvents: the event cap (the default is the format's).
    /// - Complexity: O(frames + events) plus the executors' work.
    public static func bake(_ document: MotionDocument, maximumEvents: Int = TimelineJSON.maximumEvents) -> Result {
        let recorder = TimelineRecorder()
        let run = DocumentRun(document: document, sink: recorder)
        let fps = run.fps
        let lastAllowed = Int((maximumDuration * fps * (1 + 1e-12)).rounded(.down))
        var k = 0
        var stop = Stop.atRest
        var kept = 0  // events recorded up to the last complete frame
        while true {
            run.advance(toFrame: k)
            if recorder.events.count > maximumEvents {
                stop = .eventBound
                k = max(0, k - 1)
                break
            }
            kept = recorder.events.count
            if run.isAtRest { break }
            if k >= lastAllowed {
                stop = .durationBound
                break
            }
            k += 1
        }
        let end = Double(k) / fps
        var events = Array(recorder.events.prefix(kept))
        // Emission order is time order; a stable sort keeps it so for any executor that is late.
        if !zip(events, events.dropFirst()).allSatisfy({ $0.time <= $1.time }) {
            events = events.enumerated().sorted { ($0.element.time, $0.offset) < ($1.element.time, $1.offset) }.map(\.element)
        }
        let layers = document.targets.map { target in
            TimelineLayer(id: target.id.value, parent: target.parent, shape: target.shape, model: target.layer)
        }
        let timeline = Timeline(name: document.name, canvas: document.canvas, layers: layers, end: end, events: events)
        return Result(timeline: timeline, stop: stop)
    }
}

/// A sink that records channel events as timeline events.
final class TimelineRecorder: PresentationSink {
    private(set) var events: [TimelineEvent] = []

    func set(target: Int, path: PropertyPath, value: MotionValue, at time: Double) {
        events.append(TimelineEvent(time: time, layer: target, action: .set(path: path, value: value)))
    }

    func add(
        target: Int, path: PropertyPath, key: String, animation: Animation, modelValue: MotionValue,
        initialVelocity: MotionValue?, at time: Double
    ) {
        events.append(
            TimelineEvent(
                time: time, layer: target,
                action: .add(
                    key: key, path: path, animation: animation, modelValue: modelValue, initialVelocity: initialVelocity)))
    }

    func remove(target: Int, key: String, at time: Double) {
        events.append(TimelineEvent(time: time, layer: target, action: .remove(key: key)))
    }
}
