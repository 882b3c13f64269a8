import MotionCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

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
    /// The latest end of the channel's animations (-infinity without any; NaN or infinity when
    /// one never ends): after it, every component shows the same value at every time.
    let settled: Double

    /// A sampler of `channel`.
    init(_ channel: PropertyChannel) {
        self.channel = channel
        var entries: [EntryShape] = []
        var solutions: [SpringSolution] = []
        var springs: [SpringAnimation?] = []
        // One allocation per array: channels mostly hold one entry.
        entries.reserveCapacity(channel.entries.count)
        springs.reserveCapacity(channel.entries.count)
        for entry in channel.entries {
            var shape = EntryShape(whole: entry.component == nil, end: entry.end)
            switch entry.animation {
            case .spring(let spring):
                (shape.begin, shape.destination) = (spring.beginTime, spring.to)
                (shape.firstSolution, shape.solutionCount) = (solutions.count, spring.from.kind.componentCount)
                // As `spring.solutions`, appended in place (no array of them made per spring).
                for c in 0..<shape.solutionCount {
                    solutions.append(
                        SpringSolution(
                            initialValue: spring.from[c], initialVelocity: spring.initialVelocity[c], destination: spring.to[c],
                            stiffness: spring.stiffness, damping: spring.damping, mass: spring.mass))
                }
                springs.append(spring)
            case .keyframe, .path:
                springs.append(nil)
                shape.tween = TweenSampler(entry)
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
        return entries[i].tween?.value(index, at: time) ?? entries[i].destination[index]
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
        guard entries.count == 1, channel.entries.count == 1, channel.entries[0].drives(c) else { return nil }
        let entry = entries[0]
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
            destination: solution.destination, begin: entry.begin, added: channel.entries[0].addedTime,
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
