import MotionRuntime
import Testing

/// The named-plan rules NP-1..NP-17 (docs/format.md §1.4 and §2.5), ported from runtime-objc's
/// NamedPlanTests and runtime-android's MotionRuntimeTests.
@Suite struct NamedPlanTests {
    let log = Log()
    let runtime: Runtime
    let target: MotionTarget

    init() {
        (runtime, _) = makeRuntime()
        target = makeTarget("t", log: log)
    }

    private func entries(containing fragment: String) -> Int {
        log.entries.filter { $0.contains(fragment) }.count
    }

    @Test("NP-7: adding a new name calls only the named add, no spurious remove")
    func addingNamedPlan() throws {
        try runtime.add(Mark(text: "x"), named: "common_name", to: target)
        #expect(log.entries == ["t.addNamed:common_name:x"])
        #expect(runtime.intentionNames(on: target) == ["common_name"])
    }

    @Test("a commit without a transaction applies the same operations in order, skipping what a transaction refuses")
    func commitWithoutTransaction() throws {
        runtime.commit { operations in
            operations.add(Mark(text: "x"), named: "a", to: target)
            operations.add(Mark(text: "y"), named: "", to: target)
            operations.add(NamedButIncapable(), named: "c", to: target)
            operations.add(Mark(text: "z"), to: target)
            operations.remove(named: "", from: target)
            operations.remove(named: "a", from: target)
            operations.add(Mark(text: "w"), named: "b", to: target)
        }
        #expect(log.entries == ["t.addNamed:a:x", "t.add:z", "t.remove:a", "t.addNamed:b:w"])
        #expect(runtime.intentionNames(on: target) == ["b"])
    }

    @Test("add then remove the same name: add, remove")
    func addAndRemoveSameName() throws {
        try runtime.add(Mark(text: "x"), named: "name_one", to: target)
        try runtime.removeIntention(named: "name_one", from: target)
        #expect(log.entries == ["t.addNamed:name_one:x", "t.remove:name_one"])
        #expect(runtime.intentionNames(on: target).isEmpty)
    }

    @Test("NP-10: removing a name never added on a fresh target creates no executor and no event")
    func removeNeverAddedOnFreshTarget() throws {
        let tracerLog = Log()
        runtime.addTracer(RecordingTracer(log: tracerLog))
        try runtime.removeIntention(named: "was_never_added", from: target)
        #expect(runtime.executorCount == 0)
        #expect(log.entries.isEmpty)
        #expect(tracerLog.entries.isEmpty)
    }

    @Test("NP-10: removing an unknown name beside a held one does nothing")
    func removeUnknownName() throws {
        try runtime.add(Mark(text: "x"), named: "common_name", to: target)
        try runtime.removeIntention(named: "was_never_added_plan", from: target)
        #expect(log.entries == ["t.addNamed:common_name:x"])
    }

    @Test("NP-6/NP-8: re-adding a held name is remove-then-add", arguments: ["x", "y"])
    func reAddIsRemoveThenAdd(secondText: String) throws {
        let first = Mark(text: "x")
        try runtime.add(first, named: "one", to: target)
        try runtime.add(Mark(text: secondText), named: "one", to: target)
        #expect(log.entries == ["t.addNamed:one:x", "t.remove:one", "t.addNamed:one:\(secondText)"])
        #expect(target.properties[markKey] == secondText)
    }

    @Test("NP-11: removal clears the mapping")
    func removalClearsMapping() throws {
        try runtime.add(Mark(text: "x"), named: "one_name", to: target)
        try runtime.removeIntention(named: "one_name", from: target)
        try runtime.removeIntention(named: "one_name", from: target)
        try runtime.add(Mark(text: "y"), named: "two_name", to: target)
        #expect(log.entries == ["t.addNamed:one_name:x", "t.remove:one_name", "t.addNamed:two_name:y"])
    }

    @Test("NP-5: names are case-sensitive and never normalised")
    func namesAreCaseSensitive() throws {
        for name in ["one", "One", "1", "ONE"] { try runtime.add(Mark(text: "x"), named: name, to: target) }
        #expect(entries(containing: "addNamed") == 4)
        #expect(entries(containing: "remove") == 0)
        #expect(runtime.intentionNames(on: target) == ["1", "ONE", "One", "one"])
    }

    @Test("NP-4: names are scoped per target")
    func namesPerTarget() throws {
        let other = makeTarget("u", log: log)
        try runtime.add(Mark(text: "x"), named: "one", to: target)
        try runtime.add(Mark(text: "x"), named: "one", to: other)
        #expect(log.entries == ["t.addNamed:one:x", "u.addNamed:one:x"])
    }

    @Test("NP-12: named and unnamed adds never cross", arguments: [true, false])
    func namedAndUnnamedNeverCross(named: Bool) throws {
        if named {
            try runtime.add(Mark(text: "x"), named: "n", to: target)
            #expect(log.entries == ["t.addNamed:n:x"])
        } else {
            runtime.add(Mark(text: "x"), to: target)
            #expect(log.entries == ["t.add:x"])
        }
    }

