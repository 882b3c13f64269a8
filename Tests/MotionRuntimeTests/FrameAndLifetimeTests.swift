import MotionRuntime
import Testing

/// Frame updates, composition, tracers and garbage collection (frames, composition, tracers, collection after rest).
@Suite struct FrameAndLifetimeTests {
    let log = Log()
    let runtime: Runtime
    let clock: SimulatedClock
    let target: MotionTarget

    init() {
        (runtime, clock) = makeRuntime()
        target = makeTarget("t", log: log)
    }

    private var stepExecutor: StepExecutor? {
        runtime.executors(of: target).compactMap { $0 as? StepExecutor }.first
    }

    // MARK: Frames

    @Test("the clock is listened to only while some executor wants frames")
    func clockListenedOnlyWhenNeeded() {
        runtime.add(Mark(text: "x"), to: target)
        runtime.add(Hold(mode: .holdForever), to: target)
        #expect(!clock.isListenedTo)
        #expect(!runtime.isListeningToClock)
        runtime.add(Steps(count: 2), to: target)
        #expect(clock.isListenedTo)
        clock.advance(frames: 2)
        #expect(!clock.isListenedTo)
        clock.advance(frames: 5)
        #expect(log.entries.filter { $0.hasSuffix("update") }.count == 2)
    }

    @Test("frame updates reach only frame-driven executors that want them")
    func updatesReachOnlyActiveFrameDriven() {
        let idle = makeTarget("idle", log: log)
        runtime.add(Steps(count: 1), to: idle)
        clock.advance()
        runtime.add(Steps(count: 3), to: target)
        clock.advance(frames: 3)
        #expect(log.entries.filter { $0.hasSuffix("update") } == ["idle.update", "t.update", "t.update", "t.update"])
    }

    @Test("the first update after (re)starting has elapsed 0, later ones the frame time")
    func firstUpdateHasZeroElapsed() throws {
        runtime.add(Steps(count: 3), to: target)
        clock.advance(frames: 4)
        runtime.add(Steps(count: 2), to: target)
        clock.advance(frames: 2)
        let elapsed = try #require(stepExecutor?.elapsed)
        #expect(elapsed == [0, 2.0 / 60 - 1.0 / 60, 3.0 / 60 - 2.0 / 60, 0, 6.0 / 60 - 5.0 / 60])
    }

    @Test("an executor joining while others run starts at elapsed 0 too")
    func joiningExecutorStartsAtZero() throws {
        let other = makeTarget("u", log: log)
        runtime.add(Steps(count: 10), to: other)
        clock.advance(frames: 3)
        runtime.add(Steps(count: 2), to: target)
        clock.advance(frames: 2)
        #expect(try #require(stepExecutor?.elapsed).first == 0)
    }

    @Test("a named remove wakes a frame-driven executor; a frame requester wakes it without intentions")
    func wakingFrameDriven() throws {
        try runtime.add(Steps(count: 1), named: "s", to: target)
        clock.advance()
        #expect(!runtime.isActive)
        try runtime.removeIntention(named: "s", from: target)
        #expect(runtime.isActive)
        clock.advance()
        #expect(!runtime.isActive)
        try #require(stepExecutor?.requester).requestFrames()
        #expect(runtime.isActive)
        clock.advance()
        #expect(!runtime.isActive)
        #expect(stepExecutor?.elapsed.count == 3)
    }

    // MARK: Composition

