/// The limits the YAML front end enforces, so that no input can make it crash, hang or exhaust memory.
///
/// The defaults are docs/format.md §4's: 10,000 nodes of alias expansion (Y003), 256 levels of nesting
/// (Y004) and 64 MiB of input (Y005).
public struct YAMLLimits: Sendable, Hashable {
    /// The most nodes that aliases may expand to, summed over every alias use in the document.
    ///
    /// Each alias adds the node count of the subtree it names (with that subtree's own aliases
    /// expanded). Going above the limit reports Y003 at the alias and stops parsing.
    public var maxAliasExpansion: Int
    /// The deepest nesting of collections (sequences and mappings) allowed.
    ///
    /// A collection deeper than this reports Y004 at its start and stops parsing.
    public var maxDepth: Int
    /// The largest input, in bytes; a larger file reports Y005 without being parsed.
    public var maxFileBytes: Int

    /// Creates limits; every argument defaults to docs/format.md's value.
    public init(maxAliasExpansion: Int = 10_000, maxDepth: Int = 256, maxFileBytes: Int = 64 << 20) {
        self.maxAliasExpansion = maxAliasExpansion
        self.maxDepth = maxDepth
        self.maxFileBytes = maxFileBytes
    }

    /// docs/format.md's limits: 10,000 expanded alias nodes, depth 256, 64 MiB.
    public static let `default` = YAMLLimits()
}
