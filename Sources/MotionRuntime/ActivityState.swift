/// Whether something is doing work: an executor, a target, a runtime or a stream.
///
/// Executors and the runtime report it as their *activity*; streams report the same two values
/// as their *motion state*. This is the one type for both.
public enum ActivityState: Sendable, Hashable, CustomStringConvertible {
    /// Nothing is moving and nothing is expected to move on the next frame.
    case atRest
    /// Work is under way: a frame-driven update asked for another frame, or an activity token is held.
    case active

    /// `"active"` or `"atRest"`.
    public var description: String {
        switch self {
        case .atRest: "atRest"
        case .active: "active"
        }
    }
}
