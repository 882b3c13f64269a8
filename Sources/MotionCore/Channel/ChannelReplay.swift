/// Replays channel events into a presentation, for sampling at frame times.
///
/// This is what the render server does with a timeline, and what a trace does with a run's events.
/// Events must be in emission order (as ``ChannelRecorder`` keeps them). Advancing to `t` applies
/// every event with a time at or before `t`, so sampling after ``advance(to:)`` sees what the
/// executors saw at `t`: the same operations on the same model, in the same order.
public struct ChannelReplay: Sendable {
    /// The presentation with the events applied so far.
    public private(set) var model: PresentationModel
    private let initial: PresentationModel
    private let events: [ChannelEvent]
    /// How many events have been applied.
    public private(set) var appliedEvents = 0
    /// The latest time advanced to.
    public private(set) var time = -Double.infinity
    private var lastPrune = -Double.infinity

    /// Starts from `initial` (the layers' initial model values) and `events`.
    public init(initial: PresentationModel, events: [ChannelEvent]) {
        self.model = initial
        self.initial = initial
        self.events = events
    }

    /// Starts from the initial layer values `layers` (document pre-order) and `events`.
    public init(layers: [[LayerProperty: MotionValue]], events: [ChannelEvent]) {
        self.init(initial: PresentationModel(layers: layers), events: events)
    }

    /// Applies the events up to and including time `t`.
    ///
    /// An earlier `t` than the last replays from the start. Animations that can no longer show are
    /// pruned once a second of `t`, which keeps long replays linear.
    ///
    /// - Complexity: O(events applied), amortised over a forward replay.
    public mutating func advance(to t: Double) {
        if t < time {
            model = initial
            appliedEvents = 0
            lastPrune = -.infinity
        }
        time = t
        while appliedEvents < events.count, events[appliedEvents].time <= t {
            events[appliedEvents].apply(to: &model)
            appliedEvents += 1
        }
        if t - lastPrune >= 1 {
            model.prune(before: t)
            lastPrune = t
        }
    }

    /// Applies one event sent outside the replayed list (a render server's live add or remove).
    public mutating func apply(_ event: ChannelEvent) {
        event.apply(to: &model)
    }

    /// Replays frames `0..<frames` (t = k / fps) and writes their trace (docs/format.md §5.1).
    ///
    /// The trace holds `components` (normally ``ChannelEvent/touchedComponents(_:)`` of the
    /// events): per frame, one row per component in the order given, labelled with `layerIDs`.
    /// `motionc run --trace` and `motionc play --trace` both write their rows here, so they agree
    /// by construction.
    ///
    /// - Complexity: O(frames x components + events).
    public mutating func writeTrace(
        components: [AnimatedComponent], layerIDs: [String], frames: Int, fps: Double, to writer: TraceWriter
    ) {
        // Flat tables, read in place in the row loop: per (layer, property) group its channel
        // and the end of its rows; per row the component, where its label's bytes end in one
        // buffer, and the text of the value it printed last (a value at rest is formatted once).
        // The loop then neither counts references nor allocates.
        var groups: [(channel: Int, end: Int)] = []
        var rows: [(component: Int, labelEnd: Int)] = []
        var labels: [UInt8] = []
        var last: (layer: Int, property: LayerProperty)?
        for c in components where layerIDs.indices.contains(c.target) && c.target < model.layerCount {
            if let last, last.layer == c.target, last.property == c.property {
                groups[groups.count - 1].end += 1
            } else {
                groups.append((PresentationModel.index(c.target, c.property), rows.count + 1))
                last = (c.target, c.property)
            }
            labels.append(contentsOf: TraceLabel(target: layerIDs[c.target], component: c.name).bytes)
            rows.append((c.component, labels.count))
        }
        var memos = [TraceValueMemo](repeating: TraceValueMemo(), count: rows.count)
        for k in 0..<max(0, frames) {
            let t = Double(k) / fps
            advance(to: t)
            let model = self.model
            groups.withUnsafeBufferPointer { groups in
                rows.withUnsafeBufferPointer { rows in
                    labels.withUnsafeBufferPointer { labels in
                        memos.withUnsafeMutableBufferPointer { memos in
                            var row = 0
                            var start = 0
                            for g in groups {
                                let value = model.sample(g.channel, at: t)
                                while row < g.end {
                                    let end = rows[row].labelEnd
                                    writer.append(
                                        time: t, columns: UnsafeBufferPointer(rebasing: labels[start..<end]),
                                        value: value[rows[row].component], memo: &memos[row])
                                    start = end
                                    row += 1
                                }
                            }
                        }
                    }
                }
            }
        }
    }
}
