import Foundation
import Testing

/// The one-line summaries `run` and `play` print, whole. The numbers follow from the document:
/// frames are k / 50 s; the card's linear fade ends at 0.4 s (frame 20, so 21 frames), the badge's
/// move runs from 0.1 s to 0.3 s; two components move (card opacity, badge position.x) and the
/// timeline has one event per tween.
@Suite struct SummaryTests {
    static let document = """
        motion: 1
        canvas: { size: [200, 100], fps: 50 }
        targets:
          card: { layer: { position: [50, 50], size: [40, 40], opacity: 0 } }
          badge: { layer: { position: [0, 20], size: [10, 10] } }
        transactions:
          - at: 0
            ops:
              - add: tween
                target: "#card"
                property: opacity
                from: 0
                to: 1
                duration: 400ms
                easing: linear
          - at: 0.1
            ops:
              - add: tween
                target: "#badge"
                property: position.x
                from: 0
                to: 100
                duration: 200ms
        """

    static func summary(_ arguments: [String]) throws -> String {
        let directory = try Motionc.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = try Motionc.write(document, to: "two.yaml", in: directory)
        let result = try Motionc.run([arguments[0], file.path] + arguments.dropFirst())
        #expect(result.status == 0, "\(arguments): \(result.stderr)")
        #expect(result.stderr.isEmpty, "\(arguments): \(result.stderr)")
        return result.stdout
    }

    @Test(arguments: [
        // Until at rest: the last frame is the first at which nothing moves, 0.4 s = frame 20.
        (["run"], "at rest at 0.400 s after 21 frames; 2 animated components\n"),
        // 1 s is frames 0...50; the rest time is still said.
        (["run", "--duration", "1"], "ran 1.000 s (51 frames); at rest at 0.400 s; 2 animated components\n"),
        // 0.25 s at 50 fps: frames 0...12 (12.5 rounds down), the last at 12 / 50 = 0.24 s.
        (["run", "--duration", "0.25"], "still moving at 0.240 s; 13 frames; 2 animated components\n"),
        // Play goes to the timeline's end, the baked rest time.
        (["play"], "played 0.400 s (21 frames); 2 events; 2 animated components\n"),
        // 0.1 s: frames 0...5.
        (["play", "--duration", "0.1"], "played 0.100 s (6 frames); 2 events; 2 animated components\n"),
    ])
    func summaries(arguments: [String], expected: String) throws {
        #expect(try Self.summary(arguments) == expected)
    }

    /// Cut before the badge's tween is committed (0.1 s), `run --duration` never touches the
    /// badge; `play --duration` of the whole baked timeline prints the same rows, without the
    /// badge's column its later events add.
    @Test(arguments: [0.05, 0.08, 0.1, 0.3])
    func runAndPlayCutAtOneDurationPrintTheSameTrace(seconds: Double) throws {
        let directory = try Motionc.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = try Motionc.write(Self.document, to: "two.yaml", in: directory)
        let timeline = directory.appendingPathComponent("two.json").path
        try #require(try Motionc.run(["bake", file.path, "-o", timeline]).status == 0)
        let duration = "\(seconds)"
        let run = try Motionc.run(["run", file.path, "--duration", duration, "--trace", "-"])
        let play = try Motionc.run(["play", timeline, "--duration", duration, "--trace", "-"])
        #expect(run.status == 0 && play.status == 0, "\(run.stderr)\(play.stderr)")
        #expect(!run.stdout.isEmpty)
        #expect(run.stdout == play.stdout, "run:\n\(run.stdout)\nplay:\n\(play.stdout)")
        #expect(run.stdout.contains("badge") == (seconds >= 0.1), "\(run.stdout)")
    }

    @Test("run's rest time is the first frame at rest, the baked timeline's end, even when a spring settles between frames")
    func restTimeIsTheBakedEnd() throws {
        let directory = try Motionc.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let timeline = directory.appendingPathComponent("sheet.json")
        #expect(try Motionc.run(["bake", "Plans/bottom-sheet.yaml", "-o", timeline.path]).status == 0)
        let json = try JSONSerialization.jsonObject(with: Data(contentsOf: timeline)) as? [String: Any]
        let end = try #require(json?["end"] as? Double)
        let fps = try #require((json?["canvas"] as? [String: Any])?["fps"] as? Double)
        let run = try Motionc.run(["run", "Plans/bottom-sheet.yaml"])
        let frames = Int((end * fps).rounded()) + 1
        #expect(run.stdout.hasPrefix("at rest at \(String(format: "%.3f", end)) s after \(frames) frames;"), "\(run.stdout)")
    }
}
