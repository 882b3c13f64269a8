import MotionCore
import MotionDiagnostics
import MotionYAML

/// Transactions committed when a gesture ends: `at: {release: INPUT, offset: S}`
/// (docs/format.md §7.6).
extension DocumentDecoder {
    /// Reads `at: {release, offset}` into `transaction`.
    static func decodeRelease(_ node: YAMLNodeID, into transaction: inout TransactionSpec, _ context: inout DecodingContext) {
        context.forEachPair(in: node, known: ["release", "offset"], context: "`at`") { ctx, key, pair in
            if key == "release" {
                if let id = ctx.string(pair.value, for: "release") { transaction.release = Located(id, at: ctx.range(pair.value)) }
            } else if let offset = ctx.duration(pair.value, for: "offset") {
                transaction.releaseOffset = offset
            }
        }
        transaction.at = Located(0, at: context.range(node))
        if transaction.release == nil, context.tree.value(forKey: "offset", in: node) != nil || context.tree.count(node) == 0 {
            context.report(
                .D004, "`release` is missing: `at` is seconds, or `{release: INPUT, offset: S}` to commit when that input ends",
                at: context.range(node))
        }
    }

    /// The transactions in commit order: the written ones as written, each release transaction
    /// at its input's end plus its offset, after every written one of the same time or earlier.
    /// A release naming no input stays at 0 (G004 reports it).
    ///
    /// - Complexity: O(n log n) for n transactions.
    static func placingReleases(_ transactions: [TransactionSpec], inputs: [InputSpec]) -> [TransactionSpec] {
        guard transactions.contains(where: { $0.release != nil }) else { return transactions }
        var releases: [TransactionSpec] = []
        var written: [TransactionSpec] = []
        for var transaction in transactions {
            guard let release = transaction.release else {
                written.append(transaction)
                continue
            }
            if let input = inputs.first(where: { $0.id.value == release.value }) {
                transaction.at.value = Seconds.sum(input.end, transaction.releaseOffset)
            }
            releases.append(transaction)
        }
        releases = releases.enumerated().sorted { ($0.element.at.value, $0.offset) < ($1.element.at.value, $1.offset) }.map(\.element)
        var merged: [TransactionSpec] = []
        merged.reserveCapacity(transactions.count)
        var next = 0
        for transaction in written {
            while next < releases.count, releases[next].at.value < transaction.at.value {
                merged.append(releases[next])
                next += 1
            }
            merged.append(transaction)
        }
        return merged + releases[next...]
    }
}
