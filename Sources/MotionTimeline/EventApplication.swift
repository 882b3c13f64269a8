public import MotionCore

extension Timeline {
    /// The presentation of the layers before any event: their initial model values.
    ///
    /// Events apply to it with `ChannelEvent.apply(to:)`, the one meaning the scheduler's
    /// presentation gives them too, so `run` and `bake` + `play` sample the same values.
    public var initialPresentation: PresentationModel {
        PresentationModel(layers: layers.map(\.model))
    }
}

extension Timeline {
    /// Writes the trace (docs/format.md §5.1) of frames `0..<frames`, at t = k / fps.
    ///
    /// The trace holds every component an event up to the last frame touches, in trace order,
    /// sampled after the events up to each frame. `motionc play --trace` and `motionc run --trace`
    /// both write this, from the same kind of timeline: a timeline played for less than its
    /// length shows the components a run stopped as soon would have touched, not those its later
    /// events touch.
    ///
    /// - Complexity: O(frames x touched components + events + layers).
    public func writeTrace(frames: Int, to writer: TraceWriter) {
        // The time of the last frame, as a run reaches it (k / fps).
        let lastTime = frames > 0 ? Double(frames - 1) / canvas.fps : -Double.infinity
        let shown = events.contains { $0.time > lastTime } ? events.filter { $0.time <= lastTime } : events
        ChannelReplay.writeTrace(
            layers: layers.map(\.model), layerIDs: layers.map(\.id), events: shown, frames: frames, fps: canvas.fps, to: writer)
    }
}
