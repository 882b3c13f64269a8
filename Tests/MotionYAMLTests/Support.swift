import MotionDiagnostics
import MotionYAML

/// Parses `text` as a file named `test.yaml`.
func parse(_ text: String, limits: YAMLLimits = .default) -> YAMLParseResult {
    YAMLParser.parse(Array(text.utf8), file: "test.yaml", limits: limits)
}

extension YAMLTree {
    /// The node at a path of mapping keys and sequence indexes from the root, if any.
    func node(_ path: [YAMLPathPart]) -> YAMLNodeID? {
        guard var current = root else { return nil }
        for part in path {
            switch part {
            case .key(let key):
                guard let next = pairs(current).first(where: { string($0.key) == key })?.value else { return nil }
                current = next
            case .index(let i):
                let list = items(current)
                guard i < list.count else { return nil }
                current = list[i]
            }
        }
        return current
    }

    /// The key node of `key` in the mapping at `path`.
    func keyNode(_ key: String, in path: [YAMLPathPart] = []) -> YAMLNodeID? {
        guard let mapping = node(path) else { return nil }
        return pairs(mapping).first(where: { string($0.key) == key })?.key
    }

    /// The mapping at `path` as (key, value text) strings, in `pairs` order.
    func flatPairs(_ path: [YAMLPathPart] = []) -> [String] {
        guard let mapping = node(path) else { return [] }
        return pairs(mapping).map { "\(string($0.key))=\(string($0.value))" }
    }
}

/// One step of a path into a tree.
enum YAMLPathPart: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral {
    case key(String)
    case index(Int)

    init(stringLiteral value: String) { self = .key(value) }
    init(integerLiteral value: Int) { self = .index(value) }
}

extension SourceRange {
    /// `line:column` of the start, for compact expectations.
    var at: String { "\(start.line):\(start.column)" }
}
