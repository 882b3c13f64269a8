#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The sampling form of every channel of a ``PresentationModel``: each channel's model value and
/// animations compiled into one block of numbers, all blocks in one contiguous array.
///
/// ``PropertyChannel`` stays the authoritative form (it keeps keys and ``Animation`` values for
/// editing and for ``PresentationModel/channel(layer:property:)``); the model recompiles a
/// channel's block whenever the channel's animations change, or marks it stale until it is asked
/// to compile it (``PresentationModel/compilesBlocksOnDemand``; a stale block is sampled like a
/// block of -1). Sampling then reads one slot and one block of plain `Double`s: no references are
/// retained or released and no separate heap objects (entries buffer, keyframe arrays) are chased.
///
/// A block (offsets in words from its start):
///
/// | words | contents |
/// |---|---|
/// | 0 | n, the number of entries; -1 when the channel must be sampled in its authoritative form; -2 while the block is stale (see ``markStale(_:)``) |
/// | 1 | 1 when the latest entry drives the whole property (the fast path), else 0 |
/// | 2, 3 | the latest entry's added time and end |
/// | 4 | the block's length in words |
/// | 5 | the model value's kind (``ValueKind`` code) |
/// | 6..<10 | the model value's four components |
/// | 10 | where the entry records start |
/// | 11... | the latest entry's body, then the other entries' bodies |
/// | records | per entry, in order of addition: component (-1 for the whole property, 99 for none), added time, end, offset of its body |
///
/// The fast path (the latest entry drives the whole property and covers `t`) reads words 1-3 and
/// the body at word 11: no load's address depends on another load.
///
/// A keyframe body: tag 0, result kind, start, pass duration, passes, end, final progress,
/// autoreverses (0 or 1), k values, lanes stored per value (the kind's component count when the
/// other lanes are all +0, else 4), curves stored (1 when every segment has the same curve, else
/// k - 1); then k offsets, the values' lanes, and the curves, 7 words each (1 when linear, then
/// the cubic's `ax, bx, cx, ay, by, cy`).
///
/// A spring body: tag 1, result kind, begin, end, the destination's four components, m solutions,
/// the shared regime (0 oscillating, 1 critical, 2 over-damped), `c0`, `c1`, damping, then per
/// solution `destination, initialValue, c2, c3`.
///
/// Every offset stored in a block is written by ``compile(_:_:)`` and points inside that block,
/// so reading a block through an unsafe buffer stays in bounds by construction;
/// ``invariantViolations()`` checks that (after every change in builds with
/// `-Xswiftc -DMOTION_INTERNAL_CHECKS`, and in the tests).
@usableFromInline
struct SamplingArena: Sendable {
    /// Every channel's block, back to back (plus blocks no channel uses any more).
    @usableFromInline var words: [Double] = []
    /// Where each channel's block starts in `words`, indexed like the model's channels.
    @usableFromInline var blockStart: [Int] = []
    /// Words of blocks that no channel points at any more; reclaimed by ``compactIfNeeded()``.
    var garbage = 0

    /// Word offsets in a block's header (the table above). `model` is the first of the model
    /// value's four words; `latestBody`, the header's size, is where the latest entry's body starts.
    enum Header {
        static let count = 0
        static let fast = 1
        static let latestAdded = 2
        static let latestEnd = 3
        static let length = 4
        static let kind = 5
        static let model = 6
        static let recordsOffset = 10
        static let latestBody = 11
        /// The count word of a stale block (``markStale(_:)``): sampled like a block of -1.
        static let stale = -2.0
    }

    /// Word offsets in an entry's record, and its size. `component` is -1 for the whole property,
    /// 0..<4 for one component and ``noComponent`` for none; `body` is the body's offset from the
    /// block's start.
    enum Record {
        static let component = 0
        static let added = 1
        static let end = 2
        static let body = 3
        static let size = 4
        /// The component code of an entry that drives no component 0..<4 (never chosen).
        static let noComponent = 99.0
    }

