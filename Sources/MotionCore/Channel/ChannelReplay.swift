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
        // Flat tables, read by index in the row loop: one sample per (layer, property) group,
        // then one row per component of the group.
        var groups: [(layer: Int, property: LayerProperty, end: Int)] = []
        var indices: [Int] = []
        var labels: [TraceLabel] = []
        for c in components where layerIDs.indices.contains(c.target) {
            if let last = groups.last, last.layer == c.target, last.property == c.property {
                groups[groups.count - 1].end += 1
            } else {
                groups.append((c.target, c.property, indices.count + 1))
            }
            indices.append(c.component)
            labels.append(TraceLabel(target: layerIDs[c.target], component: c.name))
        }
        for k in 0..<max(0, frames) {
            let t = Double(k) / fps
            advance(to: t)
            var row = 0
            for g in 0..<groups.count {
                let value = model.value(layer: groups[g].layer, property: groups[g].property, at: t)
                while row < groups[g].end {
                    writer.append(time: t, label: labels[row], value: value[indices[row]])
                    row += 1
                }
            }
        }
    }
}
