import MotionRuntime

/// The clock of a document run: time jumps to exact event times (a transaction's `at`, an
/// animation's end) and frames fall on the grid `k / fps`.
///
/// Unlike ``SimulatedClock`` its time may stand between frames, so that a transaction committed
/// at 0.35 s on a 24 fps grid happens at exactly 0.35 s. Only ``DocumentRun`` moves it.
final class DocumentClock: FrameClock {
    let fps: Double
    /// The current time. Unchecked exclusivity (a number, loaded and stored, never modified
    /// across a call): read several times per intention.
    @exclusivity(unchecked) private(set) var now: Double = 0
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
/// animations (activity holds).
struct ScheduledEvent {
    var time: Double
    /// Lower runs first among events at the same time: executor work (0) before transactions (1).
    var priority: Int
    var sequence: Int
    /// Whether a pending event means the run is not at rest (transactions, gesture starts).
    var keepsAlive: Bool
    var action: ScheduledAction

    /// Does the work.
    func run() {
        action.run()
    }
}

/// What a scheduled event does: a closure, or the end of a core's activity hold (no closure made).
enum ScheduledAction {
    case closure(() -> Void)
    case holdEnd(HoldEndOwner, key: String, hold: Int)

    /// Does the work.
    func run() {
        switch self {
        case .closure(let body): body()
        case .holdEnd(let owner, let key, let hold): owner.core.holdDidEnd(key: key, hold: hold)
        }
    }
}

/// The core whose activity hold a scheduled hold end ends, held `unowned(unsafe)`.
///
/// Only a document run's channels schedule hold ends so (``DocumentChannel``), for the cores
/// of the run's targets; a target keeps its cores for its whole life (never dropping one), the
/// run keeps its targets, and the run empties its queue as it ends (``PresentationHub/detach()``)
/// while they are still alive: an entry never outlives its core. Held counted, each entry
/// retained its core at the commit and released it, in the order of the queue's slots, when the
/// run ended: two cold touches of every animated target's cores.
struct HoldEndOwner {
    unowned(unsafe) let core: any ScheduledHoldEnding
}

/// A binary min-heap of scheduled events, ordered by (time, priority, sequence).
///
/// The heap orders plain keys; the actions wait in a table of slots the keys name (freed slots
/// reused), so that moving an entry up or down the heap copies no closure (no reference counting
/// on events long scheduled, whose memory is cold).
struct EventQueue {
    /// An event's place in the order and the slot of its action.
    private struct Key {
        /// Time, then priority, then sequence: compared in that order.
        var order: (time: Double, priority: Int, sequence: Int)
        var slot: Int
        var keepsAlive: Bool
    }

    private var heap: [Key] = []
    private var actions: [ScheduledAction?] = []
    private var freeSlots: [Int] = []
    private var nextSequence = 0
    /// How many pending events keep the run alive.
    private(set) var aliveCount = 0

    var isEmpty: Bool { heap.isEmpty }
    var count: Int { heap.count }
    /// The time of the next event.
    var nextTime: Double? { heap.first?.order.time }

    /// Schedules `action` at `time`.
    /// - Complexity: O(log n).
    mutating func schedule(at time: Double, priority: Int, keepsAlive: Bool, _ action: @escaping () -> Void) {
        schedule(at: time, priority: priority, keepsAlive: keepsAlive, action: .closure(action))
    }

    /// Makes room for about `count` more events (a commit of `count` adds schedules about one
    /// end each), so that scheduling them does not copy the queue as it grows.
    /// - Complexity: O(n) when it grows the storage, at least doubling it (so that many small
    ///   reservations stay amortised).
    mutating func reserveCapacity(adding count: Int) {
        let needed = heap.count + count
        guard needed > heap.capacity else { return }
        heap.reserveCapacity(max(needed, heap.capacity * 2))
        let slots = actions.count - freeSlots.count + count
        if slots > actions.capacity { actions.reserveCapacity(max(slots, actions.capacity * 2)) }
    }

    /// Schedules `action` at `time`.
    /// - Complexity: O(log n).
    mutating func schedule(at time: Double, priority: Int, keepsAlive: Bool, action: ScheduledAction) {
        nextSequence += 1
        let slot: Int
        if let free = freeSlots.popLast() {
            slot = free
            actions[free] = action
        } else {
            slot = actions.count
            actions.append(action)
        }
        let key = Key(order: (time, priority, nextSequence), slot: slot, keepsAlive: keepsAlive)
        if keepsAlive { aliveCount += 1 }
        heap.append(key)
        var child = heap.count - 1
        while child > 0 {
            let parent = (child - 1) / 2
            guard Self.precedes(key, heap[parent]) else { break }
            heap[child] = heap[parent]
            child = parent
        }
        heap[child] = key
    }

    /// Removes and returns the earliest event.
    /// - Complexity: O(log n).
    mutating func pop() -> ScheduledEvent? {
        guard let first = heap.first else { return nil }
        let last = heap.removeLast()
        if !heap.isEmpty {
            var parent = 0
            while true {
                let left = 2 * parent + 1
                guard left < heap.count else { break }
                let right = left + 1
                let child = right < heap.count && Self.precedes(heap[right], heap[left]) ? right : left
                guard Self.precedes(heap[child], last) else { break }
                heap[parent] = heap[child]
                parent = child
            }
            heap[parent] = last
        }
        if first.keepsAlive { aliveCount -= 1 }
        let action = actions[first.slot] ?? .closure({})
        actions[first.slot] = nil
        freeSlots.append(first.slot)
        return ScheduledEvent(
            time: first.order.time, priority: first.order.priority, sequence: first.order.sequence,
            keepsAlive: first.keepsAlive, action: action)
    }

    @inline(__always)
    private static func precedes(_ a: Key, _ b: Key) -> Bool {
        a.order < b.order
    }
}
