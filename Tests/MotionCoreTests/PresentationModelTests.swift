import Testing

@testable import MotionCore

/// The presentation's compiled sampling form against hand-computed values (docs/format.md §2.2's
/// precedence rule) and, on random channels, bit for bit against the authoritative
/// ``PropertyChannel/value(at:)``.
@Suite struct PresentationModelTests {
    /// A linear tween of `from` to `to` over `duration` seconds, starting when it is added.
    static func tween(_ from: MotionValue, _ to: MotionValue, duration: Double, begin: Double) -> Animation {
        .keyframe(
            KeyframeAnimation(values: [from, to], keyTimes: [0, 1], timingFunctions: [.linear], beginTime: begin, duration: duration))
    }

    static func model(layers: Int = 1) -> PresentationModel {
        PresentationModel(layers: Array(repeating: [:], count: layers))
    }

    @Test func latestCoveringAnimationWinsThenTheOneThatEndedLast() {
        var model = Self.model()
        let path = PropertyPath(.rotation)
        model.add(layer: 0, path: path, key: "a", animation: Self.tween(.scalar(0), .scalar(10), duration: 1, begin: 0), at: 0)
        model.add(layer: 0, path: path, key: "b", animation: Self.tween(.scalar(100), .scalar(200), duration: 1, begin: 0.5), at: 0.5)
        func at(_ t: Double) -> Double { model.value(layer: 0, property: .rotation, at: t)[0] }
        #expect(at(-1) == 0)  // before any: the model value
        #expect(at(0.25) == 2.5)  // only a covers
        #expect(at(0.75) == 125)  // both cover: b is the latest
        #expect(at(1.25) == 175)  // a ended; b covers
        #expect(at(3) == 200)  // none covers: b ended last
        // A later animation that ended earlier does not beat the one that ended last.
        model.add(layer: 0, path: path, key: "c", animation: Self.tween(.scalar(-5), .scalar(-6), duration: 0.25, begin: 4), at: 4)
        #expect(at(4.125) == -5.5)
        #expect(at(5) == -6)
        model.add(layer: 0, path: path, key: "d", animation: Self.tween(.scalar(7), .scalar(8), duration: 10, begin: 6), at: 6)
        #expect(at(5.5) == -6)  // d is not added yet at 5.5: c ended last
        #expect(at(11) == 7.5)
    }

    @Test func componentAnimationsMixWithWholePropertyOnes() {
        var model = Self.model()
        model.add(
            layer: 0, path: PropertyPath(.position), key: "whole",
            animation: Self.tween(.point(0, 0), .point(10, 20), duration: 1, begin: 0), at: 0)
        model.add(
            layer: 0, path: PropertyPath(.position, component: 0), key: "x",
            animation: Self.tween(.scalar(100), .scalar(200), duration: 1, begin: 0.5), at: 0.5)
        func at(_ t: Double) -> MotionValue { model.value(layer: 0, property: .position, at: t) }
        #expect(at(0.25) == .point(2.5, 5))
        #expect(at(0.75) == .point(125, 15))
        #expect(at(1.25) == .point(175, 20))
        #expect(at(2) == .point(200, 20))
        // A whole-property animation added later covers both components again.
        model.add(
            layer: 0, path: PropertyPath(.position), key: "again",
            animation: Self.tween(.point(1, 2), .point(3, 4), duration: 1, begin: 3), at: 3)
        #expect(at(3.5) == .point(2, 3))
        #expect(at(2.5) == .point(200, 20))
    }