    /// Word offsets in a keyframe body (tag 0). The k offsets start at `offsets`, then come the
    /// values' lanes, then the curves, `curveSize` words each (1 when linear, then the cubic's
    /// `ax, bx, cx, ay, by, cy`).
    enum KeyframeBody {
        static let tag = 0.0
        static let kind = 1
        static let start = 2
        static let passDuration = 3
        static let passes = 4
        static let end = 5
        static let finalProgress = 6
        static let autoreverses = 7
        static let valueCount = 8
        static let lanes = 9
        static let curveCount = 10
        static let offsets = 11
        static let curveSize = 7
    }

    /// Word offsets in a spring body (tag 1). `destination` is the first of four words; the
    /// solutions start at `solutions`, `solutionSize` words each (destination, initial value,
    /// `c2`, `c3`).
    enum SpringBody {
        static let tag = 1.0
        static let kind = 1
        static let begin = 2
        static let end = 3
        static let destination = 4
        static let solutionCount = 8
        static let regime = 9
        static let c0 = 10
        static let c1 = 11
        static let damping = 12
        static let solutions = 13
        static let solutionSize = 4
    }

    /// The most animations a channel's block is compiled with: a longer channel's block is its
    /// header alone, and the channel is sampled in its authoritative form.
    ///
    /// Every change to a channel recompiles its block, so compiling a long channel (gesture
    /// inputs overlapping on one target) cost O(k) per change; the block form saves a sample
    /// little over a scan of k animations.
    static let maximumCompiledEntries = 16

    /// Garbage words below which ``compactIfNeeded()`` never rewrites the blocks.
    static let compactionFloor = 4096

    /// Compiles `channels`, one block each, in order.
    ///
    /// - Complexity: O(total size of the channels).
    init(channels: [PropertyChannel]) {
        blockStart.reserveCapacity(channels.count)
        // Twice the headers' words: the first animations added are appended without copying the
        // whole arena (the spare capacity is address space, touched only when written).
        words.reserveCapacity(2 * channels.count * Header.latestBody)
        channels.withUnsafeBufferPointer { channels in
            guard let base = channels.baseAddress else { return }
            for i in channels.indices {
                blockStart.append(words.count)
                append(base + i)
            }
        }
        checkInvariants()
    }

    /// Makes room for `count` more words, so that compiling the blocks of a known number of
    /// animations (a trace's replay) does not copy the arena as it grows.
    ///
    /// - Complexity: O(words) when it grows the storage; the room is address space until written.
    mutating func reserve(_ count: Int) {
        words.reserveCapacity(words.count + count)
    }

    /// Makes room for `count` more channels' blocks, each its header alone (as a new channel's
    /// block starts), at least doubling the storage when it grows.
    ///
    /// - Complexity: O(words) when it grows the storage; the room is address space until written.
    mutating func reserve(blocks count: Int) {
        let words = self.words.count + count * Header.latestBody
        if words > self.words.capacity { self.words.reserveCapacity(max(words, self.words.capacity * 2)) }
        let blocks = blockStart.count + count
        if blocks > blockStart.capacity { blockStart.reserveCapacity(max(blocks, blockStart.capacity * 2)) }
    }

    /// Recompiles channel `i` from its authoritative form at `channel` (read in place); the old
    /// block becomes garbage.
    ///
    /// - Complexity: O(size of the channel's animations).
    mutating func compile(_ i: Int, _ channel: UnsafePointer<PropertyChannel>) {
        garbage += Int(words[blockStart[i] + Header.length])
        blockStart[i] = words.count
        append(channel)
        checkInvariants()
    }

    /// Compiles `channel` as the next channel's block (the model's storage grows by one channel).
    ///
    /// - Complexity: O(size of the channel's animations), amortised.
    mutating func appendBlock(_ channel: PropertyChannel) {
        blockStart.append(words.count)
        withUnsafePointer(to: channel) { append($0) }
        checkInvariants()
    }

