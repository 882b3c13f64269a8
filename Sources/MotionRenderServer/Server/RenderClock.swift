#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A source of time for the render server's real-time mode, in seconds from an arbitrary origin.
public protocol RenderClock: Sendable {
    /// The current time in seconds; never decreases.
    func now() -> Double
}

/// The system's monotonic clock (`CLOCK_MONOTONIC`): unaffected by wall-clock changes.
public struct MonotonicClock: RenderClock {
    /// The system's monotonic clock.
    public init() {}

    public func now() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) * 1e-9
    }
}
