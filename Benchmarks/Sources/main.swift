// motionc's benchmarks, measured in a release build as ratios against baselines measured in the
// same run (never as timed assertions in tests):
//
//     swift run -c release motionc-benchmarks [front-end|validate|commit|runtime|render|trace|frames|export|read|scaling|all] [--megabytes 20] [--rounds 5]
//
// See Benchmarks/README.md for what each one measures and the goals.

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

let arguments = Array(CommandLine.arguments.dropFirst())

func option(_ name: String, default value: Double) -> Double {
    guard let i = arguments.firstIndex(of: name), i + 1 < arguments.count, let v = Double(arguments[i + 1]) else { return value }
    return v
}

// The event-loop mode of the whole-process benchmark: this executable as libyaml's bare loop.
if arguments.count == 2, arguments[0] == "event-loop" {
    exit(ProcessBenchmark.eventLoop(path: arguments[1]))
}
// Its measure mode: starts one child from a small process and reports its CPU time and memory.
if arguments.count >= 3, arguments[0] == "measure" {
    exit(ProcessBenchmark.measure(report: arguments[1], command: Array(arguments[2...])))
}

func textOption(_ name: String) -> String? {
    guard let i = arguments.firstIndex(of: name), i + 1 < arguments.count else { return nil }
    return arguments[i + 1]
}

let which = arguments.first { !$0.hasPrefix("--") && Double($0) == nil && !$0.contains("/") } ?? "all"
let megabytes = option("--megabytes", default: 20)
let rounds = max(1, Int(option("--rounds", default: 5)))
var ok = true
if which == "front-end" || which == "all" {
    ok = FrontEndBenchmark.run(megabytes: megabytes, rounds: rounds) && ok
}
// `validate` (whole processes) and `commit` run on the document of issue 17's measurements, 11.5 MB
// unless --megabytes says otherwise.
let processMegabytes = option("--megabytes", default: 11.5)
if which == "validate" || which == "all" {
    ok = ProcessBenchmark.run(megabytes: processMegabytes, rounds: rounds, motionc: textOption("--motionc")) && ok
}
if which == "commit" || which == "all" {
    ok = CommitBenchmark.run(megabytes: processMegabytes, rounds: min(rounds, 3)) && ok
}
if which == "runtime" || which == "all" {
    ok = RuntimeBenchmark.run() && ok
}
if which == "render" || which == "all" {
    ok = RenderServerBenchmark.run(rounds: rounds) && ok
}
if which == "export" || which == "all" {
    ok = ExportBenchmark.run(targets: Int(option("--targets", default: 20_000)), rounds: min(rounds, 3)) && ok
}
if which == "read" || which == "all" {
    ok = TimelineReadBenchmark.run(targets: Int(option("--targets", default: 20_000)), rounds: rounds) && ok
}
if which == "trace" || which == "all" {
    ok =
        TraceBenchmark.run(
            megabytes: option("--trace-megabytes", default: 11.5), frames: Int(option("--trace-frames", default: 30)), rounds: rounds,
            rowsOnly: arguments.contains("--rows-only")) && ok
}
if which == "scaling" || which == "all" {
    ok = ScalingBenchmark.run(n: Int(option("--scaling-n", default: 4_000)), rounds: min(rounds, 3)) && ok
}
if which == "frames" || which == "all" {
    ok = RenderFramesBenchmark.run(frames: Int(option("--frames", default: 24)), rounds: min(rounds, 3)) && ok
}
if !ok {
    print("a benchmark could not run (see above)")
}
