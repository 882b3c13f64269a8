import MotionCore
import MotionRuntime
import Testing

/// A document commits each intention as the object that holds it (`SharedIntention`): built-in
/// executors read the value in it, and apps' executors and tracers are handed the value itself.
@Suite struct SharedIntentionTests {
    let log = Log()

    @Test("a built-in executor reads a shared tween as the tween: the same events, the same presented values")
    func builtInExecutorReadsTheValue() {
        let tween = Tween(
            property: PropertyPath(.opacity), values: [.scalar(0), .scalar(0.6), .scalar(1)], offsets: [0, 0.4, 1],
            easings: [.linear, .cubicBezier(x1: 0.42, y1: 0, x2: 1, y2: 1)], easingIsList: true, duration: 0.3)
        let plain = TestWorld()
        let (plainTarget, plainChannel) = plain.makeTarget("plain")
        plain.runtime.add(tween, to: plainTarget)
        let shared = TestWorld()
        let (sharedTarget, sharedChannel) = shared.makeTarget("shared")
        shared.runtime.add(SharedIntention(tween), to: sharedTarget)
        #expect(sharedChannel.events.count == 1)
        #expect(sharedChannel.events == plainChannel.events)
        // Independently: 0 -> 0.6 linearly over the first 40% (0.12 s), so 0.3 at 0.06 s.
        #expect(abs(sharedChannel.value(.opacity, at: 0.06)[0] - 0.3) < 1e-12)
        #expect(shared.runtime.isActive)
    }

    @Test("a named shared draggable is added under its name, as the draggable")
    func namedSharedIntention() throws {
        let world = TestWorld()
        let (target, _) = world.makeTarget("card")
        try world.runtime.add(SharedIntention(Draggable()), named: "drag", to: target)
        #expect(world.runtime.executor(named: "drag", on: target) is GestureExecutor)
        let executors = world.runtime.executors(of: target)
        #expect(executors.count == 1)
        #expect(executors.first is GestureExecutor)
    }

    @Test("an app's executor and the tracers are handed the value, not the object that holds it")
    func appsSeeTheValue() throws {
        let (runtime, _) = makeRuntime()
        let tracerLog = Log()
        runtime.addTracer(RecordingTracer(log: tracerLog))
        let target = makeTarget("a", log: log)
        runtime.add(SharedIntention(Mark(text: "unnamed")), to: target)
        #expect(target.properties[markKey] == "unnamed")
        try runtime.add(SharedIntention(Mark(text: "named")), named: "n", to: target)
        #expect(target.properties[markKey] == "named")
        #expect(log.entries == ["a.add:unnamed", "a.addNamed:n:named"])
        #expect(
            tracerLog.entries.filter { $0.hasPrefix("trace.didAddPlan") } == ["trace.didAddPlan:Mark:a", "trace.didAddPlanNamed:Mark:n:a"])
    }
}
