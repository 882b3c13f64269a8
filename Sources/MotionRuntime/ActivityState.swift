/// Whether something is doing work: an executor, a target, a runtime or a stream.
///
/// The plan-era runtime calls this an *activity state*; Material Motion's streams call the same
/// two values a *motion state*. This is the one type for both.
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