    /// Marks channel `i`'s block stale: until ``compile(_:_:)`` writes it again, the channel is
    /// sampled in its authoritative form (as a block of -1 is). Returns whether it was current.
    ///
    /// - Complexity: O(1).
    mutating func markStale(_ i: Int) -> Bool {
        let b = blockStart[i]
        guard words[b + Header.count] != Header.stale else { return false }
        words[b + Header.count] = Header.stale
        words[b + Header.fast] = 0
        checkInvariants()
        return true
    }

    /// Adds a stale block (``markStale(_:)``) for the next channel, whose model value is `model`:
    /// its header alone, for a channel built with animations whose block is compiled later.
    ///
    /// - Complexity: O(1), amortised.
    mutating func appendStaleBlock(_ model: MotionValue) {
        let b = words.count
        blockStart.append(b)
        appendHeaderOnly(model)
        words[b + Header.count] = Header.stale
        checkInvariants()
    }

    /// Writes channel `i`'s model value in place (its animations are unchanged).
    ///
    /// - Complexity: O(1).
    mutating func setModel(_ i: Int, _ model: MotionValue) {
        let b = blockStart[i]
        words[b + Header.kind] = Self.code(model.kind)
        for c in 0..<4 { words[b + Header.model + c] = model.components[c] }
        checkInvariants()
    }

    /// Rewrites the blocks back to back in channel order once more than half of `words` is garbage,
    /// which also puts neighbouring channels' blocks next to each other again.
    ///
    /// - Complexity: O(words), amortised O(1) per word compiled.
    mutating func compactIfNeeded() {
        guard garbage > Self.compactionFloor, garbage * 2 > words.count else { return }
        var compacted: [Double] = []
        // With the same headroom as a new arena, so the next compile does not copy it again.
        compacted.reserveCapacity(2 * (words.count - garbage))
        for i in blockStart.indices {
            let b = blockStart[i]
            let length = Int(words[b + Header.length])
            blockStart[i] = compacted.count
            compacted.append(contentsOf: words[b..<(b + length)])
        }
        words = compacted
        garbage = 0
        checkInvariants()
    }

    // MARK: Compiling

    static func code(_ kind: ValueKind) -> Double {
        switch kind {
        case .scalar: 0
        case .point: 1
        case .size: 2
        case .color: 3
        }
    }

    static func kind(_ code: Double) -> ValueKind {
        switch code {
        case 1: .point
        case 2: .size
        case 3: .color
        default: .scalar
        }
    }

    /// Where a block is being written: its start and the next word, in scratch space of the
    /// block's length (``append(_:)``), so writing a word is one store.
    struct BlockCursor {
        /// The block's first word.
        let start: UnsafeMutablePointer<Double>
        /// The next word to write.
        var next: UnsafeMutablePointer<Double>

        /// How many words are written: the offset of the next one in the block.
        var offset: Int { next - start }

        /// Writes one to four words, in order (a variadic list would allocate on every call).
        @inline(__always)
        mutating func put(_ a: Double, _ b: Double? = nil, _ c: Double? = nil, _ d: Double? = nil) {
            put(a)
            if let b { put(b) }
            if let c { put(c) }
            if let d { put(d) }
        }

        /// Writes one word.
        @inline(__always)
        mutating func put(_ word: Double) {
            next.pointee = word
            next += 1
        }

        /// Writes a value's four lanes.
        @inline(__always)
        mutating func put(_ lanes: SIMD4<Double>) {
            put(lanes[0], lanes[1], lanes[2], lanes[3])
        }
    }

