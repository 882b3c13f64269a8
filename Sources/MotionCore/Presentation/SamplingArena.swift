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
/// channel's block whenever the channel's animations change. Sampling then reads one slot and one
/// block of plain `Double`s: no references are retained or released and no separate heap objects
/// (entries buffer, keyframe arrays, spring solutions) are chased.
///
/// A block (offsets in words from its start):
///
/// | words | contents |
/// |---|---|
/// | 0 | the model value's kind (``ValueKind`` code) |
/// | 1 | the block's length in words |
/// | 2 | n, the number of entries; -1 when the channel must be sampled in its authoritative form |
/// | 3..<7 | the model value's four components |
/// | 7..<7+4n | per entry, in order of addition: component (-1 for the whole property, 99 for none), added time, end, offset of its body from the block start |
/// | then | the entries' bodies |
///
/// A keyframe body: tag 0, result kind, start, pass duration, passes, end, final progress,
/// autoreverses (0 or 1), k values, k offsets, 4k value components, then k - 1 curves of 7 words
/// (1 when linear, then the cubic's `ax, bx, cx, ay, by, cy`).
///
/// A spring body: tag 1, result kind, begin, end, the destination's four components, m solutions,
/// the shared regime (0 oscillating, 1 critical, 2 over-damped), `c0`, `c1`, damping, then per
/// solution `destination, initialValue, c2, c3`.
///
/// Every offset stored in a block is written by ``compile(_:)`` and points inside that block, so
/// reading a block through an unsafe buffer stays in bounds by construction.
@usableFromInline
struct SamplingArena: Sendable {
    /// Every channel's block, back to back (plus blocks no channel uses any more).
    @usableFromInline var words: [Double] = []
    /// Where each channel's block starts in `words`, indexed like the model's channels.
    @usableFromInline var blockStart: [Int] = []
    /// Words of blocks that no channel points at any more; reclaimed by ``compactIfNeeded()``.
    var garbage = 0

    // Header layout.
    @usableFromInline static let kindWord = 0
    @usableFromInline static let lengthWord = 1
    @usableFromInline static let countWord = 2
    @usableFromInline static let modelWord = 3
    @usableFromInline static let recordsWord = 7
    @usableFromInline static let recordSize = 4
    /// The component code of an entry that drives no component 0..<4 (never chosen).
    static let noComponent = 99.0

    /// Compiles `channels`, one block each, in order.
    ///
    /// - Complexity: O(total size of the channels).
    init(channels: [PropertyChannel]) {
        blockStart.reserveCapacity(channels.count)
        words.reserveCapacity(channels.count * Self.recordsWord)
        for channel in channels {
            blockStart.append(words.count)
            append(channel)
        }
    }

    /// Recompiles channel `i` from its authoritative form; the old block becomes garbage.
    ///
    /// - Complexity: O(size of the channel's animations).
    mutating func compile(_ i: Int, _ channel: PropertyChannel) {
        garbage += Int(words[blockStart[i] + Self.lengthWord])
        blockStart[i] = words.count
        append(channel)
    }

    /// Writes channel `i`'s model value in place (its animations are unchanged).
    ///
    /// - Complexity: O(1).
    mutating func setModel(_ i: Int, _ model: MotionValue) {
        let b = blockStart[i]
        words[b + Self.kindWord] = Self.code(model.kind)
        for c in 0..<4 { words[b + Self.modelWord + c] = model.components[c] }
    }

    /// Rewrites the blocks back to back in channel order once more than half of `words` is garbage,
    /// which also puts neighbouring channels' blocks next to each other again.
    ///
    /// - Complexity: O(words), amortised O(1) per word compiled.
    mutating func compactIfNeeded() {
        guard garbage > 4096, garbage * 2 > words.count else { return }
        var compacted: [Double] = []
        compacted.reserveCapacity(words.count - garbage)
        for i in blockStart.indices {
            let b = blockStart[i]
            let length = Int(words[b + Self.lengthWord])
            blockStart[i] = compacted.count
            compacted.append(contentsOf: words[b..<(b + length)])
        }
        words = compacted
        garbage = 0
    }

    // MARK: Compiling

    @usableFromInline static func code(_ kind: ValueKind) -> Double {
        switch kind {
        case .scalar: 0
        case .point: 1
        case .size: 2
        case .color: 3
        }
    }

    @usableFromInline static func kind(_ code: Double) -> ValueKind {
        switch code {
        case 1: .point
        case 2: .size
        case 3: .color
        default: .scalar
        }
    }

