import MotionCore
import MotionThreads
public import MotionTimeline

/// A software render server (the render server of docs/format.md §5.2).
///
/// It owns a thread, a clock, a timeline's layers and their keyed animations, and samples or draws
/// their presentation on that thread.
///
/// Any thread may send channel events (``send(_:)``: `set`, `add`, `remove`); they are applied on
/// the server's thread, in the order sent, before its next frame. The server works in two modes:
///
/// - **Offline**: ``withPlayback(_:)``, ``snapshots(at:)`` and ``render(at:)`` run on the
///   server's thread while the caller waits, at exact times (`play` and `render` use
///   t = k / fps).
/// - **Real time**: ``startRealTime(fps:drawing:)`` sets a frame deadline every 1/fps on the
///   server's own clock; at each one the thread plays the timeline to that time, samples every
///   layer and (when drawing) draws the frame, whatever the threads that feed it are doing.
///   ``stopRealTime()`` returns the server's own count of frames and missed deadlines.
///
/// The server's thread ends when the server is released.
public final class RenderServer: Sendable {
    private let core: ServerCore

    /// Starts a server for `timeline` with its own thread.
    ///
    /// - Parameters:
    ///   - timeline: the baked timeline the server plays.
    ///   - clock: the clock real-time mode keeps deadlines on.
    public init(timeline: Timeline, clock: any RenderClock = MonotonicClock()) {
        core = ServerCore(playback: TimelinePlayback(timeline: timeline), clock: clock)
        core.start()
    }

    deinit {
        core.shutdown()
    }

    /// The canvas frames are drawn on: the timeline's size (rounded to whole pixels) and background.
    public var canvas: RenderCanvas { core.canvas }

    // MARK: Channel

    /// Queues a channel event; the server's thread applies it before its next frame or offline call.
    public func send(_ event: ChannelEvent) {
        core.enqueue(event)
    }

    // MARK: Offline

    /// Runs `body` on the server's thread with its playback and returns its result.
    ///
    /// It runs after any queued channel events; the caller waits.
    public func withPlayback<R>(_ body: (inout TimelinePlayback) -> R) -> R {
        core.sync { state in body(&state.playback) }
    }

    /// Plays to `t` and returns the layer tree's presentation at `t`.
    ///
    /// - Complexity: O(events up to t) + O(layers x properties).
    public func snapshots(at t: Double) -> [LayerSnapshot] {
        core.sync { state in
            state.playback.advance(to: t)
            return state.playback.snapshots(at: t)
        }
    }