    /// Appends the block of `channel` at the end of `words`.
    ///
    /// The block's length is counted first (``bodyLength(_:)``), the block is written through a
    /// pointer into scratch space of that length, and `words` grows by it in one copy.
    ///
    /// A channel of more than ``maximumCompiledEntries`` animations is not compiled: its block is
    /// the header alone, and it is sampled in its authoritative form (as every block samples it).
    ///
    /// - Complexity: O(size of the channel's animations), and O(1) for a channel of more than
    ///   ``maximumCompiledEntries`` animations (which every change recompiles: compiling it whole
    ///   made n animations added to one channel cost O(n²)); the entries are read in place (an
    ///   entry copy would count references to all its arrays) and nothing is allocated but words.
    private mutating func append(_ channel: UnsafePointer<PropertyChannel>) {
        let model = channel.pointee.model
        if channel.pointee.entries.isEmpty { return appendHeaderOnly(model) }
        channel.pointee.entries.withUnsafeBufferPointer { buffer in
            // Entries read through a pointer: a buffer's subscript returns a copy.
            let n = buffer.count
            guard let entries = buffer.baseAddress else { return appendHeaderOnly(model) }
            let compilable = n <= Self.maximumCompiledEntries && (0..<n).allSatisfy { Self.isCompilable(entries + $0) }
            let fast = compilable && entries[n - 1].component == nil
            var length = Header.latestBody
            if compilable {
                for i in 0..<n { length += Self.bodyLength(entries + i) + Record.size }
            }
            // Written where it lies: `words` grows by the block's length in zeros (amortised, in
            // place), then the block is written through a pointer to its first word. (Writing it
            // in scratch space and appending it copied every block once more.)
            let first = words.count
            words.append(contentsOf: repeatElement(0, count: length))
            words.withUnsafeMutableBufferPointer { arena in
                guard let start = arena.baseAddress.map({ $0 + first }) else { return }
                var block = BlockCursor(start: start, next: start)
                block.put(compilable ? Double(n) : -1, fast ? 1 : 0, entries[n - 1].addedTime, entries[n - 1].end)
                block.put(Double(length), Self.code(model.kind))
                block.put(model.components)
                guard compilable else { return block.put(0) }
                // Where the records start: after the bodies, the latest entry's first (at a
                // fixed offset), then the others'.
                block.put(Double(length - n * Record.size))
                var records = BlockCursor(start: start, next: start + (length - n * Record.size))
                for j in 0..<n {
                    let i = j == 0 ? n - 1 : j - 1
                    let body = block.offset
                    Self.writeBody(entries + i, to: &block)
                    let component = entries[i].component.map { (0..<4).contains($0) ? Double($0) : Record.noComponent } ?? -1
                    records.next = start + (length - (n - i) * Record.size)
                    records.put(component, entries[i].addedTime, entries[i].end, Double(body))
                }
            }
        }
    }

    /// Appends the block of a channel without animations (every channel of a new model): its
    /// header alone, written on the stack and appended in one copy.
    ///
    /// - Complexity: O(1).
    private mutating func appendHeaderOnly(_ model: MotionValue) {
        withUnsafeTemporaryAllocation(of: Double.self, capacity: Header.latestBody) { block in
            _ = block.initialize(from: repeatElement(0, count: Header.latestBody))
            block[Header.length] = Double(Header.latestBody)
            block[Header.kind] = Self.code(model.kind)
            for c in 0..<4 { block[Header.model + c] = model.components[c] }
            words.append(contentsOf: block)
        }
    }

    /// Whether the block form samples the entry at `entry` exactly as
    /// ``PropertyChannel/Entry/sample(at:)`` does: keyframes with at least one value, all of one
    /// kind; springs whose per-component solutions share one regime and rate (as solutions of one
    /// spring always do).
    ///
    /// The entry is read in place, field by field: passing it by value next to the arena being
    /// written would copy it whole (the compiler cannot tell the two apart).
    static func isCompilable(_ entry: UnsafePointer<PropertyChannel.Entry>) -> Bool {
        // Path animations sample from the channel itself.
        guard entry.pointee.path == nil else { return false }
        // A spring's components share its stiffness, damping and mass, so their solutions share
        // one regime and rate.
        if entry.pointee.spring != nil { return true }
        let values = entry.pointee.keyframes.values
        guard let kind = values.first?.kind else { return false }
        return values.allSatisfy { $0.kind == kind }
    }

