// Frame cost of the running scheduler (issue "The running scheduler", item 5).
//
// 20,000 targets, each running a tween (opacity, standard easing) and a spring (position):
// 40,000 animated properties, 60,000 animated components. One frame = DocumentRun.advance to the
// next frame time + sampling every animated property of the presentation. Then the same targets at
// rest: a frame must cost (almost) nothing, since executors are event-driven and only frame-driven
// executors (squash and stretch) are updated per frame.
//
// Build in release: a Benchmarks executable target depending on MotionRuntime and MotionPlans.
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import MotionCore
import MotionPlans
import MotionRuntime

/// `x` with `digits` decimals (no Foundation).
func fixed(_ digits: Int, _ x: Double) -> String {
    var scale = 1.0
    for _ in 0..<digits { scale *= 10 }
    let r = (x * scale).rounded() / scale
    return "\(r)"
}

func seconds() -> Double {
    var ts = timespec()
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
}

func document(targets n: Int, tweenDuration: Double, stiffness: Double, damping: Double) -> MotionDocument? {
    var yaml = "motion: 1\ncanvas: { fps: 60 }\ntargets:\n"
    for i in 0..<n { yaml += "  t\(i): { layer: { position: [\(i % 500), \(i / 500)], opacity: 0 } }\n" }
    yaml += "transactions:\n  - ops:\n"
    yaml += "      - { add: tween, target: \"*\", property: opacity, from: 0, to: 1, duration: \(tweenDuration), easing: standard }\n"
    yaml +=
        "      - { add: spring, target: \"*\", property: position, destination: [250, 20], stiffness: \(stiffness), damping: \(damping) }\n"
    let result = DocumentLoader.load(Array(yaml.utf8), file: "bench.yaml")
    return result.document
}

/// Samples every animated property (one value per property, all its components) at `t`.
/// - Complexity: O(animated properties).
func sampleAll(_ run: DocumentRun, properties: [(Int, LayerProperty)], at t: Double) -> Double {
    let model = run.presentation
    var sum = 0.0
    for (target, property) in properties {
        let value = model.value(layer: target, property: property, at: t)
        sum += value[0] + value[1]
    }
    return sum
}

let n = 20_000
guard let moving = document(targets: n, tweenDuration: 100, stiffness: 10, damping: 0.5),
    let resting = document(targets: n, tweenDuration: 0.1, stiffness: 342, damping: 30)
else {
    print("could not build the benchmark documents")
    exit(1)
}

var start = seconds()
let run = DocumentRun(document: moving)
print("commit of \(n) targets x 2 intentions: \(fixed(1, (seconds() - start) * 1e3)) ms")
let properties = Array(Set(run.animatedComponents.map { ($0.target * 16 + $0.property.ordinal) })).sorted().map {
    ($0 / 16, LayerProperty.allCases[$0 % 16])
}
print("animated properties: \(properties.count), components: \(run.animatedComponentCount)")

var checksum = 0.0
let frames = 240
var advanceTime = 0.0
var sampleTime = 0.0
for k in 1...frames {
    let a = seconds()
    run.advance(toFrame: k)
    let b = seconds()
    checksum += sampleAll(run, properties: properties, at: Double(k) / 60)
    let c = seconds()
    advanceTime += b - a
    sampleTime += c - b
}
let perFrame = (advanceTime + sampleTime) / Double(frames)
print(
    "moving: \(fixed(3, perFrame * 1e3)) ms per frame (advance \(fixed(4, advanceTime / Double(frames) * 1e3)) ms, sampling \(fixed(3, sampleTime / Double(frames) * 1e3)) ms); \(fixed(1, perFrame / Double(properties.count) * 1e9)) ns per property; active: \(run.runtime.isActive)"
)

start = seconds()
let rest = DocumentRun(document: resting)
rest.advance(to: 30)
print("resting document at rest: \(rest.isAtRest) (setup + 30 s: \(fixed(1, (seconds() - start) * 1e3)) ms)")
let first = rest.frameIndex
start = seconds()
for k in 1...frames { rest.advance(toFrame: first + k) }
let restFrame = (seconds() - start) / Double(frames)
print("at rest: \(fixed(2, restFrame * 1e6)) us per frame (advance only; \(n) targets, \(rest.runtime.executorCount) executors)")
print("checksum \(checksum)")
