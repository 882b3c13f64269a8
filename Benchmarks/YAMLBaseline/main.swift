// YAML front-end baseline: MB/s of YAMLParser.parse against libyaml's bare event loop over the
// same generated motion-like document. Plain source for the team to wire into the Benchmarks
// target (it needs MotionYAML); run it in a release build:
//
//     yaml-baseline [megabytes=20] [rounds=5]
//
// It prints one line per measurement and the ratio parse / event loop (aim: >= 0.6).

import MotionYAML

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A deterministic motion-like document of about `megabytes` MB: targets with nested layers and
/// children, a few anchors and merge keys, and a long list of transactions with ops.
func makeDocument(megabytes: Int) -> [UInt8] {
    var s = """
        motion: 1
        name: benchmark
        canvas:
          size: [1920, 1080]
          background: "#F5F5F5"
          fps: 60
        defaults: &layerDefaults
          anchorPoint: [0.5, 0.5]
          opacity: 1
          cornerRadius: 8
        targets:

        """
    let target = megabytes << 20
    var i = 0
    while s.utf8.count < target / 2 {
        s += """
              card\(i):
                type: Card
                class: [elevated, c\(i % 7)]
                layer:
                  position: [\(i % 1920), \(i % 1080).5]
                  size: [280, 160]
                  backgroundColor: "#6200EE"
                  cornerRadius: 16
                  rotation: -12.25
                children:
                  photo\(i): { type: Photo, layer: { position: [0, -30], size: [240, 80], opacity: 0.75 } }
                  label\(i):
                    type: Label
                    layer:
                      position: [0, 40]
                      scale: 1.5

            """
        i += 1
    }
    s += "transactions:\n"
    var t = 0
    while s.utf8.count < target {
        s += """
              - at: \(Double(t) * 0.25)
                label: step\(t)
                ops:
                  - add: tween
                    target: "#card\(t % max(i, 1))"
                    property: opacity
                    from: 0
                    to: 1
                    duration: 300ms
                    easing: [0.4, 0, 0.2, 1]
                  - add: spring
                    target: "#card\(t % max(i, 1)) > Photo"
                    property: position.x
                    destination: \(t % 400)
                    stiffness: 342
                    damping: 30
                  - remove: drag\(t)
                    target: '#card\(t % max(i, 1))'

            """
        t += 1
    }
    return Array(s.utf8)
}

/// This thread's CPU time in seconds: steadier than wall time on a machine shared with other
/// builds (time spent waiting for a core is not counted).
func now() -> Double {
    var ts = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts)
    return Double(ts.tv_sec) + Double(ts.tv_nsec) * 1e-9
}

/// The best of `rounds` timings of `body`, in seconds.
func best(_ rounds: Int, _ body: () -> Int) -> (seconds: Double, result: Int) {
    var bestTime = Double.infinity
    var result = 0
    for _ in 0..<rounds {
        let t0 = now()
        result = body()
        bestTime = min(bestTime, now() - t0)
    }
    return (bestTime, result)
}

/// `x` with `digits` decimals (no Foundation).
func fixed(_ x: Double, _ digits: Int) -> String {
    var scale = 1.0
    for _ in 0..<digits { scale *= 10 }
    let v = (x * scale).rounded() / scale
    var text = String(v)
    let decimals = text.split(separator: ".").last.map(\.count) ?? 0
    if decimals < digits { text += String(repeating: "0", count: digits - decimals) }
    return text
}

let arguments = CommandLine.arguments
let megabytes = arguments.count > 1 ? Int(arguments[1]) ?? 20 : 20
let rounds = arguments.count > 2 ? Int(arguments[2]) ?? 5 : 5
let bytes = makeDocument(megabytes: megabytes)
let mb = Double(bytes.count) / 1_000_000

// Alternate the two measurements round by round, so that load from other processes on a shared
// machine hits both alike; keep the best of each.
var loop = (seconds: Double.infinity, result: 0)
var parse = (seconds: Double.infinity, result: 0)
for _ in 0..<rounds {
    let l = best(1) { YAMLEventLoop.countEvents(bytes) }
    if l.seconds < loop.seconds { loop = l }
    let p = best(1) {
        let result = YAMLParser.parse(bytes, file: "bench.yaml")
        if !result.diagnostics.isEmpty { print(result.diagnostics) }
        return result.tree.nodeCount
    }
    if p.seconds < parse.seconds { parse = p }
}
let loopSpeed = mb / loop.seconds
let parseSpeed = mb / parse.seconds
print("document: \(fixed(mb, 1)) MB, \(loop.result) events, \(parse.result) nodes")
print("(thread CPU time, best of \(rounds) alternating rounds)")
print("libyaml event loop: \(fixed(loopSpeed, 1)) MB/s")
print("YAMLParser.parse:   \(fixed(parseSpeed, 1)) MB/s")
print("ratio: \(fixed(parseSpeed / loopSpeed, 2))")
