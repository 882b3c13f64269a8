public import MotionCore
public import MotionTimeline
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// How an export carries one animated component (docs/export.md §2).
public enum ExportMethod: String, Hashable, Sendable, CaseIterable {
    /// The player's own keyframes and curves give the render server's values exactly.
    case exact
    /// Cubic segments fitted within the error budget.
    case fitted
    /// The player cannot show it.
    case dropped
    /// The file carries the values, but the player shows them rounded beyond the budget.
    ///
    /// Browsers snap a border's width to whole device pixels (docs/export.md §4).
    case approximated
}

/// One scalar function of time that an export writes: contiguous segments over the export's span.
///
/// Segments follow each other without gaps (`segments[i].end == segments[i + 1].start`); where
/// `segments[i].to != segments[i + 1].from` the value jumps at that time (it is the later value
/// from the jump's time on).
public struct ShownCurve: Hashable, Sendable {
    /// The segments, in time order.
    public var segments: [CurveSegment]
    /// Whether every segment is the player's own curve (no fitting).
    public var method: ExportMethod
    /// The largest difference from the render server found by the dense check.
    ///
    /// Over a fitted run of per-frame values, the largest difference at its frames.
    public var maxError: Double
    /// The spans (seconds) where the segments are fitted rather than the player's own curves.
    public var fittedSpans: [ClosedRange<Double>] = []
    /// What was done with the runs of per-frame values (links, squashAndStretch), when it has some.
    public var frameRuns: FrameRunReport?
    /// Where a repeat stopped being unrolled, when it stopped before the export's end.
    ///
    /// After ``TimelineTracks/maximumPasses`` passes the value holds from there (an X002 warning).
    public var unrolledUntil: Double?

    /// A value that never changes over `span`.
    public static func constant(_ value: Double, over span: ClosedRange<Double>) -> ShownCurve {
        ShownCurve(
            segments: [CurveSegment(start: span.lowerBound, end: span.upperBound, from: value, to: value, easing: .curve(.linear))],
            method: .exact, maxError: 0)
    }

    /// Whether the value never changes.
    public var isConstant: Bool {
        guard let first = segments.first?.from else { return true }
        return segments.allSatisfy { $0.from == first && $0.to == first }
    }

    /// The value at `t` (the later segment at a boundary).
    ///
    /// - Complexity: O(log n) for n segments, plus one curve solve.
    public func value(at t: Double) -> Double {
        guard let first = segments.first, let last = segments.last else { return 0 }
        if t < first.start { return first.from }
        if t >= last.end { return last.to }
        var lo = 0
        var hi = segments.count - 1
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if segments[mid].start <= t { lo = mid } else { hi = mid - 1 }
        }
        return segments[lo].value(at: t)
    }

    /// The same curve with every value mapped by `a * v + b`.
    public func mapped(scale a: Double, offset b: Double) -> ShownCurve {
        ShownCurve(
            segments: segments.map { $0.mapped(scale: a, offset: b) }, method: method, maxError: maxError * abs(a),
            fittedSpans: fittedSpans, frameRuns: frameRuns, unrolledUntil: unrolledUntil)
    }
}

/// The render server's history of one layer property: the channel as each event left it.
///
/// Snapshot `i` gives the property's presented values from `times[i]` until `times[i + 1]`.
/// The snapshots share their animations (``ChannelLog``): each costs what its event changed.
struct ChannelHistory: Sendable {
    var times: [Double]
    /// A sampler of each snapshot.
    var samplers: [ChannelSampler] = []
    /// The snapshots a `set` event made, in order (empty, with no storage, for most histories):
    /// where links and squashAndStretch write their per-frame values.
    var sets: [Int32] = []

    /// Every snapshot as a channel, made again from the logs: for checks.
    /// - Complexity: O(total entries of the snapshots).
    var channels: [PropertyChannel] { samplers.map(\.channel) }

    /// The snapshot in force at `t`.
    ///
    /// - Complexity: O(log n) for n snapshots.
    func snapshot(at t: Double) -> Int {
        var lo = 0
        var hi = times.count - 1
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if times[mid] <= t { lo = mid } else { hi = mid - 1 }
        }
        return lo
    }

    /// Component `c` of the presented value at `t`, as the render server samples it.
    func value(_ c: Int, at t: Double) -> Double {
        samplers[snapshot(at: t)].value(c, at: t)
    }
}

/// A baked timeline taken apart for export: every animated component as segments a player stores.
///
/// The render server's values are the truth: each layer property's channel is replayed event by
/// event, and between two events its presented value is translated piece by piece. Where a
/// keyframe animation gives the value, its own keyframes and cubic-bezier curves are copied (split
/// exactly where another animation takes over); where a spring gives it, or a value the player
/// must limit (opacity beyond 0...1), cubic segments are fitted within the budget.
public struct TimelineTracks: Sendable {
    /// The timeline.
    public let timeline: Timeline
    /// The span the export covers: 0 to the timeline's end, or a longer `--duration`.
    public let span: ClosedRange<Double>
    /// The dense check's step: a quarter frame.
    public let checkStep: Double
    /// How runs of per-frame values are written: fitted (the default) or as steps.
    public let steps: FrameSteps
    /// The history of every (layer, property) that some event touches.
    let histories: [ChannelHistory]
    /// At `layer * channelsPerLayer + property.ordinal`: 1 + the index of its history, or 0
    /// where no event touches it (four bytes a property, however few are touched).
    let historyIndex: [Int32]
    /// Every layer's model values at `layer * channelsPerLayer + property.ordinal` (defaults
    /// where the layer has none): read without hashing the layer's dictionary.
    let models: [MotionValue]
    /// Spring fits made so far, shared by the components of this timeline.
    let springFits = SpringFitCache()
    /// Curves made so far: a second asker (a preview after its export) gets the same one.
    let curves = CurveCache()

