extension SamplingArena {
    /// Whether the arena checks its layout after every change: in builds with
    /// `-Xswiftc -DMOTION_INTERNAL_CHECKS` only, since a check reads every word.
    static var isConsistencyCheckingEnabled: Bool {
        #if MOTION_INTERNAL_CHECKS
            true
        #else
            false
        #endif
    }

    #if MOTION_INTERNAL_CHECKS
        /// Stops with the broken rules when the layout is not what ``compile(_:_:)`` writes.
        ///
        /// - Complexity: O(words).
        @inline(never)
        func checkInvariants() {
            let violations = invariantViolations()
            precondition(violations.isEmpty, "SamplingArena: " + violations.joined(separator: "; "))
        }
    #else
        /// Does nothing: the checks are on with `-DMOTION_INTERNAL_CHECKS`.
        @inline(__always)
        func checkInvariants() {}
    #endif

    /// The rules of the block layout (the table on ``SamplingArena``) that the words break, as
    /// sentences; empty when every block is as ``compile(_:_:)`` writes it and the unused words
    /// are exactly ``garbage``.
    ///
    /// Every offset the sampling functions follow is checked to point inside its block, which is
    /// what makes their unchecked reads safe.
    /// - Complexity: O(words).
    func invariantViolations() -> [String] {
        var violations: [String] = []
        var used = 0
        var blocks: [(start: Int, end: Int)] = []
        for (i, b) in blockStart.enumerated() {
            guard b >= 0, b + Header.latestBody <= words.count else {
                violations.append("channel \(i): block start \(b) outside \(words.count) words")
                continue
            }
            let length = Int(words[b + Header.length])
            guard length >= Header.latestBody, b + length <= words.count else {
                violations.append("channel \(i): length \(length) at \(b) outside \(words.count) words")
                continue
            }
            used += length
            blocks.append((b, b + length))
            for problem in blockViolations(at: b, length: length) { violations.append("channel \(i): \(problem)") }
        }
        blocks.sort { $0.start < $1.start }
        for (earlier, later) in zip(blocks, blocks.dropFirst()) where earlier.end > later.start {
            violations.append("blocks at \(earlier.start) and \(later.start) overlap")
        }
        if garbage != words.count - used {
            violations.append("garbage is \(garbage), but \(words.count - used) words are in no block")
        }
        return violations
    }

    /// The broken rules of the block at `b` whose length is `length`.
    private func blockViolations(at b: Int, length: Int) -> [String] {
        let w = words
        let count = w[b + Header.count]
        let fast = w[b + Header.fast]
        var problems: [String] = []
        if !(0...3).contains(w[b + Header.kind]) { problems.append("kind code \(w[b + Header.kind])") }
        guard count >= 1, count.rounded() == count else {
            if count != 0 && count != -1 && count != Header.stale { problems.append("entry count \(count)") }
            if fast != 0 { problems.append("fast path without entries") }
            // A stale block keeps the length it had (its words are garbage once compiled again).
            if length != Header.latestBody && count != Header.stale { problems.append("length \(length) without entries") }
            return problems
        }
        let n = Int(count)
        let records = Int(w[b + Header.recordsOffset])
        guard records >= Header.latestBody, records + n * Record.size == length else {
            return problems + ["records at \(records) for \(n) entries in \(length) words"]
        }
        // Bodies: the latest entry's at the header's end, then the others' back to back, up to the records.
        var bodies: [(start: Int, end: Int)] = []
        for k in 0..<n {
            let r = b + records + k * Record.size
            if ![-1, 0, 1, 2, 3, Record.noComponent].contains(w[r + Record.component]) {
                problems.append("entry \(k): component code \(w[r + Record.component])")
            }
            let body = Int(w[r + Record.body])
            guard body >= Header.latestBody, body < records else {
                problems.append("entry \(k): body at \(body) outside \(Header.latestBody)..<\(records)")
                continue
            }
            bodies.append((body, body + bodySize(at: b + body)))
        }
        if Int(w[b + records + (n - 1) * Record.size + Record.body]) != Header.latestBody {
            problems.append("the latest entry's body is not at the header's end")
        }
        bodies.sort { $0.start < $1.start }
        let filled =
            bodies.first?.start == Header.latestBody && bodies.last?.end == records
            && zip(bodies, bodies.dropFirst()).allSatisfy { $0.end == $1.start }
        if bodies.count == n, !filled {
            problems.append("entry bodies do not fill \(Header.latestBody)..<\(records) back to back")
        }
        let latest = b + records + (n - 1) * Record.size
        if fast == 1 {
            if w[latest + Record.component] != -1 { problems.append("fast path for a component entry") }
            if w[b + Header.latestAdded] != w[latest + Record.added] || w[b + Header.latestEnd] != w[latest + Record.end] {
                problems.append("fast path times differ from the latest entry's")
            }
        } else if fast != 0 {
            problems.append("fast flag \(fast)")
        }
        return problems
    }

    /// The words of the body at `s`, from its own counts; 0 for an unknown tag (so that the bodies
    /// do not fill their range and the block is reported).
    private func bodySize(at s: Int) -> Int {
        let w = words
        if w[s] == KeyframeBody.tag, s + KeyframeBody.offsets <= w.count {
            let k = Int(w[s + KeyframeBody.valueCount])
            let lanes = Int(w[s + KeyframeBody.lanes])
            let curves = Int(w[s + KeyframeBody.curveCount])
            guard k >= 1, (1...4).contains(lanes), curves == (k == 1 ? 0 : 1) || curves == k - 1 else { return 0 }
            return KeyframeBody.offsets + k + lanes * k + KeyframeBody.curveSize * curves
        }
        if w[s] == SpringBody.tag, s + SpringBody.solutions <= w.count {
            let m = Int(w[s + SpringBody.solutionCount])
            guard (1...4).contains(m), (0...2).contains(w[s + SpringBody.regime]) else { return 0 }
            return SpringBody.solutions + SpringBody.solutionSize * m
        }
        return 0
    }
}
