import MotionRuntime
import Testing

/// One executor per executor type per target, synchronous application, transactions and copying
/// (reference §4, §5, §13.1 RuntimeTests, §13.3 Runtime-addPlan).
@Suite struct RuntimeTests {
    let log = Log()

    @Test(
        "one executor per executor type per target",
        arguments: [
            ([("a", "mark"), ("a", "mark")], 1),
            ([("a", "mark"), ("a", "steps")], 2),
            ([("a", "mark"), ("b", "mark")], 2),
            ([("a", "mark"), ("a", "other"), ("a", "mark"), ("b", "other")], 3),
        ])
    func oneExecutorPerTypePerTarget(adds: [(String, String)], executors: Int) {
        let (runtime, _) = makeRuntime()
        let tracerLog = Log()
        runtime.addTracer(RecordingTracer(log: tracerLog))
        let targets = ["a": makeTarget("a", log: log), "b": makeTarget("b", log: log)]
        for (targetID, kind) in adds {
            guard let target = targets[targetID] else { continue }
            let intention: any Intention =
                switch kind {
                case "mark": Mark(text: "x")
                case "steps": Steps(count: 1)
                default: OtherMark(text: "x")
                }
            runtime.add(intention, to: target)
        }
        #expect(runtime.executorCount == executors)
        #expect(tracerLog.entries.filter { $0.hasPrefix("trace.didCreateExecutor") }.count == executors)
        #expect(tracerLog.entries.filter { $0.hasPrefix("trace.didAddPlan:") }.count == adds.count)
    }

    @Test("an add reaches the executor before it returns")
    func addIsSynchronous() {
        let (runtime, _) = makeRuntime()
        let target = makeTarget("t", log: log)
        runtime.add(Mark(text: "now"), to: target)
        #expect(target.properties[markKey] == "now")
    }

    @Test("intentions apply in order", arguments: [(["true", "false"], "false"), (["false", "true"], "true")])
    func orderIsRespected(texts: [String], final: String) {
        let (runtime, _) = makeRuntime()
        let target = makeTarget("t", log: log)
        var transaction = Transaction()
        for text in texts { transaction.add(Mark(text: text), to: target) }
        runtime.commit(transaction)
        #expect(target.properties[markKey] == final)
    }

    @Test("the worked example: operations enumerate in recorded order and commit as the spec says")
    func workedExample() throws {
        let circle = makeTarget("circle", log: log)
        let square = makeTarget("square", log: log)
        var transaction = Transaction()
        transaction.add(Steps(count: 1), to: circle)
        transaction.add(Mark(text: "drag"), to: square)
        try transaction.add(Mark(text: "pinch"), named: "name1", to: square)
        try transaction.add(Mark(text: "rotate"), named: "name2", to: square)
        try transaction.remove(named: "name2", from: square)
        transaction.add(Mark(text: "drag"), to: circle)

        let described = transaction.operations.map { operation -> String in
            switch operation {
            case .add(let intention, let target): "add \(type(of: intention)) \(target.id)"
            case .addNamed(let intention, let name, let target): "addNamed \(type(of: intention)) \(name) \(target.id)"
            case .remove(let name, let target): "remove \(name) \(target.id)"
            }
        }
        #expect(
            described == [
                "add Steps circle", "add Mark square", "addNamed Mark name1 square", "addNamed Mark name2 square",
                "remove name2 square", "add Mark circle",
            ])
        #expect(transaction.targets.map(\.id) == ["circle", "square"])

        let (runtime, _) = makeRuntime()
        runtime.commit(transaction)
        #expect(runtime.executors(of: circle).count == 2)
        #expect(runtime.executors(of: square).count == 1)
        #expect(runtime.intentionNames(on: square) == ["name1"])
    }

    @Test("a transaction holds intentions as they were when added")
    func transactionCopiesIntentions() {
        let target = makeTarget("t", log: log)
        var mark = Mark(text: "0")
        var transaction = Transaction()
        transaction.add(mark, to: target)
        mark.text = "5"
        transaction.add(mark, to: target)
        let texts = transaction.operations.compactMap { operation -> String? in
            if case .add(let intention, _) = operation { return (intention as? Mark)?.text }
            return nil
        }
        #expect(texts == ["0", "5"])
    }

    @Test("a runtime is deallocated when no longer referenced")
    func runtimeIsDeallocated() {
        weak var weakRuntime: Runtime?
        let clock = SimulatedClock()
        let target = makeTarget("t", log: log)
        do {
            let runtime = Runtime(clock: clock)
            runtime.add(Steps(count: 10), to: target)
            runtime.add(Hold(mode: .holdForever), to: target)
            #expect(clock.isListenedTo)
            weakRuntime = runtime
        }
        #expect(weakRuntime == nil)
        #expect(!clock.isListenedTo)
    }

    @Test("tearDown releases everything, comes to rest and stops listening to the clock")
    func tearDown() throws {
        let (runtime, clock) = makeRuntime()
        let target = makeTarget("t", log: log)
        let recorder = StateRecorder()
        let targetRecorder = StateRecorder()
        runtime.addActivityObserver(recorder.observer)
        runtime.addActivityObserver(targetRecorder.observer, for: target)
        try runtime.add(Steps(count: 100), named: "s", to: target)
        runtime.add(Hold(mode: .holdForever), to: target)
        let tokenExecutor = runtime.executors(of: target).compactMap { $0 as? TokenExecutor }.first
        runtime.tearDown()
        #expect(runtime.executorCount == 0)
        #expect(runtime.intentionNames(on: target).isEmpty)
        #expect(runtime.activityState == .atRest)
        #expect(!clock.isListenedTo)
        #expect(recorder.states == [.active, .atRest])
        #expect(targetRecorder.states == [.active, .atRest])
        // Tokens of released executors are inert.
        tokenExecutor?.held.forEach { $0.end() }
        let late = tokenExecutor?.generator?.generate()
        #expect(late?.isActive == false)
        #expect(runtime.activityState == .atRest)
        #expect(recorder.states == [.active, .atRest])
        // The property store of the target survives.
        #expect(target.properties[logKey] === log)
    }

    @Test("tearDown tells the active targets' rest in the order the runtime first knew them, and nothing of resting ones")
    func tearDownOrder() {
        let (runtime, _) = makeRuntime()
        let tracerLog = Log()
        runtime.addTracer(RecordingTracer(log: tracerLog))
        let ids = ["c", "a", "d", "b"]
        let targets = ids.map { makeTarget($0, log: log) }
        let recorders = ids.map { _ in StateRecorder() }
        for (target, recorder) in zip(targets, recorders) { runtime.addActivityObserver(recorder.observer, for: target) }
        // "d" is known but never active; the others hold tokens.
        for (id, target) in zip(ids, targets) where id != "d" { runtime.add(Hold(mode: .holdForever), to: target) }
        tracerLog.entries = []
        runtime.tearDown()
        let rest = tracerLog.entries.filter { $0.hasPrefix("trace.target:") }
        #expect(rest == ["trace.target:c:atRest", "trace.target:a:atRest", "trace.target:b:atRest"])
        #expect(tracerLog.entries.filter { $0.hasPrefix("trace.didReleaseExecutor:") }.count == 3)
        #expect(recorders.map(\.states) == [[.active, .atRest], [.active, .atRest], [], [.active, .atRest]])
    }
}
