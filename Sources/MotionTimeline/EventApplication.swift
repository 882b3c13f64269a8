public import MotionCore

extension TimelineEvent {
    /// Applies the event to a presentation, as the render server does when the event's time comes.
    ///
    /// - `set` writes the model value.
    /// - `add` writes the model value (seed 004: the layer's model value is the animation's final
    ///   truth), then adds the animation under its key.
    /// - `remove` removes the animation under its key; the model value shows from then on.
    ///
    /// The scheduler's presentation is written by the same channel calls, so `run` and
    /// `bake` + `play` sample the same values.
    ///
    /// - Complexity: O(k) for k animations on the layer.
    public func apply(to presentation: inout PresentationModel) {
        guard layer >= 0, layer < presentation.layerCount else { return }
        switch action {
        case .set(let path, let value):
            presentation.set(layer: layer, path: path, value: value, at: time)
        case .add(let key, let path, let animation, let modelValue, _):
            presentation.set(layer: layer, path: path, value: modelValue, at: time)
            presentation.add(layer: layer, path: path, key: key, animation: animation, at: time)
        case .remove(let key):
            presentation.remove(layer: layer, key: key)
        }
    }
}

extension Timeline {
    /// The presentation of the layers before any event: their initial model values.
    public var initialPresentation: PresentationModel {
        PresentationModel(layers: layers.map(\.model))
    }
}
