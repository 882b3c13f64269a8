public import MotionCore
public import MotionTimeline

/// A timeline being played: its presentation after the events up to some time.
///
/// Sampled into layer snapshots.
///
/// `TimelinePlayback` is a value with no thread of its own; ``RenderServer`` owns one on its
/// thread. Playing forward applies each event once, in order, when its time is reached; asking
/// for an earlier time replays from the start.
public struct TimelinePlayback: Sendable {
    /// The deepest layer kept in snapshots; deeper layers are never drawn.
    ///
    /// See ``FrameRenderer/maximumDepth``.
    public static let maximumDepth = FrameRenderer.maximumDepth

    /// The timeline played.
    public let timeline: Timeline
    /// The timeline's events replayed so far.
    @usableFromInline private(set) var replay: ChannelReplay
    /// Layer values and keyed animations after the events applied so far.
    @inlinable public var presentation: PresentationModel { replay.model }
    /// How many of the timeline's events have been applied.
    public var appliedEvents: Int { replay.appliedEvents }
    /// The latest time played to.
    public var time: Double { replay.time }
    /// Children of each layer, in document order.
    let children: [[Int]]
    /// Top-level layers, in document order.
    let roots: [Int]
    /// Each layer's depth (0 at the top level).
    let depths: [Int]

    /// Prepares to play `timeline` from its start.
    ///
    /// - Complexity: O(layers).
    public init(timeline: Timeline) {
        self.timeline = timeline
        replay = ChannelReplay(initial: timeline.initialPresentation, events: timeline.events)
        var children = [[Int]](repeating: [], count: timeline.layers.count)
        var roots: [Int] = []
        var depths = [Int](repeating: 0, count: timeline.layers.count)
        for (i, layer) in timeline.layers.enumerated() {
            if let p = layer.parent, p >= 0, p < i {
                children[p].append(i)
                depths[i] = depths[p] + 1
            } else {
                roots.append(i)
            }
        }
        self.children = children
        self.roots = roots
        self.depths = depths
    }

    /// Applies every event whose time is at most `t`.
    ///
    /// It replays from the start when `t` is earlier than the time already played to.
    ///
    /// - Complexity: O(events applied), amortised over a forward play.
    public mutating func advance(to t: Double) {
        replay.advance(to: t)
    }

    /// Applies an event sent over the channel outside the timeline (a render server's add and remove).
    public mutating func apply(_ event: ChannelEvent) {
        replay.apply(event)
    }

    /// The presented value of `property` on `layer` at `t`, after the events applied so far.
    ///
    /// - Complexity: O(k) for k animations on the property.
    @inlinable
    public func value(layer: Int, property: LayerProperty, at t: Double) -> MotionValue {
        presentation.value(layer: layer, property: property, at: t)
    }

    /// The layer tree's presentation at `t` (after the events applied so far), for ``FrameRenderer``.
    ///
    /// Layers nested deeper than ``maximumDepth`` are left out.
    ///
    /// - Complexity: O(layers x properties) samples.
    public func snapshots(at t: Double) -> [LayerSnapshot] {
        let layers = timeline.layers
        var built = [LayerSnapshot?](repeating: nil, count: layers.count)
        // One array of the properties for every layer (`allCases` builds a new one per call).
        let animatable = LayerProperty.allCases.filter(\.isAnimatable)
        // Children come after their parent in pre-order: build from the end.
        for i in layers.indices.reversed() where depths[i] < Self.maximumDepth {
            var snapshot = LayerSnapshot(id: layers[i].id, isEllipse: layers[i].isEllipse)
            for property in animatable {
                snapshot[property] = presentation.value(layer: i, property: property, at: t)
            }
            var kids: [LayerSnapshot] = []
            kids.reserveCapacity(children[i].count)
            for c in children[i] {
                if let child = built[c] {
                    kids.append(child)
                    built[c] = nil
                }
            }
            snapshot.children = kids
            built[i] = snapshot
        }
        return roots.compactMap { built[$0] }
    }

    /// Fills `values` with every layer's presented values at `t`.
    ///
    /// `LayerProperty.allCases.count` entries per layer, in ordinal order (unanimated properties
    /// read their model value).
    ///
    /// - Complexity: O(layers x properties); no allocation when `values` already has the size.
    public func sampleAll(at t: Double, into values: inout [MotionValue]) {
        let stride = LayerProperty.allCases.count
        let count = presentation.layerCount * stride
        if values.count != count { values = [MotionValue](repeating: .scalar(0), count: count) }
        // One array of the properties for every layer (`allCases` builds a new one per call).
        let properties = LayerProperty.allCases
        for layer in 0..<presentation.layerCount {
            for property in properties {
                values[layer * stride + property.ordinal] = presentation.value(layer: layer, property: property, at: t)
            }
        }
    }
}
