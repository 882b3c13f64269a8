import MotionCore
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Every animation one property's channel held over a timeline, in the order they were added,
/// with what sampling each reads and the snapshots that hold it.
///
/// A history's snapshots share it (``ChannelSampler``): the channel as each event left it is the
/// log's entries alive at that snapshot, in log order (an add appends, removals keep the order),
/// so an event costs what it changes, not a copy of every animation on the channel. A log whose
/// dead entries outnumber its live ones is begun again from the live ones
/// (``ChannelLogBuilder``), so that walking a snapshot's entries costs O(its own).
final class ChannelLog: Sendable {
    /// The entries, in the order they were added, each with what a walk and a sample read.
    let entries: [LogEntry]
    /// The springs' closed forms, each spring's components in a row.
    fileprivate let solutions: [SpringSolution]
    /// How many breaks the log has (``breakAt(_:)``).
    let breakCount: Int
    /// The log's break when it has exactly one (most logs: no array is made for it).
    private let soleBreak: (snapshot: Int32, entry: Int32)
    /// The log's breaks when it has several (empty otherwise).
    private let breaks: [(snapshot: Int32, entry: Int32)]

    /// How many dead entries a log holds beyond its live ones before a history begins a new log.
    static let deadEntriesKept = 8

    /// The component code of an entry that drives the whole property.
    static let wholeProperty = Int.min

    fileprivate init(
        _ builder: consuming ChannelLogBuilder, soleBreak: (snapshot: Int32, entry: Int32)?,
        breaks: [(snapshot: Int32, entry: Int32)]
    ) {
        entries = builder.entries
        solutions = builder.solutions
        self.soleBreak = soleBreak ?? (0, 0)
        self.breaks = breaks
        breakCount = soleBreak == nil ? breaks.count : 1
    }

    /// Break `i` of the log (below ``breakCount``): an entry whose end falls in some snapshot's
    /// interval while it holds it, with that snapshot. The breaks are in snapshot order (each
    /// snapshot's sampler knows its range of them), and are the only entries that can split
    /// their snapshot's interval.
    @inline(__always)
    func breakAt(_ i: Int) -> (snapshot: Int32, entry: Int32) {
        breakCount == 1 ? soleBreak : breaks[i]
    }
}

/// One entry of a ``ChannelLog``: what a walk of the snapshots reads (when it was added, when
/// it ends, the component it drives, which snapshots hold it), the channel's entry, and what a
/// sample reads, side by side (one array per log, not one per field).
struct LogEntry: Sendable {
    /// When the entry was added and when it ends.
    let added: Double
    let end: Double
    /// The component the entry drives, or ``ChannelLog/wholeProperty`` for all.
    let component: Int
    /// The snapshot that first held the entry, and the first that no longer does (`Int32.max`: none).
    let born: Int32
    var died: Int32
    /// The channel's entry.
    let entry: PropertyChannel.Entry
    /// What a sample of the entry reads (plain values: read in place).
    fileprivate let shape: EntryShape
}

/// A ``ChannelLog`` as a history's events write it.
struct ChannelLogBuilder {
    var entries: [LogEntry] = []
    fileprivate var solutions: [SpringSolution] = []
    /// How many entries died.
    var dead = 0

    /// Appends `entry`, first held by snapshot `snapshot`.
    /// - Complexity: O(1) amortised (a spring's few solutions).
    mutating func append(_ entry: PropertyChannel.Entry, snapshot: Int32) {
        var shape = EntryShape(whole: entry.component == nil, end: entry.end)
        switch entry.animation {
        case .spring(let animation):
            (shape.begin, shape.destination) = (animation.beginTime, animation.to)
            (shape.firstSolution, shape.solutionCount) = (solutions.count, animation.from.kind.componentCount)
            // As `spring.solutions`, appended in place (no array of them made per spring).
            for c in 0..<shape.solutionCount {
                solutions.append(
                    SpringSolution(
                        initialValue: animation.from[c], initialVelocity: animation.initialVelocity[c],
                        destination: animation.to[c], stiffness: animation.stiffness, damping: animation.damping,
                        mass: animation.mass))
            }
        case .keyframe, .path:
            shape.tween = TweenSampler(entry)
        }
        entries.append(
            LogEntry(
                added: entry.addedTime, end: entry.end, component: entry.component ?? ChannelLog.wholeProperty, born: snapshot,
                died: .max, entry: entry, shape: shape))
    }

