import Foundation
import Testing

/// Input that people and tools write by mistake or by malice: every case gets a diagnostic and
/// an exit code, never a crash, a hang or a runaway allocation. Each run is confined to 1 GiB of
/// address space and guarded by a watchdog (a hang guard, not a timing assertion).
@Suite struct HostileInputTests {
    /// Runs `motionc arguments` under `ulimit -v` (1 GiB unless `kibibytes` says), killed after
    /// `watchdog` seconds.
    static func confined(_ arguments: [String], watchdog: Int = 120, kibibytes: Int = 1 << 20) throws -> Motionc.Result {
        let quoted = ([Motionc.binary.path] + arguments).map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }
        return try Motionc.runShell("ulimit -v \(kibibytes); exec timeout \(watchdog) " + quoted.joined(separator: " "))
    }

    static func laughs() -> String {
        var text = "motion: 1\na: &a [x, x, x, x, x, x, x, x, x, x]\n"
        let names = Array("abcdefghij").map(String.init)
        for i in 1..<names.count {
            text += "\(names[i]): &\(names[i]) [" + Array(repeating: "*" + names[i - 1], count: 10).joined(separator: ", ") + "]\n"
        }
        return text
    }

    /// Deterministic bytes that are not YAML.
    static func garbage(count: Int) -> Data {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        var bytes = [UInt8](repeating: 0, count: count)
        for i in bytes.indices {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            bytes[i] = UInt8(truncatingIfNeeded: state >> 56)
        }
        return Data(bytes)
    }

    static let cases: [(name: String, code: String, contents: @Sendable () -> Data)] = [
        ("billion laughs", "Y003", { Data(laughs().utf8) }),
        (
            "200,000 nested brackets", "Y004",
            { Data(("motion: 1\nx: " + String(repeating: "[", count: 200_000) + String(repeating: "]", count: 200_000)).utf8) }
        ),
        (
            "70 MB file", "Y005",
            { Data(("motion: 1\n" + String(repeating: "# " + String(repeating: "x", count: 98) + "\n", count: 700_000)).utf8) }
        ),
        ("invalid UTF-8", "Y005", { Data("motion: 1\nname: ".utf8) + Data([0xFF, 0xFE, 0x0A]) }),
        ("NUL byte", "Y001", { Data("motion: 1\nname: a".utf8) + Data([0]) + Data("b\n".utf8) }),
        ("binary garbage", "Y005", { garbage(count: 100_000) }),
        ("several documents", "Y006", { Data("motion: 1\n---\nmotion: 1\n".utf8) }),
        ("1e400", "D005", { Data("motion: 1\ncanvas: { fps: 1e400 }\n".utf8) }),
        ("fps 0", "D005", { Data("motion: 1\ncanvas: { fps: 0 }\n".utf8) }),
        ("fps 1e300", "D005", { Data("motion: 1\ncanvas: { fps: 1e300 }\n".utf8) }),
        (
            "duration 1e300", "D005",
            {
                Data(
                    "motion: 1\ntargets: { a: {} }\ntransactions:\n  - ops:\n      - { add: tween, target: \"#a\", property: opacity, to: 1, duration: 1e300 }\n"
                        .utf8)
            }
        ),
        (
            "a million keyframes", "D005",
            {
                Data(
                    ("motion: 1\ntargets: { a: {} }\ntransactions:\n  - ops:\n      - { add: tween, target: \"#a\", property: opacity, values: ["
                        + Array(repeating: "0.5", count: 1_000_000).joined(separator: ",") + "] }\n").utf8)
            }
        ),
    ]

    @Test(arguments: cases.map(\.name))
    func everyCommandGivesADiagnostic(name: String) throws {
        let entry = try #require(Self.cases.first { $0.name == name })
        let directory = try Motionc.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("hostile.yaml")
        try entry.contents().write(to: file)
        for command in [
            ["validate", file.path], ["run", file.path], ["bake", file.path, "-o", directory.appendingPathComponent("out.json").path],
        ] {
            let result = try Self.confined(command)
            #expect(result.status == 1, "\(name): motionc \(command[0]) exited \(result.status)\n\(result.stderr.prefix(500))")
            #expect(
                (result.stdout + result.stderr).contains("[\(entry.code)]"),
                "\(name): motionc \(command[0]) should report \(entry.code)\n\(result.stdout.prefix(500))")
        }
        #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent("out.json").path))
    }

    /// Reading it whole took 0.9 GB before the keyframe limit was checked; now the list's length
    /// is checked before its items are, and the reader's value budget bounds the rest.
    @Test("a 10 MB timeline of 5 million numbers is refused within 512 MiB of address space, and writes nothing")
    func timelinePackedWithNumbersIsRefusedInBoundedMemory() throws {
        let directory = try Motionc.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let values = String(repeating: "0,", count: 5_000_000) + "0"
        let animation =
            #"{"kind":"keyframe","values":[\#(values)],"keyTimes":[0,1],"timingFunctions":["linear"],"beginTime":0,"duration":1,"fillMode":"both","repeatCount":1,"autoreverses":false,"additive":false}"#
        let event =
            #"{"time":0,"target":"a","type":"add","key":"k","path":"opacity","animation":\#(animation),"modelValue":1,"initialVelocity":null}"#
        let file = try Motionc.write(
            #"{"timeline":1,"name":"t","canvas":{"size":[10,10],"background":[1,1,1,1],"fps":60},"layers":[{"id":"a","parent":null,"shape":"rect","model":{}}],"end":1,"events":[\#(event)]}"#,
            to: "packed.json", in: directory)
        let frame = directory.appendingPathComponent("frame.png")
        for command in [["play", file.path], ["render", file.path, "--at", "0", "-o", frame.path]] {
            let result = try Self.confined(command, kibibytes: 512 << 10)
            #expect(result.status == 1, "motionc \(command[0]) exited \(result.status)\n\(result.stderr.prefix(500))")
            #expect(result.stderr.contains("$.events[0].animation.values: more than 100000 keyframes"), "\(result.stderr.prefix(500))")
        }
        #expect(!FileManager.default.fileExists(atPath: frame.path))
    }

    static let forever = """
        motion: 1
        targets: { a: {} }
        transactions:
          - ops:
              - { add: tween, target: "#a", property: opacity, from: 0, to: 1, duration: 0.5, repeat: forever, autoreverse: true }
        """

    /// At a frame rate that does not divide the 60 s bound, the last frame comes before it:
    /// `run`'s summary names that frame, as `bake` and the trace do (it named the bound).
    @Test func runAndBakeNameTheLastFrameBeforeTheBound() throws {
        let directory = try Motionc.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let slow = Self.forever.replacingOccurrences(of: "motion: 1\n", with: "motion: 1\ncanvas: { size: [100, 100], fps: 0.13 }\n")
        try #require(slow != Self.forever)
        let file = try Motionc.write(slow, to: "slow.yaml", in: directory)
        // Frames k / 0.13 s: the last at or before 60 s is k = 7, 53.846 s.
        let run = try Self.confined(["run", file.path])
        #expect(run.status == 0)
        #expect(run.stdout.contains("still moving at 53.846 s (the last frame at or before the 60 s bound"), "\(run.stdout)")
        let bake = try Self.confined(["bake", file.path, "-o", directory.appendingPathComponent("t.json").path])
        #expect(bake.status == 0)
        #expect(bake.stderr.contains("still moving at 53.846"), "\(bake.stderr)")
    }

    @Test func runAndBakeSayWhenTheirBoundIsHit() throws {
        let directory = try Motionc.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = try Motionc.write(Self.forever, to: "forever.yaml", in: directory)
        let run = try Self.confined(["run", file.path, "--trace", directory.appendingPathComponent("t.csv").path])
        #expect(run.status == 0)
        #expect((run.stdout + run.stderr).contains("60 s bound"))
        // Said once, in the summary (a line on standard error repeated it).
        #expect((run.stdout + run.stderr).components(separatedBy: "still moving").count == 2, "\(run.stdout)\(run.stderr)")
        let trace = try String(contentsOf: directory.appendingPathComponent("t.csv"), encoding: .utf8)
        #expect(trace.split(separator: "\n").count == 1 + 3601, "60 s at 60 fps, frames 0...3600, plus the header")
        let bake = try Self.confined(["bake", file.path, "-o", directory.appendingPathComponent("t.json").path])
        #expect(bake.status == 0)
        #expect(bake.stderr.contains("60 s"))
    }

    @Test("run --duration past a day is a usage error: 1e308 s trapped counting its frames")
    func runDurationPastADay() throws {
        let result = try Self.confined(["run", "Plans/fade-in.yaml", "--duration", "1e308", "--trace", "/dev/null"])
        #expect(result.status == 64, "\(result.stderr.prefix(500))")
        #expect(result.stderr.contains("--duration must be a number of seconds from 0 to 86400"))
        #expect(try Self.confined(["run", "Plans/fade-in.yaml", "--duration", "86400.5"]).status == 64)
    }

    @Test func unwritableOutputsExitTwo() throws {
        let missing = "/nonexistent-motionc-folder/out"
        #expect(try Motionc.run(["bake", "Plans/fade-in.yaml", "-o", missing + ".json"]).status == 2)
        #expect(try Motionc.run(["run", "Plans/fade-in.yaml", "--trace", missing + ".csv"]).status == 2)
        #expect(try Motionc.run(["render", "Plans/fade-in.yaml", "--at", "0.1", "-o", missing + ".png"]).status == 2)
        #expect(try Motionc.run(["render", "Plans/fade-in.yaml", "--sheet", missing + ".png"]).status == 2)
    }

    @Test func aFailedCommandLeavesEarlierOutputsByteIdentical() throws {
        let directory = try Motionc.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let output = directory.appendingPathComponent("out.json")
        let trace = directory.appendingPathComponent("trace.csv")
        #expect(try Motionc.run(["bake", "Plans/fade-in.yaml", "-o", output.path]).status == 0)
        #expect(try Motionc.run(["run", "Plans/fade-in.yaml", "--trace", trace.path]).status == 0)
        let (bakedBefore, traceBefore) = (try Data(contentsOf: output), try Data(contentsOf: trace))
        let broken = try Motionc.write(
            "motion: 1\ntargets: { a: {} }\ntransactions:\n  - ops:\n      - { add: tweeen, target: \"#a\" }\n", to: "broken.yaml",
            in: directory)
        #expect(try Motionc.run(["bake", broken.path, "-o", output.path]).status == 1)
        #expect(try Motionc.run(["run", broken.path, "--trace", trace.path]).status == 1)
        #expect(try Data(contentsOf: output) == bakedBefore)
        #expect(try Data(contentsOf: trace) == traceBefore)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.contains("tmp") }
        #expect(leftovers.isEmpty, "temporary files left behind: \(leftovers)")
    }

    @Test("render fails before writing any of its outputs when one of them cannot be written")
    func renderWritesNoOutputWhenOneCannotBeWritten() throws {
        let directory = try Motionc.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let frame = directory.appendingPathComponent("frame.png")
        let earlier = Data("an earlier frame\n".utf8)
        try earlier.write(to: frame)
        let frames = directory.appendingPathComponent("frames").path
        let missing = directory.appendingPathComponent("missing/sheet.png").path
        let result = try Motionc.run(["render", "Plans/fade-in.yaml", "--at", "0.1", "-o", frame.path, "--sheet", missing])
        #expect(result.status == 2, "\(result.stderr)")
        #expect(result.stderr.contains("missing/sheet.png"))
        #expect(try Data(contentsOf: frame) == earlier)
        #expect(try Motionc.run(["render", "Plans/fade-in.yaml", "--frames", frames, "--sheet", missing]).status == 2)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["frame.png"])
    }

    @Test("a negative number after a numeric option is its value: the range check answers, not 'Missing value'")
    func negativeOptionValuesGetTheRangeMessage() throws {
        let cases: [([String], String)] = [
            (["run", "Plans/fade-in.yaml", "--duration", "-1"], "--duration must be a number of seconds from 0 to 86400"),
            (["play", "Plans/fade-in.yaml", "--duration", "-1"], "--duration must be a finite number of seconds >= 0"),
            (["export", "Plans/fade-in.yaml", "--to", "css", "-o", "/dev/null", "--duration", "-2"], "--duration must be a number"),
            (["render", "Plans/fade-in.yaml", "--at", "-1", "-o", "/dev/null"], "--at must be a finite number of seconds >= 0"),
            (["render", "Plans/fade-in.yaml", "--sheet", "/dev/null", "--every", "-3"], "--every must be at least 1"),
            (["render", "Plans/fade-in.yaml", "--frames", "/nonexistent-x", "--jobs", "-2"], "--jobs must be at least 1"),
        ]
        for (arguments, message) in cases {
            let result = try Motionc.run(arguments)
            #expect(result.status == 64, "\(arguments): \(result.stderr)")
            #expect(result.stderr.contains(message), "\(arguments): \(result.stderr)")
        }
    }

    @Test("a sheet of a long duration draws its 24 cells: only every-frame outputs meet the frame cap")
    func longSheetIsHeldToItsCellsOnly() throws {
        let directory = try Motionc.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let sheet = directory.appendingPathComponent("sheet.png")
        // 100,000 s at 60 fps is 6,000,001 frames: past the 1,000,000-frame cap of --frames.
        let long = try Self.confined(["render", "Plans/fade-in.yaml", "--sheet", sheet.path, "--duration", "1e5"])
        #expect(long.status == 0, "\(long.stderr)")
        let png = try Data(contentsOf: sheet)
        #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47]))
        let frames = directory.appendingPathComponent("frames").path
        let everyFrame = try Self.confined(["render", "Plans/fade-in.yaml", "--frames", frames, "--duration", "1e5"])
        #expect(everyFrame.status == 1)
        #expect(everyFrame.stderr.contains("6000001 frames"), "\(everyFrame.stderr)")
        let tooMany = try Self.confined(["render", "Plans/fade-in.yaml", "--sheet", sheet.path, "--duration", "1e5", "--every", "2"])
        #expect(tooMany.status == 1)
        #expect(tooMany.stderr.contains("3000001 sheet cells"), "\(tooMany.stderr)")
        #expect(try Data(contentsOf: sheet) == png, "a refused sheet leaves the earlier one")
    }

    @Test("a timeline's ids reach the terminal as text: report lines and error messages escape control characters")
    func timelineIdsAreEscapedOnTheTerminal() throws {
        let directory = try Motionc.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let timeline = directory.appendingPathComponent("fade.json")
        #expect(try Motionc.run(["bake", "Plans/fade-in.yaml", "-o", timeline.path]).status == 0)
        let baked = try String(contentsOf: timeline, encoding: .utf8)
        let hostile = baked.replacingOccurrences(of: "\"card\"", with: "\"a\\u001b[2Jb\"")
        try hostile.write(to: timeline, atomically: true, encoding: .utf8)
        let export = try Motionc.run(["export", timeline.path, "--to", "css", "-o", directory.appendingPathComponent("x.css").path])
        #expect(export.status == 0, "\(export.stderr)")
        #expect(export.stdout.hasPrefix("a\\u{1B}[2Jb opacity: exact"), "\(export.stdout)")
        var object = try #require(try JSONSerialization.jsonObject(with: Data(hostile.utf8)) as? [String: Any])
        let layers = try #require(object["layers"] as? [Any])
        object["layers"] = layers + layers
        try JSONSerialization.data(withJSONObject: object).write(to: timeline)
        let play = try Motionc.run(["play", timeline.path])
        #expect(play.status == 1)
        #expect(play.stderr.contains("duplicate layer id \"a\\u{1B}[2Jb\""), "\(play.stderr)")
        #expect(!(export.stdout + play.stderr).contains("\u{1B}"))
    }
}