    /// How many lanes a keyframe body stores per value (the kind's component count when the
    /// other lanes of every value are +0, else 4) and how many curves (one when every segment
    /// has the same curve).
    static func keyframeLayout(_ keyframes: Keyframes) -> (lanes: Int, curves: ArraySlice<TimingCurve>) {
        let values = keyframes.values
        let count = (values.first?.kind ?? .scalar).componentCount
        let unused = values.allSatisfy { v in (count..<4).allSatisfy { v.components[$0].bitPattern == 0 } }
        let curves = keyframes.curves.prefix(max(values.count - 1, 0))
        let stored = curves.allSatisfy({ $0 == curves.first }) ? curves.prefix(1) : curves
        return (unused ? count : 4, stored)
    }

    /// The number of words ``writeBody(_:to:)`` writes for the (compilable) entry at `entry`.
    static func bodyLength(_ entry: UnsafePointer<PropertyChannel.Entry>) -> Int {
        if let spring = entry.pointee.spring {
            return SpringBody.solutions + SpringBody.solutionSize * spring.from.kind.componentCount
        }
        let keyframes = entry.pointee.keyframes
        let layout = keyframeLayout(keyframes)
        return KeyframeBody.offsets + keyframes.offsets.count + keyframes.values.count * layout.lanes
            + layout.curves.count * KeyframeBody.curveSize
    }

    /// Writes the body of the entry at `entry` (``bodyLength(_:)`` words), read in place field
    /// by field (as ``isCompilable(_:)``).
    private static func writeBody(_ entry: UnsafePointer<PropertyChannel.Entry>, to block: inout BlockCursor) {
        if let spring = entry.pointee.spring {
            let to = spring.to
            let count = spring.from.kind.componentCount
            let first = spring.solution(0)
            block.put(SpringBody.tag, Self.code(to.kind), spring.beginTime, entry.pointee.end)
            block.put(to.components)
            let regime: Double
            switch first.regime {
            case .oscillating: regime = 0
            case .critical: regime = 1
            case .overdamped: regime = 2
            }
            block.put(Double(count), regime, first.c0, first.c1)
            block.put(first.damping)
            block.put(first.destination, first.initialValue, first.c2, first.c3)
            for c in 1..<max(count, 1) {
                let s = spring.solution(c)
                block.put(s.destination, s.initialValue, s.c2, s.c3)
            }
            return
        }
        let timing = entry.pointee.timing
        let keyframes = entry.pointee.keyframes
        let values = keyframes.values
        let start = timing.start
        let d = timing.passDuration
        let passes = timing.passCount
        let kind = values.first?.kind ?? .scalar
        // Lanes past the kind's components are stored only when some value's are not +0.
        let (lanes, stored) = keyframeLayout(keyframes)
        block.put(KeyframeBody.tag, Self.code(kind), start, d)
        block.put(passes, timing.end, timing.finalProgress(passes: passes), timing.autoreverses ? 1 : 0)
        block.put(Double(values.count), Double(lanes))
        block.put(Double(stored.count))
        for offset in keyframes.offsets { block.put(offset) }
        for value in values {
            for c in 0..<lanes { block.put(value.components[c]) }
        }
        for curve in stored {
            switch curve {
            case .linear:
                block.put(1, 0, 0, 0)
                block.put(0, 0, 0)
            case let .cubicBezier(x1, y1, x2, y2):
                let bezier = UnitBezier(x1: x1, y1: y1, x2: x2, y2: y2)
                block.put(0, bezier.ax, bezier.bx, bezier.cx)
                block.put(bezier.ay, bezier.by, bezier.cy)
            }
        }
    }

    // MARK: Sampling

