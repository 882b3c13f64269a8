import MotionCore
import MotionPlans
import MotionRuntime
import MotionScheduler
import Testing

/// Counts executor creations and releases, and creations of an executor (type and target) that
/// had been released before.
final class LifetimeTracer: Tracer {
    var created = 0
    var released = 0
    var madeAgain = 0
    private var gone: Set<String> = []

    private func name(_ executor: any Executor, _ target: MotionTarget) -> String {
        "\(type(of: executor)) \(ObjectIdentifier(target))"
    }

    func didCreateExecutor(_ executor: any Executor, for target: MotionTarget) {
        created += 1
        if gone.remove(name(executor, target)) != nil { madeAgain += 1 }
    }

    func didReleaseExecutor(_ executor: any Executor, for target: MotionTarget) {
        released += 1
        gone.insert(name(executor, target))
    }
}

/// Garbage collection in document runs: executors released 0.5 s after rest and made again when
/// needed change nothing anyone sees.
@Suite struct GarbageCollectionRunTests {
    @Test("every Plans document presents the same values at every frame with collection on and off")
    func collectionChangesNothing() throws {
        var released = 0
        var madeAgain = 0
        for (name, document) in try plansDocuments() {
            let collected = DocumentRun(document: document)
            let kept = DocumentRun(document: document, garbageCollectionDelay: .infinity)
            let tracer = LifetimeTracer()
            collected.runtime.addTracer(tracer)
            var k = 0
            while k < 1200, !(collected.isAtRest && kept.isAtRest) || k < 120 {
                k += 1
                collected.advance(toFrame: k)
                kept.advance(toFrame: k)
                let t = Double(k) / collected.fps
                #expect(collected.animatedComponents == kept.animatedComponents, "\(name) at frame \(k)")
                for component in kept.animatedComponents {
                    let a = collected.value(of: component, at: t)
                    let b = kept.value(of: component, at: t)
                    #expect(a == b || (a.isNaN && b.isNaN), "\(name) \(component.name) at frame \(k)")
                }
            }
            #expect(collected.restTime() == kept.restTime(), "\(name)")
            collected.runtime.collectGarbage()
            #expect(collected.runtime.executorCount <= kept.runtime.executorCount, "\(name)")
            released += tracer.released
            madeAgain += tracer.madeAgain
        }
        // Collection did happen, and some executors were made again by later work.
        #expect(released > 0)
        #expect(madeAgain > 0)
    }
}
