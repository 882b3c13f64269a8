import MotionCore
import MotionThreads
public import MotionTimeline

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Draws a timeline's frames on several threads at once and hands them over in order.
///
/// Each frame is independent: frame k is the presentation at t = k / fps, sampled, drawn and
/// then turned into an output (PNG bytes, raw video bytes) by `produce` on a worker thread.
/// Every worker has its own ``TimelinePlayback`` (its own sampling state, played forward over
/// the frames it takes, which only increase) and its own ``FrameRenderer``, so the workers share
/// nothing but a queue. The caller's thread receives the outputs in frame order through
/// `deliver`, which writes them.
///
/// Memory is bounded: at most `inFlight` frames are taken by workers and not yet delivered.
/// The first failure (a worker's drawing or producing, or `deliver`) stops every thread: no frame
/// after it is delivered, and the error is thrown once every worker has stopped.
public enum FramePipeline {
    /// The number of workers ``run(timeline:frames:fps:jobs:inFlight:produce:deliver:)`` uses by default.
    ///
    /// One per core.
    public static var defaultJobs: Int { max(1, ProcessInfo.processInfo.activeProcessorCount) }

    /// Draws frames `0..<frames` of `timeline` (t = k / fps) with `jobs` workers.
    ///
    /// - Parameters:
    ///   - timeline: the baked timeline to draw.
    ///   - frames: how many frames, from frame 0.
    ///   - fps: frames a second (default: the canvas's; a GIF asks for a rate its delays keep).
    ///   - jobs: worker threads (at least 1).
    ///   - inFlight: frames taken and not yet delivered, at most (default: twice `jobs`).
    ///   - produce: runs on a worker with frame k's pixels; its output is delivered.
    ///   - deliver: runs on the calling thread for k = 0, 1, 2... in order.
    /// - Throws: the first ``RenderOutputError`` of any frame; nothing after that frame is delivered.
    /// - Complexity: O(frames × (events + layers + canvas pixels)) over `jobs` threads.
    public static func run<Output: Sendable>(
        timeline: Timeline, frames: Int, fps: Double? = nil, jobs: Int = defaultJobs, inFlight: Int? = nil,
        produce: @escaping @Sendable (_ frame: Int, _ image: PixelBuffer) throws(RenderOutputError) -> Output,
        deliver: (_ frame: Int, _ output: Output) throws(RenderOutputError) -> Void
    ) throws(RenderOutputError) {
        guard frames > 0 else { return }
        let workers = max(1, min(jobs, frames))
        let queue = FrameQueue<Output>(frames: frames, inFlight: max(workers, inFlight ?? 2 * workers), workers: workers)
        let fps = fps ?? timeline.canvas.fps
        let canvas = RenderCanvas(timeline: timeline)
        for w in 0..<workers {
            let started = PosixThread.start(name: "motionc.render-\(w)") {
                queue.work(timeline: timeline, canvas: canvas, fps: fps, produce: produce)
            }
            // A worker the system cannot start takes no frame; with none, the first frame fails.
            if started == nil { queue.workerEnded() }
        }
        for k in 0..<frames {
            let output: Output
            switch queue.waitForFrame(k) {
            case .success(let ready): output = ready
            case .failure(let error):
                queue.stopAndJoin()
                throw error
            }
            do {
                try deliver(k, output)
            } catch {
                queue.stopAndJoin()
                throw error
            }
            queue.delivered(k)
        }
        queue.stopAndJoin()
    }
}

/// The frames shared by the workers and the delivering thread.
///
/// `@unchecked Sendable`: every stored `var` is read and written only with `condition` locked.
private final class FrameQueue<Output: Sendable>: @unchecked Sendable {
    private let condition = PosixCondition()
    private let frames: Int
    private let inFlight: Int
    private var nextToTake = 0
    private var nextToDeliver = 0
    private var ready: [Int: Output] = [:]
    private var failure: (frame: Int, error: RenderOutputError)?
    private var stopped = false
    private var runningWorkers: Int

    init(frames: Int, inFlight: Int, workers: Int) {
        self.frames = frames
        self.inFlight = inFlight
        runningWorkers = workers
    }

    /// A worker: takes the next frame while there is room, draws and produces it, until done.
    func work(
        timeline: Timeline, canvas: RenderCanvas, fps: Double,
        produce: @Sendable (Int, PixelBuffer) throws(RenderOutputError) -> Output
    ) {
        var playback = TimelinePlayback(timeline: timeline)
        var renderer: FrameRenderer?
        while let k = take() {
            let t = Double(k) / fps
            do throws(RenderOutputError) {
                let drawing: FrameRenderer
                if let renderer {
                    drawing = renderer
                } else {
                    drawing = try FrameRenderer(canvas: canvas)
                    renderer = drawing
                }
                playback.advance(to: t)
                let image = try drawing.render(playback.snapshots(at: t))
                finish(k, .success(try produce(k, image)))
            } catch {
                finish(k, .failure(error))
            }
        }
        workerEnded()
    }

    /// A worker has returned (or never started).
    func workerEnded() {
        condition.lock()
        runningWorkers -= 1
        condition.broadcast()
        condition.unlock()
    }

    /// The next frame to draw, waiting while `inFlight` frames are undelivered; nil when every
    /// frame is taken or the pipeline stopped.
    private func take() -> Int? {
        condition.lock()
        defer { condition.unlock() }
        while true {
            if stopped || failure != nil || nextToTake >= frames { return nil }
            if nextToTake < nextToDeliver + inFlight {
                nextToTake += 1
                return nextToTake - 1
            }
            condition.wait()
        }
    }

    private func finish(_ k: Int, _ result: Result<Output, RenderOutputError>) {
        condition.lock()
        switch result {
        case .success(let output): ready[k] = output
        case .failure(let error):
            // The earliest failing frame is the one reported.
            if failure == nil || k < (failure?.frame ?? .max) { failure = (k, error) }
        }
        condition.broadcast()
        condition.unlock()
    }

    /// Waits until frame `k` is produced, or for the failure that prevents it.
    func waitForFrame(_ k: Int) -> Result<Output, RenderOutputError> {
        condition.lock()
        defer { condition.unlock() }
        while true {
            if let output = ready.removeValue(forKey: k) { return .success(output) }
            if let failure, failure.frame <= k || runningWorkers == 0 { return .failure(failure.error) }
            if runningWorkers == 0 {
                return .failure(.cairoFailure(operation: "drawing frame \(k)", message: "no worker drew it"))
            }
            condition.wait()
        }
    }

    /// Frame `k` is delivered: its slot is free for another frame.
    func delivered(_ k: Int) {
        condition.lock()
        nextToDeliver = k + 1
        condition.broadcast()
        condition.unlock()
    }

    /// Stops the workers after their current frame and waits until they have all returned.
    func stopAndJoin() {
        condition.lock()
        stopped = true
        condition.broadcast()
        while runningWorkers > 0 { condition.wait() }
        ready.removeAll()
        condition.unlock()
    }
}