    /// Marks the entries `channel` no longer holds as dead from `snapshot` on: the log's live
    /// entries and the channel's are in the same order, the channel's being the log's without
    /// those that went (and without the channel's last `unlogged` entries, not appended yet).
    /// - Complexity: O(entries in the log).
    mutating func reconcile(with channel: PropertyChannel, unlogged: Int = 0, snapshot: Int32) {
        let live = channel.entries
        let count = live.count - unlogged
        var m = 0
        for j in entries.indices where entries[j].died == .max {
            if m < count && live[m].key == entries[j].entry.key {
                m += 1
            } else {
                entries[j].died = snapshot
                dead += 1
            }
        }
    }

    /// Marks every live entry dead from `snapshot` on: a new log takes over there.
    /// - Complexity: O(entries in the log).
    mutating func close(at snapshot: Int32) {
        for j in entries.indices where entries[j].died == .max { entries[j].died = snapshot }
    }

    /// The log frozen, with the entries that can split each snapshot's interval
    /// (``ChannelLog/breakAt(_:)``) found from the history's `times`.
    /// - Complexity: O(m log m) for m entries.
    consuming func build(times: [Double]) -> ChannelLog {
        // The first break found is kept aside: most logs have one, and need no array.
        var first: (snapshot: Int32, entry: Int32)?
        var found: [(snapshot: Int32, entry: Int32)] = []
        for j in entries.indices where entries[j].died > entries[j].born {
            let end = entries[j].end
            guard !end.isNaN else { continue }
            // The last snapshot whose time is at most the end (as ChannelHistory.snapshot(at:)).
            var lo = 0
            var hi = times.count - 1
            while lo < hi {
                let mid = (lo + hi + 1) / 2
                if times[mid] <= end { lo = mid } else { hi = mid - 1 }
            }
            if entries[j].born <= lo && lo < entries[j].died {
                let hit = (snapshot: Int32(truncatingIfNeeded: lo), entry: Int32(truncatingIfNeeded: j))
                if first == nil {
                    first = hit
                } else {
                    found.append(hit)
                }
            }
        }
        guard let first, !found.isEmpty else { return ChannelLog(self, soleBreak: first, breaks: []) }
        found.append(first)
        found.sort { $0.snapshot != $1.snapshot ? $0.snapshot < $1.snapshot : $0.entry < $1.entry }
        return ChannelLog(self, soleBreak: nil, breaks: found)
    }
}

/// One snapshot of a property channel (the channel as an event left it), sampled as
/// ``PropertyChannel/value(at:)`` samples it, from per-entry samplers its history's log built once.
///
/// Exports sample each channel at thousands of times (budgets, fits, checks). The sampler picks
/// the entry that gives a component by the rule of ``PropertyChannel/driver(of:at:)``, over the
/// entries its snapshot holds; each entry is then sampled by the same public functions its channel
/// calls (a spring's closed forms, a tween's timing and keyframes, a path's progress), built once
/// per entry, so a sample neither copies an entry nor rebuilds a spring's solutions. Entries are
/// named by their index in the log (``ChannelLog``). A class of constants: a sample reads them in
/// place.
final class ChannelSampler: Sendable {
    /// The log of the snapshot's entries (and of others).
    let log: ChannelLog
    /// The log's entries and springs' solutions, held here too: a sample reads them from its
    /// sampler in place, without retaining the log's arrays each time.
    private let entries: [LogEntry]
    private let solutions: [SpringSolution]
    /// The snapshot's index in its history.
    let snapshot: Int32
    /// How many of the log's entries had been added by the snapshot (it holds some of them),
    /// and how many it holds: four bytes each (fewer than 2^31 entries, at most one per event),
    /// as every index here, for the sampler is made per snapshot.
    private let prefix32: Int32
    private let count32: Int32
    /// The log index of the snapshot's one entry, when it holds exactly one (-1 otherwise): the
    /// common case, sampled without a walk.
    private let sole32: Int32
    /// The sole entry's added time, end and component (as ``LogEntry``), read without the log.
    private let soleAdded: Double
    private let soleEnd: Double
    private let soleComponent: Int
    /// The snapshot's model value.
    let model: MotionValue
    /// The latest end of the snapshot's animations (-infinity without any; NaN or infinity when
    /// one never ends): after it, every component shows the same value at every time.
    let settled: Double
    /// Where the entries that can split the snapshot's interval are among ``ChannelLog/breakAt(_:)``;
    /// nil when the history's times do not rise (then every entry is looked at).
    var breakRange: Range<Int>? { breakLower < 0 ? nil : Int(breakLower)..<Int(breakUpper) }
    /// The bounds of ``breakRange``, four bytes each (-1: nil).
    private let breakLower: Int32
    private let breakUpper: Int32
    /// What the walks of a snapshot holding several entries keep; nil for one holding one or
    /// none (most snapshots), which never walks.
    private let walks: Walks?

