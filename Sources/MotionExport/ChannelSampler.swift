import MotionCore

/// One property channel's presented components, sampled as ``PropertyChannel/value(at:)``
/// samples them, from per-entry samplers built once.
///
/// Exports sample each channel at thousands of times (budgets, fits, checks). The channel itself
/// picks the entry that gives a component (``PropertyChannel/driver(of:at:)``); each entry is then
/// sampled by the same public functions its channel calls (a spring's closed forms, a tween's
/// timing and keyframes, a path's progress), built when the sampler is, so a sample neither copies
/// an entry nor rebuilds a spring's solutions.
struct ChannelSampler: Sendable {
    /// The channel sampled.
    let channel: PropertyChannel
    /// One sampler per entry of the channel, in its order.
    private let entries: [EntrySampler]

    /// A sampler of `channel`.
    init(_ channel: PropertyChannel) {
        self.channel = channel
        entries = channel.entries.map(EntrySampler.init)
    }

    /// The spring of entry `i`, whether it drives the whole property, and its end; nil when
    /// entry `i` is not a spring.
    func spring(_ i: Int) -> (SpringAnimation, whole: Bool, end: Double)? {
        guard i >= 0, i < entries.count, let spring = entries[i].spring else { return nil }
        return (spring, entries[i].whole, entries[i].end)
    }

    /// Component `c` of the channel's value at `t`: `channel.value(at: t)[c]`.
    ///
    /// - Complexity: O(k) for k animations on the channel, plus one sample of one of them.
    func value(_ c: Int, at t: Double) -> Double {
        guard let (i, time) = channel.driver(of: c, at: t), i < entries.count else { return channel.model[c] }
        return entries[i].value(c, at: time)
    }
}

/// One entry of a property channel, sampled as the channel samples it.
///
/// A class of constants: a sample reads its fields in place rather than copying them out.
private final class EntrySampler: Sendable {
    /// Whether the entry drives the whole property (else one component, its value's only one).
    let whole: Bool
    /// When the entry stops moving.
    let end: Double
    /// A tween's timing and keyframes (a path's timing).
    let timing: TweenTiming
    let keyframes: Keyframes?
    /// A spring, one closed form per component, and its destination.
    let spring: SpringAnimation?
    let solutions: [SpringSolution]
    /// A motion path.
    let path: PathAnimation?

    init(_ entry: PropertyChannel.Entry) {
        whole = entry.component == nil
        end = entry.end
        var timing = TweenTiming(commitTime: entry.addedTime, duration: 0)
        var keyframes: Keyframes?
        var spring: SpringAnimation?
        var path: PathAnimation?
        switch entry.animation {
        case .keyframe(let animation): (timing, keyframes) = animation.sampler(addedTime: entry.addedTime)
        case .spring(let animation): spring = animation
        case .path(let animation): (timing, path) = (animation.timing(addedTime: entry.addedTime), animation)
        }
        self.timing = timing
        self.keyframes = keyframes
        self.spring = spring
        solutions = spring?.solutions ?? []
        self.path = path
    }

    /// Component `c` of the property as the entry gives it at `t`.
    func value(_ c: Int, at t: Double) -> Double {
        let index = whole ? c : 0
        if let spring {
            // At rest from its end on; components past its solutions show the destination.
            guard t < end, index < solutions.count else { return spring.to[index] }
            return solutions[index].value(at: t - spring.beginTime)
        }
        if let keyframes { return keyframes.scalarValue(atProgress: timing.progress(at: t), component: index) }
        if let path { return path.value(atProgress: timing.progress(at: t))[index] }
        return 0
    }
}
