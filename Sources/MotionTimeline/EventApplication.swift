public import MotionCore

extension Timeline {
    /// The presentation of the layers before any event: their initial model values. Events apply
    /// to it with ``MotionCore/ChannelEvent/apply(to:)``, the one meaning the scheduler's
    /// presentation gives them too, so `run` and `bake` + `play` sample the same values.
    public var initialPresentation: PresentationModel {
        PresentationModel(layers: layers.map(\.model))
    }
}