    /// The presented value of channel `i` at `t`, or nil when the channel must be sampled in its
    /// authoritative form (``PropertyChannel/value(at:)``, whose rule this follows exactly).
    ///
    /// - Complexity: as ``sample(block:in:at:memo:)``.
    @inline(__always)
    func value(_ i: Int, at t: Double) -> MotionValue? {
        let b = blockStart[i]
        // Safe: `b` is a block start `compile` wrote, and every offset read from it was written
        // inside that block.
        return words.withUnsafeBufferPointer { Self.sample(block: b, in: $0, at: t, memo: nil) }
    }

    /// ``value(_:at:)``, with the cubic-bezier solves answered from `memo` when it holds them
    /// (the same values, bit for bit: ``CurveSolveMemo``).
    ///
    /// - Complexity: as ``value(_:at:)``, a remembered solve costing a lookup.
    @inline(__always)
    func value(_ i: Int, at t: Double, memo: inout CurveSolveMemo) -> MotionValue? {
        let b = blockStart[i]
        return withUnsafeMutablePointer(to: &memo) { memo in
            words.withUnsafeBufferPointer { Self.sample(block: b, in: $0, at: t, memo: memo) }
        }
    }

    /// The presented value of the channel whose block starts at `b`, following
    /// ``PropertyChannel/value(at:)`` exactly; nil when the channel must be sampled in its
    /// authoritative form (its block holds no entries then).
    ///
    /// - Complexity: O(k) per component for k animations on the channel; one sample, reading
    ///   the block's header and the latest entry's body, when that entry drives the whole property
    ///   and covers `t`.
    @inline(__always)
    static func sample(
        block b: Int, in w: UnsafeBufferPointer<Double>, at t: Double, memo: UnsafeMutablePointer<CurveSolveMemo>?
    ) -> MotionValue? {
        // The common case: the latest animation drives the whole property and covers `t`.
        if w[b + Header.fast] != 0, w[b + Header.latestAdded] <= t, t <= w[b + Header.latestEnd] {
            return sampleBody(b + Header.latestBody, in: w, at: t, memo: memo)
        }
        return sampleSlowly(block: b, in: w, at: t, memo: memo)
    }

    /// ``sample(block:in:at:memo:)`` when the fast path does not apply: the model value, or the
    /// per-component precedence rule over every entry.
    ///
    /// - Complexity: O(k) per component for k animations on the channel.
    @inline(never)
    static func sampleSlowly(
        block b: Int, in w: UnsafeBufferPointer<Double>, at t: Double, memo: UnsafeMutablePointer<CurveSolveMemo>?
    ) -> MotionValue? {
        let n = Int(w[b + Header.count])
        if n < 0 { return nil }
        let model = MotionValue(
            kind: kind(w[b + Header.kind]),
            components: SIMD4(w[b + Header.model], w[b + Header.model + 1], w[b + Header.model + 2], w[b + Header.model + 3]))
        if n == 0 { return model }
        let records = b + Int(w[b + Header.recordsOffset])
        let last = records + (n - 1) * Record.size
        if w[last + Record.component] < 0, w[last + Record.added] <= t, t <= w[last + Record.end] {
            return sampleBody(b + Int(w[last + Record.body]), in: w, at: t, memo: memo)
        }
        var value = model
        // Which entry gives each component, and at what time; components that share both share
        // one sample (as PropertyChannel.value(at:)).
        var sampled = -1
        var sampledTime = 0.0
        var sample = model
        for c in 0..<model.kind.componentCount {
            let code = Double(c)
            var chosen = -1
            var endedLast = -1
            var i = n - 1
            while i >= 0 {
                let r = records + i * Record.size
                if w[r + Record.component] < 0 || w[r + Record.component] == code {
                    if w[r + Record.added] <= t && t <= w[r + Record.end] {
                        chosen = i
                        break
                    }
                    let ended = w[r + Record.end]
                    if ended < t, endedLast < 0 || ended > w[records + endedLast * Record.size + Record.end] {
                        endedLast = i
                    }
                }
                i -= 1
            }
            let time: Double
            if chosen >= 0 {
                time = t
            } else if endedLast >= 0 {
                chosen = endedLast
                time = w[records + endedLast * Record.size + Record.end]
            } else {
                continue
            }
            let r = records + chosen * Record.size
            if chosen != sampled || time != sampledTime {
                sample = sampleBody(b + Int(w[r + Record.body]), in: w, at: time, memo: memo)
                sampled = chosen
                sampledTime = time
            }
            value[c] = sample[w[r + Record.component] < 0 ? c : 0]
        }
        return value
    }