    /// Takes `timeline` apart for an export lasting `duration` seconds (default: its end).
    ///
    /// `steps` says how runs of per-frame values (links, squashAndStretch) are written.
    ///
    /// - Complexity: O(e) for e events, amortised: each costs what it changes (see
    ///   `ChannelLog`); O(k) for one that removes an animation from a property holding k.
    public init(_ timeline: Timeline, duration: Double? = nil, steps: FrameSteps = .fitted) {
        self.timeline = timeline
        self.steps = steps
        let end = duration ?? timeline.end
        let fps = timeline.canvas.fps
        span = 0...(end.isFinite && end > 0 ? end : 0)
        checkStep = 1 / (4 * fps)
        let perLayer = PresentationModel.channelsPerLayer
        var models = [MotionValue](repeating: .scalar(0), count: timeline.layers.count * perLayer)
        for (l, layer) in timeline.layers.enumerated() {
            for property in LayerProperty.allCases { models[l * perLayer + property.ordinal] = property.defaultValue }
            for (property, value) in layer.model { models[l * perLayer + property.ordinal] = value }
        }
        self.models = models
        var historyIndex = [Int32](repeating: 0, count: timeline.layers.count * perLayer)
        var builders: [HistoryBuilder] = []
        /// The history of `property` on `layer`, made when an event first touches it, and the
        /// snapshot an event at `t` writes in it.
        func history(_ layer: Int, _ property: LayerProperty, at t: Double) -> (Int, Int32) {
            let key = layer * perLayer + property.ordinal
            var i = Int(historyIndex[key]) - 1
            if i < 0 {
                // Fewer than 2^31 histories: at most one per event.
                i = builders.count
                builders.append(HistoryBuilder(model: models[key]))
                historyIndex[key] = Int32(truncatingIfNeeded: i + 1)
            }
            return (i, builders[i].snapshot(at: t))
        }
        /// Removes the animation under `key` from every other property of `layer` that holds one
        /// (a property no event touched yet holds none).
        func remove(_ key: String, layer: Int, except skipped: LayerProperty?, at t: Double) {
            for property in LayerProperty.allCases where property.isAnimatable && property != skipped {
                let i = Int(historyIndex[layer * perLayer + property.ordinal]) - 1
                guard i >= 0 else { continue }
                let s = builders[i].snapshot(at: t)
                if builders[i].current.remove(key: key) {
                    builders[i].didRemove(snapshot: s)
                    builders[i].record(at: t)
                }
            }
        }
        // Events read in place (indexing, not iterating, which would copy each one).
        let events = timeline.events
        for i in events.indices where events[i].layer >= 0 && events[i].layer < timeline.layers.count {
            let (layer, time) = (events[i].layer, events[i].time)
            switch events[i].action {
            case .set(let path, let value):
                let (h, s) = history(layer, path.property, at: time)
                builders[h].set(value, component: path.component, at: time, snapshot: s)
                builders[h].record(at: time, set: true)
            case .add(let key, let path, let animation, let modelValue, _):
                remove(key, layer: layer, except: path.property, at: time)
                let (h, s) = history(layer, path.property, at: time)
                builders[h].set(modelValue, component: path.component, at: time, snapshot: s)
                builders[h].add(animation, key: key, component: path.component, at: time, snapshot: s)
                builders[h].record(at: time)
            case .remove(let key):
                remove(key, layer: layer, except: nil, at: time)
            }
        }
        // By index: mapping the builders would copy each one, retaining its arrays.
        let histories = builders.indices.map { builders[$0].history() }
        self.histories = histories
        self.historyIndex = historyIndex
        // A slot for every common curve of each history (see denseSlot), found without hashing.
        curves.reserve(slots: histories.count * 8)
    }

    /// The history of `property` on `layer`, when some event touches it.
    func history(_ layer: Int, _ property: LayerProperty) -> ChannelHistory? {
        historyNumber(layer, property).map { histories[$0] }
    }

    /// The index in `histories` of the history of `property` on `layer`, when some event touches
    /// it: hot paths read the history in place through it (a copy retains and releases its arrays).
    func historyNumber(_ layer: Int, _ property: LayerProperty) -> Int? {
        let key = layer * PresentationModel.channelsPerLayer + property.ordinal
        guard layer >= 0, key < historyIndex.count else { return nil }
        let i = Int(historyIndex[key]) - 1
        return i >= 0 ? i : nil
    }

    /// The model value of `property` on `layer`.
    func model(_ layer: Int, _ property: LayerProperty) -> MotionValue {
        let key = layer * PresentationModel.channelsPerLayer + property.ordinal
        guard layer >= 0, key < models.count else { return timeline.layers[layer].model[property] ?? property.defaultValue }
        return models[key]
    }

    /// Whether some event touches `property` on `layer`.
    public func isAnimated(layer: Int, property: LayerProperty) -> Bool {
        historyNumber(layer, property) != nil
    }

    /// Component `c` of `property` on `layer` as the render server presents it at `t`.
    public func value(layer: Int, property: LayerProperty, component c: Int, at t: Double) -> Double {
        if let h = historyNumber(layer, property) {
            return histories[h].value(c, at: t)
        }
        return model(layer, property)[c]
    }

