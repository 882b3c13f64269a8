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

    @Test("rows that remember their last value's text print every value as a fresh row would")
    func rememberedValues() throws {
        let path = NSTemporaryDirectory() + "trace-memo-\(UUID().uuidString).csv"
        defer { unlink(path) }
        let writer = try TraceWriter(path: path)
        // Five rows per frame; values repeat, change, come back, and differ only in sign or last bit.
        let values: [Double] = [0, -0.0, 1e-5, -1.2345678901234567e-300, 0.1, 0.1.nextUp, 180, -40]
        var memos = [TraceValueMemo](repeating: TraceValueMemo(), count: 5)
        let columns: [UInt8] = Array("card,opacity,".utf8)
        var expected = "time,target,property,value\n"
        for frame in 0..<40 {
            let t = Double(frame) / 60
            for row in 0..<5 {
                let value = values[(frame / (row + 1) + row) % values.count]
                columns.withUnsafeBufferPointer { writer.append(time: t, columns: $0, value: value, memo: &memos[row]) }
                expected += "\(TraceWriter.format(time: t)),card,opacity,\(TraceWriter.format(value: value))\n"
            }
        }
        try writer.finish()
        #expect(try String(contentsOfFile: path, encoding: .utf8) == expected)
    }
}