    /// - Complexity: O(1) amortised: a snapshot holding one entry finds it among the few dead
    ///   entries after it (a log keeps at most ``ChannelLog/deadEntriesKept`` more than it holds).
    init(
        log: ChannelLog, snapshot: Int32, prefix: Int, count: Int, model: MotionValue, settled: Double,
        breakRange: Range<Int>?
    ) {
        self.log = log
        entries = log.entries
        solutions = log.solutions
        self.snapshot = snapshot
        prefix32 = Int32(truncatingIfNeeded: prefix)
        count32 = Int32(truncatingIfNeeded: count)
        self.model = model
        self.settled = settled
        (breakLower, breakUpper) =
            breakRange.map { (Int32(truncatingIfNeeded: $0.lowerBound), Int32(truncatingIfNeeded: $0.upperBound)) } ?? (-1, -1)
        var sole = -1
        if count == 1 {
            var j = prefix - 1
            while j >= 0, !(log.entries[j].died > snapshot) { j -= 1 }
            sole = j
        }
        sole32 = Int32(truncatingIfNeeded: sole)
        (soleAdded, soleEnd, soleComponent) =
            sole >= 0 ? (log.entries[sole].added, log.entries[sole].end, log.entries[sole].component) : (0, 0, 0)
        walks = count > 1 ? Walks() : nil
    }

    /// How many of the log's entries had been added by the snapshot: it holds some of them.
    var prefix: Int { Int(prefix32) }
    /// How many entries the snapshot holds.
    var count: Int { Int(count32) }
    /// The log index of the snapshot's one entry, when it holds exactly one (-1 otherwise).
    private var sole: Int { Int(sole32) }

    /// Whether the snapshot holds log entry `j` (one of the first ``prefix``).
    @inline(__always)
    func holds(_ j: Int) -> Bool { entries[j].died > snapshot }

    /// Whether log entry `j` drives component `c`.
    @inline(__always)
    func drives(_ j: Int, _ c: Int) -> Bool {
        let component = entries[j].component
        return component == ChannelLog.wholeProperty || component == c
    }

    /// Which of the snapshot's entries gives component `c` at `t` (its log index), and the time
    /// it is sampled at: the rule of ``PropertyChannel/driver(of:at:)``, over the entries the
    /// snapshot holds, in their order.
    ///
    /// A snapshot holding one entry answers at once. Otherwise the entries are walked from the
    /// latest back, as the rule reads. Once the walks of a component have passed more entries
    /// than the snapshot's log prefix holds (many ended before `t`: the inner ones of nested
    /// gestures, after they end), the snapshot's ``DriverIndex`` for it is made, and answers from
    /// then on.
    ///
    /// - Complexity: O(w) for the w entries the walk passes back to the entry found; O(log k)
    ///   with the index, made once in O(p) for the p entries of the log prefix: no more than the
    ///   walks before it passed.
    @inline(__always)
    func driver(of c: Int, at t: Double) -> (entry: Int, time: Double)? {
        if sole >= 0 {
            guard soleComponent == ChannelLog.wholeProperty || soleComponent == c else { return nil }
            if soleAdded <= t && t <= soleEnd { return (sole, t) }
            return soleEnd < t ? (sole, soleEnd) : nil
        }
        return walkedDriver(of: c, at: t)
    }

    /// ``driver(of:at:)`` for a snapshot that does not hold exactly one entry.
    @inline(never)
    private func walkedDriver(of c: Int, at t: Double) -> (entry: Int, time: Double)? {
        guard let walks else { return count == 0 ? nil : walk(c, at: t).found }
        let bit = UInt8(truncatingIfNeeded: 1 << min(max(c, 0), 7))
        let indexable = (0..<8).contains(c)
        if indexable, walks.indexed.load(ordering: .acquiring) & bit != 0, let answer = index(for: c, walks).driver(at: t) {
            return answer
        }
        let (found, passed) = walk(c, at: t)
        if indexable, passed > Self.walkFloor,
            walks.walked.wrappingAdd(passed, ordering: .relaxed).newValue > prefix
        {
            _ = index(for: c, walks)
            walks.indexed.bitwiseOr(bit, ordering: .releasing)
        }
        return found
    }

