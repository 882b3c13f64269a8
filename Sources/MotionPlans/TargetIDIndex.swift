/// Target ids to their indices in a target list: a table of 32-bit indices that reads the ids
/// in the list itself.
///
/// A dictionary from id to index kept a copy of each id and 24 bytes per bucket; this keeps 4
/// bytes per slot, at most half of them full. Ids compare as strings do (`==`, canonical
/// equivalence), as a dictionary's keys would.
package struct TargetIDIndex: Sendable {
    /// Target indices, -1 for an empty slot; the count is a power of two.
    private var slots: [Int32] = []
    /// How many indices the table holds.
    package private(set) var count = 0

    /// An empty index.
    package init() {}

    /// The index of every target of `targets`, the first one where ids repeat.
    /// - Complexity: O(n) in the number of targets.
    package init(_ targets: [TargetNode]) {
        reserve(targets.count)
        for i in targets.indices where index(of: targets[i].id.value, in: targets) == nil { insert(i, of: targets) }
    }

    /// The index of the target with `id` in `targets` (the list the index was built on), if any.
    /// - Complexity: O(1) on average.
    package func index(of id: String, in targets: [TargetNode]) -> Int? {
        guard !slots.isEmpty else { return nil }
        let mask = slots.count - 1
        var slot = id.hashValue & mask
        while true {
            let entry = Int(slots[slot])
            if entry < 0 { return nil }
            if entry < targets.count, targets[entry].id.value == id { return entry }
            slot = (slot + 1) & mask
        }
    }

    /// The index of the target with `id` in `targets`; when there is none, records `id` as the id
    /// of the target that will be appended at `next` (`targets.count`) and returns nil.
    ///
    /// One probe of the table for the decoder's check and insertion of each id.
    /// - Complexity: O(1) amortized.
    package mutating func index(of id: String, orInsertingAt next: Int, in targets: [TargetNode]) -> Int? {
        if (count + 1) * 2 > slots.count { grow(to: max(16, slots.count * 2), targets) }
        let mask = slots.count - 1
        var slot = id.hashValue & mask
        while true {
            let entry = Int(slots[slot])
            if entry < 0 { break }
            if entry < targets.count, targets[entry].id.value == id { return entry }
            slot = (slot + 1) & mask
        }
        // Targets number fewer than 2^29: each takes bytes of the input.
        slots[slot] = Int32(truncatingIfNeeded: next)
        count += 1
        return nil
    }

    /// Adds `targets[index]`, whose id the index does not hold yet.
    /// - Complexity: O(1) amortized.
    package mutating func insert(_ index: Int, of targets: [TargetNode]) {
        if (count + 1) * 2 > slots.count { grow(to: max(16, slots.count * 2), targets) }
        place(index, hash: targets[index].id.value.hashValue)
        count += 1
    }

    private mutating func reserve(_ capacity: Int) {
        var size = 16
        while size < capacity * 2 { size *= 2 }
        slots = [Int32](repeating: -1, count: size)
    }

    private mutating func place(_ index: Int, hash: Int) {
        let mask = slots.count - 1
        var slot = hash & mask
        while slots[slot] >= 0 { slot = (slot + 1) & mask }
        // Targets number fewer than 2^29: each takes bytes of the input.
        slots[slot] = Int32(truncatingIfNeeded: index)
    }

    private mutating func grow(to size: Int, _ targets: [TargetNode]) {
        let old = slots
        slots = [Int32](repeating: -1, count: size)
        for entry in old where entry >= 0 { place(Int(entry), hash: targets[Int(entry)].id.value.hashValue) }
    }
}

/// Where the last `#id` lookup found its target: a document's operations mostly name targets in
/// document order, so the next id is mostly among the few targets after that one, found by
/// comparing ids without hashing (and without the table's and the target list's cache misses).
package struct TargetIDCursor: Sendable {
    /// The target the last lookup found; -1 before the first.
    private var last = -1

    /// How many targets after the last one found are compared with the next id.
    private static let lookahead = 4

    /// A cursor before the first target.
    package init() {}

    /// The first of the few targets after the last one found whose id is `id`, if any; the
    /// cursor moves there. Only where no id is shared does that make it the target with the id.
    /// - Complexity: O(1).
    package mutating func nearby(_ id: String, in targets: [TargetNode]) -> Int? {
        let end = min(last + 1 + Self.lookahead, targets.count)
        var candidate = last + 1
        while candidate < end {
            if targets[candidate].id.value == id {
                last = candidate
                return candidate
            }
            candidate += 1
        }
        return nil
    }

    /// Records `index` as the target the last lookup found.
    package mutating func found(_ index: Int) {
        last = index
    }
}
