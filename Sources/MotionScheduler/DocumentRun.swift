import MotionCore
import MotionPlans
import MotionRuntime

/// A compiled document running on the Material Motion runtime (docs/format.md §2).
///
/// It is the running scheduler behind `motionc run`, and the event source of `motionc bake`. It
/// creates one `MotionTarget` per document target and a `Runtime` on a simulated clock at the
/// canvas fps, and schedules each transaction to commit at exactly its `at` time. Moving time with
/// ``advance(to:)`` delivers, in time order, every scheduled event (transactions, gesture starts
/// and ends, animation ends) at its own exact time, and every frame `k / fps` on the way; events at
/// a frame's time come before the frame, executor events before transactions.
///
/// At commit each operation's selector resolves to its targets in document order, each once; an
/// `add` becomes a runtime add (or named add), a `remove` a named removal. Executors emit
/// render-server events (`set`, `add`, `remove`) that the run applies to ``presentation`` and
/// forwards to the optional `ChannelEventSink`; replaying the sink's events reproduces the
/// presentation exactly.
///
/// Not thread-safe; use it from one thread or task.
public final class DocumentRun {
    /// The document being run.
    public let document: MotionDocument
    /// The runtime the document's intentions are committed to.
    public let runtime: Runtime
    /// One runtime target per document target, in document pre-order.
    ///
    /// A run makes each target when something first needs it (an operation, a link, an input):
    /// reading this makes the others, so that every document target has its runtime target.
    /// - Complexity: O(targets).
    public var targets: [MotionTarget] { hub.allTargets() }
    private let hub: PresentationHub
    /// When a run without a duration stops if it is still moving.
    ///
    /// It is ``StopRule/maximumDuration`` after the document's last transaction or the end of its
    /// last recorded input, at most ``StopRule/longestDuration``: a transaction at 70 s still runs.
    public let boundTime: Double
    private var lastFrame = -1
    private var lastActivity = 0.0
    private var observer: ActivityObserver?

    /// Compiles `document` and commits everything due at time 0.
    ///
    /// Run documents the validator accepts: an invalid one does not trap, but unresolvable parts
    /// are skipped. `sink` observes every channel event, e.g. a `ChannelRecorder` for a trace or a
    /// timeline. Executors at rest for `garbageCollectionDelay` seconds are released and made again
    /// when needed, their state intact (the runtime's `garbageCollectionDelay`).
    public init(
        document written: MotionDocument, sink: (any ChannelEventSink)? = nil, garbageCollectionDelay: Double = 0.5
    ) {
        // Version 1.1 options (stagger...) run as the ordinary operations they stand for.
        let document = written.compiledAdditions()
        self.document = document
        var last = 0.0
        for transaction in document.transactions where transaction.at.value.isFinite { last = max(last, transaction.at.value) }
        for input in document.inputs where (input.at + input.duration).isFinite { last = max(last, input.at + input.duration) }
        boundTime = min(last + StopRule.maximumDuration, StopRule.longestDuration)
        let hub = PresentationHub(document: document, sink: sink)
        self.hub = hub
        let runtime = Runtime(clock: hub.clock)
        runtime.garbageCollectionDelay = garbageCollectionDelay
        self.runtime = runtime
        // Each target, and its channel, is made when something first needs it.
        let observer = ActivityObserver { [weak self] state in
            guard let self, state == .atRest else { return }
            self.lastActivity = self.now
        }
        runtime.addActivityObserver(observer)
        self.observer = observer
        for transaction in document.transactions {
            let at = transaction.at.value.isFinite ? max(0, transaction.at.value) : 0
            hub.queue.schedule(at: at, priority: 1, keepsAlive: true) { [weak self] in
                self?.commit(transaction)
            }
        }
        advance(to: 0)
    }

    deinit {
        hub.detach()
    }

    /// Frames per second of the run (the canvas fps).
    public var fps: Double { hub.fps }

    /// The current document time, in seconds.
    public var now: Double { hub.now }

    /// The index of the last frame delivered (`-1` before frame 0).
    public var frameIndex: Int { lastFrame }

    /// The presentation every executor's events were applied to: sample it for presented values.
    public var presentation: PresentationModel { hub.sampledModel }

    /// How many presentation events were emitted so far.
    public var eventCount: Int { hub.eventCount }

    /// Whether nothing moves and nothing is scheduled.
    ///
    /// The runtime is at rest and no transaction or gesture input is still to come.
    public var isAtRest: Bool { !runtime.isActive && hub.queue.aliveCount == 0 }

    /// When the run came to rest; nil while something moves or is still scheduled.
    ///
    /// It is the end of its last motion, or its last commit.
    public func restTime() -> Double? {
        isAtRest ? lastActivity : nil
    }

    /// The components any event touched so far, in trace order.
    ///
    /// - Complexity: O(l + c) for l layers and c components.
    public var animatedComponents: [AnimatedComponent] {
        hub.animated.components()
    }

    /// How many components any event touched so far.
    ///
    /// - Complexity: O(1).
    public var animatedComponentCount: Int { hub.animated.count }

    /// The presented value of one component at `time` (normally the current time).
    ///
    /// - Complexity: O(animations on the property).
    public func value(of component: AnimatedComponent, at time: Double) -> Double {
        hub.sample(layer: component.target, property: component.property, at: time)[component.component]
    }

    /// Moves the run to `time`, delivering every event and frame up to it in time order.
    ///
    /// Every scheduled event and every frame `k / fps` up to and including `time` is delivered.
    /// Times in the past do nothing.
    ///
    /// - Complexity: O(frames + events delivered), plus the executors' work: only frame-driven
    ///   executors (squash and stretch) do work per frame; everything else is event-driven.
    public func advance(to time: Double) {
        guard time.isFinite else { return }
        while true {
            let nextFrameTime = Double(lastFrame + 1) / hub.fps
            if let eventTime = hub.queue.nextTime, eventTime <= time, eventTime <= nextFrameTime {
                guard let event = hub.queue.pop() else { break }
                hub.clock.move(to: event.time)
                event.run()
                if event.keepsAlive { lastActivity = max(lastActivity, hub.now) }
                continue
            }
            guard nextFrameTime <= time else { break }
            lastFrame += 1
            hub.clock.deliverFrame(at: nextFrameTime)
        }
        hub.clock.move(to: time)
    }

    /// Moves the run to frame `k`, at exactly `k / fps`.
    public func advance(toFrame k: Int) {
        advance(to: Double(k) / hub.fps)
    }

    private func commit(_ transaction: TransactionSpec) {
        let operations = transaction.operations
        // Applied as they are resolved, in one commit, without recording a runtime transaction
        // first: the same operations in the same order (selectors resolve against the document
        // alone, whatever was applied before).
        // An add makes at most one executor per target its selector resolves to, and mostly
        // writes one channel first and schedules one end.
        hub.reserve(adding: operations.count)
        runtime.commit(addingAbout: operations.count) { runtimeOperations in
            // By index: each field is read in place, not a copy of the whole operation per step.
            for i in operations.indices {
                for index in hub.resolve(operations[i].target.value) where index < hub.targetCount {
                    let target = hub.target(at: index)
                    switch operations[i].action {
                    case .add(let intention, let name):
                        if let name, let named = intention.namedRuntimeIntention {
                            runtimeOperations.add(named, named: name.value, to: target)
                        } else if name == nil {
                            runtimeOperations.add(intention.runtimeIntention, to: target)
                        }
                    case .remove(let name):
                        runtimeOperations.remove(named: name.value, from: target)
                    }
                }
            }
        }
    }
}
