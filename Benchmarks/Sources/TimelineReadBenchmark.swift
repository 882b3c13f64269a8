import MotionJSON
import MotionScheduler
import MotionTimeline

/// Reading a baked timeline as `play`, `render` and `export` do, on the export benchmark's
/// timeline (20,000 targets, each an opacity tween and a position spring: 27 MB of text):
/// `TimelineJSON.decode(_:)` of the file's bytes, which reads a timeline as a bake writes it
/// straight from the bytes. The baseline, in the same run: the two-stage reader it replaces, a
/// JSON tree (`JSONReader.parse`) then the timeline checked on the tree (`TimelineJSON.decode`
/// of the tree), which still reads any other text and names its problems.
enum TimelineReadBenchmark {
    static func run(targets n: Int = 20_000, rounds: Int) -> Bool {
        guard let baked = ExportBenchmark.document(targets: n).map({ Baker.bake($0).timeline }) else {
            print("read: could not build the benchmark document")
            return false
        }
        let bytes = Array(TimelineJSON.text(baked).utf8)
        var direct: Timeline?
        var tree: Timeline?
        let times = Measure.alternating(
            rounds: rounds,
            [
                { direct = try? TimelineJSON.decode(bytes) },
                { tree = try? TimelineJSON.decode(JSONReader.parse(bytes, maximumValues: TimelineJSON.maximumValues)) },
            ])
        guard let direct, direct == tree, direct == baked else {
            print("read: the two readers disagree, or do not read back the baked timeline")
            return false
        }
        let megabytes = Double(bytes.count) / 1e6
        print("read a timeline (\(n) targets, \(baked.events.count) events, \(Measure.fixed(megabytes, 1)) MB of text)")
        print(
            "  straight from the bytes  \(Measure.fixed(times[0] * 1000, 1)) ms  \(Measure.fixed(megabytes / times[0], 0)) MB/s")
        print(
            "  JSON tree, then checked  \(Measure.fixed(times[1] * 1000, 1)) ms  \(Measure.fixed(megabytes / times[1], 0)) MB/s   "
                + "(\(Measure.fixed(times[1] / times[0], 2))x the time)")
        return true
    }
}
