import MotionCore

/// When a document run stops: the one stop rule of `motionc run` and `motionc bake`.
///
/// Frames are `k / fps` for k = 0, 1, ... Without a ``duration`` the run stops at the first
/// frame at which it is at rest (``DocumentRun/isAtRest``: nothing moves and no transaction or
/// input is still to come), and at ``DocumentRun/boundTime`` at the latest (``maximumDuration``
/// after the last transaction or recorded input); with one it runs to the last frame at or
/// before it. The work bounds stop it earlier, at the last frame that keeps
/// within them.
public struct StopRule: Hashable, Sendable {
    /// The longest run without a duration, in seconds after the last transaction or input.
    ///
    /// It counts from the document's last transaction or the end of its last recorded input
    /// (``DocumentRun/boundTime``).
    public static let maximumDuration = 60.0
    /// The longest run with a duration: a day, the longest time a document may write.
    ///
    /// A longer or non-finite duration runs a day.
    public static let longestDuration = 86_400.0

    /// Seconds of document time to run, at most ``longestDuration``.
    ///
    /// Nil runs until at rest, at most until ``DocumentRun/boundTime``.
    public var duration: Double?
    /// At most this many trace rows: frames x animated components; nil for no bound.
    public var maximumRows: Int?
    /// At most this many channel events; nil for no bound.
    public var maximumEvents: Int?

    /// Creates a rule.
    public init(duration: Double? = nil, maximumRows: Int? = nil, maximumEvents: Int? = nil) {
        self.duration = duration
        self.maximumRows = maximumRows
        self.maximumEvents = maximumEvents
    }

}

/// How a document run ended and what it kept.
public struct RunOutcome: Hashable, Sendable {
    /// Why the run stopped.
    public enum Stop: Hashable, Sendable {
        /// At rest: nothing moves and nothing is still to come.
        case atRest
        /// The rule's duration was reached.
        case durationReached
        /// Still moving at ``DocumentRun/boundTime``.
        case durationBound
        /// The next frame would exceed the trace-row bound.
        case rowBound
        /// The next frame would exceed the event bound.
        case eventBound
    }

    /// Why the run stopped: at rest, at its duration, or at a bound.
    public var stop: Stop
    /// The last frame kept; -1 when not even frame 0 fits the bounds.
    public var lastFrame: Int
    /// How many channel events were emitted up to and including ``lastFrame``.
    public var keptEvents: Int
    /// Frames per second of the run.
    public var fps: Double

    /// How many frames were kept.
    public var frames: Int { lastFrame + 1 }

    /// The time of the last frame kept (0 when none was).
    public var end: Double { Double(max(lastFrame, 0)) / fps }
}

extension DocumentRun {
    /// Runs frame by frame under `rule`: the frame loop of `motionc run` and `motionc bake`.
    ///
    /// - Parameters:
    ///   - rule: when to stop: at rest, after a duration, or at a bound on rows or events.
    ///   - progress: called after each frame with its index and the last frame the rule allows (a
    ///     run at rest stops sooner), for a progress bar.
    /// - Complexity: O(frames + events) plus the executors' work.
    public func play(until rule: StopRule, progress: ((_ frame: Int, _ lastAllowed: Int) -> Void)? = nil) -> RunOutcome {
        let seconds = rule.duration.map { $0.isNaN ? StopRule.longestDuration : min($0, StopRule.longestDuration) }
        let lastAllowed = Canvas.lastFrame(seconds: seconds ?? boundTime, fps: fps)
        var k = max(frameIndex, 0)
        var kept = 0
        while true {
            advance(toFrame: k)
            progress?(k, lastAllowed)
            if let rows = rule.maximumRows, (k + 1) * max(1, animatedComponentCount) > rows {
                return RunOutcome(stop: .rowBound, lastFrame: k - 1, keptEvents: kept, fps: fps)
            }
            if let events = rule.maximumEvents, eventCount > events {
                return RunOutcome(stop: .eventBound, lastFrame: k - 1, keptEvents: kept, fps: fps)
            }
            kept = eventCount
            if rule.duration == nil, isAtRest {
                return RunOutcome(stop: .atRest, lastFrame: k, keptEvents: kept, fps: fps)
            }
            if k >= lastAllowed {
                let stop: RunOutcome.Stop = rule.duration == nil ? .durationBound : .durationReached
                return RunOutcome(stop: stop, lastFrame: k, keptEvents: kept, fps: fps)
            }
            k += 1
        }
    }
}
