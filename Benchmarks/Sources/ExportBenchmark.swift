import MotionCore
import MotionExport
import MotionJSON
import MotionPlans
import MotionScheduler
import MotionTimeline

/// Export cost against bake cost, on the runtime benchmark's 20,000 targets (each an opacity tween
/// and a position spring): baking the document, then exporting the baked timeline to Lottie and to
/// HTML. The goal: an export costs at most 2x the bake. Also the Lottie file's size against a naive
/// export that stores one linear keyframe per frame for every animated component.
enum ExportBenchmark {
    /// The benchmark's document: `n` targets, each an opacity tween and a position spring.
    static func document(targets n: Int) -> MotionDocument? {
        RuntimeBenchmark.document(targets: n, tweenDuration: 0.3, stiffness: 342, damping: 30)
    }

    static func run(targets n: Int = 20_000, rounds: Int) -> Bool {
        guard let document = document(targets: n) else {
            print("export: could not build the benchmark document")
            return false
        }
        var timeline = Baker.bake(document).timeline
        var lottie: [UInt8] = []
        var html: [UInt8] = []
        let times = Measure.alternating(
            rounds: rounds,
            [
                { timeline = Baker.bake(document).timeline },
                { lottie = TimelineTracks(timeline).export(to: .lottie).bytes },
                { html = TimelineTracks(timeline).export(to: .html).bytes },
            ])
        let naive = naiveLottieBytes(timeline)
        print("export (\(n) targets, \(timeline.events.count) events, \(Measure.fixed(timeline.end, 2)) s)")
        print("  bake              \(Measure.fixed(times[0] * 1000, 1)) ms")
        print("  export to Lottie  \(Measure.fixed(times[1] * 1000, 1)) ms = \(Measure.fixed(times[1] / times[0], 2))x bake (goal <= 2)")
        print("  export to HTML    \(Measure.fixed(times[2] * 1000, 1)) ms = \(Measure.fixed(times[2] / times[0], 2))x bake (goal <= 2)")
        print(
            "  Lottie size       \(lottie.count / 1024) KiB against \(naive / 1024) KiB one keyframe per frame "
                + "(\(Measure.fixed(Double(lottie.count) / Double(max(naive, 1)), 3))x); HTML \(html.count / 1024) KiB")
        return true
    }

    /// The size of the animated properties of a Lottie file that keeps one linear keyframe per
    /// frame for every animated component, as a sampling exporter would write them.
    static func naiveLottieBytes(_ timeline: Timeline) -> Int {
        let fps = timeline.canvas.fps
        let frames = Int((timeline.end * fps).rounded(.up)) + 1
        let model = timeline.initialPresentation
        var presentation = model
        var next = 0
        var bytes = 0
        var samples = [[Double]](repeating: [], count: timeline.touchedComponents.count)
        let touched = timeline.touchedComponents
        for k in 0..<frames {
            let t = Double(k) / fps
            while next < timeline.events.count, timeline.events[next].time <= t {
                timeline.events[next].apply(to: &presentation)
                next += 1
            }
            for (i, c) in touched.enumerated() {
                samples[i].append(presentation.value(layer: c.layer, property: c.property, at: t)[c.component])
            }
        }
        for row in samples {
            let keyframes: [JSONValue] = row.enumerated().map { k, v in
                .object([
                    "t": .number(Double(k)), "s": .numbers([v]),
                    "o": .object(["x": .numbers([0]), "y": .numbers([0])]),
                    "i": .object(["x": .numbers([1]), "y": .numbers([1])]), "h": .number(0),
                ])
            }
            bytes += JSONValue.object(["a": .number(1), "k": .array(keyframes)]).serialized(pretty: false).utf8.count
        }
        return bytes
    }
}