    /// One entry's whole value at `t`, from its body at `s` (``PropertyChannel/Entry/sample(at:)``).
    ///
    /// - Complexity: O(1) for a spring; O(log k) plus one curve solve for k keyframes.
    @inline(__always)
    static func sampleBody(
        _ s: Int, in w: UnsafeBufferPointer<Double>, at t: Double, memo: UnsafeMutablePointer<CurveSolveMemo>?
    ) -> MotionValue {
        if w[s] == KeyframeBody.tag {
            return keyframeValue(s, in: w, at: t, memo: memo)
        }
        return springValue(s, in: w, at: t)
    }

    /// A keyframe body's value at `t`: `Keyframes.value(atProgress: TweenTiming.progress(at: t))`
    /// from the precomputed words, with the same arithmetic.
    ///
    /// The curve solve is answered from `memo` (nil: the thread's, ``CurveSolveMemo/forCurrentThread()``)
    /// when it holds it: the same value, bit for bit.
    ///
    /// - Complexity: O(log k) for k keyframes, plus one curve solve.
    @inline(__always)
    static func keyframeValue(
        _ s: Int, in w: UnsafeBufferPointer<Double>, at t: Double, memo: UnsafeMutablePointer<CurveSolveMemo>?
    ) -> MotionValue {
        let kind = kind(w[s + KeyframeBody.kind])
        // TweenTiming.progress(at:).
        let p: Double
        let start = w[s + KeyframeBody.start]
        let d = w[s + KeyframeBody.passDuration]
        if !(t >= start) {
            p = 0
        } else if !(d > 0) {
            p = 1
        } else if t >= w[s + KeyframeBody.end] {
            p = w[s + KeyframeBody.finalProgress]
        } else if let (k, local) = TweenTiming.pass(at: t, start: start, passDuration: d, passes: w[s + KeyframeBody.passes]) {
            p = w[s + KeyframeBody.autoreverses] != 0 && isOdd(k) ? 1 - local : local
        } else {
            p = w[s + KeyframeBody.finalProgress]
        }
        // Keyframes.value(atProgress:).
        let count = Int(w[s + KeyframeBody.valueCount])
        let lanes = Int(w[s + KeyframeBody.lanes])
        let offsets = s + KeyframeBody.offsets
        let values = offsets + count
        // Value j's four lanes (the unstored ones are +0), so the arithmetic below is the same
        // SIMD arithmetic as MotionValue.interpolated(to:by:).
        @inline(__always) func value(_ j: Int) -> SIMD4<Double> {
            let v = values + lanes * j
            switch lanes {
            case 1: return SIMD4(w[v], 0, 0, 0)
            case 2: return SIMD4(w[v], w[v + 1], 0, 0)
            case 3: return SIMD4(w[v], w[v + 1], w[v + 2], 0)
            default: return SIMD4(w[v], w[v + 1], w[v + 2], w[v + 3])
            }
        }
        guard count >= 2, p >= w[offsets], p < w[offsets + count - 1] else {
            return MotionValue(kind: kind, components: p >= w[offsets + count - 1] ? value(count - 1) : value(0))
        }
        // Largest j in 0..<(count-1) with offsets[j] <= p.
        var lo = 0
        var hi = count - 1
        while hi - lo > 1 {
            let mid = lo &+ (hi &- lo) / 2
            if w[offsets + mid] <= p { lo = mid } else { hi = mid }
        }
        let u = (p - w[offsets + lo]) / (w[offsets + lo + 1] - w[offsets + lo])
        // TimingCurve.value(at:).
        let e: Double
        if !(u > 0) {
            e = 0
        } else if !(u < 1) {
            e = 1
        } else {
            // One stored curve serves every segment.
            let c = values + lanes * count + (w[s + KeyframeBody.curveCount] == 1 ? 0 : KeyframeBody.curveSize * lo)
            if w[c] != 0 {
                e = u
            } else {
                let curve = UnitBezier(ax: w[c + 1], bx: w[c + 2], cx: w[c + 3], ay: w[c + 4], by: w[c + 5], cy: w[c + 6])
                // The caller's memo, else this thread's (the same value as a fresh solve).
                if let memo = memo ?? CurveSolveMemo.forCurrentThread() {
                    e = memo.pointee.solve(curve, u)
                } else {
                    e = curve.solve(u)
                }
            }
        }
        let a = value(lo)
        return MotionValue(kind: kind, components: a + (value(lo + 1) - a) * e)
    }

