import MotionCore
public import MotionPlans
import MotionRuntime
public import MotionTimeline

/// Bakes a document into a timeline: every channel event its run emits, with its time.
///
/// The document runs on the Material Motion runtime with a recording
/// `ChannelRecorder`. The executors decide what is emitted: tweens become keyframe
/// animations exactly (their values, offsets, curves and timing, no sampling), springs become
/// spring animations, and what the executors sample (gestures, friction alone, squash and stretch)
/// stays sampled as emitted. The run goes frame by frame under the ``StopRule`` `motionc run` uses
/// (until at rest, at most ``StopRule/maximumDuration``), bounded by
/// `TimelineJSON.maximumEvents`.
public enum Baker {
    /// The longest bake, in seconds of document time.
    public static let maximumDuration = StopRule.maximumDuration

    /// Why a bake stopped: at rest, at the duration bound, or at the event cap.
    ///
    /// Still moving at the run's bound (``DocumentRun/boundTime``) is `durationBound`; at the event cap (`eventBound`)
    /// the timeline ends at the last frame before it.
    public typealias Stop = RunOutcome.Stop

    /// A baked timeline and why the bake stopped.
    public struct Result: Sendable {
        /// The baked timeline, ending at the last frame kept.
        public var timeline: Timeline
        /// Why the bake stopped, and so whether the timeline was cut at a bound.
        public var stop: Stop

        /// A line for standard error when the bake hit a bound, else nil.
        public var boundMessage: String? {
            switch stop {
            case .atRest, .durationReached: nil
            case .durationBound where timeline.end >= StopRule.longestDuration:
                // The day's limit came first: the last transaction or input was within 60 s of it.
                "still moving at \(SecondsText.short(timeline.end)) s, the last frame at or before the longest a document runs "
                    + "(\(SecondsText.short(StopRule.longestDuration)) s); the timeline ends there"
            case .durationBound:
                "still moving at \(SecondsText.short(timeline.end)) s, the last frame at or before the bound "
                    + "\(SecondsText.short(Baker.maximumDuration)) s after the last transaction or input; the timeline ends there"
            case .eventBound, .rowBound:
                "more than \(TimelineJSON.maximumEvents) events; the timeline ends at \(SecondsText.short(timeline.end)) s, the last frame before the cap"
            }
        }
    }

    /// Bakes `document` (which should have passed validation with `forBake: true`).
    ///
    /// - Parameters:
    ///   - document: the document to bake.
    ///   - maximumEvents: the event cap (the default is the format's).
    ///   - progress: called after each frame with its index and the last frame the bake may
    ///     reach (it stops sooner at rest), for a progress bar.
    /// - Complexity: O(frames + events) plus the executors' work.
    public static func bake(
        _ document: MotionDocument, maximumEvents: Int = TimelineJSON.maximumEvents,
        progress: ((_ frame: Int, _ lastAllowed: Int) -> Void)? = nil
    ) -> Result {
        let recorder = ChannelRecorder()
        let run = DocumentRun(document: document, sink: recorder)
        let outcome = run.play(until: StopRule(maximumEvents: maximumEvents), progress: progress)
        return Result(timeline: timeline(of: run, events: recorder.events, outcome: outcome), stop: outcome.stop)
    }

    /// The timeline of a run's recorded `events`, ending at the outcome's last frame.
    ///
    /// It holds the events up to that frame, in time order, on the document's layers. `motionc
    /// bake` writes it, and `motionc run --trace` plays it
    /// (`Timeline.writeTrace(frames:to:)`), so the two agree by construction.
    ///
    /// - Complexity: O(events), O(events log events) if some executor emitted out of time order.
    public static func timeline(of run: DocumentRun, events recorded: [ChannelEvent], outcome: RunOutcome) -> Timeline {
        var events = Array(recorded.prefix(outcome.keptEvents))
        // Emission order is time order; a stable sort keeps it so for any executor that is late.
        if !zip(events, events.dropFirst()).allSatisfy({ $0.time <= $1.time }) {
            events = events.enumerated().sorted { ($0.element.time, $0.offset) < ($1.element.time, $1.offset) }.map(\.element)
        }
        let document = run.document
        let layers = document.targets.map { target in
            TimelineLayer(id: target.id.value, parent: target.parent, shape: target.shape, model: target.layer)
        }
        return Timeline(name: document.name, canvas: document.canvas, layers: layers, end: outcome.end, events: events)
    }
}
