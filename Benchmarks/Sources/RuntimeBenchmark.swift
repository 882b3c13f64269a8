import MotionCore
import MotionPlans
import MotionRuntime
import MotionScheduler

/// Frame cost of the running scheduler: 20,000 targets each running a tween and a spring
/// (40,000 animated properties). One frame is `DocumentRun.advance` to the next frame time plus
/// sampling every animated property. Then the same number of targets at rest, to show that frame
/// cost follows active executors, not committed ones.
enum RuntimeBenchmark {
    static func document(targets n: Int, tweenDuration: Double, stiffness: Double, damping: Double) -> MotionDocument? {
        var yaml = "motion: 1\ncanvas: { fps: 60 }\ntargets:\n"
        for i in 0..<n { yaml += "  t\(i): { layer: { position: [\(i % 500), \(i / 500)], opacity: 0 } }\n" }
        yaml += "transactions:\n  - ops:\n"
        yaml += "      - { add: tween, target: \"*\", property: opacity, from: 0, to: 1, duration: \(tweenDuration), easing: standard }\n"
        yaml +=
            "      - { add: spring, target: \"*\", property: position, destination: [250, 20], stiffness: \(stiffness), damping: \(damping) }\n"
        return DocumentLoader.load(Array(yaml.utf8), file: "runtime-benchmark.yaml").document
    }

    static func run(targets n: Int = 20_000, frames: Int = 240) -> Bool {
        guard let moving = document(targets: n, tweenDuration: 100, stiffness: 10, damping: 0.5),
            let resting = document(targets: n, tweenDuration: 0.1, stiffness: 342, damping: 30)
        else {
            print("runtime: could not build the benchmark documents")
            return false
        }
        let (commit, run) = Measure.time { DocumentRun(document: moving) }
        var seen = Set<Int>()
        var properties: [(Int, LayerProperty)] = []
        for component in run.animatedComponents where seen.insert(component.target * 16 + component.property.ordinal).inserted {
            properties.append((component.target, component.property))
        }
        var checksum = 0.0
        var advance = 0.0
        var sampling = 0.0
        for k in 1...frames {
            advance += Measure.time { run.advance(toFrame: k) }.seconds
            let model = run.presentation
            let t = Double(k) / run.fps
            sampling +=
                Measure.time {
                    for (target, property) in properties { checksum += model.value(layer: target, property: property, at: t)[0] }
                }.seconds
        }
        let perFrame = (advance + sampling) / Double(frames)
        let rest = DocumentRun(document: resting)
        rest.advance(to: 30)
        let first = rest.frameIndex
        let restTime = Measure.time { for k in 1...frames { rest.advance(toFrame: first + k) } }.seconds / Double(frames)
        print(
            "runtime: \(n) targets x (tween + spring) = \(properties.count) animated properties, commit \(Measure.fixed(commit * 1e3, 1)) ms"
        )
        print(
            "  one frame while moving          \(Measure.fixed(perFrame * 1e3, 3)) ms   \(Measure.fixed(perFrame / Double(max(1, properties.count)) * 1e9, 1)) ns per property   (goal <= 2 ms, 50 ns)"
        )
        print(
            "    advance \(Measure.fixed(advance / Double(frames) * 1e3, 4)) ms, sampling \(Measure.fixed(sampling / Double(frames) * 1e3, 3)) ms"
        )
        print(
            "  one frame at rest               \(Measure.fixed(restTime * 1e6, 2)) us   (\(rest.runtime.executorCount) executors, at rest: \(rest.isAtRest))"
        )
        if checksum.isNaN { print("") }
        return true
    }
}