    /// Whether the whole number `k >= 0` is odd, as `TweenTiming.isOdd` (every double from 2^53 on
    /// is even).
    @inline(__always)
    static func isOdd(_ k: Double) -> Bool {
        k < 9_007_199_254_740_992 ? Int64(k) & 1 == 1 : false
    }

    /// A spring body's value at `t`: `SpringSolution.value(at:)` per component with the same
    /// arithmetic, the exponential and the cosine/sine pair computed once for all components.
    ///
    /// - Complexity: O(m) for m components: one `exp` (two when over-damped) and one `cos`/`sin` pair.
    @inline(__always)
    static func springValue(_ s: Int, in w: UnsafeBufferPointer<Double>, at t: Double) -> MotionValue {
        let to = s + SpringBody.destination
        var value = MotionValue(kind: kind(w[s + SpringBody.kind]), components: SIMD4(w[to], w[to + 1], w[to + 2], w[to + 3]))
        guard t < w[s + SpringBody.end] else { return value }
        let m = Int(w[s + SpringBody.solutionCount])
        let regime = w[s + SpringBody.regime]
        let c0 = w[s + SpringBody.c0]
        let c1 = w[s + SpringBody.c1]
        let lt = t - w[s + SpringBody.begin]
        let solutions = s + SpringBody.solutions
        // A solution's words, from its start: destination (0), initial value, c2, c3.
        let (initialValue, c2, c3) = (1, 2, 3)
        if lt > 0, lt < .infinity, regime == 0 {
            let e = exp(-c0 * lt)
            if e == 0 {
                for i in 0..<m { value[i] = w[solutions + SpringBody.solutionSize * i] }
                return value
            }
            let phase = c1 * lt
            let cosine = cos(phase)
            let sine = sin(phase)
            for i in 0..<m {
                let q = solutions + SpringBody.solutionSize * i
                value[i] = w[q] + e * (w[q + c2] * cosine + w[q + c3] * sine)
            }
            return value
        }
        // SpringSolution.state(at:).displacement, per component.
        for i in 0..<m {
            let q = solutions + SpringBody.solutionSize * i
            let destination = w[q]
            let displacement: Double
            if !(lt > 0) {
                displacement = w[q + initialValue] - destination
            } else if !(lt < .infinity) {
                displacement = w[s + SpringBody.damping] > 0 ? 0 : w[q + initialValue] - destination
            } else if regime == 1 {
                let e = exp(-c0 * lt)
                displacement = e == 0 ? 0 : (w[q + c2] + w[q + c3] * lt) * e
            } else if regime == 2 {
                let slow = SpringSolution.decaying(w[q + c2], c0, lt)
                let fast = SpringSolution.decaying(w[q + c3], c1, lt)
                displacement = slow + fast
            } else {
                // Oscillating at a time 0 < lt < infinity is handled above.
                let e = exp(-c0 * lt)
                let phase = c1 * lt
                displacement = e == 0 ? 0 : e * (w[q + c2] * cos(phase) + w[q + c3] * sin(phase))
            }
            value[i] = destination + displacement
        }
        return value
    }
}