    /// The smallest and largest value of a component over the span, sampled at every frame.
    ///
    /// - Complexity: O(f + n) for f frames and n snapshots: the times rise, so the snapshot in
    ///   force only moves forward, and the channels are read in place. Frames after a snapshot's
    ///   animations have all ended, or after a lone spring's bound fits inside the range found so
    ///   far, are not sampled: they cannot change it.
    public func range(layer: Int, property: LayerProperty, component c: Int) -> ClosedRange<Double> {
        var lo = Double.infinity
        var hi = -Double.infinity
        func include(_ v: Double) {
            if v.isFinite {
                lo = min(lo, v)
                hi = max(hi, v)
            }
        }
        guard let h = historyNumber(layer, property) else {
            include(model(layer, property)[c])
            return lo <= hi ? lo...hi : 0...0
        }
        histories[h].times.withUnsafeBufferPointer { times in
            histories[h].samplers.withUnsafeBufferPointer { samplers in
                // As ChannelHistory.snapshot(at:): the last snapshot whose time is at most t.
                var snapshot = 0
                var sampler = samplers[0]
                // Past the snapshot's last end (`settled`) the value no longer changes
                // (PropertyChannel.driver samples each animation at its end from then on); a
                // lone spring whose bound fits inside the range so far cannot widen it again.
                var envelope = samplers[0].envelope(c)
                var still = false
                forEachCheckTime(every: 4) { t in
                    if snapshot + 1 < times.count, times[snapshot + 1] <= t {
                        while snapshot + 1 < times.count, times[snapshot + 1] <= t { snapshot += 1 }
                        sampler = samplers[snapshot]
                        envelope = sampler.envelope(c)
                        still = false
                    }
                    guard !still else { return }
                    include(sampler.value(c, at: t))
                    still = t > sampler.settled || envelope?.staysInside(lo, hi, from: t) == true
                }
            }
        }
        return lo <= hi ? lo...hi : 0...0
    }

    /// The error budget of a component: 1e-3 of its range, or 1e-3 where the range is below 1.
    public func tolerance(layer: Int, property: LayerProperty, component c: Int) -> Double {
        let r = range(layer: layer, property: property, component: c)
        let width = r.upperBound - r.lowerBound
        return width >= 1 ? 1e-3 * width : 1e-3
    }

    /// Calls `body` at every check time of the span (k · checkStep), or at every `stride`-th one,
    /// and at the span's end.
    ///
    /// At most ``maximumChecks`` times: a longer span is checked at a wider step.
    func forEachCheckTime(every stride: Int = 1, _ body: (Double) -> Void) {
        let step = max(checkStep * Double(max(stride, 1)), span.upperBound / Double(Self.maximumChecks))
        let count = Int(min((span.upperBound / step).rounded(.down), Double(Self.maximumChecks)))
        for k in 0...max(count, 0) { body(Double(k) * step) }
        if Double(count) * step < span.upperBound { body(span.upperBound) }
    }

    /// A component as the player should show it.
    ///
    /// `limit` (when given) clamps the value, as the render server does for opacity and colours.
    ///
    /// - Parameters:
    ///   - layer: the layer's index in the timeline.
    ///   - property: the layer property.
    ///   - c: the component (0 for a scalar; x, y or r, g, b, a in order).
    ///   - limit: the range the player shows the value in, when it clamps (opacity, colours).
    ///   - tolerance: the fitting budget in the component's units (default: ``tolerance(layer:property:component:)``).
    /// - Complexity: O(s + f) for s exact segments and f fitted ones, plus the dense check.
    public func curve(
        layer: Int, property: LayerProperty, component c: Int, limit: ClosedRange<Double>? = nil, tolerance: Double? = nil
    ) -> ShownCurve {
        guard let h = historyNumber(layer, property) else {
            return .constant(stillValue(layer: layer, property: property, component: c, limit: limit), over: span)
        }
        let key = CurveKey(layer: layer, property: property, component: c, limit: limit, tolerance: tolerance)
        let slot = Self.denseSlot(history: h, component: c, limit: limit, tolerance: tolerance)
        if let cached = curves.curve(key, slot: slot) { return cached }
        var budget: Double? = tolerance
        func tol() -> Double {
            if let budget { return budget }
            let value = self.tolerance(layer: layer, property: property, component: c)
            budget = value
            return value
        }
        var segments: [CurveSegment] = []
        var fitted: [ClosedRange<Double>] = []
        var worst = 0.0
        var unrolledUntil: Double?
        let end = span.upperBound
        let times = histories[h].times
        let samplers = histories[h].samplers
        // Read only where some `set` made a snapshot (no storage otherwise).
        let sets = histories[h].sets.isEmpty ? [] : histories[h].sets
        // The segments a `set` holds (a constant until the next event): runs of them are per-frame values.
        var held: [Int] = []
        var nextSet = 0
        for i in times.indices {
            let a = max(times[i], 0)
            let b = i + 1 < times.count ? min(times[i + 1], end) : end
            while nextSet < sets.count && Int(sets[nextSet]) < i { nextSet += 1 }
            guard b > a else { continue }
            let sampler = samplers[i]
            let first = segments.count
            let pieces = pieces(of: sampler, component: c, from: a, to: b)
            for piece in pieces {
                switch piece {
                case .exact(let exact) where limit.map { limit in exact.allSatisfy { curves.stays($0, within: limit) } } ?? true:
                    segments += exact
                case .exact(let exact):
                    let (p, q) = (exact.first?.start ?? a, exact.last?.end ?? b)
                    let fit = self.fit(sampler, c, p, q, limit: limit, tolerance: tol())
                    segments += fit.segments
                    worst = max(worst, fit.maxError)
                    fitted.append(p...q)
                case .live(let p, let q):
                    let fit = self.fit(sampler, c, p, q, limit: limit, tolerance: tol())
                    segments += fit.segments
                    worst = max(worst, fit.maxError)
                    fitted.append(p...q)
                case .cutShort(let time):
                    unrolledUntil = min(unrolledUntil ?? time, time)
                }
            }
            if nextSet < sets.count, Int(sets[nextSet]) == i, pieces.count == 1, segments.count == first + 1,
                segments[first].from == segments[first].to
            {
                held.append(first)
            }
        }
        if segments.isEmpty {
            let v = histories[h].value(c, at: 0)
            segments = ShownCurve.constant(limit.map { min(max(v, $0.lowerBound), $0.upperBound) } ?? v, over: span).segments
        }
        // Runs of per-frame values (links, squashAndStretch): fitted, or reported as steps.
        let runs = held.isEmpty ? nil : fitFrameRuns(&segments, held: held, tolerance: tol)
        if let runs {
            worst = max(worst, runs.maxError)
            fitted = (fitted + runs.report.fittedSpans).sorted { $0.lowerBound < $1.lowerBound }
        }
        if let approximated = Self.showLastMoment(
            &segments, value: histories[h].value(c, at: end), limit: limit, end: end, tolerance: tol)
        {
            worst = max(worst, lastMomentError(approximated))
            fitted.append(approximated.segment.start...approximated.head.end)
            fitted.sort { $0.lowerBound < $1.lowerBound }
        }
        var curve = ShownCurve(segments: segments, method: fitted.isEmpty ? .exact : .fitted, maxError: worst)
        curve.fittedSpans = Self.merged(fitted)
        curve.frameRuns = runs?.report
        curve.unrolledUntil = unrolledUntil
        // A value that never changed (a spring with nowhere to go) is shown exactly, as a constant.
        if curve.isConstant && worst == 0 {
            curve.method = .exact
            curve.fittedSpans = []
            curve.frameRuns = nil
        }
        curves.store(key, slot: slot, curve)
        return curve
    }