    @Test func removeAndSetAfterEndFallBackToTheModel() {
        var model = Self.model()
        let path = PropertyPath(.opacity)
        model.add(
            layer: 0, path: path, key: "fade", animation: Self.tween(.scalar(1), .scalar(0), duration: 1, begin: 0),
            modelValue: .scalar(0.25), at: 0)
        #expect(model.value(layer: 0, property: .opacity, at: 0.5)[0] == 0.5)
        #expect(model.value(layer: 0, property: .opacity, at: 2)[0] == 0)  // the final value holds
        // A set while the animation covers t leaves it in charge.
        model.set(layer: 0, path: path, value: .scalar(0.75), at: 0.5)
        #expect(model.value(layer: 0, property: .opacity, at: 0.5)[0] == 0.5)
        // A set after its end drops it: the model shows.
        model.set(layer: 0, path: path, value: .scalar(0.75), at: 1.5)
        #expect(model.channel(layer: 0, property: .opacity).entries.isEmpty)
        #expect(model.value(layer: 0, property: .opacity, at: 2)[0] == 0.75)
        model.add(layer: 0, path: path, key: "fade", animation: Self.tween(.scalar(1), .scalar(0), duration: 1, begin: 3), at: 3)
        #expect(model.value(layer: 0, property: .opacity, at: 3.5)[0] == 0.5)
        let removed = model.remove(layer: 0, key: "fade")
        let removedAgain = model.remove(layer: 0, key: "fade")
        #expect(removed && !removedAgain)
        #expect(model.value(layer: 0, property: .opacity, at: 3.5)[0] == 0.75)
    }

    @Test func aKeyMovesToTheLatestProperty() {
        var model = Self.model()
        model.add(
            layer: 0, path: PropertyPath(.rotation), key: "k", animation: Self.tween(.scalar(0), .scalar(10), duration: 1, begin: 0), at: 0)
        model.add(
            layer: 0, path: PropertyPath(.cornerRadius), key: "k", animation: Self.tween(.scalar(0), .scalar(4), duration: 1, begin: 0),
            at: 0)
        #expect(model.value(layer: 0, property: .rotation, at: 0.5)[0] == 0)
        #expect(model.value(layer: 0, property: .cornerRadius, at: 0.5)[0] == 2)
    }

    @Test func pruneKeepsEveryValueFromItsTimeOn() {
        var model = Self.model()
        let path = PropertyPath(.rotation)
        for k in 0..<5 {
            let begin = Double(k)
            model.add(
                layer: 0, path: path, key: "k\(k)",
                animation: Self.tween(.scalar(begin * 10), .scalar(begin * 10 + 5), duration: 0.5 + Double(k % 2) * 2, begin: begin),
                at: begin)
        }
        let times = stride(from: 3.0, through: 8, by: 0.125).map { $0 }
        let before = times.map { model.value(layer: 0, property: .rotation, at: $0) }
        model.prune(before: 3)
        #expect(model.channel(layer: 0, property: .rotation).entries.count < 5)
        #expect(times.map { model.value(layer: 0, property: .rotation, at: $0) } == before)
        // Hand-computed: k3 (3..5.5, 30 -> 35) covers 4; k4 (4..4.5) is latest at 4.25.
        #expect(model.value(layer: 0, property: .rotation, at: 4.25)[0] == 42.5)
        #expect(model.value(layer: 0, property: .rotation, at: 5)[0] == 34)
        #expect(model.value(layer: 0, property: .rotation, at: 6)[0] == 35)  // k3 ended last
    }

    @Test func springsSampleAsTheirClosedForm() {
        var model = Self.model()
        // Under-damped, critically damped (c² = 4km) and over-damped.
        for damping in [10.0, 20.0, 60.0] {
            let spring = SpringAnimation(
                from: .point(0, 10), to: .point(50, -10), initialVelocity: .point(30, 0), stiffness: 100, damping: damping,
                mass: 1, beginTime: 0.25, threshold: 0.01)
            var one = Self.model()
            one.add(layer: 0, path: PropertyPath(.position), key: "s", animation: .spring(spring), at: 0.25)
            for t in [0.25, 0.3, 0.5, 1, 2, spring.beginTime + spring.duration, 100] {
                let expected = MotionValue.point(
                    t >= spring.beginTime + spring.duration
                        ? 50
                        : SpringSolution(initialValue: 0, initialVelocity: 30, destination: 50, stiffness: 100, damping: damping).value(
                            at: t - 0.25),
                    t >= spring.beginTime + spring.duration
                        ? -10
                        : SpringSolution(initialValue: 10, initialVelocity: 0, destination: -10, stiffness: 100, damping: damping).value(
                            at: t - 0.25))
                #expect(one.value(layer: 0, property: .position, at: t) == expected, "damping \(damping) at \(t)")
                // The authoritative form too, which keeps no keyframes for a spring.
                #expect(one.channel(layer: 0, property: .position).value(at: t) == expected, "damping \(damping) at \(t)")
            }
        }
        model.add(
            layer: 0, path: PropertyPath(.scale, component: 1), key: "s",
            animation: .spring(
                SpringAnimation(
                    from: .scalar(1), to: .scalar(2), initialVelocity: .scalar(0), stiffness: 342, damping: 30, mass: 1, beginTime: 0,
                    threshold: 0.001)), at: 0)
        let y = SpringSolution(initialValue: 1, initialVelocity: 0, destination: 2).value(at: 0.1)
        #expect(model.value(layer: 0, property: .scale, at: 0.1) == .point(1, y))
    }

