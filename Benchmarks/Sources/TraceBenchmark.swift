import Foundation
import MotionCore
import MotionPlans
import MotionRenderServer
import MotionRuntime
import MotionScheduler
import MotionTimeline

/// `run --trace` rows: the generated benchmark document run for some frames, then its trace
/// written (sampling every animated component at every frame, formatting the CSV row) to a
/// temporary file. Baseline in the same run: the same rows' values and times formatted the way
/// the trace did before ShortestDouble (`description` through `String`, digits via an array).
enum TraceBenchmark {
    /// Runs the benchmark; with `rowsOnly`, only the `run --trace` and `play --trace` rows (for
    /// profiling them without the baselines).
    static func run(megabytes: Double, frames: Int, rounds: Int, rowsOnly: Bool = false) -> Bool {
        let bytes = BenchmarkDocument.make(megabytes: megabytes)
        guard let document = DocumentLoader.load(bytes, file: "benchmark.yaml").document else {
            print("trace: the benchmark document does not decode")
            return false
        }
        let recorder = ChannelRecorder()
        let run = DocumentRun(document: document, sink: recorder)
        let outcome = run.play(until: StopRule(duration: Double(frames - 1) / run.fps))
        let components = run.animatedComponents
        // What `run --trace` writes: the recorded events as a timeline, played for the rows.
        let recorded = Baker.timeline(of: run, events: recorder.events, outcome: outcome)
        let path = NSTemporaryDirectory() + "motionc-benchmark-\(getpid()).csv"
        defer { unlink(path) }
        var rows = 0
        // The values the trace prints (from one untimed trace), for the formatting-only comparison.
        if let writer = try? TraceWriter(path: path) {
            recorded.writeTrace(frames: frames, to: writer)
            try? writer.finish()
        }
        let text = rowsOnly ? "" : (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
        let values = text.split(separator: "\n").dropFirst().compactMap { $0.split(separator: ",").last.flatMap { Double($0) } }
        var checksum = 0
        let timeline = Baker.bake(document).timeline
        var playRows = 0
        let measurements: [() -> Void] = [
            {
                guard let writer = try? TraceWriter(path: path) else { return }
                recorded.writeTrace(frames: frames, to: writer)
                rows = writer.rowCount
                try? writer.finish()
            },
            {
                // play --trace: the baked timeline's rows (as `motionc play --trace`, no render server).
                guard let writer = try? TraceWriter(path: path) else { return }
                timeline.writeTrace(frames: frames, to: writer)
                playRows = writer.rowCount
                writer.discard()
            },
            {
                var buffer: [UInt8] = []
                buffer.reserveCapacity(1 << 16)
                for (i, v) in values.enumerated() {
                    ShortestDouble.append(v, to: &buffer, integralSuffix: false)
                    if i % 1000 == 0 { buffer.removeAll(keepingCapacity: true) }
                }
                checksum &+= buffer.count
            },
            {
                // Value text as the trace writes it: straight into one reused buffer.
                let buffer = UnsafeMutablePointer<UInt8>.allocate(capacity: ShortestDouble.scratchSize)
                defer { buffer.deallocate() }
                for v in values {
                    checksum &+= ShortestDouble.write(v, to: buffer, integralSuffix: false)
                }
            },
            {
                var buffer: [UInt8] = []
                buffer.reserveCapacity(1 << 16)
                for (i, v) in values.enumerated() {
                    buffer.append(contentsOf: describedValue(v).utf8)
                    if i % 1000 == 0 { buffer.removeAll(keepingCapacity: true) }
                }
                checksum &+= buffer.count
            },
            {
                // CSV only: TraceWriter.append over the same values, frames and names.
                guard let writer = try? TraceWriter(path: path) else { return }
                let perFrame = max(1, components.count)
                for (i, v) in values.enumerated() {
                    writer.append(time: Double(i / perFrame) / 60, target: "card123", component: "position.x", value: v)
                }
                writer.discard()
            },
            {
                // CSV only, with the columns encoded once.
                guard let writer = try? TraceWriter(path: path) else { return }
                let perFrame = max(1, components.count)
                let label = TraceLabel(target: "card123", component: "position.x")
                for (i, v) in values.enumerated() {
                    writer.append(time: Double(i / perFrame) / 60, label: label, value: v)
                }
                writer.discard()
            },
            {
                // CSV only, as the trace wrote rows before: the same columns and file writes.
                guard let file = try? AtomicFileWriter(path: path) else { return }
                var buffer: [UInt8] = []
                buffer.reserveCapacity(1 << 16)
                let perFrame = max(1, components.count)
                for (i, v) in values.enumerated() {
                    previousRow(time: Double(i / perFrame) / 60, target: "card123", component: "position.x", value: v, to: &buffer)
                    if buffer.count >= 1 << 16 {
                        file.write(buffer)
                        buffer.removeAll(keepingCapacity: true)
                    }
                }
                file.discard()
            },
        ]
        let times = Measure.alternating(rounds: rounds, rowsOnly ? Array(measurements.prefix(2)) : measurements)
        if rowsOnly {
            print("trace: \(rows) rows (best of \(rounds))")
            print("  one --trace row (sample + CSV)     \(Measure.fixed(times[0] / Double(max(rows, 1)) * 1e9, 1)) ns")
            print("  one play --trace row (sample + CSV)  \(Measure.fixed(times[1] / Double(max(playRows, 1)) * 1e9, 1)) ns")
            return rows > 0
        }
        let (row, play, appended, fast, described, csv, labelled, previousCSV) = (
            times[0], times[1], times[2], times[3], times[4], times[5], times[6], times[7]
        )
        let perRow = row / Double(max(rows, 1)) * 1e9
        let n = Double(max(values.count, 1))
        print(
            "trace: \(Measure.fixed(Double(bytes.count) / 1e6, 1)) MB, \(document.targets.count) targets, "
                + "\(components.count) animated components x \(frames) frames = \(rows) rows (best of \(rounds))")
        print("  one --trace row (sample + CSV)     \(Measure.fixed(perRow, 1)) ns   (goal <= 100 ns)")
        print(
            "  one play --trace row (sample + CSV)  \(Measure.fixed(play / Double(max(playRows, 1)) * 1e9, 1)) ns   (\(playRows) rows; TraceLabel columns)"
        )
        print(
            "    of which CSV (TraceWriter.append)  \(Measure.fixed(csv / n * 1e9, 1)) ns; with TraceLabel \(Measure.fixed(labelled / n * 1e9, 1)) ns; the rest is sampling and the row loop"
        )
        print(
            "  value text: ShortestDouble (into one buffer)  \(Measure.fixed(fast / n * 1e9, 1)) ns   description \(Measure.fixed(described / n * 1e9, 1)) ns   ratio \(Measure.fixed(described / max(fast, 1e-12), 1))x"
        )
        print("    appended to an array (ShortestDouble.append)  \(Measure.fixed(appended / n * 1e9, 1)) ns")
        print(
            "    CSV as before (description, a digit array per time)  \(Measure.fixed(previousCSV / n * 1e9, 1)) ns   ratio \(Measure.fixed(previousCSV / csv, 1))x"
        )
        let before = perRow + (previousCSV - csv) / n * 1e9
        print(
            "  the row as before, estimated (sampling as now)   \(Measure.fixed(before, 1)) ns   ratio \(Measure.fixed(before / perRow, 1))x"
        )
        if checksum == 42 { print("") }
        return rows > 0
    }

    /// The value text as the trace wrote it before: `description`, trimmed of `.0`.
    private static func describedValue(_ value: Double) -> String {
        if value == 0 { return "0" }
        let text = value.description
        if text.hasSuffix(".0") { return String(text.dropLast(2)) }
        return text
    }

    /// A row as the trace wrote it before: `description` through `String`, a digit array per time.
    private static func previousRow(time: Double, target: String, component: String, value: Double, to bytes: inout [UInt8]) {
        let micro = (abs(time) * 1e6).rounded(.toNearestOrAwayFromZero)
        var whole = Int64(micro) / 1_000_000
        let fraction = Int64(micro) % 1_000_000
        var digits: [UInt8] = []
        repeat {
            digits.append(UInt8(ascii: "0") + UInt8(whole % 10))
            whole /= 10
        } while whole > 0
        bytes.append(contentsOf: digits.reversed())
        bytes.append(UInt8(ascii: "."))
        var divisor: Int64 = 100_000
        for _ in 0..<6 {
            bytes.append(UInt8(ascii: "0") + UInt8((fraction / divisor) % 10))
            divisor /= 10
        }
        bytes.append(UInt8(ascii: ","))
        bytes.append(contentsOf: target.utf8)
        bytes.append(UInt8(ascii: ","))
        bytes.append(contentsOf: component.utf8)
        bytes.append(UInt8(ascii: ","))
        bytes.append(contentsOf: describedValue(value).utf8)
        bytes.append(UInt8(ascii: "\n"))
    }
}