    /// Shows a change on the span's last moment (a jump at the end: a tween of duration 0 that
    /// starts there) in `segments`, which stop at `end` with the value before it.
    ///
    /// The change has no time left to last, so it is shown from ``PlayerKeyframes/jumpLead``
    /// before the end, where the keyframe writers put every jump: the last segment is cut there
    /// and the new value holds to the end. A player then shows it at the last frame, as the
    /// render server does. Changes within the budget (`tolerance`) are left out.
    ///
    /// The part before the cut follows the segment's own curve exactly: its left half, or the
    /// parts ``PlayerKeyframes/heads(_:until:)`` cuts it into where that half is no timing curve
    /// (`cubic-bezier(1, 0, 0, 1)` cut near its end). Where no such parts are found, the closest
    /// half (``CurveSegment/split(at:)``) stands in, and the segment and that half are returned,
    /// for the caller to measure and report as fitted (``lastMomentError(_:)``).
    ///
    /// - Complexity: O(1): at most 4 rounds of a few cuts.
    static func showLastMoment(
        _ segments: inout [CurveSegment], value: Double, limit: ClosedRange<Double>?, end: Double, tolerance: () -> Double
    ) -> (segment: CurveSegment, head: CurveSegment)? {
        let final = limit.map { min(max(value, $0.lowerBound), $0.upperBound) } ?? value
        let cut = end - PlayerKeyframes.jumpLead
        guard let last = segments.last, last.end == end, last.start < cut, final.isFinite, final != last.to,
            !(abs(final - last.to) <= tolerance())
        else { return nil }
        segments.removeLast()
        let hold = CurveSegment(start: cut, end: end, from: final, to: final, easing: .curve(.linear))
        if let parts = PlayerKeyframes.heads([last], until: cut)?.first {
            segments += parts
            segments.append(hold)
            return nil
        }
        let head = last.split(at: cut).0
        segments.append(head)
        segments.append(hold)
        return (last, head)
    }

    /// The largest difference between `head` and the `segment` it stands in for, at every check
    /// time it covers and at its end: the error of a part ``showLastMoment(_:value:limit:end:tolerance:)``
    /// could not cut exactly (infinity where a value is not a number).
    ///
    /// - Complexity: O(d) for d check times.
    func lastMomentError(_ approximated: (segment: CurveSegment, head: CurveSegment)) -> Double {
        let (segment, head) = approximated
        var worst = 0.0
        func check(_ t: Double) {
            let d = abs(head.value(at: t) - segment.value(at: t))
            if d > worst || d.isNaN { worst = d.isNaN ? .infinity : d }
        }
        forEachCheckTime { t in if t >= head.start && t <= head.end { check(t) } }
        check(head.end)
        return worst
    }

    /// The value shown of a component no event touches: its model value, within `limit`.
    func stillValue(layer: Int, property: LayerProperty, component c: Int, limit: ClosedRange<Double>?) -> Double {
        let v = model(layer, property)[c]
        return limit.map { min(max(v, $0.lowerBound), $0.upperBound) } ?? v
    }

    /// Where the curve cache keeps a curve of history `h` in its array: the curves the exporters
    /// ask for (their own budget, unlimited or limited to 0...1) have a slot; others (nil) are
    /// hashed.
    static func denseSlot(history h: Int, component c: Int, limit: ClosedRange<Double>?, tolerance: Double?) -> Int? {
        guard tolerance == nil, (0..<4).contains(c) else { return nil }
        switch limit {
        case nil: return (h * 4 + c) * 2
        case let limit? where limit == 0...1: return (h * 4 + c) * 2 + 1
        default: return nil
        }
    }

    /// Touching spans joined into one.
    static func merged(_ spans: [ClosedRange<Double>]) -> [ClosedRange<Double>] {
        var out: [ClosedRange<Double>] = []
        for span in spans {
            if let last = out.last, span.lowerBound <= last.upperBound {
                out[out.count - 1] = last.lowerBound...max(last.upperBound, span.upperBound)
            } else {
                out.append(span)
            }
        }
        return out
    }

    /// The largest difference between `curve` and `truth` at every check time.
    public func maxError(of curve: ShownCurve, truth: (Double) -> Double) -> Double {
        var worst = 0.0
        forEachCheckTime { t in
            let d = abs(curve.value(at: t) - truth(t))
            if d > worst || d.isNaN { worst = d.isNaN ? .infinity : d }
        }
        return worst
    }

    /// Whether a segment's values (curve overshoot included) stay within `limit`.
    static func stays(_ segment: CurveSegment, within limit: ClosedRange<Double>) -> Bool {
        for k in 0...32 {
            let t = segment.start + (segment.end - segment.start) * Double(k) / 32
            if !limit.contains(segment.value(at: t)) { return false }
        }
        return true
    }

