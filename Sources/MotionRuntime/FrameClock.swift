import Dispatch
import MotionCore

/// A source of frames and of the current time, injected into a ``Runtime``.
///
/// Frames are delivered on the thread (or actor, or queue) the runtime is used from. A runtime
/// subscribes only while some executor wants frames and unsubscribes as soon as none does.
public protocol FrameClock: AnyObject {
    /// The current time in seconds. Monotonic; its origin is the clock's choice.
    var now: Double { get }

    /// Calls `onFrame` with the frame time on every frame from now on, until the subscription is cut.
    ///
    /// The frame time is on ``now``'s timeline.
    func subscribe(_ onFrame: @escaping (_ time: Double) -> Void) -> Subscription
}

/// A clock that moves only when told to: frame `k` is at exactly `k / fps` seconds.
///
/// Times are computed from the frame index, never accumulated, so `run` and tests are
/// reproducible to the bit. Used by tests and by `motionc run`.
public final class SimulatedClock: FrameClock {
    /// Frames per second.
    public let fps: Double
    /// The index of the current frame; ``now`` is `frame / fps`.
    public private(set) var frame: Int = 0
    private var handlers: [(id: Int, body: (Double) -> Void)] = []
    private var nextID = 0

    /// Creates a clock at frame 0 (time 0).
    ///
    /// `fps` should be positive; a non-positive or non-finite value is replaced by 60.
    public init(fps: Double = 60) {
        self.fps = Canvas.normalised(fps)
    }

    /// `frame / fps`.
    public var now: Double { Double(frame) / fps }

    /// Whether anyone is subscribed, i.e. whether a runtime currently wants frames.
    public var isListenedTo: Bool { !handlers.isEmpty }

    /// Subscribes `onFrame` to the frames delivered by ``advance(frames:)``.
    public func subscribe(_ onFrame: @escaping (Double) -> Void) -> Subscription {
        nextID += 1
        let id = nextID
        handlers.append((id, onFrame))
        return Subscription { [weak self] in self?.handlers.removeAll { $0.id == id } }
    }

    /// Moves time forward `frames` frames, delivering each to the subscribers of that moment.
    ///
    /// Time moves even when nobody listens. A subscriber added during a frame hears from the next.
    /// - Complexity: O(frames × subscribers), plus whatever the subscribers do.
    public func advance(frames: Int = 1) {
        guard frames > 0 else { return }
        for _ in 0..<frames {
            frame += 1
            let time = now
            for handler in handlers { handler.body(time) }
        }
    }

    /// Moves time forward by `seconds`, rounded to whole frames.
    public func advance(seconds: Double) {
        guard seconds.isFinite, seconds > 0 else { return }
        advance(frames: Int((seconds * fps).rounded()))
    }
}

/// A wall-clock frame source for apps: a Dispatch timer at a fixed rate on a serial queue.
///
/// Use the queue the runtime lives on (by default the main queue). The timer runs only while
/// something is subscribed.
public final class RealTimeClock: FrameClock {
    /// Frames per second.
    public let fps: Double
    /// The queue frames are delivered on.
    public let queue: DispatchQueue
    private let origin = DispatchTime.now().uptimeNanoseconds
    private var timer: (any DispatchSourceTimer)?
    private var handlers: [(id: Int, body: (Double) -> Void)] = []
    private var nextID = 0

    /// Creates a clock that ticks `fps` times a second on `queue` while subscribed.
    ///
    /// A non-positive or non-finite `fps` is replaced by 60.
    public init(fps: Double = 60, queue: DispatchQueue = .main) {
        self.fps = Canvas.normalised(fps)
        self.queue = queue
    }

    deinit {
        timer?.cancel()
    }

    /// The time of the frame being delivered, while one is (so that everything done in a frame
    /// sees one time, as a display link's timestamp); nil between frames.
    private var frameTime: Double?

    /// Seconds since the clock was created, from the monotonic uptime clock.
    ///
    /// During a frame it is the frame's time.
    public var now: Double {
        frameTime ?? Double(DispatchTime.now().uptimeNanoseconds &- origin) / 1e9
    }

    /// Subscribes `onFrame`; starts the timer if it was idle.
    public func subscribe(_ onFrame: @escaping (Double) -> Void) -> Subscription {
        nextID += 1
        let id = nextID
        handlers.append((id, onFrame))
        if timer == nil { startTimer() }
        return Subscription { [weak self] in
            guard let self else { return }
            self.handlers.removeAll { $0.id == id }
            if self.handlers.isEmpty {
                self.timer?.cancel()
                self.timer = nil
            }
        }
    }

    private func startTimer() {
        let source = DispatchSource.makeTimerSource(queue: queue)
        let tick = QueueConfined { [weak self] in self?.tick() }
        source.setEventHandler { tick.value() }
        source.schedule(deadline: .now(), repeating: .nanoseconds(Int((1e9 / fps).rounded())))
        source.resume()
        timer = source
    }

    private func tick() {
        let time = now
        frameTime = time
        defer { frameTime = nil }
        for handler in handlers { handler.body(time) }
    }
}

/// Carries a non-Sendable value into a Dispatch handler.
///
/// `@unchecked Sendable` is sound here because the value is only ever touched on the clock's
/// serial `queue`, which is the queue the runtime and the clock are used from: the handler never
/// runs concurrently with other uses of it.
private final class QueueConfined<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}
