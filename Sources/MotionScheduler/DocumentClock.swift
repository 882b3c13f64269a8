import MotionRuntime

/// The clock of a document run: time jumps to exact event times (a transaction's `at`, an
/// animation's end) and frames fall on the grid `k / fps`.
///
/// Unlike ``SimulatedClock`` its time may stand between frames, so that a transaction committed
/// at 0.35 s on a 24 fps grid happens at exactly 0.35 s. Only ``DocumentRun`` moves it.
final class DocumentClock: FrameClock {
    let fps: Double
    private(set) var now: Double = 0
    private var handlers: [(id: Int, body: (Double) -> Void)] = []
    private var nextID = 0

    /// A clock at time 0 for a canvas frame rate (positive and finite: ``MotionCore/Canvas/fps``).
    init(fps: Double) {
        self.fps = fps
    }

    var isListenedTo: Bool { !handlers.isEmpty }

    func subscribe(_ onFrame: @escaping (Double) -> Void) -> Subscription {
        nextID += 1
        let id = nextID
        handlers.append((id, onFrame))
        return Subscription { [weak self] in self?.handlers.removeAll { $0.id == id } }
    }

    /// Moves time to `time` (never backwards) without delivering a frame.
    func move(to time: Double) {
        if time > now { now = time }
    }

    /// Moves time to the frame time `time` and delivers that frame to the subscribers.
    ///
    /// - Complexity: O(subscribers) plus their work.
    func deliverFrame(at time: Double) {
        move(to: time)
        for handler in handlers { handler.body(time) }
    }
}

/// Work scheduled at an exact document time: transactions, gesture starts and ends, the ends of
/// animations (activity tokens).
struct ScheduledEvent {
    var time: Double
    /// Lower runs first among events at the same time: executor work (0) before transactions (1).
    var priority: Int
    var sequence: Int
    /// Whether a pending event means the run is not at rest (transactions, gesture starts).
    var keepsAlive: Bool
    var action: () -> Void
}

/// A binary min-heap of scheduled events, ordered by (time, priority, sequence).
struct EventQueue {
    private var heap: [ScheduledEvent] = []
    private var nextSequence = 0
    /// How many pending events keep the run alive.
    private(set) var aliveCount = 0

    var isEmpty: Bool { heap.isEmpty }
    var count: Int { heap.count }
    var nextTime: Double? { heap.first?.time }

    /// - Complexity: O(log n).
    mutating func schedule(at time: Double, priority: Int, keepsAlive: Bool, _ action: @escaping () -> Void) {
        nextSequence += 1
        heap.append(
            ScheduledEvent(time: time, priority: priority, sequence: nextSequence, keepsAlive: keepsAlive, action: action))
        if keepsAlive { aliveCount += 1 }
        var child = heap.count - 1
        while child > 0 {
            let parent = (child - 1) / 2
            guard precedes(child, parent) else { break }
            heap.swapAt(child, parent)
            child = parent
        }
    }

    /// Removes and returns the earliest event.
    ///
    /// - Complexity: O(log n).
    mutating func pop() -> ScheduledEvent? {
        guard !heap.isEmpty else { return nil }
        heap.swapAt(0, heap.count - 1)
        let first = heap.removeLast()
        if first.keepsAlive { aliveCount -= 1 }
        var parent = 0
        while true {
            let left = 2 * parent + 1
            let right = left + 1
            var smallest = parent
            if left < heap.count, precedes(left, smallest) { smallest = left }
            if right < heap.count, precedes(right, smallest) { smallest = right }
            if smallest == parent { break }
            heap.swapAt(parent, smallest)
            parent = smallest
        }
        return first
    }

    /// Whether the event at heap index `i` runs before the one at `j`, by (time, priority,
    /// sequence); reads the fields in place, without copying the events (and retaining their
    /// actions).
    @inline(__always)
    private func precedes(_ i: Int, _ j: Int) -> Bool {
        let (a, b) = (heap[i].time, heap[j].time)
        if a != b { return a < b }
        let (p, q) = (heap[i].priority, heap[j].priority)
        if p != q { return p < q }
        return heap[i].sequence < heap[j].sequence
    }
}