    /// A part of one snapshot's interval: exact segments, or a live span to fit.
    enum Piece {
        case exact([CurveSegment])
        case live(Double, Double)
        /// The repeat of the exact piece before stopped being unrolled at this time
        /// (``maximumPasses``): the value holds from there.
        case cutShort(at: Double)
    }

    /// The pieces of component `c` of a channel on `[a, b]`, split where the animation that gives
    /// the value changes.
    ///
    /// - Complexity: O(e + p·k) for the e entries that end inside `[a, b]`, and p pieces each
    ///   finding its entry among the snapshot's k (usually the latest).
    func pieces(of sampler: ChannelSampler, component c: Int, from a: Double, to b: Double) -> [Piece] {
        var breaks = [a, b]
        sampler.forEachBreak(of: c) { j in
            let (added, entryEnd, _) = sampler.span(j)
            if added > a && added < b { breaks.append(added) }
            if entryEnd > a && entryEnd < b { breaks.append(entryEnd) }
        }
        breaks.sort()
        var result: [Piece] = []
        for k in 0..<(breaks.count - 1) {
            let p = breaks[k]
            let q = breaks[k + 1]
            guard q > p || (a == b) else { continue }
            let mid = p + (q - p) / 2
            guard let (index, time) = sampler.driver(of: c, at: mid), time == mid else {
                let v = sampler.value(c, at: mid)
                result.append(.exact([CurveSegment(start: p, end: q, from: v, to: v, easing: .curve(.linear))]))
                continue
            }
            switch sampler.animation(index) {
            case .keyframe(let animation) where Self.isSampled(animation):
                // Sampled motion (gestures, friction, squash and stretch): fitted, in far fewer keyframes.
                result.append(.live(p, q))
            case .keyframe(let animation):
                let (added, _, component) = sampler.span(index)
                let (timing, keyframes) = animation.sampler(addedTime: added)
                let slot = component == ChannelLog.wholeProperty ? c : 0
                var unrolledUntil: Double?
                if let exact = Self.keyframeSegments(timing, keyframes, slot: slot, from: p, to: q, unrolledUntil: &unrolledUntil) {
                    result.append(.exact(exact))
                    if let unrolledUntil { result.append(.cutShort(at: unrolledUntil)) }
                } else {
                    result.append(.live(p, q))
                }
            case .spring, .path:
                // Springs and motion paths (per coordinate) are fitted.
                result.append(.live(p, q))
            }
        }
        return result
    }

    /// `x` rounded down to 4 significant digits: budgets that differ only by rounding noise share
    /// one fit (the smaller budget is the stricter one).
    static func roundedDown(_ x: Double) -> Double {
        guard x > 0, x.isFinite else { return x }
        let scale = Double.pow10(3 - Int(log10(x).rounded(.down)))
        return (x * scale).rounded(.down) / scale
    }

    /// Whether a keyframe animation is sampled motion rather than an author's tween: more than
    /// ``sampledKeyframes`` values joined by straight lines.
    static func isSampled(_ animation: KeyframeAnimation) -> Bool {
        animation.values.count > sampledKeyframes && animation.timingFunctions.allSatisfy { $0 == .linear }
    }

    /// Above this many linear keyframes an animation is treated as sampled motion and fitted.
    static let sampledKeyframes = 12

    /// Fitted segments of component `c` of a channel on `[p, q]`, and their largest error.
    ///
    /// A spring alone on the interval (the common case) is fitted once per shape: springs with
    /// the same parameters, the same velocity per unit of travel and the same timing relative to
    /// the check grid share one normalised fit, scaled to each travel.
    func fit(_ sampler: ChannelSampler, _ c: Int, _ p: Double, _ q: Double, limit: ClosedRange<Double>?, tolerance: Double)
        -> CurveFit
    {
        if limit == nil, let (index, _) = sampler.driver(of: c, at: p + (q - p) / 2),
            let (spring, whole, springEnd) = sampler.spring(index), springEnd >= q
        {
            let slot = whole ? c : 0
            let travel = spring.from[slot] - spring.to[slot]
            let begin = spring.beginTime
            if travel != 0 && travel.isFinite && q <= springEnd {
                // The normalised spring (from 1 to 0) is fitted over the whole time it takes to
                // come within a hundredth of the budget, once per shape; each spring takes the
                // part up to its own end (where the render server snaps it to its destination).
                // The time after its begin that the fit covers at most: twice the export's span
                // (and more for a spring that begins before 0), so that a spring that has not
                // settled by the end is fitted a little past it, not to its settling time (up to
                // an hour for one that hardly loses energy: 60 times the checks of a minute).
                let cover = 2 * max(span.upperBound, span.upperBound - begin) + 1
                let key = SpringShape(
                    stiffness: spring.stiffness, damping: spring.damping, mass: spring.mass,
                    velocity: spring.initialVelocity[slot] / travel, tolerance: Self.roundedDown(tolerance / abs(travel)),
                    start: p - begin, phase: (begin / checkStep) - (begin / checkStep).rounded(.down), cover: min(cover, 3600))
                let shape = springFits.fit(key) {
                    let solution = SpringSolution(
                        initialValue: 1, initialVelocity: key.velocity, destination: 0, stiffness: key.stiffness,
                        damping: key.damping, mass: key.mass)
                    let settle = solution.settlingTime(threshold: key.tolerance * 0.01)
                    let end = begin + max(key.start, min(settle.isFinite ? settle : key.cover, key.cover))
                    var fit = CurveFitter.fit(
                        over: p...max(p, end), tolerance: key.tolerance * 0.9, checkStep: checkStep,
                        value: { t in solution.value(at: t - begin) })
                    // Stored relative to the spring's begin time, so that later springs reuse it.
                    for i in fit.segments.indices {
                        fit.segments[i].start -= begin
                        fit.segments[i].end -= begin
                    }
                    return fit
                }
                var segments: [CurveSegment] = []
                for segment in shape.segments {
                    var moved = segment.mapped(scale: travel, offset: spring.to[slot])
                    moved.start += begin
                    moved.end += begin
                    guard moved.start < q else { break }
                    if moved.end > q {
                        guard let (head, _) = moved.exactSplit(at: q) else { break }
                        moved = head
                    }
                    segments.append(moved)
                }
                if let last = segments.last, last.end < q {
                    // Settled within a hundredth of the budget before the spring's own end.
                    let v = spring.to[slot]
                    segments.append(CurveSegment(start: last.end, end: q, from: v, to: v, easing: .curve(.linear)))
                }
                if let last = segments.last, last.end >= q - 1e-12 {
                    // The tail after the fit is within a hundredth of the budget of the destination.
                    return CurveFit(segments: segments, maxError: max(shape.maxError * abs(travel), tolerance * 0.01))
                }
            }
        }
        var breakpoints: [Double] = []
        sampler.forEachBreak(of: c) { j in
            let (added, end, _) = sampler.span(j)
            for t in [added, end] where t > p && t < q { breakpoints.append(t) }
        }
        return CurveFitter.fit(
            over: p...q, tolerance: tolerance * 0.9, checkStep: checkStep, breakpoints: breakpoints.sorted(),
            value: { t in
                let v = sampler.value(c, at: t)
                return limit.map { min(max(v, $0.lowerBound), $0.upperBound) } ?? v
            })
    }

