import MotionDiagnostics

/// Merge keys (`<<: *anchor`): a mapping's `<<` entries replaced by the pairs they merge.
extension Composer {
    func isMergeKey(_ k: YAMLNodeID) -> Bool { withKeyView { $0.isMergeKey(k) } }

    /// The mappings a `<<` value merges, in priority order; `nil` (after reporting Y001) if the
    /// value is neither a mapping nor a sequence of mappings.
    mutating func mergeSources(_ value: YAMLNodeID, site: SourceRange?) -> [YAMLNodeID]? {
        let r = nodes[Int(value.index)]
        switch r.kind {
        case .mapping: return [value]
        case .sequence:
            let items = Array(children[Int(r.offset)..<Int(r.offset + r.count)])
            if items.allSatisfy({ nodes[Int($0.index)].kind == .mapping }) { return items }
        case .scalar: break
        }
        diagnostics.append(
            Diagnostic(
                .Y001, "merge key value must be a mapping or a list of mappings", file: file,
                at: site ?? nodeRange(value),
                help: "write `<<: *anchor` or `<<: [*first, *second]` with anchors on mappings"))
        return nil
    }

    /// Writes the mapping's pairs with `<<` entries replaced by the pairs they merge.
    ///
    /// Explicit keys win over merged ones, earlier merge sources over later ones; merged pairs
    /// take the place of their `<<` entry. Only explicit keys are checked for duplicates.
    mutating func resolveMerges(_ frame: Frame) {
        let start = frame.pendingStart
        let pairCount = (pending.count - start) / 2
        var sites: [Int: SourceRange?] = [:]
        for site in mergeSites[frame.mergeSiteStart...] { sites[site.pendingIndex] = site.range }
        var sources: [[YAMLNodeID]?] = []
        var candidates = pairCount
        for i in 0..<pairCount where isMergeKey(pending[start + 2 * i]) {
            let valueIndex = start + 2 * i + 1
            let list = mergeSources(pending[valueIndex], site: sites[valueIndex] ?? nil)
            for m in list ?? [] { candidates += count(m) }
            sources.append(list)
        }
        var table = self.table
        self.table = KeyTable()
        table.reset(for: candidates)
        var found: [(YAMLNodeID, YAMLNodeID)] = []
        var out: [YAMLNodeID] = []
        out.reserveCapacity(2 * candidates)
        withKeyView { view in
            for i in 0..<pairCount {
                let k = pending[start + 2 * i]
                if view.isMergeKey(k) { continue }
                if let first = table.insert(k, view) { found.append((k, first)) }
            }
            var nextSource = 0
            for i in 0..<pairCount {
                let k = pending[start + 2 * i]
                guard view.isMergeKey(k) else {
                    out.append(k)
                    out.append(pending[start + 2 * i + 1])
                    continue
                }
                let list = sources[nextSource] ?? []
                nextSource += 1
                for m in list {
                    let r = view.nodes[Int(m.index)]
                    var c = Int(r.offset)
                    let end = c + 2 * Int(r.count)
                    while c < end {
                        let key = children[c]
                        if table.insert(key, view) == nil {
                            out.append(key)
                            out.append(children[c + 1])
                        }
                        c += 2
                    }
                }
            }
        }
        self.table = table
        children.append(contentsOf: out)
        for (key, first) in found { reportDuplicate(key, first: first) }
    }

    func count(_ m: YAMLNodeID) -> Int { Int(nodes[Int(m.index)].count) }
}
