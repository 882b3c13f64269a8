import MotionCore
import MotionJSON

/// Fitting a baked timeline into what `play`, `render` and `export` read back (docs/format.md §1.6).
extension TimelineJSON {
    /// A timeline's JSON text, cut at a frame when whole it would be more than a reader accepts.
    ///
    /// Readers take at most `maximumBytes` (``AtomicFile/maximumSize``, 1 GiB) and
    /// `maximumValues` (``maximumValues``) JSON values. A timeline past either keeps the frames
    /// before the frame of the first event that passes it and ends at the last of them, as a bake
    /// at the event cap does; `cutEnd` is then that end, else nil.
    ///
    /// The whole timeline is encoded once; its value count and a bound on its text's size, read
    /// from the encoded values without writing them, decide whether the events need to be
    /// measured one by one (writing each on its own). Usually they do not.
    ///
    /// - Complexity: O(size of the output); about twice that for a timeline near a budget.
    public static func fittedText(
        _ timeline: Timeline, maximumBytes: Int = AtomicFile.maximumSize, maximumValues: Int = maximumValues
    ) -> (text: String, cutEnd: Double?) {
        let json = encode(timeline)
        if json.valueCount <= maximumValues && json.textBound(depth: 0) <= maximumBytes {
            return (fileText(json), nil)
        }
        let events = timeline.events.map { encode($0, layers: timeline.layers) }
        var head = timeline
        head.events = []
        let headJSON = encode(head)
        let headValues = headJSON.valueCount
        // The head's text, with room for the `end` number at its longest and the events' brackets.
        let headBytes = fileText(headJSON).utf8.count + 32
        // Measured exactly: each event is written, as it is inside the events array, on its own.
        var values = headValues
        var bytes = headBytes
        var first = events.count
        for (i, event) in events.enumerated() {
            values += event.valueCount
            let written = event.serialized(pretty: true).utf8
            // Inside the array every line of the event is indented two levels (4 spaces) deeper.
            bytes += written.count + 4 * written.lazy.filter { $0 == UInt8(ascii: "\n") }.count + 6
            if values > maximumValues || bytes > maximumBytes {
                first = i
                break
            }
        }
        guard first < events.count else { return (fileText(json), nil) }
        let fps = timeline.canvas.fps
        let cutFrame = Canvas.firstFrame(seconds: timeline.events[first].time, fps: fps)
        var kept = first
        while kept > 0, Canvas.firstFrame(seconds: timeline.events[kept - 1].time, fps: fps) >= cutFrame { kept -= 1 }
        var cut = timeline
        cut.events = Array(timeline.events.prefix(kept))
        cut.end = Double(max(cutFrame - 1, 0)) / fps
        return (text(cut), cut.end)
    }
}

extension JSONValue {
    /// How many JSON values this is: numbers, strings, literals, arrays and objects each count 1,
    /// as the timeline reader counts them (keys do not count).
    ///
    /// - Complexity: O(n) in the number of values.
    var valueCount: Int {
        switch self {
        case .null, .bool, .number, .string: 1
        case .array(let items): items.reduce(1) { $0 + $1.valueCount }
        case .object(let members): members.reduce(1) { $0 + $1.value.valueCount }
        }
    }

    /// At least the bytes of this value's pretty text when written at `depth`, counted without
    /// writing it: every value on a line of its own, the longest number, every character escaped.
    ///
    /// - Complexity: O(n) in the number of values and the length of the strings.
    func textBound(depth: Int) -> Int {
        // A line break, the indent, and a separator.
        let line = 2 + 2 * (depth + 1)
        switch self {
        case .null, .bool: return line + 5
        case .number: return line + 24
        case .string(let s): return line + 2 + 6 * s.utf8.count
        case .array(let items): return line + 2 + items.reduce(0) { $0 + $1.textBound(depth: depth + 1) }
        case .object(let members):
            return line + 2
                + members.reduce(0) { $0 + 4 + 6 * $1.key.utf8.count + $1.value.textBound(depth: depth + 1) }
        }
    }
}
