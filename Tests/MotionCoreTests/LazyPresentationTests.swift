import Testing

@testable import MotionCore

/// A presentation that builds each channel on its first write (a document run's) presents what
/// the presentation built whole does: every channel of every layer, bit for bit, on random event
/// streams, and a channel nothing wrote shows its layer's initial value; so does one whose sampling
/// blocks are compiled on demand, before and after they are.
@Suite struct LazyPresentationTests {
    typealias Generator = PresentationModelTests.Generator

    /// The same components bit for bit.
    static func same(_ a: MotionValue, _ b: MotionValue) -> Bool {
        a.kind == b.kind && a.components.indices.allSatisfy { a.components[$0].bitPattern == b.components[$0].bitPattern }
    }

    @Test(arguments: [21, 22, 23, 24, 25, 26])
    func samplesAsTheWholePresentation(seed: UInt64) {
        var g = Generator(state: seed)
        let layers = 5
        let events = SparsePresentationTests.randomEvents(&g, layers: layers, count: 300)
        // Initial values on some layers and properties, none on others.
        let initial: [[LayerProperty: MotionValue]] = (0..<layers).map { layer in
            layer == 3
                ? [:]
                : [.opacity: .scalar(Double(layer) / 4), .position: .point(Double(layer), -Double(layer)), .zPosition: .scalar(7)]
        }
        var whole = PresentationModel(layers: initial)
        var lazy = PresentationModel(lazyLayers: initial)
        // Initial values given value by value (a document's packed layers), not as dictionaries.
        var counted = PresentationModel(lazyLayerCount: layers) { layer, add in
            for (property, value) in initial[layer] { add(property, value) }
        }
        // Initial values looked up when a channel is first read (a document run's).
        var looked = PresentationModel(lazyLayerCount: layers) { layer, property in initial[layer][property] }
        // The same, its sampling blocks compiled only when asked (a document run's): sampled before
        // (stale blocks read their channels) and after they are compiled.
        var onDemand = PresentationModel(lazyLayerCount: layers) { layer, property in initial[layer][property] }
        onDemand.compilesBlocksOnDemand = true
        // Room made ahead for channels (a document run's commit does) changes nothing presented.
        counted.reserve(channels: 3)
        var stale = 0
        var compared = 0
        for (n, event) in events.enumerated() {
            if n % 50 == 0 { onDemand.reserve(channels: 2) }
            event.apply(to: &whole)
            event.apply(to: &lazy)
            event.apply(to: &counted)
            event.apply(to: &looked)
            event.apply(to: &onDemand)
            #expect(onDemand.arena.invariantViolations() == [])
            let words = onDemand.arena.words
            stale += onDemand.arena.blockStart.filter { words[$0] == SamplingArena.Header.stale }.count
            var compiled = onDemand
            compiled.compileStaleBlocks()
            #expect(compiled.arena.invariantViolations() == [])
            #expect(!compiled.arena.blockStart.contains { compiled.arena.words[$0] == SamplingArena.Header.stale })
            for layer in 0..<layers {
                for property in LayerProperty.allCases {
                    for t in [event.time, event.time + 0.01, event.time + 0.4] {
                        let expected = whole.value(layer: layer, property: property, at: t)
                        #expect(Self.same(expected, lazy.value(layer: layer, property: property, at: t)))
                        #expect(Self.same(expected, counted.value(layer: layer, property: property, at: t)))
                        #expect(Self.same(expected, looked.value(layer: layer, property: property, at: t)))
                        #expect(Self.same(expected, onDemand.value(layer: layer, property: property, at: t)))
                        #expect(Self.same(expected, compiled.value(layer: layer, property: property, at: t)))
                        compared += 1
                    }
                    let channel = whole.channel(layer: layer, property: property)
                    #expect(channel == lazy.channel(layer: layer, property: property))
                    #expect(channel == lazy.channelInPlace(layer: layer, property: property))
                }
            }
        }
        #expect(compared == events.count * layers * LayerProperty.allCases.count * 3)
        // Blocks were left stale along the way (so both forms were sampled).
        #expect(stale > 0)
    }

