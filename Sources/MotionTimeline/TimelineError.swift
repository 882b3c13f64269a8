/// A problem with a timeline's content, naming where in the JSON it is.
public struct TimelineError: Error, Hashable, Sendable, CustomStringConvertible {
    /// A JSONPath-like location: `$.events[3].animation.duration`.
    public var path: String
    /// What is wrong there.
    public var message: String

    /// Creates an error at `path`.
    public init(path: String, message: String) {
        (self.path, self.message) = (path, message)
    }

    /// `$.events[3].time: expected a number, found a string`.
    public var description: String { "\(path): \(message)" }
}