    /// The components whose ``DriverIndex`` is made, a bit each: for tests.
    var indexedComponents: UInt8 { walks?.indexed.load(ordering: .acquiring) ?? 0 }

    /// Walks shorter than this do not count towards making an index: the usual walk finds the
    /// latest entry at once.
    static let walkFloor = 8

    /// The rule of ``driver(of:at:)``, walking the entries from the latest back; also how many
    /// it passed.
    /// - Complexity: O(w) for the w entries passed.
    private func walk(_ c: Int, at t: Double) -> (found: (entry: Int, time: Double)?, passed: Int) {
        entries.withUnsafeBufferPointer { entries in
            var endedLast = -1
            var j = prefix - 1
            while j >= 0 {
                let component = entries[j].component
                if entries[j].died > snapshot && (component == ChannelLog.wholeProperty || component == c) {
                    let end = entries[j].end
                    if entries[j].added <= t && t <= end { return ((j, t), prefix - j) }
                    if end < t, endedLast < 0 || end > entries[endedLast].end { endedLast = j }
                }
                j -= 1
            }
            return (endedLast >= 0 ? (endedLast, entries[endedLast].end) : nil, prefix)
        }
    }

    /// The snapshot's index of the entries driving `c`, made on first use.
    private func index(for c: Int, _ walks: Walks) -> DriverIndex {
        walks.indexes.withLock { indexes in
            if c < indexes.count, let index = indexes[c] { return index }
            let index = DriverIndex(self, component: c)
            if c >= 0 {
                if indexes.count <= c { indexes += [DriverIndex?](repeating: nil, count: c + 1 - indexes.count) }
                indexes[c] = index
            }
            return index
        }
    }

    /// Calls `body` with the log index of every entry of the snapshot that drives `c` and whose
    /// added time or end may fall inside the snapshot's interval: those that end in it (an entry
    /// the snapshot holds was added by its time), or, where the times do not rise, every entry.
    ///
    /// - Complexity: O(entries found), or O(k) for the snapshot's k entries where times do not rise.
    func forEachBreak(of c: Int, _ body: (Int) -> Void) {
        guard let breakRange else {
            for j in 0..<prefix where holds(j) && drives(j, c) { body(j) }
            return
        }
        for i in breakRange {
            let j = Int(log.breakAt(i).entry)
            if drives(j, c) { body(j) }
        }
    }

    /// The log index of the snapshot's one entry, when it holds exactly one.
    var soleEntry: Int? { sole >= 0 ? sole : nil }

    /// When log entry `j` was added, when it ends and the component it drives
    /// (``ChannelLog/wholeProperty`` for all), read from the sampler's own reference to the log.
    @inline(__always)
    func span(_ j: Int) -> (added: Double, end: Double, component: Int) {
        (entries[j].added, entries[j].end, entries[j].component)
    }

    /// The animation of log entry `j`.
    func animation(_ j: Int) -> Animation { entries[j].entry.animation }

    /// The snapshot as a channel, made again from the log: for checks.
    /// - Complexity: O(k) for the snapshot's k entries.
    var channel: PropertyChannel {
        var channel = PropertyChannel(model: model)
        for j in 0..<prefix where holds(j) {
            let entry = log.entries[j].entry
            channel.add(entry.animation, key: entry.key, component: entry.component, at: entry.addedTime)
        }
        return channel
    }

    /// The spring of log entry `j`, whether it drives the whole property, and its end; nil when
    /// entry `j` is not a spring.
    func spring(_ j: Int) -> (SpringAnimation, whole: Bool, end: Double)? {
        guard j >= 0, j < entries.count, case .spring(let spring) = entries[j].entry.animation else { return nil }
        return (spring, entries[j].shape.whole, entries[j].shape.end)
    }

