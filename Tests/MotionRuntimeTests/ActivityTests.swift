import MotionRuntime
import Testing

/// Activity: states, tokens, observers and remote execution (reference §2, §5, §13.1
/// ContinuousPerformingTests, §13.2 MotionRuntimeTests, §13.3 Runtime-isActive and TokenGenerator).
@Suite struct ActivityTests {
    let log = Log()
    let runtime: Runtime
    let clock: SimulatedClock
    let target: MotionTarget

    init() {
        (runtime, clock) = makeRuntime()
        target = makeTarget("t", log: log)
    }

    /// The token executor of `target`, created by adding a `Hold`.
    private func tokenExecutor(on target: MotionTarget? = nil) -> TokenExecutor? {
        let target = target ?? self.target
        runtime.add(Hold(), to: target)
        return runtime.executors(of: target).compactMap { $0 as? TokenExecutor }.first
    }

    @Test("a runtime starts at rest")
    func startsAtRest() {
        #expect(runtime.activityState == .atRest)
        #expect(!runtime.isActive)
        #expect(runtime.activityState(of: target) == .atRest)
    }

    @Test("an executor with no frames and no tokens leaves the runtime at rest")
    func standardExecutorIsAtRest() throws {
        try runtime.add(Mark(text: "x"), named: "n", to: target)
        #expect(runtime.activityState == .atRest)
    }

    @Test("a frame-driven executor makes the runtime active at commit, before any frame")
    func frameDrivenIsActiveAtCommit() {
        var transaction = Transaction()
        transaction.add(Steps(count: 1), to: target)
        runtime.commit(transaction)
        #expect(runtime.activityState == .active)
        #expect(runtime.activityState(of: target) == .active)
        clock.advance()
        #expect(runtime.activityState == .atRest)
    }

    @Test("active while any update returns active")
    func activeWhileAnyUpdateIsActive() {
        let other = makeTarget("u", log: log)
        runtime.add(Steps(count: 2), to: target)
        runtime.add(Steps(count: 4), to: other)
        var states: [ActivityState] = []
        for _ in 0..<5 {
            clock.advance()
            states.append(runtime.activityState)
        }
        #expect(states == [.active, .active, .active, .atRest, .atRest])
        #expect(runtime.activityState(of: target) == .atRest)
    }

    @Test(
        "tokens are a set, not a counter",
        arguments: [
            (["start a", "start b", "end a"], ActivityState.active),
            (["start a", "start b", "end a", "end b"], .atRest),
            (["start a", "start b", "end a", "end a"], .active),
            (["start a", "end a", "end a", "start b"], .active),
            (["start a", "end a", "end a"], .atRest),
        ])
    func tokensAreASet(script: [String], expected: ActivityState) throws {
        let executor = try #require(tokenExecutor())
        let generator = try #require(executor.generator)
        var tokens: [String: ActivityToken] = [:]
        for step in script {
            let parts = step.split(separator: " ").map(String.init)
            if parts[0] == "start" { tokens[parts[1]] = generator.generate() } else { tokens[parts[1]]?.end() }
        }
        #expect(runtime.activityState == expected)
        withExtendedLifetime(tokens) {}
    }

    @Test("a token that is deallocated ends itself")
    func droppedTokenEnds() throws {
        let generator = try #require(tokenExecutor()?.generator)
        var token: ActivityToken? = generator.generate()
        #expect(runtime.isActive)
        #expect(token?.isActive == true)
        token = nil
        #expect(!runtime.isActive)
    }

    @Test("a token started and ended inside add: observers see active then at rest")
    func instantlyInactive() {
        let recorder = StateRecorder()
        runtime.addActivityObserver(recorder.observer)
        runtime.add(Hold(mode: .startAndEnd), to: target)
        #expect(recorder.states == [.active, .atRest])
        #expect(runtime.activityState == .atRest)
    }

    @Test("a token never ended keeps the runtime active")
    func foreverActive() {
        let recorder = StateRecorder()
        runtime.addActivityObserver(recorder.observer)
        runtime.add(Hold(mode: .holdForever), to: target)
        runtime.add(Steps(count: 1), to: target)
        clock.advance(frames: 3)
        #expect(recorder.states == [.active])
        #expect(runtime.activityState == .active)
    }

