import Testing

@testable import MotionCore

/// A trace's presentation keeps only the channels its events touch: on random event streams it
/// samples every kept channel bit for bit as the whole presentation does, and the touched
/// components are exactly the (layer, property, component) triples the events write, in order.
@Suite struct SparsePresentationTests {
    typealias Generator = PresentationModelTests.Generator

    /// Random set, add and remove events on `layers` layers, in time order.
    static func randomEvents(_ g: inout Generator, layers: Int, count: Int) -> [ChannelEvent] {
        let properties: [LayerProperty] = [.position, .opacity, .backgroundColor, .size, .rotation]
        var events: [ChannelEvent] = []
        var now = 0.0
        for _ in 0..<count {
            now += g.pick([0, 0.05, 0.3])
            let layer = g.int(layers)
            let property = g.pick(properties)
            let component: Int? = property.kind.componentCount > 1 && g.int(3) == 0 ? g.int(property.kind.componentCount) : nil
            let path = PropertyPath(property, component: component)
            let kind = component == nil ? property.kind : .scalar
            var value = MotionValue(kind: kind, components: .zero)
            for c in 0..<kind.componentCount { value[c] = (g.unit() - 0.5) * 100 }
            let key = g.pick(["a", "b", "c"])
            let action: ChannelEvent.Action
            switch g.int(4) {
            case 0: action = .set(path: path, value: value)
            case 1: action = .remove(key: key)
            default:
                action = .add(
                    key: key, path: path, animation: PresentationModelTests.randomAnimation(&g, kind: kind, at: now), modelValue: value,
                    initialVelocity: nil)
            }
            events.append(ChannelEvent(time: now, layer: layer, action: action))
        }
        return events
    }

    @Test(arguments: [11, 12, 13, 14, 15, 16])
    func keptChannelsSampleAsTheWholePresentation(seed: UInt64) {
        var g = Generator(state: seed)
        let layers = 4
        let events = Self.randomEvents(&g, layers: layers, count: 300)
        let initial = (0..<layers).map { layer in [LayerProperty.opacity: MotionValue.scalar(Double(layer) / 4)] }
        let touched = ChannelEvent.touchedComponents(events)
        var whole = PresentationModel(layers: initial)
        var kept = PresentationModel(layers: initial, keeping: touched.map { PresentationModel.index($0.target, $0.property) })
        var compared = 0
        for event in events {
            event.apply(to: &whole)
            event.apply(to: &kept)
            for c in touched {
                for t in [event.time, event.time + 0.01, event.time + 0.4, event.time + 5] {
                    let expected = whole.value(layer: c.target, property: c.property, at: t)
                    let actual = kept.value(layer: c.target, property: c.property, at: t)
                    #expect(
                        expected.kind == actual.kind
                            && expected.components.indices.allSatisfy {
                                expected.components[$0].bitPattern == actual.components[$0].bitPattern
                            },
                        "layer \(c.target) \(c.property) at \(t)")
                    compared += 1
                }
            }
        }
        #expect(compared > 1000)
        #expect(kept.layerCount == layers)
    }

    @Test func touchedComponentsAreTheWrittenTriplesInOrder() {
        var g = Generator(state: 99)
        for layers in [1, 3, 40] {
            var events = Self.randomEvents(&g, layers: layers, count: 200)
            // A layer number far beyond the events' count takes the sorting path: same rule.
            if layers == 40 {
                events.append(ChannelEvent(time: 9, layer: 100_000, action: .set(path: PropertyPath(.position), value: .point(1, 2))))
            }
            var expected = Set<[Int]>()
            for event in events {
                switch event.action {
                case .set(let path, _), .add(_, let path, _, _, _):
                    let components = path.component.map { [$0] } ?? Array(0..<path.property.kind.componentCount)
                    for c in components { expected.insert([event.layer, path.property.ordinal, c]) }
                case .remove: continue
                }
            }
            let ordered = expected.sorted { $0.lexicographicallyPrecedes($1) }
            let touched = ChannelEvent.touchedComponents(events).map { [$0.target, $0.property.ordinal, $0.component] }
            #expect(touched == ordered, "\(layers) layers")
        }
    }
}
