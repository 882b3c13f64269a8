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
}