    /// Plays to `t` and draws the frame at `t` on the server's thread.
    ///
    /// - Throws: ``RenderOutputError`` when the canvas cannot be drawn (size, memory).
    public func render(at t: Double) throws(RenderOutputError) -> PixelBuffer {
        let result: Result<PixelBuffer, RenderOutputError> = core.sync { state in
            state.playback.advance(to: t)
            let layers = state.playback.snapshots(at: t)
            do throws(RenderOutputError) {
                return .success(try state.renderer().render(layers))
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }

    // MARK: Real time

    /// Starts playing in real time from the timeline's time 0.
    ///
    /// A frame deadline every `1 / fps` seconds of the server's clock (the timeline's fps when
    /// nil).
    ///
    /// - Parameters:
    ///   - fps: frames per second (the timeline's fps when nil).
    ///   - drawing: whether each frame is drawn (else only sampled).
    public func startRealTime(fps: Double? = nil, drawing: Bool = true) {
        let rate = fps ?? core.canvasFPS
        core.startRealTime(fps: Canvas.normalised(rate), drawing: drawing)
    }

    /// Stops real-time play and returns what the server counted.
    @discardableResult
    public func stopRealTime() -> RealTimeStatistics {
        core.stopRealTime()
    }

    /// What the server has counted so far in real-time mode.
    public var statistics: RealTimeStatistics { core.currentStatistics }
}

/// Frames the server produced in real time, counted by the server itself.
public struct RealTimeStatistics: Sendable, Hashable {
    /// Frames sampled (and drawn, when drawing).
    public var frames = 0
    /// Deadlines that passed without a frame of their own (a later frame replaced them).
    public var missedDeadlines = 0
    /// The timeline time of the latest frame.
    public var lastFrameTime = -Double.infinity
    /// Channel events applied by the server's thread.
    public var appliedChannelEvents = 0
    /// The latest frame's layer tree.
    public var lastSnapshots: [LayerSnapshot] = []

    /// Nothing counted yet.
    public init() {}
}

/// What only the server's thread touches.
struct ServerState {
    var playback: TimelinePlayback
    var frameRenderer: FrameRenderer?
    let canvas: RenderCanvas

    mutating func renderer() throws(RenderOutputError) -> FrameRenderer {
        if let frameRenderer { return frameRenderer }
        let made = try FrameRenderer(canvas: canvas)
        frameRenderer = made
        return made
    }
}

/// The server's shared state and its thread.
///
/// `@unchecked Sendable`: every stored `var` is guarded by `condition` (its lock), except
/// `state`, which only the server's thread touches (in `run`, and in `sync` bodies that run on
/// that thread while the caller waits), or, when no thread could be started, callers holding the lock.
final class ServerCore: @unchecked Sendable {
    private let condition = PosixCondition()
    private let clock: any RenderClock
    let canvas: RenderCanvas
    let canvasFPS: Double

    // Guarded by `condition`.
    private var inbox: [ChannelEvent] = []
    private var jobs: [() -> Void] = []
    private var nextJobID = 0
    private var completedJobID = 0
    private var realTime: (start: Double, fps: Double, drawing: Bool, next: Int)?
    private var statistics = RealTimeStatistics()
    private var shuttingDown = false
    private var finished = false
    private var threadless = false

    // Only the server's thread.
    private var state: ServerState

    init(playback: TimelinePlayback, clock: any RenderClock) {
        canvas = RenderCanvas(timeline: playback.timeline)
        canvasFPS = playback.timeline.canvas.fps
        self.clock = clock
        state = ServerState(playback: playback, canvas: canvas)
    }

    func start() {
        if PosixThread.start(name: "motionc.render-server", { [self] in run() }) == nil {
            // The system cannot start a thread: events and jobs run on their callers' threads
            // (under the lock), and real time draws no frame.
            condition.lock()
            threadless = true
            condition.unlock()
        }
    }

    func shutdown() {
        condition.lock()
        if threadless {
            condition.unlock()
            return
        }
        shuttingDown = true
        condition.broadcast()
        while !finished { condition.wait() }
        condition.unlock()
    }

    func enqueue(_ event: ChannelEvent) {
        condition.lock()
        if threadless {
            state.playback.apply(event)
            statistics.appliedChannelEvents += 1
            condition.unlock()
            return
        }
        inbox.append(event)
        condition.broadcast()
        condition.unlock()
    }

    /// Runs `body` on the server's thread and waits for it.
    func sync<R>(_ body: (inout ServerState) -> R) -> R {
        withoutActuallyEscaping(body) { escapable in
            // `result` is written by the server's thread before it reports the job complete and
            // read here only after; the lock orders the two. The server's thread drops its last
            // reference to the job before reporting completion, so nothing escapes.
            let box = ResultBox<R>()
            condition.lock()
            if threadless {
                defer { condition.unlock() }
                return escapable(&state)
            }
            nextJobID += 1
            let id = nextJobID
            jobs.append({ [self] in box.value = escapable(&self.state) })
            condition.broadcast()
            while completedJobID < id { condition.wait() }
            condition.unlock()
            // The job ran (completedJobID >= id), so it stored a value.
            return box.value.unsafelyUnwrapped
        }
    }

    func startRealTime(fps: Double, drawing: Bool) {
        condition.lock()
        realTime = (start: clock.now(), fps: fps, drawing: drawing, next: 0)
        statistics = RealTimeStatistics()
        condition.broadcast()
        condition.unlock()
    }

    func stopRealTime() -> RealTimeStatistics {
        condition.lock()
        realTime = nil
        let result = statistics
        condition.unlock()
        return result
    }

    var currentStatistics: RealTimeStatistics {
        condition.lock()
        defer { condition.unlock() }
        return statistics
    }

    /// The server's thread: runs jobs, applies channel events, and keeps real-time deadlines.
    private func run() {
        condition.lock()
        while !shuttingDown {
            if !inbox.isEmpty {
                let events = inbox
                inbox.removeAll()
                condition.unlock()
                for event in events { state.playback.apply(event) }
                condition.lock()
                statistics.appliedChannelEvents += events.count
                continue
            }
            if !jobs.isEmpty {
                var job: (() -> Void)? = jobs.removeFirst()
                condition.unlock()
                job?()
                job = nil  // release the caller's closure before reporting completion
                condition.lock()
                completedJobID += 1
                condition.broadcast()
                continue
            }
            guard let rt = realTime else {
                condition.wait()
                continue
            }
            let deadline = rt.start + Double(rt.next) / rt.fps
            let now = clock.now()
            if now < deadline {
                condition.wait(seconds: deadline - now)
                continue
            }
            // The latest deadline that has passed; those before it (after `next`) were missed.
            let due = max(rt.next, Int(((now - rt.start) * rt.fps).rounded(.down)))
            realTime?.next = due + 1
            condition.unlock()
            let t = Double(due) / rt.fps
            state.playback.advance(to: t)
            let layers = state.playback.snapshots(at: t)
            if rt.drawing, let renderer = try? state.renderer() {
                _ = try? renderer.render(layers)
            }
            condition.lock()
            if realTime != nil {
                statistics.frames += 1
                statistics.missedDeadlines += due - rt.next
                statistics.lastFrameTime = t
                statistics.lastSnapshots = layers
            }
        }
        // Release anyone still waiting on a job: run it so its caller returns.
        while !jobs.isEmpty {
            var job: (() -> Void)? = jobs.removeFirst()
            condition.unlock()
            job?()
            job = nil
            condition.lock()
            completedJobID += 1
            condition.broadcast()
        }
        finished = true
        condition.broadcast()
        condition.unlock()
    }
}

/// Carries a job's result from the server's thread to the waiting caller.
///
/// `@unchecked Sendable`: written once by the server's thread before the job is reported
/// complete (under the server's lock) and read by the caller only after it saw that report.
private final class ResultBox<R>: @unchecked Sendable {
    var value: R?
}