    /// Component `c` of the snapshot's value at `t`: `channel.value(at: t)[c]`.
    ///
    /// - Complexity: as ``driver(of:at:)``, plus one sample of one entry.
    func value(_ c: Int, at t: Double) -> Double {
        guard let (i, time) = driver(of: c, at: t), i < entries.count else { return model[c] }
        let index = entries[i].shape.whole ? c : 0
        let solutionCount = entries[i].shape.solutionCount
        if solutionCount > 0 {
            // A spring: at rest from its end on; components past its solutions show the destination.
            guard time < entries[i].shape.end, index < solutionCount else { return entries[i].shape.destination[index] }
            return solutions[entries[i].shape.firstSolution + index].value(at: time - entries[i].shape.begin)
        }
        return entries[i].shape.tween?.value(index, at: time) ?? entries[i].shape.destination[index]
    }
}

extension ChannelSampler {
    /// How far component `c` can stray from where it comes to rest, when the channel's only
    /// animation is a spring that drives it; nil otherwise (and for a critically damped spring).
    ///
    /// The spring's displacement is e^(-a u) (A cos w u + B sin w u), within e^(-a u) sqrt(A² + B²),
    /// or C1 e^(r1 u) + C2 e^(r2 u) (r2 < r1 < 0), within (|C1| + |C2|) e^(r1 u): a bound that
    /// only shrinks as the spring's local time u grows.
    func envelope(_ c: Int) -> SpringEnvelope? {
        guard let j = soleEntry, drives(j, c) else { return nil }
        let entry = entries[j].shape
        let index = entry.whole ? c : 0
        guard index < entry.solutionCount else { return nil }
        let solution = solutions[entry.firstSolution + index]
        let (k, m, damping) = (solution.stiffness, solution.mass, solution.damping)
        let y0 = solution.initialValue - solution.destination
        let v0 = solution.initialVelocity
        let omega0 = k.squareRoot() / m.squareRoot()
        let zeta = damping / k.squareRoot() / m.squareRoot() / 2
        let amplitude: Double
        let decay: Double
        if abs(zeta - 1) <= 1e-6 {
            return nil
        } else if zeta < 1 {
            decay = zeta * omega0
            let w = omega0 * ((1 - zeta) * (1 + zeta)).squareRoot()
            let b = (v0 + decay * y0) / w
            amplitude = (y0 * y0 + b * b).squareRoot()
        } else {
            let inverse = 1 / zeta
            let sum = zeta + zeta * ((1 - inverse) * (1 + inverse)).squareRoot()
            let (r1, r2) = (-omega0 / sum, -omega0 * sum)
            let c2 = (v0 - r1 * y0) / (r2 - r1)
            decay = -r1
            amplitude = abs(y0 - c2) + abs(c2)
        }
        guard amplitude.isFinite, decay.isFinite, decay >= 0 else { return nil }
        return SpringEnvelope(
            destination: solution.destination, begin: entry.begin, added: log.entries[j].added,
            amplitude: amplitude, decay: decay)
    }
}

/// A bound on a spring's distance from its destination from some time on (``ChannelSampler/envelope(_:)``).
struct SpringEnvelope {
    /// Where the spring comes to rest.
    let destination: Double
    /// The spring's begin time (its local time 0) and when it was added (it drives from then on).
    let begin: Double
    let added: Double
    /// The bound at local time 0, and how fast it shrinks (per second, e-fold).
    let amplitude: Double
    let decay: Double

    /// Whether every value the spring shows from `t` on lies strictly inside `lo...hi`: its
    /// bound there, widened for rounding (a relative 1e-6 and an absolute 1e-9 of the values'
    /// size, far above the few ulps the closed form's arithmetic can err by), fits inside.
    func staysInside(_ lo: Double, _ hi: Double, from t: Double) -> Bool {
        guard t >= added, t >= begin else { return false }
        // At rest from the start: the closed form gives the destination itself.
        if amplitude == 0 { return lo <= destination && destination <= hi }
        let reach = amplitude * exp(-decay * (t - begin))
        let margin = reach * (1 + 1e-6) + 1e-9 * (abs(destination) + amplitude)
        return lo < destination - margin && destination + margin < hi
    }
}

/// The entries of one snapshot that drive one component, arranged to answer
/// ``ChannelSampler/driver(of:at:)`` in O(log k) for a time `t` no earlier than every entry's
/// addition (the times an export samples a snapshot at: from its own on).
///
/// With every entry added by `t`, the rule's covering entry is the latest whose end is at least
/// `t`: a binary search over the ends' maxima from each entry to the latest finds it. When none
/// covers `t`, every end is before it, and the entry that ended last is the latest of those with
/// the greatest end, found once. Entries whose end is not a number neither cover nor end (their
/// comparisons are false), and are left out.
private struct DriverIndex: Sendable {
    /// The entries' log indices, in log order.
    let entries: [Int32]
    /// At `p`: the greatest end of `entries[p...]`.
    let greatestEndFrom: [Double]
    /// The latest time an entry was added.
    let latestAdded: Double
    /// The entry that ended last when none covers (a log index), or -1 without entries, and its end.
    let endedLast: Int
    let endedLastEnd: Double