    /// Appends the block of `channel` at the end of `words`.
    private mutating func append(_ channel: PropertyChannel) {
        let b = words.count
        words.append(Self.code(channel.model.kind))
        words.append(0)  // length, written below
        words.append(Double(channel.entries.count))
        for c in 0..<4 { words.append(channel.model.components[c]) }
        let entries = channel.entries
        if !entries.isEmpty {
            if entries.contains(where: { !Self.isCompilable($0) }) {
                // Sampled in the authoritative form: keep the header only.
                words[b + Self.countWord] = -1
            } else {
                let records = words.count
                for entry in entries {
                    let component = entry.component.map { (0..<4).contains($0) ? Double($0) : Self.noComponent } ?? -1
                    words.append(contentsOf: [component, entry.addedTime, entry.end, 0])
                }
                for (n, entry) in entries.enumerated() {
                    words[records + n * Self.recordSize + 3] = Double(words.count - b)
                    appendBody(entry)
                }
            }
        }
        words[b + Self.lengthWord] = Double(words.count - b)
    }

    /// Whether the block form samples `entry` exactly as ``PropertyChannel/Entry/sample(at:)``
    /// does: keyframes with at least one value, all of one kind; springs whose per-component
    /// solutions share one regime and rate (as solutions of one spring always do).
    static func isCompilable(_ entry: PropertyChannel.Entry) -> Bool {
        if let first = entry.springSolutions.first {
            return entry.springSolutions.allSatisfy {
                $0.regime == first.regime && $0.c0.bitPattern == first.c0.bitPattern
                    && $0.c1.bitPattern == first.c1.bitPattern && $0.damping.bitPattern == first.damping.bitPattern
            }
        }
        let values = entry.keyframes.values
        guard let kind = values.first?.kind else { return false }
        return values.allSatisfy { $0.kind == kind }
    }

    private mutating func appendBody(_ entry: PropertyChannel.Entry) {
        if let first = entry.springSolutions.first {
            let to = entry.keyframes.lastValue
            words.append(contentsOf: [1, Self.code(to.kind), entry.springBegin, entry.end])
            for c in 0..<4 { words.append(to.components[c]) }
            let regime: Double
            switch first.regime {
            case .oscillating: regime = 0
            case .critical: regime = 1
            case .overdamped: regime = 2
            }
            words.append(contentsOf: [Double(entry.springSolutions.count), regime, first.c0, first.c1, first.damping])
            for s in entry.springSolutions { words.append(contentsOf: [s.destination, s.initialValue, s.c2, s.c3]) }
            return
        }
        let timing = entry.timing
        let keyframes = entry.keyframes
        let start = timing.start
        let d = timing.passDuration
        let passes = timing.passCount
        words.append(contentsOf: [
            0, Self.code(keyframes.values.first?.kind ?? .scalar), start, d, passes, start + d * passes,
            timing.finalProgress(passes: passes), timing.autoreverses ? 1 : 0, Double(keyframes.values.count),
        ])
        words.append(contentsOf: keyframes.offsets)
        for value in keyframes.values {
            for c in 0..<4 { words.append(value.components[c]) }
        }
        for curve in keyframes.curves.prefix(keyframes.values.count - 1) {
            switch curve {
            case .linear:
                words.append(contentsOf: [1, 0, 0, 0, 0, 0, 0])
            case let .cubicBezier(x1, y1, x2, y2):
                let bezier = UnitBezier(x1: x1, y1: y1, x2: x2, y2: y2)
                words.append(contentsOf: [0, bezier.ax, bezier.bx, bezier.cx, bezier.ay, bezier.by, bezier.cy])
            }
        }
    }

    // MARK: Sampling

    /// The presented value of channel `i` at `t`, or nil when the channel must be sampled in its
    /// authoritative form (``PropertyChannel/value(at:)``), whose rule this follows exactly.
    ///
    /// - Complexity: O(k) per component for k animations on the channel; one block read and one
    ///   sample when the latest animation drives the whole property and covers `t`.
    @usableFromInline
    func value(_ i: Int, at t: Double) -> MotionValue? {
        let b = blockStart[i]
        // Safe: `b` is a block start `compile` wrote, and every offset read below was written
        // inside that block.
        return words.withUnsafeBufferPointer { Self.sample(block: b, in: $0, at: t) }
    }

