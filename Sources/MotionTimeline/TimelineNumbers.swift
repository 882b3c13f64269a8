import MotionJSON

extension TimelineJSON {
    /// The first number of `timeline` that its file could not hold, or nil.
    ///
    /// The error names the number's JSON path; nil means every number is finite and within
    /// ±``largestMagnitude``, as a timeline file is read. JSON has no infinity: written as it is,
    /// such a number would be `null`, which `play`, `render` and the players reject or misread.
    /// A bake of a valid document holds none (docs/format.md §1.6); the commands check before
    /// they write or play one, so that arithmetic no rule foresaw fails with a message rather
    /// than a broken file.
    ///
    /// - Complexity: O(size of the timeline's JSON).
    public static func firstUnwritableNumber(in timeline: Timeline) -> TimelineError? {
        var head = timeline
        head.events = []
        if let found = firstUnwritableNumber(in: encode(head), path: "$") { return found }
        for (i, event) in timeline.events.enumerated() {
            if let found = firstUnwritableNumber(in: encode(event, layers: timeline.layers), path: "$.events[\(i)]") {
                return found
            }
        }
        return nil
    }

    private static func firstUnwritableNumber(in json: JSONValue, path: @autoclosure () -> String) -> TimelineError? {
        switch json {
        case .null, .bool, .string:
            return nil
        case .number(let n):
            guard !(abs(n) <= largestMagnitude) else { return nil }
            return TimelineError(
                path: path(),
                message: "the bake computed \(n), beyond the ±1e100 every number of a timeline lies within")
        case .array(let items):
            for (i, item) in items.enumerated() {
                if let found = firstUnwritableNumber(in: item, path: "\(path())[\(i)]") { return found }
            }
            return nil
        case .object(let members):
            for member in members {
                if let found = firstUnwritableNumber(in: member.value, path: "\(path()).\(member.key)") { return found }
            }
            return nil
        }
    }
}