    @Test("NP-13: named plans share the one-executor-per-type rule")
    func namedPlansReuseExecutors() throws {
        let tracerLog = Log()
        runtime.addTracer(RecordingTracer(log: tracerLog))
        try runtime.add(Mark(text: "x"), named: "n", to: target)
        try runtime.removeIntention(named: "n", from: target)
        runtime.add(Mark(text: "y"), to: target)
        #expect(tracerLog.entries.filter { $0.hasPrefix("trace.didCreateExecutor") }.count == 1)
        runtime.add(Steps(count: 1), to: target)
        try runtime.add(Steps(count: 1), named: "s", to: target)
        #expect(runtime.executors(of: target).count == 2)
    }

    @Test("NP-15: executor callbacks come before tracer events")
    func executorCallbacksBeforeTracers() throws {
        runtime.addTracer(RecordingTracer(log: log))
        try runtime.add(Mark(text: "x"), named: "name_one", to: target)
        try runtime.removeIntention(named: "name_one", from: target)
        #expect(
            log.entries == [
                "trace.didCreateExecutor:MarkExecutor:t",
                "t.addNamed:name_one:x",
                "trace.didAddPlanNamed:Mark:name_one:t",
                "t.remove:name_one",
                "trace.didRemovePlanNamed:name_one:t",
            ])
    }

    @Test("NP-9: the executor losing a name may differ from the one taking it")
    func removedAndNewExecutorsMayDiffer() throws {
        runtime.addTracer(RecordingTracer(log: log))
        try runtime.add(Mark(text: "x"), named: "n", to: target)
        log.entries = []
        try runtime.add(OtherMark(text: "y"), named: "n", to: target)
        #expect(
            log.entries == [
                "t.remove:n", "trace.didRemovePlanNamed:n:t",
                "trace.didCreateExecutor:OtherExecutor:t",
                "t.other.addNamed:n", "trace.didAddPlanNamed:OtherMark:n:t",
            ])
        #expect(runtime.executor(named: "n", on: target) is OtherExecutor)
    }

    enum EmptyNameOperation: CaseIterable { case transactionAdd, transactionRemove, runtimeAdd, runtimeRemove }

    @Test("NP-1/NP-2: empty names are refused and change nothing", arguments: EmptyNameOperation.allCases)
    func emptyNamesAreRefused(operation: EmptyNameOperation) {
        var transaction = Transaction()
        #expect(throws: RuntimeError.emptyName) {
            switch operation {
            case .transactionAdd: try transaction.add(Mark(text: "x"), named: "", to: target)
            case .transactionRemove: try transaction.remove(named: "", from: target)
            case .runtimeAdd: try runtime.add(Mark(text: "x"), named: "", to: target)
            case .runtimeRemove: try runtime.removeIntention(named: "", from: target)
            }
        }
        #expect(transaction.isEmpty)
        #expect(runtime.executorCount == 0)
        #expect(log.entries.isEmpty)
    }

    @Test("NP-3/NP-14: a named add whose executor cannot take names is refused")
    func namedAddNeedsNamedExecutor() {
        var transaction = Transaction()
        #expect(throws: RuntimeError.executorDoesNotTakeNames(executorType: "PlainExecutor")) {
            try transaction.add(NamedButIncapable(), named: "n", to: target)
        }
        #expect(throws: RuntimeError.self) { try runtime.add(NamedButIncapable(), named: "n", to: target) }
        #expect(transaction.isEmpty)
        #expect(runtime.executorCount == 0)
    }

    @Test("NP-16: named intentions are copied when added")
    func namedIntentionsAreCopied() throws {
        var mark = Mark(text: "0")
        var transaction = Transaction()
        try transaction.add(mark, named: "n", to: target)
        mark.text = "5"
        runtime.commit(transaction)
        #expect(log.entries == ["t.addNamed:n:0"])
    }

    @Test(
        "NP-17: operations apply in order and the last one wins",
        arguments: [
            (["add:a", "remove"], [String]()),
            (["add:a", "add:b"], ["n"]),
            (["add:a", "remove", "add:c"], ["n"]),
            (["remove", "add:a"], ["n"]),
        ])
    func lastOperationWins(script: [String], names: [String]) throws {
        var transaction = Transaction()
        for step in script {
            if step == "remove" {
                try transaction.remove(named: "n", from: target)
            } else {
                try transaction.add(Mark(text: String(step.dropFirst(4))), named: "n", to: target)
            }
        }
        runtime.commit(transaction)
        #expect(runtime.intentionNames(on: target) == names)
        let lastAdd = script.last { $0.hasPrefix("add:") }.map { String($0.dropFirst(4)) }
        #expect(target.properties[markKey] == lastAdd)
    }
}