    /// Turning on-demand compilation off compiles every stale block at once.
    @Test func turningOnDemandOffCompilesTheStaleBlocks() {
        var model = PresentationModel(lazyLayerCount: 2) { _, _ in nil }
        model.compilesBlocksOnDemand = true
        let fade = Animation.keyframe(
            KeyframeAnimation(values: [.scalar(0), .scalar(1)], keyTimes: [0, 1], timingFunctions: [.linear], beginTime: 0, duration: 1))
        model.add(layer: 1, path: PropertyPath(.opacity), key: "fade", animation: fade, modelValue: .scalar(1), at: 0)
        let block = { model.arena.words[model.arena.blockStart[0] + SamplingArena.Header.count] }
        #expect(block() == SamplingArena.Header.stale)
        #expect(model.value(layer: 1, property: .opacity, at: 0.25) == .scalar(0.25))
        model.compilesBlocksOnDemand = false
        #expect(block() == 1)
        #expect(model.value(layer: 1, property: .opacity, at: 0.25) == .scalar(0.25))
        #expect(model.arena.invariantViolations() == [])
    }

    @Test func unwrittenChannelsShowTheLayersInitialValues() {
        var model = PresentationModel(lazyLayers: [[.opacity: .scalar(0.25)], [:]])
        #expect(model.value(layer: 0, property: .opacity, at: 1) == .scalar(0.25))
        #expect(model.value(layer: 0, property: .rotation, at: 1) == LayerProperty.rotation.defaultValue)
        #expect(model.value(layer: 1, property: .opacity, at: 1) == LayerProperty.opacity.defaultValue)
        #expect(model.channel(layer: 0, property: .opacity).model == .scalar(0.25))
        // A write builds the channel from the layer's initial value: a component set keeps the others.
        model.set(layer: 0, path: PropertyPath(.position, component: 1), value: .scalar(9), at: 0)
        let position = LayerProperty.position.defaultValue.components
        #expect(model.value(layer: 0, property: .position, at: 1) == .point(position.x, 9))
        // A 1 s linear tween of opacity from 0 to 1, half-way at 0.5 s.
        model.add(
            layer: 0, path: PropertyPath(.opacity), key: "fade",
            animation: .keyframe(
                KeyframeAnimation(
                    values: [.scalar(0), .scalar(1)], keyTimes: [0, 1], timingFunctions: [.linear], beginTime: 0, duration: 1)),
            modelValue: .scalar(1), at: 0)
        #expect(model.value(layer: 0, property: .opacity, at: 0.5) == .scalar(0.5))
        // Layers the model does not have: writes do nothing, reads give the default.
        model.set(layer: 2, path: PropertyPath(.opacity), value: .scalar(0.5), at: 0)
        model.set(layer: -1, path: PropertyPath(.opacity), value: .scalar(0.5), at: 0)
        #expect(model.value(layer: 1, property: .opacity, at: 0) == LayerProperty.opacity.defaultValue)
        #expect(model.layerCount == 2)
        // Looked up: the same, and a layer outside the model is not asked for.
        var looked = PresentationModel(lazyLayerCount: 2) { layer, property in
            precondition(layer >= 0 && layer < 2)
            return layer == 0 && property == .opacity ? .scalar(0.25) : nil
        }
        #expect(looked.value(layer: 0, property: .opacity, at: 1) == .scalar(0.25))
        #expect(looked.value(layer: 0, property: .rotation, at: 1) == LayerProperty.rotation.defaultValue)
        #expect(looked.value(layer: 1, property: .opacity, at: 1) == LayerProperty.opacity.defaultValue)
        looked.set(layer: 2, path: PropertyPath(.opacity), value: .scalar(0.5), at: 0)
        looked.set(layer: 0, path: PropertyPath(.position, component: 1), value: .scalar(9), at: 0)
        #expect(looked.value(layer: 0, property: .position, at: 1) == .point(position.x, 9))
    }
}