    /// - Complexity: O(p) for the p entries of the sampler's log prefix.
    init(_ sampler: ChannelSampler, component c: Int) {
        var entries: [Int32] = []
        var latestAdded = -Double.infinity
        let log = sampler.log.entries
        for j in 0..<sampler.prefix where sampler.holds(j) && sampler.drives(j, c) && !log[j].end.isNaN {
            entries.append(Int32(truncatingIfNeeded: j))
            latestAdded = max(latestAdded, log[j].added)
        }
        var greatest = [Double](repeating: -.infinity, count: entries.count)
        var endedLast = -1
        var p = entries.count - 1
        while p >= 0 {
            let j = Int(entries[p])
            let end = log[j].end
            greatest[p] = p + 1 < entries.count ? max(end, greatest[p + 1]) : end
            if endedLast < 0 || end > log[endedLast].end { endedLast = j }
            p -= 1
        }
        self.entries = entries
        self.greatestEndFrom = greatest
        self.latestAdded = latestAdded
        self.endedLast = endedLast
        self.endedLastEnd = endedLast >= 0 ? log[endedLast].end : .nan
    }

    /// The rule's entry and time at `t`; nil (`.none`) when `t` is before some entry's addition
    /// (or not a number), where the index cannot answer.
    /// - Complexity: O(log k).
    func driver(at t: Double) -> (entry: Int, time: Double)?? {
        guard t >= latestAdded else { return .none }
        // The last p whose greatest end from p on is at least t: its own end is.
        var lo = 0
        var hi = entries.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if greatestEndFrom[mid] >= t { lo = mid + 1 } else { hi = mid }
        }
        if lo > 0 { return .some((Int(entries[lo - 1]), t)) }
        return .some(endedLast >= 0 ? (endedLast, endedLastEnd) : nil)
    }
}

/// What the walks of one snapshot keep (``ChannelSampler/driver(of:at:)``): how far they went, and
/// the indexes made once they went far.
private final class Walks: Sendable {
    /// Per component, the index of ``ChannelSampler/driver(of:at:)`` once walks went far (see
    /// ``DriverIndex``).
    let indexes = Mutex<[DriverIndex?]>([])
    /// The components whose index is made, a bit each.
    let indexed = Atomic<UInt8>(0)
    /// How many entries the walks passed.
    let walked = Atomic<Int>(0)
}

/// What sampling one entry reads: plain values.
private struct EntryShape: Sendable {
    /// Whether the entry drives the whole property (else one component, its value's only one).
    var whole: Bool
    /// When the entry stops moving.
    var end: Double
    /// A spring's begin time and destination.
    var begin = 0.0
    var destination = MotionValue.scalar(0)
    /// Where a spring's solutions start in the sampler's list, and how many it has (0: not a spring).
    var firstSolution = 0
    var solutionCount = 0
    /// A tween's or motion path's sampling functions (nil for a spring).
    var tween: TweenSampler?
}

/// A tween's or motion path's sampling functions, as its channel entry holds them.
private final class TweenSampler: Sendable {
    let timing: TweenTiming
    let keyframes: Keyframes?
    let path: PathAnimation?

    init(_ entry: PropertyChannel.Entry) {
        switch entry.animation {
        case .keyframe(let animation):
            (timing, keyframes) = animation.sampler(addedTime: entry.addedTime)
            path = nil
        case .path(let animation):
            (timing, keyframes, path) = (animation.timing(addedTime: entry.addedTime), nil, animation)
        case .spring:
            (timing, keyframes, path) = (TweenTiming(commitTime: entry.addedTime, duration: 0), nil, nil)
        }
    }

    /// Component `index` of the entry's value at `t`.
    func value(_ index: Int, at t: Double) -> Double {
        if let path { return path.value(atProgress: timing.progress(at: t))[index] }
        return keyframes?.scalarValue(atProgress: timing.progress(at: t), component: index) ?? 0
    }
}
