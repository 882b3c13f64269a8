/// The tweens on one scalar component and the precedence rule between them (FORMAT.md §2.2).
///
/// Both the scheduler's tween executor and the render server's keyframe animations evaluate a
/// component through this type, so `run` and `bake` + `play` agree by construction:
/// - the latest-registered tween that covers `t` (from its commit to its end) gives the value;
/// - when none covers `t`, the final value of the tween that ended last holds (ties: the later
///   registration);
/// - before any tween, the model value.
public struct TweenStack: Hashable, Sendable {
    /// One registered tween, as seen by one scalar component.
    public struct Entry: Hashable, Sendable {
        public var timing: TweenTiming
        public var keyframes: Keyframes
        /// Which component of the keyframe values this stack reads.
        public var component: Int

        public init(timing: TweenTiming, keyframes: Keyframes, component: Int) {
            self.timing = timing
            self.keyframes = keyframes
            self.component = component
        }

        /// The entry's value at `t`.
        @inlinable
        public func value(at t: Double) -> Double {
            keyframes.scalarValue(atProgress: timing.progress(at: t), component: component)
        }

        /// The value of its last moment.
        @inlinable
        public var finalValue: Double { value(at: timing.end) }
    }

    /// Entries in registration order.
    public private(set) var entries: [Entry] = []

    public init() {}

    /// Registers a tween; it takes precedence over every earlier one where it covers.
    public mutating func register(_ entry: Entry) {
        entries.append(entry)
    }

    /// Drops every entry (a named tween removed, or the component handed to physics).
    public mutating func removeAll() {
        entries.removeAll()
    }

    /// Whether some tween covers `t` or ends after it: the component is still moving or waiting
    /// to move.
    public func isActive(at t: Double) -> Bool {
        entries.contains { $0.timing.end >= t }
    }

    /// The component's value at `t`, or nil before any tween (the model value shows then).
    ///
    /// - Complexity: O(k) in the number of registered tweens, usually one or two.
    @inlinable
    public func value(at t: Double) -> Double? {
        var endedLast: Entry?
        for entry in entries.reversed() {
            if entry.timing.covers(t) { return entry.value(at: t) }
            if entry.timing.end < t, endedLast.map({ entry.timing.end > $0.timing.end }) ?? true {
                endedLast = entry
            }
        }
        return endedLast?.finalValue
    }

    /// Entries that can never show again after `t`: hidden or superseded. Dropping them keeps
    /// the stack short on long runs without changing any value at or after `t`.
    public mutating func prune(before t: Double) {
        guard entries.count > 1 else { return }
        // Keep the latest-ending finished entry (it may be the one that holds) and every entry
        // still covering or yet to end.
        var latestFinished: Int?
        for (i, entry) in entries.enumerated() where entry.timing.end < t {
            if let current = latestFinished, entries[current].timing.end > entry.timing.end { continue }
            latestFinished = i
        }
        entries = entries.enumerated().filter { i, entry in entry.timing.end >= t || i == latestFinished }.map(\.element)
    }
}
