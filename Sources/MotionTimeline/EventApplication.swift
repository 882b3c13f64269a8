public import MotionCore

extension TimelineEvent {
    /// Applies the event to a presentation, as the render server does when the event's time comes.
    ///
    /// - `set` writes the model value.
    /// - `add` writes the model value, then adds the animation under its key
    ///   (``MotionCore/PresentationModel/add(layer:path:key:animation:modelValue:at:)``, the one
    ///   meaning the scheduler's presentation gives it too).
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
            presentation.add(layer: layer, path: path, key: key, animation: animation, modelValue: modelValue, at: time)
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