    /// The most check times one dense pass makes (an hour at 60 fps, four times a frame).
    static let maximumChecks = 1 << 20

    /// The most passes of one repeating animation that an export unrolls.
    ///
    /// Past them the export warns (X002, ``ShownCurve/unrolledUntil``).
    public static let maximumPasses = 100_000

    /// A keyframe animation's exact segments on `[p, q]`, passes unrolled (the format's tween timing).
    /// Nil when a curve cut at `p` or `q` cannot be split into the player's curves exactly.
    ///
    /// At most ``maximumPasses`` passes are unrolled: where `[p, q]` holds more, the segments stop
    /// after them and `unrolledUntil` is set to the time they stop at (an X002 warning,
    /// docs/export.md §3).
    static func keyframeSegments(
        _ timing: TweenTiming, _ keyframes: Keyframes, slot: Int, from p: Double, to q: Double, unrolledUntil: inout Double?
    ) -> [CurveSegment]? {
        var out: [CurveSegment] = []
        var inexact = false
        func append(_ s: CurveSegment) {
            let lo = max(s.start, p)
            let hi = min(s.end, q)
            guard hi > lo else { return }
            var piece = s
            if lo > piece.start {
                guard let halves = piece.exactSplit(at: lo) else {
                    inexact = true
                    return
                }
                piece = halves.1
            }
            if hi < piece.end {
                guard let halves = piece.exactSplit(at: hi) else {
                    inexact = true
                    return
                }
                piece = halves.0
            }
            out.append(piece)
        }
        func hold(_ v: Double, _ a: Double, _ b: Double) {
            append(CurveSegment(start: a, end: b, from: v, to: v, easing: .curve(.linear)))
        }
        let start = timing.start
        let first = keyframes.scalarValue(atProgress: 0, component: slot)
        if p < start { hold(first, p, min(q, start)) }
        let d = timing.duration > 0 ? timing.duration : 0
        guard q > start else { return inexact ? nil : out }
        guard d > 0 else {
            hold(keyframes.scalarValue(atProgress: 1, component: slot), max(p, start), q)
            return inexact ? nil : out
        }
        let end = timing.end
        let lo = max(p, start)
        let hi = min(q, end)
        if hi > lo {
            let firstPass = max(0, ((lo - start) / d).rounded(.down))
            let wanted = ((hi - start) / d).rounded(.up) - 1
            let lastPass = min(wanted, firstPass + Double(maximumPasses) - 1)
            if wanted > lastPass { unrolledUntil = timing.passStart(lastPass + 1) }
            var k = firstPass
            let values = keyframes.values.map { $0[slot] }
            let offsets = keyframes.offsets
            while k <= lastPass {
                // Pass boundaries as the presentation samples them: decimal sums (docs/format.md §2.2).
                let passStart = timing.passStart(k)
                let passEnd = timing.passStart(k + 1)
                func time(_ u: Double) -> Double { u == 0 ? passStart : u == 1 ? passEnd : passStart + u * d }
                let backward = timing.autoreverses && abs(k.truncatingRemainder(dividingBy: 2)) == 1
                // The pass's pieces in local progress: hold before the first offset, one segment
                // per keyframe pair, hold after the last offset.
                var local: [(u0: Double, u1: Double, v0: Double, v1: Double, curve: TimingCurve)] = []
                if let o = offsets.first, o > 0, let v = values.first { local.append((0, o, v, v, .linear)) }
                if values.count >= 2 {
                    for j in 0..<(values.count - 1) where offsets[j + 1] > offsets[j] {
                        local.append((offsets[j], offsets[j + 1], values[j], values[j + 1], keyframes.curves[j]))
                    }
                }
                if let o = offsets.last, o < 1, let v = values.last { local.append((o, 1, v, v, .linear)) }
                if local.isEmpty, let v = values.last { local.append((0, 1, v, v, .linear)) }
                if backward {
                    for piece in local.reversed() {
                        append(
                            CurveSegment(
                                start: time(1 - piece.u1), end: time(1 - piece.u0), from: piece.v1, to: piece.v0,
                                easing: .curve(piece.curve.reversed)))
                    }
                } else {
                    for piece in local {
                        append(
                            CurveSegment(
                                start: time(piece.u0), end: time(piece.u1), from: piece.v0, to: piece.v1, easing: .curve(piece.curve)))
                    }
                }
                k += 1
            }
        }
        return inexact ? nil : out
    }

