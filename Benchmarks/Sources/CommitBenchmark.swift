import MotionPlans
import MotionRuntime
import MotionScheduler

#if canImport(Glibc)
    import Glibc
#endif

/// Committing intentions as `motionc run` and `bake` do: the front-end benchmark's document
/// (per target a keyframe tween, a spring and a named draggable, all committed at time 0) put
/// on a ``DocumentRun``, then the run released. The cost per committed intention, commit and
/// teardown each, against a budget of 1 us per intention for both together.
enum CommitBenchmark {
    static func run(megabytes: Double, rounds: Int) -> Bool {
        let bytes = BenchmarkDocument.make(megabytes: megabytes)
        guard let document = DocumentLoader.load(bytes, file: "benchmark.yaml").document else {
            print("commit: the benchmark document does not decode")
            return false
        }
        let intentions = document.transactions.reduce(0) { $0 + $1.operations.count }
        #if canImport(Glibc)
            // glibc gives the free top of the heap back to the kernel once it exceeds a threshold
            // that it moves as large blocks come and go. Whether a teardown's frees cross it
            // depends on where the last few blocks happen to lie, and when they do, every round's
            // commit faults the same pages in again (~11,000 page faults a round, +20% here). The
            // threshold fixed high, and large blocks kept in the heap as the moving threshold
            // had kept them (fixing one threshold fixes both), every round measures the commit
            // and teardown on a warm heap, whatever the layout. (They stay set for what runs after.)
            // `mallopt`: malloc.h is not in the Glibc module.
            typealias MallocOption = @convention(c) (Int32, Int32) -> Int32
            let (trimThreshold, mmapThreshold): (Int32, Int32) = (-1, -3)
            if let address = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "mallopt") {
                let mallopt = unsafeBitCast(address, to: MallocOption.self)
                _ = mallopt(trimThreshold, Int32.max)
                _ = mallopt(mmapThreshold, 32 << 20)
            }
        #endif
        var run: DocumentRun? = DocumentRun(document: document)
        var events = run?.eventCount ?? 0
        run = nil
        let times = Measure.alternating(
            rounds: rounds,
            [
                {
                    run = DocumentRun(document: document)
                    events = run?.eventCount ?? 0
                },
                { run = nil },
            ])
        let (commit, teardown) = (times[0], times[1])
        let perIntention = (commit + teardown) / Double(max(1, intentions)) * 1e6
        print(
            "commit: \(document.targets.count) targets, \(intentions) intentions committed at time 0, \(events) presentation events "
                + "(thread CPU time, best of \(rounds) alternating rounds)")
        print(
            "  commit + teardown   \(Measure.fixed(perIntention, 2)) us per intention   "
                + "ratio to the budget \(Measure.fixed(perIntention / 1.0, 2))   (goal <= 1 us)")
        print(
            "    commit \(Measure.fixed(commit / Double(max(1, intentions)) * 1e6, 2)) us, "
                + "teardown \(Measure.fixed(teardown / Double(max(1, intentions)) * 1e6, 2)) us "
                + "(\(Measure.fixed(teardown / (commit + teardown) * 100, 0))% of the total)")
        return true
    }
}