    /// ``value(_:at:)`` on block `b` of `w`.
    ///
    /// - Complexity: as ``value(_:at:)``.
    @inline(__always)
    static func sample(block b: Int, in w: UnsafeBufferPointer<Double>, at t: Double) -> MotionValue? {
        let n = Int(w[b + countWord])
        let model = MotionValue(
            kind: kind(w[b + kindWord]),
            components: SIMD4(w[b + modelWord], w[b + modelWord + 1], w[b + modelWord + 2], w[b + modelWord + 3]))
        if n == 0 { return model }
        if n < 0 { return nil }
        // The common case: the latest animation drives the whole property and covers `t`.
        let last = b + recordsWord + (n - 1) * recordSize
        if w[last] < 0, w[last + 1] <= t, t <= w[last + 2] {
            return sampleBody(b + Int(w[last + 3]), in: w, at: t)
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
                let r = b + recordsWord + i * recordSize
                if w[r] < 0 || w[r] == code {
                    if w[r + 1] <= t && t <= w[r + 2] {
                        chosen = i
                        break
                    }
                    if w[r + 2] < t, endedLast < 0 || w[r + 2] > w[b + recordsWord + endedLast * recordSize + 2] {
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
                time = w[b + recordsWord + endedLast * recordSize + 2]
            } else {
                continue
            }
            let r = b + recordsWord + chosen * recordSize
            if chosen != sampled || time != sampledTime {
                sample = sampleBody(b + Int(w[r + 3]), in: w, at: time)
                sampled = chosen
                sampledTime = time
            }
            value[c] = sample[w[r] < 0 ? c : 0]
        }
        return value
    }

    /// One entry's whole value at `t`, from its body at `s`.
    @inline(__always)
    static func sampleBody(_ s: Int, in w: UnsafeBufferPointer<Double>, at t: Double) -> MotionValue {
        if w[s] == 0 {
            return keyframeValue(s, in: w, at: t)
        }
        return springValue(s, in: w, at: t)
    }

    /// A keyframe body's value at `t`: `Keyframes.value(atProgress: TweenTiming.progress(at: t))`
    /// from the precomputed words, with the same arithmetic.
    ///
    /// - Complexity: O(log k) for k keyframes, plus one curve solve.
    @inline(__always)
    static func keyframeValue(_ s: Int, in w: UnsafeBufferPointer<Double>, at t: Double) -> MotionValue {
        let kind = kind(w[s + 1])
        // TweenTiming.progress(at:).
        let p: Double
        let start = w[s + 2]
        let d = w[s + 3]
        if !(t >= start) {
            p = 0
        } else if !(d > 0) {
            p = 1
        } else if t >= w[s + 5] {
            p = w[s + 6]
        } else {
            let x = (t - start) / d
            if x >= w[s + 4] {
                p = w[s + 6]
            } else {
                let k = floor(x)
                let local = x - k
                p = w[s + 7] != 0 && isOdd(k) ? 1 - local : local
            }
        }
        // Keyframes.value(atProgress:).
        let count = Int(w[s + 8])
        let offsets = s + 9
        let values = offsets + count
        @inline(__always) func value(_ j: Int) -> SIMD4<Double> {
            let v = values + 4 * j
            return SIMD4(w[v], w[v + 1], w[v + 2], w[v + 3])
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
            let c = values + 4 * count + 7 * lo
            if w[c] != 0 {
                e = u
            } else {
                e = UnitBezier(ax: w[c + 1], bx: w[c + 2], cx: w[c + 3], ay: w[c + 4], by: w[c + 5], cy: w[c + 6]).solve(u)
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
        var value = MotionValue(kind: kind(w[s + 1]), components: SIMD4(w[s + 4], w[s + 5], w[s + 6], w[s + 7]))
        guard t < w[s + 3] else { return value }
        let m = Int(w[s + 8])
        let regime = w[s + 9]
        let c0 = w[s + 10]
        let c1 = w[s + 11]
        let lt = t - w[s + 2]
        let solutions = s + 13
        if lt > 0, lt < .infinity, regime == 0 {
            let e = exp(-c0 * lt)
            if e == 0 {
                for i in 0..<m { value[i] = w[solutions + 4 * i] }
                return value
            }
            let phase = c1 * lt
            let cosine = cos(phase)
            let sine = sin(phase)
            for i in 0..<m {
                let q = solutions + 4 * i
                value[i] = w[q] + e * (w[q + 2] * cosine + w[q + 3] * sine)
            }
            return value
        }
        // SpringSolution.state(at:).displacement, per component.
        for i in 0..<m {
            let q = solutions + 4 * i
            let destination = w[q]
            let displacement: Double
            if !(lt > 0) {
                displacement = w[q + 1] - destination
            } else if !(lt < .infinity) {
                displacement = w[s + 12] > 0 ? 0 : w[q + 1] - destination
            } else if regime == 1 {
                let e = exp(-c0 * lt)
                displacement = e == 0 ? 0 : (w[q + 2] + w[q + 3] * lt) * e
            } else if regime == 2 {
                let slow = SpringSolution.decaying(w[q + 2], c0, lt)
                let fast = SpringSolution.decaying(w[q + 3], c1, lt)
                displacement = slow + fast
            } else {
                // Oscillating at a time 0 < lt < infinity is handled above.
                let e = exp(-c0 * lt)
                let phase = c1 * lt
                displacement = e == 0 ? 0 : e * (w[q + 2] * cos(phase) + w[q + 3] * sin(phase))
            }
            value[i] = destination + displacement
        }
        return value
    }
}