    /// The one keyframe animation that gives a component over the whole span, when there is one.
    ///
    /// A player with its own iteration (CSS) can then repeat it instead of unrolling it.
    ///
    /// That is the case when the property's only event adds that animation at time 0, or at a
    /// later time while the model shows the animation's first value.
    public func soleAnimation(layer: Int, property: LayerProperty, component c: Int) -> (KeyframeAnimation, slot: Int)? {
        // The history read in place (a copy retains and releases its arrays).
        guard let h = historyNumber(layer, property), histories[h].samplers.count == 2,
            let j = histories[h].samplers[1].soleEntry
        else { return nil }
        let (added, _, component) = histories[h].samplers[1].span(j)
        guard component == ChannelLog.wholeProperty || component == c,
            case .keyframe(let animation) = histories[h].samplers[1].animation(j)
        else { return nil }
        let slot = component == ChannelLog.wholeProperty ? c : 0
        guard let first = animation.values.first?[slot] else { return nil }
        let before = histories[h].samplers[0].model[c]
        guard added <= 0 || before == first else { return nil }
        return (animation, slot)
    }
}

/// What makes two spring fits the same, up to scale: parameters, velocity per unit of travel,
/// the budget per unit of travel, the interval relative to the spring's begin time, the time it
/// covers, and where that begin time falls on the check grid.
struct SpringShape: Hashable, Sendable {
    var stiffness: Double
    var damping: Double
    var mass: Double
    var velocity: Double
    var tolerance: Double
    var start: Double
    var phase: Double
    /// The most time after the spring's begin that the fit covers (the export's own bound).
    var cover: Double
}

/// Normalised spring fits shared by every component of one export.
final class SpringFitCache: Sendable {
    private let fits = Mutex<[SpringShape: CurveFit]>([:])

    /// The fits made so far, by shape.
    var made: [SpringShape: CurveFit] { fits.withLock { $0 } }

    /// The fit of `shape`, made by `make` the first time.
    func fit(_ shape: SpringShape, make: () -> CurveFit) -> CurveFit {
        if let fit = fits.withLock({ $0[shape] }) { return fit }
        let fit = make()
        fits.withLock { $0[shape] = fit }
        return fit
    }
}

extension Double {
    /// 10 to the power `n`, exactly for the small `n` budgets need.
    static func pow10(_ n: Int) -> Double {
        var result = 1.0
        for _ in 0..<abs(n) { result *= 10 }
        return n >= 0 ? result : 1 / result
    }
}

/// What a shown curve was made for.
struct CurveKey: Hashable, Sendable {
    var layer: Int
    var property: LayerProperty
    var component: Int
    var limit: ClosedRange<Double>?
    var tolerance: Double?
}

/// Shown curves made so far for one timeline.
final class CurveCache: Sendable {
    /// The curves: those with a slot in an array, at 1 + `slots[slot]` (0: not made yet); the
    /// others by key.
    private struct Curves {
        var slots: [Int32] = []
        var made: [ShownCurve] = []
        var others: [CurveKey: ShownCurve] = [:]
    }
    private let curves = Mutex<Curves>(Curves())

    /// The segment ``stays(_:within:)`` checked last, its limit and the answer.
    private let lastStays = Mutex<(segment: CurveSegment, limit: ClosedRange<Double>, stays: Bool)?>(nil)

    /// ``TimelineTracks/stays(_:within:)``, remembered for the last segment: the same tween on
    /// many targets (`target: "*"`) gives equal segments one after another, each checked at 33
    /// points otherwise. Equal segments (`==`) give the same answer: the check compares values
    /// with the limit, where -0 and +0 are alike.
    func stays(_ segment: CurveSegment, within limit: ClosedRange<Double>) -> Bool {
        if let last = lastStays.withLock({ $0 }), last.segment == segment, last.limit == limit { return last.stays }
        let stays = TimelineTracks.stays(segment, within: limit)
        lastStays.withLock { $0 = (segment, limit, stays) }
        return stays
    }

    /// The curve made for `key` (kept at `slot`, when it has one), if any.
    func curve(_ key: CurveKey, slot: Int?) -> ShownCurve? {
        curves.withLock { curves in
            guard let slot, slot >= 0, slot < curves.slots.count else { return curves.others[key] }
            let i = Int(curves.slots[slot]) - 1
            return i >= 0 ? curves.made[i] : nil
        }
    }

    /// Keeps `curve` for `key` (at `slot`, when it has one).
    func store(_ key: CurveKey, slot: Int?, _ curve: ShownCurve) {
        curves.withLock { curves in
            guard let slot, slot >= 0, slot < curves.slots.count, curves.made.count < Int(Int32.max) else {
                curves.others[key] = curve
                return
            }
            curves.made.append(curve)
            curves.slots[slot] = Int32(truncatingIfNeeded: curves.made.count)
        }
    }

    /// Makes `count` slots, and room for a curve in a quarter of them.
    func reserve(slots count: Int) {
        curves.withLock { curves in
            curves.slots = [Int32](repeating: 0, count: max(count, 0))
            curves.made.reserveCapacity(max(count, 0) / 4)
        }
    }
}

/// A ``ChannelHistory`` as the events write it: the channel now, its log, and a record per snapshot.
private struct HistoryBuilder {
    /// The channel as the events so far left it.
    var current: PropertyChannel
    var times: [Double]
    var sets: [Int32] = []
    /// The log being written, and those before it (most histories have none: no array for them).
    var log = ChannelLogBuilder()
    var closed: [ChannelLogBuilder] = []
    /// Per snapshot: its log, how many of the log's entries were added by it, how many it
    /// holds, its latest end (``ChannelSampler/settled``) and model value.
    var records: SnapshotRecords
    /// The latest end of ``current``'s entries, as ``ChannelSampler/settled`` folds them.
    var settled = -Double.infinity

    init(model: MotionValue) {
        current = PropertyChannel(model: model)
        // Room for the first event's snapshot: most histories hold two.
        times = []
        times.reserveCapacity(2)
        times.append(-.infinity)
        records = SnapshotRecords(first: (0, 0, 0, -.infinity, model))
    }

