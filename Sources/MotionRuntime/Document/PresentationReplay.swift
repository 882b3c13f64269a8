import MotionCore
import MotionPlans

/// Replays recorded presentation events into a fresh presentation, for sampling at frame times.
///
/// Events must be in emission order (as ``PresentationRecorder`` keeps them). Advancing to `t`
/// applies every event with a time at or before `t`, so sampling after ``advance(to:)`` sees what
/// the live run saw at `t`: the same operations on the same model, in the same order.
public struct PresentationReplay {
    /// The presentation with the events applied so far.
    public private(set) var model: PresentationModel
    private let events: [PresentationEvent]
    private var next = 0

    /// Starts from the initial layer values `layers` (document pre-order) and `events`.
    public init(layers: [[LayerProperty: MotionValue]], events: [PresentationEvent]) {
        model = PresentationModel(layers: layers)
        self.events = events
    }

    /// Applies the events up to and including time `t`.
    ///
    /// - Complexity: O(events applied).
    public mutating func advance(to t: Double) {
        while next < events.count, events[next].time <= t {
            events[next].apply(to: &model)
            next += 1
        }
    }
}

extension DocumentRun {
    /// Writes a trace (docs/format.md §5.1) of frames `0...lastFrame` of `document` from the events a
    /// run recorded, for the components given (normally the run's ``animatedComponents``).
    ///
    /// - Complexity: O(frames x components + events).
    public static func writeTrace(
        document: MotionDocument, events: [PresentationEvent], components: [AnimatedComponent], lastFrame: Int,
        to writer: TraceWriter
    ) {
        var replay = PresentationReplay(layers: document.targets.map { $0.layer }, events: events)
        let fps = document.canvas.fps.isFinite && document.canvas.fps > 0 ? document.canvas.fps : 60
        // Group components by (target, property): one sample per property per frame.
        var groups: [(target: Int, property: LayerProperty, id: String, components: [(Int, String)])] = []
        for component in components.sorted() {
            if let last = groups.last, last.target == component.target, last.property == component.property {
                groups[groups.count - 1].components.append((component.component, component.name))
            } else {
                groups.append(
                    (
                        component.target, component.property, document.targets[component.target].id.value,
                        [(component.component, component.name)]
                    ))
            }
        }
        guard lastFrame >= 0 else { return }
        for k in 0...lastFrame {
            let t = Double(k) / fps
            replay.advance(to: t)
            for group in groups {
                let value = replay.model.value(layer: group.target, property: group.property, at: t)
                for (c, name) in group.components {
                    writer.append(time: t, target: group.id, component: name, value: value[c])
                }
            }
        }
    }
}
