#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Timing helpers for the benchmarks: thread CPU time (steadier than wall time on a machine
/// shared with other work), best-of-N rounds, and number formatting without Foundation.
enum Measure {
    /// This thread's CPU time in seconds.
    static func now() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) * 1e-9
    }

    /// Monotonic wall-clock seconds, for work done on other threads.
    static func wallClock() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) * 1e-9
    }

    /// The whole process's CPU time in seconds (every thread).
    static func processCPU() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) * 1e-9
    }

    /// Seconds `body` took, once.
    static func time<R>(_ body: () -> R) -> (seconds: Double, result: R) {
        let start = now()
        let result = body()
        return (now() - start, result)
    }

    /// Runs each measurement once per round, alternating them so outside load hits all alike,
    /// and keeps each one's best time: thread CPU time by default, or `clock` (``wallClock()``
    /// for work spread over several threads).
    static func alternating(rounds: Int, clock: () -> Double = now, _ bodies: [() -> Void]) -> [Double] {
        var best = [Double](repeating: .infinity, count: bodies.count)
        for _ in 0..<rounds {
            for (i, body) in bodies.enumerated() {
                let start = clock()
                body()
                best[i] = min(best[i], clock() - start)
            }
        }
        return best
    }

    /// `x` with `digits` decimals.
    static func fixed(_ x: Double, _ digits: Int) -> String {
        guard x.isFinite else { return "\(x)" }
        var scale = 1.0
        for _ in 0..<digits { scale *= 10 }
        let v = (x * scale).rounded() / scale
        var text = String(v)
        let decimals = text.split(separator: ".").last.map(\.count) ?? 0
        if decimals < digits { text += String(repeating: "0", count: digits - decimals) }
        return text
    }
}
