import CYAML
import MotionDiagnostics

/// Owning a libyaml parser for the length of one parse.
enum LibYAML {
    /// Runs `body` with an initialised libyaml parser reading `bytes` as UTF-8, and an event
    /// slot; both are heap-allocated (libyaml keeps pointers into the parser) and freed after.
    ///
    /// Returns `nil` when libyaml cannot initialise (out of memory). An empty input is given to
    /// libyaml as a valid pointer with length 0, never a nil pointer (libyaml asserts on it). A
    /// UTF-8 byte-order mark is not given to libyaml: with the encoding set, libyaml would read
    /// it as a character of the first line, indenting the first key by one column.
    static func withParser<R>(
        _ bytes: [UInt8],
        _ body: (UnsafeMutablePointer<yaml_parser_t>, UnsafeMutablePointer<yaml_event_t>) -> R
    ) -> R? {
        let parser = UnsafeMutablePointer<yaml_parser_t>.allocate(capacity: 1)
        defer { parser.deallocate() }
        guard yaml_parser_initialize(parser) != 0 else { return nil }
        defer { yaml_parser_delete(parser) }
        let event = UnsafeMutablePointer<yaml_event_t>.allocate(capacity: 1)
        defer { event.deallocate() }
        let storage = bytes.isEmpty ? [0] : bytes
        return storage.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return nil }
            let skipped = SourceLines.byteOrderMarkLength(bytes)
            yaml_parser_set_input_string(parser, base + skipped, bytes.count - skipped)
            yaml_parser_set_encoding(parser, YAML_UTF8_ENCODING)
            return body(parser, event)
        }
    }
}

/// libyaml's bare event loop, the speed floor for any parser built on it.
public enum YAMLEventLoop {
    /// Counts the events libyaml produces for `bytes`, up to the first error, building nothing.
    ///
    /// Each event is deleted at once. A benchmark baseline: ``YAMLParser/parse(_:file:limits:)``
    /// does this loop plus building the tree, so the ratio of their speeds is the front end's own
    /// cost.
    ///
    /// - Complexity: O(bytes.count).
    public static func countEvents(_ bytes: [UInt8]) -> Int {
        LibYAML.withParser(bytes) { parser, event in
            var count = 0
            while yaml_parser_parse(parser, event) != 0 {
                count += 1
                let done = event.pointee.type == YAML_STREAM_END_EVENT
                yaml_event_delete(event)
                if done { break }
            }
            return count
        } ?? 0
    }
}
