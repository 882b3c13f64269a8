import MotionCore

/// One property channel's presented components, sampled as ``PropertyChannel/value(at:)``
/// samples them, from per-entry samplers built once.
///
/// Exports sample each channel at thousands of times (budgets, fits, checks). The channel itself
/// picks the entry that gives a component (``PropertyChannel/driver(of:at:)``); each entry is then
/// sampled by the same public functions its channel calls (a spring's closed forms, a tween's
/// timing and keyframes, a path's progress), built when the sampler is, so a sample neither copies
/// an entry nor rebuilds a spring's solutions. A class of constants: a sample reads them in place.
final class ChannelSampler: Sendable {
    /// The channel sampled.
    let channel: PropertyChannel
    /// What a sample of each entry reads, in the channel's order (plain values: read in place).
    private let entries: [EntryShape]
    /// The springs' closed forms, each spring's components in a row.
    private let solutions: [SpringSolution]
    /// Each entry's spring, when it is one.
    private let springs: [SpringAnimation?]
    /// Each tween's or motion path's sampling functions.
    private let tweens: [TweenSampler?]
    /// The latest end of the channel's animations (-infinity without any; NaN or infinity when
    /// one never ends): after it, every component shows the same value at every time.
    let settled: Double

    /// A sampler of `channel`.
    init(_ channel: PropertyChannel) {
        self.channel = channel
        var entries: [EntryShape] = []
        var solutions: [SpringSolution] = []
        var springs: [SpringAnimation?] = []
        var tweens: [TweenSampler?] = []
        for entry in channel.entries {
            var shape = EntryShape(whole: entry.component == nil, end: entry.end)
            switch entry.animation {
            case .spring(let spring):
                (shape.begin, shape.destination) = (spring.beginTime, spring.to)
                (shape.firstSolution, shape.solutionCount) = (solutions.count, spring.from.kind.componentCount)
                solutions += spring.solutions
                springs.append(spring)
                tweens.append(nil)
            case .keyframe, .path:
                springs.append(nil)
                tweens.append(TweenSampler(entry))
            }
            entries.append(shape)
        }
        var settled = -Double.infinity
        // A NaN end makes `settled` NaN: later than every time, never settled.
        for entry in channel.entries where !(entry.end <= settled) { settled = entry.end }
        self.settled = settled
        self.entries = entries
        self.solutions = solutions
        self.springs = springs
        self.tweens = tweens
    }

    /// The spring of entry `i`, whether it drives the whole property, and its end; nil when
    /// entry `i` is not a spring.
    func spring(_ i: Int) -> (SpringAnimation, whole: Bool, end: Double)? {
        guard i >= 0, i < springs.count, let spring = springs[i] else { return nil }
        return (spring, entries[i].whole, entries[i].end)
    }

    /// Component `c` of the channel's value at `t`: `channel.value(at: t)[c]`.
    ///
    /// - Complexity: O(k) for k animations on the channel, plus one sample of one of them.
    func value(_ c: Int, at t: Double) -> Double {
        guard let (i, time) = channel.driver(of: c, at: t), i < entries.count else { return channel.model[c] }
        let index = entries[i].whole ? c : 0
        if entries[i].solutionCount > 0 {
            // A spring: at rest from its end on; components past its solutions show the destination.
            guard time < entries[i].end, index < entries[i].solutionCount else { return entries[i].destination[index] }
            return solutions[entries[i].firstSolution + index].value(at: time - entries[i].begin)
        }
        return tweens[i]?.value(index, at: time) ?? entries[i].destination[index]
    }
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