    @Test("an emitted intention is added synchronously to the emitter's own target")
    func emissionIsSynchronous() {
        runtime.addTracer(RecordingTracer(log: log))
        runtime.add(Emit(inner: [Mark(text: "leaf")]), to: target)
        #expect(target.properties[markKey] == "leaf")
        #expect(
            log.entries == [
                "trace.didCreateExecutor:EmitExecutor:t", "t.emit",
                "trace.didCreateExecutor:MarkExecutor:t", "t.add:leaf", "trace.didAddPlan:Mark:t",
                "trace.didAddPlan:Emit:t",
            ])
    }

    @Test("emitted intentions count for activity: an emitted instantly-inactive plan notifies observers")
    func emittedActivity() {
        let recorder = StateRecorder()
        runtime.addActivityObserver(recorder.observer)
        runtime.add(Emit(inner: [Hold(mode: .startAndEnd), Emit(inner: [Steps(count: 1)])]), to: target)
        #expect(recorder.states == [.active, .atRest, .active])
        clock.advance()
        #expect(recorder.states == [.active, .atRest, .active, .atRest])
        #expect(runtime.executors(of: target).count == 3)
    }

    // MARK: Tracers

    @Test("a tracer added twice hears each event once; a removed tracer hears nothing")
    func tracersAreDeduplicated() {
        let kept = RecordingTracer(log: log)
        let removedLog = Log()
        let removed = RecordingTracer(log: removedLog)
        runtime.addTracer(kept)
        runtime.addTracer(kept)
        runtime.addTracer(removed)
        runtime.removeTracer(removed)
        runtime.add(Plain(), to: target)
        #expect(log.entries == ["trace.didCreateExecutor:PlainExecutor:t", "t.plain.add", "trace.didAddPlan:Plain:t"])
        #expect(removedLog.entries.isEmpty)
    }

    // MARK: Garbage collection

    @Test("an executor at rest is released after 0.5 s of clock time, not before; the store stays")
    func executorsAreCollected() {
        runtime.addTracer(RecordingTracer(log: log))
        runtime.add(Mark(text: "kept"), to: target)
        clock.advance(frames: 29)
        runtime.collectGarbage()
        #expect(runtime.executorCount == 1)
        clock.advance(frames: 1)
        runtime.collectGarbage()
        #expect(runtime.executorCount == 0)
        #expect(target.properties[markKey] == "kept")
        runtime.add(Mark(text: "again"), to: target)
        #expect(log.entries.filter { $0.hasPrefix("trace.didCreateExecutor") }.count == 2)
        #expect(log.entries.contains("trace.didReleaseExecutor:MarkExecutor:t"))
    }

    @Test("releasing a target's middle executor keeps the others in creation order; it is made again last")
    func middleExecutorReleased() throws {
        runtime.add(Hold(mode: .holdForever), to: target)
        runtime.add(Plain(), to: target)
        try runtime.add(Mark(text: "named"), named: "keep", to: target)
        // Active (a held token), at rest, and at rest but named: only the middle one can go.
        clock.advance(seconds: 0.5)
        runtime.collectGarbage()
        #expect(runtime.executors(of: target).map { "\(type(of: $0))" } == ["TokenExecutor", "MarkExecutor"])
        #expect(runtime.executor(named: "keep", on: target) is MarkExecutor)
        runtime.add(Plain(), to: target)
        runtime.add(Mark(text: "unnamed"), to: target)
        #expect(
            runtime.executors(of: target).map { "\(type(of: $0))" } == ["TokenExecutor", "MarkExecutor", "PlainExecutor"])
        #expect(log.entries.filter { $0 == "t.plain.add" }.count == 2)
        // The last executor of the list goes, and another type is appended after the one left last.
        try runtime.removeIntention(named: "keep", from: target)
        clock.advance(seconds: 0.5)
        runtime.collectGarbage()
        #expect(runtime.executors(of: target).map { "\(type(of: $0))" } == ["TokenExecutor"])
        runtime.add(Steps(count: 1), to: target)
        #expect(runtime.executors(of: target).map { "\(type(of: $0))" } == ["TokenExecutor", "StepExecutor"])
        #expect(runtime.executorCount == 2)
    }

    @Test("collection runs by itself when a later commit starts")
    func collectionOnCommit() {
        runtime.add(Mark(text: "x"), to: target)
        clock.advance(seconds: 0.5)
        runtime.add(Mark(text: "y"), to: makeTarget("u", log: log))
        #expect(runtime.executors(of: target).isEmpty)
        #expect(runtime.executorCount == 1)
    }

    @Test("a frame-driven executor is collected 0.5 s after its last update came to rest")
    func frameDrivenCollection() {
        let other = makeTarget("u", log: log)
        runtime.add(Steps(count: 1), to: target)
        runtime.add(Steps(count: 100), to: other)
        clock.advance(frames: 30)
        #expect(runtime.executors(of: target).count == 1)
        clock.advance(frames: 1)
        #expect(runtime.executors(of: target).isEmpty)
        #expect(runtime.executors(of: other).count == 1)
    }

    @Test("executors that are active or hold a named intention are never collected")
    func activeAndNamedAreKept() throws {
        let named = makeTarget("named", log: log)
        try runtime.add(Mark(text: "x"), named: "n", to: named)
        runtime.add(Hold(mode: .holdForever), to: target)
        clock.advance(seconds: 5)
        runtime.collectGarbage()
        #expect(runtime.executorCount == 2)
        try runtime.removeIntention(named: "n", from: named)
        runtime.executors(of: target).compactMap { $0 as? TokenExecutor }.first?.held.forEach { $0.end() }
        clock.advance(seconds: 0.5)
        runtime.collectGarbage()
        #expect(runtime.executorCount == 0)
    }

    @Test("an executor that rested long enough while named is collected as soon as its name goes")
    func namedThenUnnamedIsCollectedAtOnce() throws {
        try runtime.add(Mark(text: "x"), named: "n", to: target)
        clock.advance(seconds: 1)
        runtime.collectGarbage()
        #expect(runtime.executorCount == 1)
        try runtime.removeIntention(named: "n", from: target)
        runtime.collectGarbage()
        #expect(runtime.executorCount == 0)
        #expect(runtime.intentionNames(on: target).isEmpty)
    }

    @Test("executors that came to rest while collection was off are collected once it is on again")
    func collectionTurnedBackOn() {
        runtime.garbageCollectionDelay = .infinity
        runtime.add(Mark(text: "x"), to: target)
        clock.advance(seconds: 1)
        runtime.collectGarbage()
        #expect(runtime.executorCount == 1)
        runtime.garbageCollectionDelay = 0.5
        runtime.collectGarbage()
        #expect(runtime.executorCount == 0)
    }

    @Test("garbage collection delay is configurable")
    func configurableDelay() {
        runtime.garbageCollectionDelay = 2
        runtime.add(Mark(text: "x"), to: target)
        clock.advance(seconds: 1)
        runtime.collectGarbage()
        #expect(runtime.executorCount == 1)
        clock.advance(seconds: 1)
        runtime.collectGarbage()
        #expect(runtime.executorCount == 0)
    }

    @Test("executors collected in waves, oldest first: the ones left keep their tokens, the released ones' tokens are inert")
    func collectionInWaves() {
        let holders = (0..<200).map { makeTarget("h\($0)", log: log) }
        let marks = (0..<200).map { makeTarget("m\($0)", log: log) }
        for (holder, mark) in zip(holders, marks) {
            runtime.add(Hold(mode: .holdForever), to: holder)
            runtime.add(Mark(text: "x"), to: mark)
        }
        #expect(runtime.executorCount == 400)
        clock.advance(seconds: 1)
        runtime.collectGarbage()
        #expect(runtime.executorCount == 200)
        let executors = holders.map { runtime.executors(of: $0).compactMap { $0 as? TokenExecutor }.first }
        for executor in executors[..<150] { executor?.held.forEach { $0.end() } }
        clock.advance(seconds: 1)
        runtime.collectGarbage()
        #expect(runtime.executorCount == 50)
        #expect(runtime.executors(of: holders[149]).isEmpty)
        #expect(runtime.executors(of: holders[150]).count == 1)
        #expect(runtime.isActive)
        // A released executor's generator makes inert tokens; a held one's, live ones.
        #expect(executors[0]?.generator?.generate().isActive == false)
        let late = executors[199]?.generator?.generate()
        #expect(late?.isActive == true)
        late?.end()
        for executor in executors[150...] { executor?.held.forEach { $0.end() } }
        #expect(!runtime.isActive)
        runtime.add(Mark(text: "y"), to: marks[0])
        #expect(runtime.executorCount == 51)
        #expect(runtime.executors(of: marks[0]).count == 1)
    }

    @Test("a target in two runtimes: each finds its own executors through tearDown, collection and release")
    func targetInTwoRuntimes() {
        let (other, otherClock) = makeRuntime()
        runtime.add(Mark(text: "a"), to: target)
        other.add(Steps(count: 1), to: target)
        #expect(runtime.executors(of: target).count == 1)
        #expect(other.executors(of: target).count == 1)
        runtime.tearDown()
        #expect(runtime.executors(of: target).isEmpty)
        #expect(other.executors(of: target).count == 1)
        runtime.add(Mark(text: "b"), to: target)
        otherClock.advance(seconds: 1)
        other.collectGarbage()
        #expect(other.executors(of: target).isEmpty)
        #expect(runtime.executors(of: target).count == 1)
        other.add(Steps(count: 1), to: target)
        #expect(other.executors(of: target).count == 1)
        // A runtime released without a tearDown leaves its targets to others.
        var third: Runtime? = makeRuntime().0
        third?.add(Mark(text: "c"), to: target)
        #expect(third?.executors(of: target).count == 1)
        third = nil
        clock.advance(seconds: 1)
        runtime.collectGarbage()
        #expect(runtime.executors(of: target).isEmpty)
        runtime.add(Mark(text: "d"), to: target)
        #expect(runtime.executors(of: target).count == 1)
        #expect(other.executors(of: target).count == 1)
    }
}
