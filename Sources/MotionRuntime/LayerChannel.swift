import MotionCore

/// An app's layer as a ``MotionChannel``: intentions on it reach the app as channel events.
///
/// It keeps the layer's presentation (its model values and keyed animations) to answer the
/// runtime's reads, and hands every channel event, stamped with the clock's time, to `send`, e.g.
/// a render server's `send`.
///
/// Make a ``MotionTarget`` with it to play intentions on the layer, or a
/// ``LayerChannelProperty`` to write streams to one of its properties. Scheduled work runs on the
/// first frame of the clock at or after its time.
public final class LayerChannel: MotionChannel {
    /// The layer's index where `send` delivers (a render server's timeline layer).
    public let layer: Int
    private let clock: any FrameClock
    private let framesPerSecond: Double
    private let deliver: (ChannelEvent) -> Void
    private var model: PresentationModel

    /// Creates the channel of `layer` on `clock`, shown at `fps` frames per second.
    ///
    /// The layer's properties start at `initial`, others at their defaults.
    public init(
        layer: Int, initial: [LayerProperty: MotionValue], clock: any FrameClock, fps: Double = 60,
        send: @escaping (ChannelEvent) -> Void
    ) {
        self.layer = layer
        self.clock = clock
        self.framesPerSecond = Canvas.normalised(fps)
        self.deliver = send
        model = PresentationModel(layers: [initial])
    }

    /// The clock's time.
    public var now: Double { clock.now }

    /// The frame rate given at creation.
    public var fps: Double { framesPerSecond }

    /// The presentation of `property`, as the events sent so far make it.
    public func presentation(of property: LayerProperty) -> PropertyChannel {
        model.channel(layer: 0, property: property)
    }

    /// Sends a `set` now.
    public func set(_ path: PropertyPath, to value: MotionValue) {
        send(.set(path: path, value: value))
    }

    /// Sends an `add` now.
    public func add(
        _ animation: consuming Animation, key: String, on path: PropertyPath, modelValue: MotionValue, initialVelocity: MotionValue?
    ) {
        send(.add(key: key, path: path, animation: animation, modelValue: modelValue, initialVelocity: initialVelocity))
    }

    /// Sends a `remove` now.
    public func remove(key: String) {
        send(.remove(key: key))
    }

    /// Runs `action` on the first frame of the clock at or after `time`.
    public func schedule(at time: Double, keepsAlive: Bool, _ action: @escaping () -> Void) {
        var subscription: Subscription?
        subscription = clock.subscribe { now in
            guard now >= time, subscription?.isSubscribed == true else { return }
            subscription?.unsubscribe()
            action()
        }
    }

    private func send(_ action: ChannelEvent.Action) {
        let time = now
        ChannelEvent(time: time, layer: 0, action: action).apply(to: &model)
        deliver(ChannelEvent(time: time, layer: layer, action: action))
    }
}
