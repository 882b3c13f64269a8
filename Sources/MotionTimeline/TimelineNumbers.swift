import MotionCore
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
    /// Events and the head are read in place (`numbersAreWritable(_:)`); only one that holds
    /// such a number is encoded, to name its path. Encoding every event cost a bake an eighth
    /// more instructions.
    ///
    /// - Complexity: O(numbers in the timeline), plus the head's JSON and that of the event found.
    public static func firstUnwritableNumber(in timeline: Timeline) -> TimelineError? {
        // The head (canvas, layers, end) is encoded only when one of its numbers is found wrong.
        if !headNumbersAreWritable(timeline) {
            var head = timeline
            head.events = []
            if let found = firstUnwritableNumber(in: encode(head), path: "$") { return found }
        }
        for (i, event) in timeline.events.enumerated() where !numbersAreWritable(event) {
            if let found = firstUnwritableNumber(in: encode(event, layers: timeline.layers), path: "$.events[\(i)]") {
                return found
            }
        }
        return nil
    }

    /// Whether every number ``encode(_:)`` writes outside the events (the canvas, the layers'
    /// model values, the end) fits, read in place as ``numbersAreWritable(_:)`` reads an event.
    ///
    /// - Complexity: O(layers).
    static func headNumbersAreWritable(_ timeline: Timeline) -> Bool {
        func fits(_ x: Double) -> Bool { abs(x) <= largestMagnitude }
        func fits(_ v: MotionValue) -> Bool { (0..<v.kind.componentCount).allSatisfy { fits(v[$0]) } }
        let canvas = timeline.canvas
        guard fits(canvas.width), fits(canvas.height), fits(canvas.fps), fits(canvas.background), fits(timeline.end) else {
            return false
        }
        return timeline.layers.allSatisfy { layer in layer.model.values.allSatisfy(fits) }
    }

    /// Whether every number ``encode(_:layers:)`` writes for `event` is finite and within
    /// ±``largestMagnitude``, read in place: the same numbers, field for field, without making
    /// their JSON (`forever` counts, written as text, pass).
    ///
    /// - Complexity: O(numbers in the event).
    static func numbersAreWritable(_ event: ChannelEvent) -> Bool {
        func fits(_ x: Double) -> Bool { abs(x) <= largestMagnitude }
        func fits(_ v: MotionValue) -> Bool { (0..<v.kind.componentCount).allSatisfy { fits(v[$0]) } }
        func fits(_ c: TimingCurve) -> Bool {
            let (x1, y1, x2, y2) = c.controlPoints
            return fits(x1) && fits(y1) && fits(x2) && fits(y2)
        }
        func fitsOrForever(_ x: Double) -> Bool { x == .infinity || fits(x) }
        guard fits(event.time) else { return false }
        switch event.action {
        case .set(_, let value):
            return fits(value)
        case .remove:
            return true
        case .add(_, _, let animation, let modelValue, let initialVelocity):
            guard fits(modelValue), initialVelocity.map(fits) ?? true else { return false }
            switch animation {
            case .keyframe(let k):
                return k.values.allSatisfy(fits) && k.keyTimes.allSatisfy(fits) && k.timingFunctions.allSatisfy(fits)
                    && fits(k.beginTime) && fits(k.duration) && fitsOrForever(k.repeatCount)
            case .spring(let s):
                return fits(s.from) && fits(s.to) && fits(s.stiffness) && fits(s.damping) && fits(s.mass)
                    && fits(s.initialVelocity) && fits(s.beginTime) && fitsOrForever(s.duration)
            case .path(let p):
                return p.path.points.allSatisfy { fits($0.x) && fits($0.y) } && fits(p.angleOffset) && fits(p.timingFunction)
                    && fits(p.beginTime) && fits(p.duration) && fitsOrForever(p.repeatCount)
            }
        }
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
