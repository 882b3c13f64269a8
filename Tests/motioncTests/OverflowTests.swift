import Foundation
import Testing

/// A document `validate` accepts whose motion still overflows (docs/format.md §1.6): `bake`,
/// `play`, `render`, `export`, `preview` and `run --trace` fail with the JSON path of the number
/// instead of writing `null` or `inf`.
@Suite("Numbers a bake cannot write")
struct OverflowTests {
    /// A tween of one value starts from the presented value, which no rule knows: 1e9 in 1e-300 s,
    /// repeated, is an infinite velocity when a spring takes over at 0.5 s.
    static let overflowing = """
        motion: 1
        targets:
          a: { layer: { size: [10, 10] } }
        transactions:
          - at: 0
            ops:
              - { add: tween, target: "#a", property: rotation, to: 1e9, duration: 1e-300, repeat: forever }
          - at: 0.5
            ops:
              - { add: spring, target: "#a", property: rotation, destination: 0 }

        """

    @Test(arguments: [
        ["bake", "-o", "out.json"], ["export", "--to", "lottie", "-o", "out.json"], ["export", "--to", "html", "-o", "out.json"],
        ["play"], ["preview", "-o", "out.json"], ["run", "--trace", "out.json"],
    ])
    func theCommandFailsAndWritesNothing(_ command: [String]) throws {
        let folder = try Motionc.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Motionc.write(Self.overflowing, to: "spin.yaml", in: folder)
        #expect(try Motionc.run(["validate", "spin.yaml"], in: folder).status == 0)
        let arguments = [command[0], "spin.yaml"] + command.dropFirst()
        let result = try Motionc.run(arguments, in: folder)
        #expect(result.status == 1, "\(result.stderr)")
        #expect(result.stderr.contains("initialVelocity: the bake computed inf"), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("out.json").path))
    }

    @Test func aDocumentWithinTheLimitsBakesAsBefore() throws {
        let folder = try Motionc.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Motionc.write(Self.overflowing.replacingOccurrences(of: "1e-300", with: "1"), to: "spin.yaml", in: folder)
        let result = try Motionc.run(["bake", "spin.yaml", "-o", "out.json"], in: folder)
        #expect(result.status == 0, "\(result.stderr)")
        let text = try String(contentsOf: folder.appendingPathComponent("out.json"), encoding: .utf8)
        #expect(text.contains("\"initialVelocity\": 1000000000"))
    }
}
