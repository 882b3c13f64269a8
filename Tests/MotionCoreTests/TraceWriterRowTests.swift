import Foundation
import Testing

@testable import MotionCore

/// TraceWriter's raw row buffer: rows with labels, rows with plain strings, names longer than
/// the buffer and many flushes all give the same text, each row built independently here.
@Suite struct TraceWriterRowTests {
    @Test("labelled rows, long names and many rows are written exactly as plain rows")
    func labelledAndLongRows() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("trace-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let plain = try TraceWriter(path: folder.appendingPathComponent("plain.csv").path)
        let labelled = try TraceWriter(path: folder.appendingPathComponent("labelled.csv").path)
        // A name longer than the writer's buffer, then enough rows to flush it many times.
        let long = String(repeating: "x", count: 100_000)
        var expected = "time,target,property,value\n"
        for k in 0..<20_000 {
            let target = k == 7 ? long : "card\(k % 3)"
            let value = Double(k) / 7 - 1000
            plain.append(time: Double(k / 100) / 60, target: target, component: "position.x", value: value)
            labelled.append(time: Double(k / 100) / 60, label: TraceLabel(target: target, component: "position.x"), value: value)
            expected += "\(TraceWriter.format(time: Double(k / 100) / 60)),\(target),position.x,\(TraceWriter.format(value: value))\n"
        }
        try plain.finish()
        try labelled.finish()
        #expect(try String(contentsOfFile: folder.appendingPathComponent("plain.csv").path, encoding: .utf8) == expected)
        #expect(try String(contentsOfFile: folder.appendingPathComponent("labelled.csv").path, encoding: .utf8) == expected)
    }