    /// The snapshot an event at `t` writes: the last one when it is at `t`, else a new one.
    ///
    /// Mutating only so that a call on an element of the builders' array reads it in place: a
    /// non-mutating call there copied the whole builder, retaining each of its arrays.
    mutating func snapshot(at t: Double) -> Int32 {
        // Fewer than 2^31 snapshots: at most one per event.
        Int32(truncatingIfNeeded: times.last == t ? times.count - 1 : times.count)
    }

    /// Folds one more end into `settled`, as the channel's entries are folded in order (a NaN
    /// end makes it NaN, until a later end replaces it).
    static func fold(_ settled: Double, _ end: Double) -> Double {
        !(end <= settled) ? end : settled
    }

    /// Writes a model value, as ``PropertyChannel/set(_:component:at:)``.
    mutating func set(_ value: MotionValue, component: Int?, at t: Double, snapshot: Int32) {
        let before = current.entries.count
        current.set(value, component: component, at: t)
        if current.entries.count != before { didRemove(snapshot: snapshot) }
    }

    /// Adds an animation, as ``PropertyChannel/add(_:key:component:at:)``, and logs it.
    mutating func add(_ animation: Animation, key: String, component: Int?, at t: Double, snapshot: Int32) {
        let before = current.entries.count
        current.add(animation, key: key, component: component, at: t)
        guard let entry = current.entries.last else { return }
        // The channel removed the animation under `key` when it did not grow by one.
        if current.entries.count != before + 1 {
            didRemove(snapshot: snapshot, unlogged: 1)
        } else {
            settled = Self.fold(settled, entry.end)
        }
        log.append(entry, snapshot: snapshot)
    }

    /// Marks what ``current`` no longer holds as dead from `snapshot` on.
    /// - Complexity: O(k) for k entries in the log, as the removal itself.
    mutating func didRemove(snapshot: Int32, unlogged: Int = 0) {
        log.reconcile(with: current, unlogged: unlogged, snapshot: snapshot)
        settled = current.entries.reduce(-Double.infinity) { Self.fold($0, $1.end) }
    }

    /// Records the snapshot of an event at `t` (`set`: the event was a `set`), beginning a new
    /// log first when dead entries outnumber the live ones (plus a few): a walk of a snapshot's
    /// entries then passes at most about as many dead ones as it holds.
    /// - Complexity: O(1) amortised.
    mutating func record(at t: Double, set: Bool = false) {
        let s = snapshot(at: t)
        let live = current.entries.count
        if log.dead > live + ChannelLog.deadEntriesKept {
            // The old log's live entries end where the new log takes over.
            log.close(at: s)
            var next = ChannelLogBuilder()
            for entry in current.entries { next.append(entry, snapshot: s) }
            closed.append(log)
            log = next
        }
        let record = (
            log: Int32(truncatingIfNeeded: closed.count), prefix: log.entries.count, count: live, settled: settled,
            model: current.model
        )
        if Int(s) < times.count {
            records[Int(s)] = record
        } else {
            times.append(t)
            records.append(record)
        }
        if set && sets.last != s { sets.append(s) }
    }

    /// The finished history: a sampler per snapshot, over the logs frozen. The builder gives its
    /// logs up (each one moved into its frozen log, not copied with its arrays retained).
    mutating func history() -> ChannelHistory {
        let rising = zip(times, times.dropFirst()).allSatisfy { $0 < $1 }
        var samplers: [ChannelSampler] = []
        samplers.reserveCapacity(records.count)
        // The logs taken in order, each moved into its frozen log (most histories have one).
        var taken = closed
        closed = []
        taken.reverse()
        var last: ChannelLogBuilder? = log
        log = ChannelLogBuilder()
        var l = 0
        var s = 0
        while let builder = taken.popLast() ?? last.take() {
            let frozen = builder.build(times: times)
            // A log's snapshots follow each other; its breaks are in snapshot order.
            var k = 0
            while s < records.count && Int(records[s].log) == l {
                let record = records[s]
                while k < frozen.breakCount && Int(frozen.breakAt(k).snapshot) < s { k += 1 }
                let first = k
                while k < frozen.breakCount && Int(frozen.breakAt(k).snapshot) == s { k += 1 }
                samplers.append(
                    ChannelSampler(
                        log: frozen, snapshot: Int32(truncatingIfNeeded: s), prefix: record.prefix, count: record.count,
                        model: record.model, settled: record.settled, breakRange: rising ? first..<k : nil))
                s += 1
            }
            l += 1
        }
        return ChannelHistory(times: times, samplers: samplers, sets: sets)
    }
}

/// What a ``HistoryBuilder`` records of each snapshot: its log, how many of the log's entries were
/// added by it, how many it holds, its latest end and model value.
///
/// The first two are kept in place and only later ones in an array: most histories have two
/// snapshots, and an array for them, freed when set-up ends, left that many holes in the heap
/// for the export's own allocations to fill.
private struct SnapshotRecords {
    typealias Record = (log: Int32, prefix: Int, count: Int, settled: Double, model: MotionValue)

    private var first: Record
    private var second: Record?
    private var later: [Record] = []

    init(first: Record) {
        self.first = first
    }

    /// How many snapshots are recorded.
    var count: Int { second == nil ? 1 : 2 + later.count }

    /// The record of snapshot `s` (below ``count``).
    subscript(_ s: Int) -> Record {
        get {
            if s == 0 { return first }
            if s == 1, let second { return second }
            return later[s - 2]
        }
        set {
            if s == 0 {
                first = newValue
            } else if s == 1 {
                second = newValue
            } else {
                later[s - 2] = newValue
            }
        }
    }

    /// Records one more snapshot.
    mutating func append(_ record: Record) {
        if second == nil {
            second = record
        } else {
            later.append(record)
        }
    }
}