    @Test("a generator asked again while it starts a token (by an activity observer) gives a second token")
    func generatorCalledAgainWhileStarting() throws {
        let generator = try #require(tokenExecutor()?.generator)
        var inner: ActivityToken?
        let observer = ActivityObserver { state in
            if state == .active, inner == nil { inner = generator.generate() }
        }
        runtime.addActivityObserver(observer)
        // The inner generate() runs inside the outer one's start: it overlapped its access (a trap).
        let outer = generator.generate()
        #expect(outer.isActive)
        #expect(inner?.isActive == true)
        outer.end()
        #expect(runtime.activityState == .active, "the inner token still holds")
        inner?.end()
        #expect(runtime.activityState == .atRest)
    }

    @Test("observers hear changes only")
    func observersHearChangesOnly() throws {
        let recorder = StateRecorder()
        runtime.addActivityObserver(recorder.observer)
        let generator = try #require(tokenExecutor()?.generator)
        let token = generator.generate()
        runtime.add(Steps(count: 2), to: makeTarget("u", log: log))
        let second = generator.generate()
        clock.advance(frames: 3)
        token.end()
        #expect(recorder.states == [.active])
        second.end()
        #expect(recorder.states == [.active, .atRest])
    }

    @Test("an observer added twice is notified once; two observers are both notified")
    func observersAreDeduplicated() {
        let first = StateRecorder()
        let second = StateRecorder()
        runtime.addActivityObserver(first.observer)
        runtime.addActivityObserver(first.observer)
        runtime.addActivityObserver(second.observer)
        runtime.add(Steps(count: 1), to: target)
        #expect(first.states == [.active])
        #expect(second.states == [.active])
    }

    @Test("a removed observer hears nothing more")
    func removedObserverHearsNothing() {
        let kept = StateRecorder()
        let removed = StateRecorder()
        runtime.addActivityObserver(kept.observer)
        runtime.addActivityObserver(removed.observer)
        runtime.add(Steps(count: 1), to: target)
        runtime.removeActivityObserver(removed.observer)
        clock.advance()
        #expect(kept.states == [.active, .atRest])
        #expect(removed.states == [.active])
    }

    @Test("target observers hear only their target's changes")
    func targetObservers() {
        let other = makeTarget("u", log: log)
        let onTarget = StateRecorder()
        let onOther = StateRecorder()
        runtime.addActivityObserver(onTarget.observer, for: target)
        runtime.addActivityObserver(onTarget.observer, for: target)
        runtime.addActivityObserver(onOther.observer, for: other)
        runtime.add(Steps(count: 1), to: target)
        runtime.add(Mark(text: "x"), to: other)
        clock.advance()
        #expect(onTarget.states == [.active, .atRest])
        #expect(onOther.states.isEmpty)
    }

    @Test("activity reaches tracers before observers, target before runtime")
    func tracersBeforeObservers() {
        runtime.addTracer(RecordingTracer(log: log))
        runtime.addActivityObserver(ActivityObserver { [log] in log("runtime observer:\($0)") })
        runtime.addActivityObserver(ActivityObserver { [log] in log("target observer:\($0)") }, for: target)
        runtime.add(Hold(mode: .startAndEnd), to: target)
        #expect(
            log.entries.filter { !$0.contains("didCreate") && !$0.contains("didAdd") } == [
                "trace.target:t:active", "trace.runtime:active", "target observer:active", "runtime observer:active",
                "trace.target:t:atRest", "trace.runtime:atRest", "target observer:atRest", "runtime observer:atRest",
            ])
    }

    @Test("remote execution names are scoped per executor")
    func remoteExecutionIsScopedPerExecutor() throws {
        let first = try #require(tokenExecutor()?.generator)
        runtime.add(HoldB(), to: target)
        let second = try #require(runtime.executors(of: target).compactMap { $0 as? TokenExecutorB }.first?.generator)
        first.willStart("gesture")
        second.willStart("gesture")
        first.didEnd("gesture")
        #expect(runtime.activityState == .active)
        #expect(first.activeNames.isEmpty)
        #expect(second.activeNames == ["gesture"])
        second.didEnd("gesture")
        #expect(runtime.activityState == .atRest)
    }

    @Test(
        "remote execution with one name: starting twice is one start, ending unknown names is harmless",
        arguments: [
            (["willStart", "willStart", "didEnd"], ActivityState.atRest),
            (["didEnd", "willStart"], .active),
            (["willStart", "didEnd", "didEnd", "willStart"], .active),
        ])
    func remoteExecutionByName(script: [String], expected: ActivityState) throws {
        let generator = try #require(tokenExecutor()?.generator)
        for step in script {
            if step == "willStart" { generator.willStart("animation") } else { generator.didEnd("animation") }
        }
        #expect(runtime.activityState == expected)
    }
}