    /// A small deterministic generator for the random channels.
    struct Generator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return state >> 11
        }
        mutating func unit() -> Double { Double(next()) / Double(1 << 53) }
        mutating func int(_ n: Int) -> Int { Int(next() % UInt64(n)) }
        mutating func pick<T>(_ items: [T]) -> T { items[int(items.count)] }
    }

    static func randomAnimation(_ g: inout Generator, kind: ValueKind, at t: Double) -> Animation {
        func value() -> MotionValue {
            var v = MotionValue(kind: kind, components: .zero)
            for c in 0..<kind.componentCount { v[c] = (g.unit() - 0.5) * 200 }
            return v
        }
        if g.int(3) == 0 {
            return .spring(
                SpringAnimation(
                    from: value(), to: value(), initialVelocity: value(), stiffness: g.pick([10, 100, 342]),
                    damping: g.pick([0.5, 10, 20, 30, 60]), mass: g.pick([1, 2]), beginTime: t + g.pick([0, 0.1]),
                    threshold: 0.01))
        }
        let n = 1 + g.int(4)
        var keyTimes = (0..<n).map { _ in g.unit() }.sorted()
        if g.int(2) == 0 { keyTimes = Keyframes.defaultOffsets(count: n) }
        let curves: [TimingCurve] = [.linear, TimingCurve.named("standard") ?? .linear, .cubicBezier(x1: 0.3, y1: -0.5, x2: 0.7, y2: 1.5)]
        let easing = g.int(2) == 0 ? [g.pick(curves)] : (0..<max(n - 1, 1)).map { _ in g.pick(curves) }
        return .keyframe(
            KeyframeAnimation(
                values: (0..<n).map { _ in value() }, keyTimes: keyTimes, timingFunctions: easing,
                beginTime: t + g.pick([0, 0, 0.2]), duration: g.pick([0, 0.5, 1, 2]), repeatCount: g.pick([1, 1, 2.5, 3, .infinity]),
                autoreverses: g.int(3) == 0))
    }

    /// Random adds, removes, sets and prunes on random channels: the compiled form samples every
    /// channel bit for bit as the authoritative form does, at random times and at every entry's
    /// edges.
    @Test(arguments: [1, 2, 3, 4, 5, 6, 7, 8])
    func compiledSamplingMatchesTheChannelsExactly(seed: UInt64) {
        var g = Generator(state: seed)
        let layers = 3
        var model = Self.model(layers: layers)
        let properties: [LayerProperty] = [.position, .opacity, .backgroundColor, .size]
        var now = 0.0
        for _ in 0..<400 {
            now += g.pick([0, 0.05, 0.3])
            let layer = g.int(layers)
            let property = g.pick(properties)
            let component: Int? = g.int(3) == 0 ? g.int(property.kind.componentCount) : nil
            let path = PropertyPath(property, component: property.kind.componentCount > 1 ? component : nil)
            let kind = path.component == nil ? property.kind : .scalar
            switch g.int(10) {
            case 0..<6:
                var animation = Self.randomAnimation(&g, kind: kind, at: now)
                if g.int(40) == 0, case .keyframe(var k) = animation {
                    k.values = []  // not compiled: sampled in the authoritative form
                    animation = .keyframe(k)
                }
                model.add(
                    layer: layer, path: path, key: "k\(g.int(6))", animation: animation,
                    modelValue: model.value(layer: layer, property: property, at: now), at: now)
            case 6:
                model.remove(layer: layer, key: "k\(g.int(6))")
            case 7, 8:
                var v = MotionValue(kind: kind, components: .zero)
                v[0] = g.unit()
                model.set(layer: layer, path: path, value: v, at: now)
            default:
                model.prune(before: now)
            }
            #expect(model.arena.invariantViolations() == [])
            for layer in 0..<layers {
                for property in properties {
                    let channel = model.channel(layer: layer, property: property)
                    var times = (0..<4).map { _ in now + (g.unit() - 0.3) * 6 }
                    for e in channel.entries { times += [e.addedTime, e.end, e.end.nextDown, e.end.nextUp, e.addedTime.nextDown] }
                    for t in times where t.isFinite {
                        let compiled = model.value(layer: layer, property: property, at: t)
                        let reference = channel.value(at: t)
                        #expect(
                            compiled.kind == reference.kind
                                && compiled.components.indices.allSatisfy {
                                    compiled.components[$0].bitPattern == reference.components[$0].bitPattern
                                },
                            "\(property) of layer \(layer) at \(t): \(compiled) vs \(reference)")
                    }
                }
            }
        }
    }

    /// Each layer presents the values it gives, and its other properties' defaults.
    @Test func layersStartFromTheirGivenValuesAndTheDefaults() {
        let given: [[LayerProperty: MotionValue]] = [
            [.opacity: .scalar(0.25), .shape: .scalar(3)], [:], [.position: .point(7, 8), .borderColor: .scalar(0.5)],
        ]
        let model = PresentationModel(layers: given)
        for (layer, values) in given.enumerated() {
            for property in LayerProperty.allCases {
                #expect(model.value(layer: layer, property: property, at: 0) == values[property] ?? property.defaultValue)
            }
        }
    }

    /// Overlapping animations on one channel, past what the arena compiles: the block is the
    /// header alone (so an add does not recompile every animation), and values are unchanged.
    @Test func aLongChannelIsSampledInItsAuthoritativeForm() {
        var model = Self.model()
        let path = PropertyPath(.position)
        let n = 3 * SamplingArena.maximumCompiledEntries
        for i in 0..<n {
            // Nested: each later one ends before the one before it.
            let begin = Double(i) * 0.01
            let animation = Self.tween(
                .point(Double(i), 0), .point(Double(i) + 5, 5), duration: Double(2 * n - 2 * i) * 0.01, begin: begin)
            model.add(layer: 0, path: path, key: "pan-\(i)", animation: animation, at: begin)
            let block = model.arena.blockStart[PresentationModel.index(0, .position)]
            let compiled = model.arena.words[block + SamplingArena.Header.count]
            #expect(compiled == (i < SamplingArena.maximumCompiledEntries ? Double(i + 1) : -1), "after \(i + 1) adds")
            #expect(model.arena.invariantViolations() == [])
        }
        let channel = model.channel(layer: 0, property: .position)
        #expect(channel.entries.count == n)
        for k in 0...(4 * n) {
            let t = Double(k) * 0.005
            #expect(model.value(layer: 0, property: .position, at: t) == channel.value(at: t), "at \(t)")
        }
    }

    /// A channel of many animations keeps a set of its keys and a floor under their ends: adds,
    /// removes and sets by key give what they gave, and equality and hashing ignore both.
    @Test func aLongChannelFindsItsKeysAndEndsAsAShortOneDoes() {
        let n = 2 * PropertyChannel.indexedEntries + 3
        var channel = PropertyChannel(model: .scalar(0))
        for i in 0..<n {
            channel.add(Self.tween(.scalar(0), .scalar(1), duration: Double(i + 1), begin: 0), key: "k\(i)", component: nil, at: 0)
        }
        // A key added again replaces its animation, which moves to the end.
        channel.add(Self.tween(.scalar(2), .scalar(3), duration: 100, begin: 0), key: "k0", component: nil, at: 0)
        #expect(channel.entries.count == n)
        #expect(channel.entries.last?.key == "k0")
        let removed = [channel.remove(key: "k5"), channel.remove(key: "k5"), channel.remove(key: "nothing")]
        #expect(removed == [true, false, false])
        // A set at 10.5 drops the animations that ended by then: k1...k9 but k5, already gone.
        channel.set(.scalar(7), component: nil, at: 10.5)
        #expect(channel.entries.map(\.key) == (10..<n).map { "k\($0)" } + ["k0"])
        // The same entries built afresh (without the removals) compare and hash equal.
        var fresh = PropertyChannel(model: .scalar(7))
        for i in 10..<n {
            fresh.add(Self.tween(.scalar(0), .scalar(1), duration: Double(i + 1), begin: 0), key: "k\(i)", component: nil, at: 0)
        }
        fresh.add(Self.tween(.scalar(2), .scalar(3), duration: 100, begin: 0), key: "k0", component: nil, at: 0)
        #expect(fresh == channel)
        #expect(fresh.hashValue == channel.hashValue)
        // A set before any end drops nothing.
        channel.set(.scalar(8), component: nil, at: 10.75)
        #expect(channel.entries.count == fresh.entries.count)
        // Below the indexed size again, keys are still found.
        for i in 10..<n { channel.remove(key: "k\(i)") }
        #expect(channel.entries.map(\.key) == ["k0"])
        let removedLast = channel.remove(key: "k0")
        #expect(removedLast)
        #expect(channel.entries.isEmpty)
    }

    /// The first animations added fit in the arena's spare capacity: its words are not copied.
    @Test func firstAnimationsAddedDoNotGrowTheArena() {
        var model = Self.model(layers: 100)
        let capacity = model.arena.words.capacity
        #expect(capacity >= 2 * model.arena.words.count)
        for layer in 0..<100 {
            model.add(
                layer: layer, path: PropertyPath(.opacity), key: "o", animation: Self.tween(.scalar(0), .scalar(1), duration: 1, begin: 0),
                at: 0)
        }
        #expect(model.arena.words.capacity == capacity)
        #expect(model.value(layer: 99, property: .opacity, at: 0.5)[0] == 0.5)
    }

    /// Enough replaced animations to compact the arena several times: values stay right.
    @Test func compactionKeepsEveryChannel() {
        var model = Self.model(layers: 50)
        for round in 0..<40 {
            let t = Double(round)
            for layer in 0..<50 {
                model.add(
                    layer: layer, path: PropertyPath(.position), key: "p",
                    animation: Self.tween(.point(t, Double(layer)), .point(t + 1, Double(layer) + 1), duration: 1, begin: t), at: t)
                model.add(
                    layer: layer, path: PropertyPath(.opacity), key: "o\(round % 3)",
                    animation: Self.tween(.scalar(0), .scalar(1), duration: 2, begin: t), at: t)
            }
            model.prune(before: t)
        }
        for layer in 0..<50 {
            #expect(model.value(layer: layer, property: .position, at: 39.5) == .point(39.5, Double(layer) + 0.5))
            #expect(model.value(layer: layer, property: .opacity, at: 39.5)[0] == 0.25)
            #expect(model.value(layer: layer, property: .rotation, at: 39.5)[0] == 0)
        }
        #expect(model.arena.words.count < 50 * 12 * 200)
        #expect(model.arena.garbage > 0 && model.arena.invariantViolations() == [])
    }

    /// The layout check finds broken words: each corruption is one the sampling functions would
    /// read out of their block.
    @Test func invariantCheckFindsBrokenBlocks() {
        var model = Self.model(layers: 2)
        let spring = Animation.spring(
            SpringAnimation(
                from: .scalar(0), to: .scalar(1), initialVelocity: .scalar(0), stiffness: 100, damping: 10, mass: 1, beginTime: 0,
                threshold: 0.01))
        model.add(layer: 0, path: PropertyPath(.opacity), key: "s", animation: spring, at: 0)
        model.add(
            layer: 0, path: PropertyPath(.position, component: 0), key: "x",
            animation: Self.tween(.scalar(0), .scalar(1), duration: 1, begin: 0), at: 0)
        let arena = model.arena
        #expect(arena.invariantViolations() == [])
        typealias Arena = SamplingArena
        let opacity = arena.blockStart[PresentationModel.index(0, .opacity)]
        for (word, value) in [
            (Arena.Header.length, 3.0), (Arena.Header.recordsOffset, 9), (Arena.Header.count, 2), (Arena.Header.fast, 2),
            (Arena.Header.kind, 7), (Arena.Header.latestBody + Arena.SpringBody.solutionCount, 9),
        ] {
            var broken = arena
            broken.words[opacity + word] = value
            #expect(!broken.invariantViolations().isEmpty, "word \(word) = \(value)")
        }
        var leaking = arena
        leaking.garbage += 1
        #expect(leaking.invariantViolations() == ["garbage is \(arena.garbage + 1), but \(arena.garbage) words are in no block"])
    }
}
