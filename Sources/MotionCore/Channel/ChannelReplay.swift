/// Replays channel events into a presentation, for sampling at frame times.
///
/// This is what the render server does with a timeline, and what a trace does with a run's events.
/// Events must be in emission order (as ``ChannelRecorder`` keeps them). Advancing to `t` applies
/// every event with a time at or before `t`, so sampling after ``advance(to:)`` sees what the
/// executors saw at `t`: the same operations on the same model, in the same order.
public struct ChannelReplay: Sendable {
    /// The presentation with the events applied so far.
    public private(set) var model: PresentationModel
    /// What ``advance(to:)`` starts again from for an earlier time; nil for a replay that only
    /// moves forward (a trace's), which then shares no storage with its model.
    private let initial: PresentationModel?
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

    /// Starts from `model` and `events`, for a replay that only moves forward.
    private init(forwardFrom model: PresentationModel, events: [ChannelEvent]) {
        self.model = model
        self.initial = nil
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
        if t < time, let initial {
            model = initial
            appliedEvents = 0
            lastPrune = -.infinity
        }
        time = t
        // Each event is read in place through a pointer (a buffer's subscript returns a copy,
        // which would count references to the event's key and animation).
        let events = self.events
        events.withUnsafeBufferPointer { buffer in
            guard let events = buffer.baseAddress else { return }
            while appliedEvents < buffer.count, events[appliedEvents].time <= t {
                ChannelEvent.apply(events + appliedEvents, to: &model)
                appliedEvents += 1
            }
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

    /// Writes the trace (docs/format.md §5.1) of `events` played over `layers`.
    ///
    /// The layers start from the values `layers` gives and are labelled `layerIDs`; the frames
    /// are `0..<frames`, at t = k / fps.
    ///
    /// The trace holds every component an event touches (``ChannelEvent/touchedComponents(_:)``),
    /// in that order, sampled after the events up to each frame. `motionc run --trace` and
    /// `motionc play --trace` both write their rows here, so they agree by construction.
    ///
    /// The replay keeps only the channels the trace prints (no event writes another), and every
    /// table the row loop reads is flat and built before it.
    ///
    /// - Complexity: O(frames x touched components + events + layers).
    public static func writeTrace(
        layers: [[LayerProperty: MotionValue]], layerIDs: [String], events: [ChannelEvent], frames: Int, fps: Double,
        to writer: TraceWriter
    ) {
        let components = ChannelEvent.touchedComponents(events).filter {
            layerIDs.indices.contains($0.target) && layers.indices.contains($0.target)
        }
        var model = PresentationModel(layers: layers, keeping: components.lazy.map { PresentationModel.index($0.target, $0.property) })
        // Room for every animation the events add: the arena is not copied as it grows.
        var adds = 0
        for i in events.indices {
            if case .add = events[i].action { adds += 1 }
        }
        model.reserve(animations: adds)
        var replay = ChannelReplay(forwardFrom: consume model, events: events)
        // Flat tables, read in place in the row loop: per (layer, property) group its channel's
        // slot, the end of its rows, how many there are and the most bytes its rows take besides their time; per row
        // the component, where its label's bytes start and end in one buffer (padded for block
        // copies), and the text of the value it printed last (a value at rest is formatted once).
        // The loop then neither counts references nor allocates, and writes rows straight into
        // the writer's buffer, a batch of groups at a time.
        var groups: [(channel: Int, end: Int, rows: Int, bytes: Int)] = []
        var rows: [(component: Int, labelStart: Int, labelCount: Int)] = []
        rows.reserveCapacity(components.count)
        var labels: [UInt8] = []
        // Each component's name once (`position.x`), by its slot (`AnimatedComponent.slot`): the labels
        // are written straight into `labels`, building no string or array per row.
        var names = [[UInt8]](repeating: [], count: PresentationModel.channelsPerLayer * 4)
        var last: (layer: Int, property: LayerProperty)?
        for c in components {
            guard let slot = replay.model.slot(c.target, c.property) else { continue }
            let name = AnimatedComponent.slot(c.property, c.component)
            if names[name].isEmpty { names[name] = Array(c.name.utf8) }
            let start = labels.count
            TraceLabel.append(target: layerIDs[c.target], component: names[name], to: &labels)
            let count = labels.count - start
            if let last, last.layer == c.target, last.property == c.property {
                groups[groups.count - 1].end += 1
                groups[groups.count - 1].rows += 1
                groups[groups.count - 1].bytes += count + TraceWriter.rowBound
            } else {
                groups.append((slot, rows.count + 1, 1, count + TraceWriter.rowBound))
                last = (c.target, c.property)
            }
            rows.append((c.component, start, count))
        }
        labels.append(contentsOf: repeatElement(0, count: TraceWriter.columnPadding))
        var memos = [TraceValueMemo](repeating: TraceValueMemo(), count: rows.count)
        var texts = [TraceValueText](repeating: TraceValueText(), count: rows.count)
        // Tweens that share a curve and a progress (layers eased together) solve it once a frame.
        var curves = CurveSolveMemo()
        // The batches of groups written between two checks of the writer's room, for the length
        // of the time column they were made for (it changes only when the seconds gain a digit).
        var batches: [(end: Int, bound: Int)] = []
        var batchedTimeCount = -1
        for k in 0..<max(0, frames) {
            let t = Double(k) / fps
            replay.advance(to: t)
            let model = replay.model
            let time = writer.timeColumn(t)
            if time.count != batchedTimeCount {
                batches = Self.batches(groups, timeCount: time.count)
                batchedTimeCount = time.count
            }
            Self.withRowBuffers(groups, rows, labels, &memos, &texts) { groups, rows, labels, memos, texts in
                var g = 0
                var row = 0
                for batch in batches {
                    writer.writeRows(bound: batch.bound) { start in
                        var p = start
                        let first = row
                        for group in groups[g..<batch.end] {
                            let value = model.sample(group.channel, at: t, memo: &curves)
                            while row < group.end {
                                let r = rows[row]
                                p = TraceWriter.writeRow(
                                    at: p, time: time, columns: labels + r.labelStart, count: r.labelCount,
                                    value: value[r.component], memo: memos + row, text: texts + row)
                                row += 1
                            }
                        }
                        return (p, row - first)
                    }
                    g = batch.end
                }
            }
        }
    }

    /// Calls `body` with the row loop's tables read in place (no reference counting, no
    /// bounds checks).
    @inline(__always)
    private static func withRowBuffers(
        _ groups: [(channel: Int, end: Int, rows: Int, bytes: Int)], _ rows: [(component: Int, labelStart: Int, labelCount: Int)],
        _ labels: [UInt8], _ memos: inout [TraceValueMemo], _ texts: inout [TraceValueText],
        _ body: (
            UnsafeBufferPointer<(channel: Int, end: Int, rows: Int, bytes: Int)>,
            UnsafeBufferPointer<(component: Int, labelStart: Int, labelCount: Int)>, UnsafePointer<UInt8>,
            UnsafeMutablePointer<TraceValueMemo>, UnsafeMutablePointer<TraceValueText>
        ) -> Void
    ) {
        groups.withUnsafeBufferPointer { groups in
            rows.withUnsafeBufferPointer { rows in
                labels.withUnsafeBufferPointer { labels in
                    memos.withUnsafeMutableBufferPointer { memos in
                        texts.withUnsafeMutableBufferPointer { texts in
                            guard let labels = labels.baseAddress, let memos = memos.baseAddress, let texts = texts.baseAddress
                            else { return }
                            body(groups, rows, labels, memos, texts)
                        }
                    }
                }
            }
        }
    }

    /// The groups of a trace's rows cut into batches whose rows fit one buffer's worth
    /// (``TraceWriter/flushSize``; at least one group each), with time columns of `timeCount`
    /// bytes: each batch's end (a group index) and the most bytes its rows take.
    ///
    /// - Complexity: O(groups).
    static func batches(
        _ groups: [(channel: Int, end: Int, rows: Int, bytes: Int)], timeCount: Int
    ) -> [(end: Int, bound: Int)] {
        var batches: [(end: Int, bound: Int)] = []
        var g = 0
        while g < groups.count {
            var last = g
            var bound = 0
            repeat {
                bound += groups[last].bytes + groups[last].rows * timeCount
                last += 1
            } while last < groups.count && bound + groups[last].bytes + groups[last].rows * timeCount <= TraceWriter.flushSize
            batches.append((last, bound))
            g = last
        }
        return batches
    }
}