    @Test("a target id with a comma, a quote or a line break is one quoted CSV field")
    func quotedTargets() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("trace-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("quoted.csv").path
        let writer = try TraceWriter(path: path)
        writer.append(time: 0, target: "a,b", component: "opacity", value: 1)
        writer.append(time: 0, label: TraceLabel(target: "say \"hi\"", component: "opacity"), value: 1)
        writer.append(time: 0, target: "two\nlines", component: "opacity", value: 1)
        writer.append(time: 0, target: "plain", component: "opacity", value: 1)
        try writer.finish()
        // RFC 4180: the field in double quotes, each quote in it doubled.
        let expected = #"""
            time,target,property,value
            0.000000,"a,b",opacity,1
            0.000000,"say ""hi""",opacity,1
            0.000000,"two
            lines",opacity,1
            0.000000,plain,opacity,1

            """#
        #expect(try String(contentsOfFile: path, encoding: .utf8) == expected)
    }

    @Test("rows that remember their last value's text print every value as a fresh row would")
    func rememberedValues() throws {
        // Five rows per frame; values repeat, change, come back, and differ only in sign or last bit.
        let values: [Double] = [0, -0.0, 1e-5, -1.2345678901234567e-300, 0.1, 0.1.nextUp, 180, -40]
        try Self.checkRows(frames: 40, rows: 5, label: "card,opacity,") { frame, row in
            values[(frame / (row + 1) + row) % values.count]
        }
    }

    @Test("rows written in batches past several full buffers are the rows built one by one")
    func rowsPastSeveralFlushes() throws {
        // About three buffers' worth of 40-byte rows, a batch per frame of 2,000 rows.
        let rowsPerFrame = 2_000
        let frames = 3 * TraceWriter.flushSize / (40 * rowsPerFrame) + 2
        try Self.checkRows(frames: frames, rows: rowsPerFrame, label: "card1234,position.x,") { frame, row in
            // Moving values, resting ones, and some that come back after a change.
            row % 3 == 0 ? Double(row) : (Double(frame) + Double(row) / 7).squareRoot() * (row % 2 == 0 ? 1 : -1)
        }
    }

    /// Writes `frames` x `rows` rows with one label, a batch of `rows` rows per frame, straight into
    /// the writer's buffer as the replay does, and expects the file to hold the same rows built
    /// one by one from ``TraceWriter/format(time:)`` and ``TraceWriter/format(value:)``.
    static func checkRows(frames: Int, rows: Int, label text: String, value: (Int, Int) -> Double) throws {
        let path = NSTemporaryDirectory() + "trace-rows-\(UUID().uuidString).csv"
        defer { unlink(path) }
        let writer = try TraceWriter(path: path)
        let memos = UnsafeMutablePointer<TraceValueMemo>.allocate(capacity: rows)
        memos.initialize(repeating: TraceValueMemo(), count: rows)
        let texts = UnsafeMutablePointer<TraceValueText>.allocate(capacity: rows)
        texts.initialize(repeating: TraceValueText(), count: rows)
        defer {
            memos.deallocate()
            texts.deallocate()
        }
        let label = Array(text.utf8)
        // Padded as the replay's labels are: rows are copied in 16-byte blocks.
        let columns = label + [UInt8](repeating: 0, count: TraceWriter.columnPadding)
        var expected = "time,target,property,value\n"
        for frame in 0..<frames {
            let t = Double(frame) / 60
            let time = writer.timeColumn(t)
            let frameValues = (0..<rows).map { value(frame, $0) }
            columns.withUnsafeBufferPointer { columns in
                guard let base = columns.baseAddress else { return }
                writer.writeRows(bound: rows * (time.count + label.count + TraceWriter.rowBound)) { p in
                    var end = p
                    for row in 0..<rows {
                        end = TraceWriter.writeRow(
                            at: end, time: time, columns: base, count: label.count, value: frameValues[row], memo: memos + row,
                            text: texts + row)
                    }
                    return (end, rows)
                }
            }
            for v in frameValues { expected += "\(TraceWriter.format(time: t)),\(text)\(TraceWriter.format(value: v))\n" }
        }
        #expect(writer.rowCount == frames * rows)
        try writer.finish()
        #expect(try String(contentsOfFile: path, encoding: .utf8) == expected)
    }
}

/// A replayed trace written straight into the writer's buffer in batches: many layers, values
/// that change and repeat, and a label longer than the buffer give the rows built here one by one.
@Suite struct ReplayTraceRowTests {
    @Test("rows of a replay, in batches, are the rows built one by one")
    func replayRows() throws {
        let path = NSTemporaryDirectory() + "trace-replay-\(UUID().uuidString).csv"
        defer { unlink(path) }
        let count = 3_000
        let ids = (0..<count).map { $0 == 1_234 ? String(repeating: "y", count: 100_000) : "layer\($0)" }
        // Opacity set at 0 and at 0.5; position.x set at 0.25 on every third layer.
        var events: [ChannelEvent] = []
        for i in 0..<count {
            events.append(ChannelEvent(time: 0, layer: i, action: .set(path: PropertyPath(.opacity), value: .scalar(Double(i) / 7))))
        }
        for i in stride(from: 0, to: count, by: 3) {
            events.append(
                ChannelEvent(time: 0.25, layer: i, action: .set(path: PropertyPath(.position, component: 0), value: .scalar(-Double(i)))))
        }
        for i in 0..<count {
            events.append(ChannelEvent(time: 0.5, layer: i, action: .set(path: PropertyPath(.opacity), value: .scalar(1e-7 * Double(i)))))
        }
        let writer = try TraceWriter(path: path)
        ChannelReplay.writeTrace(
            layers: Array(repeating: [:], count: count), layerIDs: ids, events: events, frames: 40, fps: 60, to: writer)
        try writer.finish()
        var expected = "time,target,property,value\n"
        for k in 0..<40 {
            let t = Double(k) / 60
            let time = TraceWriter.format(time: t)
            for i in 0..<count {
                // Trace order: layer, then property order (position before opacity).
                if i % 3 == 0 {
                    // Before its set at 0.25, position.x shows the default position's x, 0.
                    expected += "\(time),\(ids[i]),position.x,\(TraceWriter.format(value: t >= 0.25 ? -Double(i) : 0))\n"
                }
                expected += "\(time),\(ids[i]),opacity,\(TraceWriter.format(value: t >= 0.5 ? 1e-7 * Double(i) : Double(i) / 7))\n"
            }
        }
        #expect(writer.rowCount == 40 * (count + count / 3))
        #expect(try String(contentsOfFile: path, encoding: .utf8) == expected)
    }

    @Test("a replay's row batches take every group once, in order, each within one buffer's worth")
    func batchesCoverTheGroups() {
        // Groups of 1 to 40 rows of 50 to 5,000 bytes each, and one larger than a buffer.
        var groups: [(channel: Int, end: Int, rows: Int, bytes: Int)] = []
        var end = 0
        for i in 0..<5_000 {
            let rows = 1 + (i * 7) % 40
            end += rows
            groups.append((i, end, rows, i == 1_234 ? 3 * TraceWriter.flushSize : rows * (50 + (i * 13) % 100)))
        }
        for timeCount in [9, 10, 14] {
            let batches = ChannelReplay.batches(groups, timeCount: timeCount)
            var first = 0
            for batch in batches {
                #expect(batch.end > first)
                let taken = groups[first..<batch.end]
                #expect(batch.bound == taken.reduce(0) { $0 + $1.bytes + $1.rows * timeCount })
                // Within a buffer's worth, but for a group alone; and no room for the next group.
                #expect(batch.bound <= TraceWriter.flushSize || taken.count == 1)
                if batch.end < groups.count {
                    let next = groups[batch.end]
                    #expect(batch.bound + next.bytes + next.rows * timeCount > TraceWriter.flushSize)
                }
                first = batch.end
            }
            #expect(first == groups.count)
        }
    }
}
