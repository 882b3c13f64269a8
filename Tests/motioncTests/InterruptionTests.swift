import Foundation
import Testing

/// Ctrl-C, SIGTERM and an output that cannot be written leave no temporary file and no half
/// output, and end with the status docs/format.md §5.4 gives.
@Suite struct InterruptionTests {
    /// A document whose `run --trace` writes rows for a long time: 400 targets at 1000 fps.
    static let longRun: String = {
        var text = "motion: 1\ncanvas: { fps: 1000 }\ntargets:\n"
        for index in 0..<400 { text += "  t\(index): { layer: { position: [0, 0] } }\n" }
        text += "transactions:\n  - ops:\n"
        text += "      - { add: tween, target: \"*\", property: rotation, from: 0, to: 360, duration: 1, repeat: forever }\n"
        return text
    }()

    /// The files in `folder` other than the document.
    static func outputs(in folder: URL) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0 != "long.yaml" }.sorted()
    }

    /// What an interrupted command leaves: it runs `arguments` in a fresh folder holding
    /// `long.yaml`, gets `signal` once a file in the folder is `started` (its name and size),
    /// and ends.
    struct Interrupted {
        var started = false
        var reason: Process.TerminationReason
        var status: Int32
        /// The files in the folder other than the document, after the process ended.
        var left: [String]
    }

    static func interrupt(_ arguments: [String], with signal: Int32, once started: (String, Int) -> Bool) throws -> Interrupted {
        let folder = try Motionc.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Motionc.write(longRun, to: "long.yaml", in: folder)
        let process = Process()
        process.executableURL = Motionc.binary
        process.arguments = arguments
        process.currentDirectoryURL = folder
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        var seen = false
        for _ in 0..<600 where !seen {
            Thread.sleep(forTimeInterval: 0.05)
            seen = try outputs(in: folder).contains { name in
                let size = try? FileManager.default.attributesOfItem(atPath: folder.appendingPathComponent(name).path)[.size]
                return started(name, size as? Int ?? 0)
            }
        }
        kill(process.processIdentifier, signal)
        process.waitUntilExit()
        return Interrupted(
            started: seen, reason: process.terminationReason, status: process.terminationStatus, left: try outputs(in: folder))
    }

    @Test(arguments: [SIGINT, SIGTERM])
    func aSignalRemovesTheTemporaryFile(signal number: Int32) throws {
        // Interrupted once the trace's temporary file holds rows.
        let outcome = try Self.interrupt(["run", "long.yaml", "--duration", "60", "--trace", "rows.csv"], with: number) { name, size in
            name.hasPrefix(".rows.csv.") && name.hasSuffix(".tmp") && size > 0
        }
        #expect(outcome.started, "the trace's temporary file never appeared")
        #expect(outcome.reason == .uncaughtSignal)
        #expect(outcome.status == number)
        #expect(outcome.left == [])
    }

    /// A video's partial file (ffmpeg's) and its log go too.
    @Test func aSignalRemovesAPartialVideo() throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/ffmpeg") else { return }
        let outcome = try Self.interrupt(["render", "long.yaml", "--duration", "60", "--video", "long.mp4"], with: SIGTERM) {
            name, _ in name.hasPrefix(".long.mp4.") && name.hasSuffix(".partial")
        }
        #expect(outcome.started, "the partial video never appeared")
        #expect(outcome.reason == .uncaughtSignal)
        #expect(outcome.left == [])
    }

    /// A reader that goes away (`| head -c1`) is a write that fails: exit 2, said by nothing (as
    /// a program SIGPIPE stops says nothing), and the report's temporary file is removed.
    @Test func aClosedPipeIsAFailedWrite() throws {
        let folder = try Motionc.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Motionc.write(Self.longRun, to: "long.yaml", in: folder)
        let result = try Motionc.runShell(
            "cd '\(folder.path)' && '\(Motionc.binary.path)' bake long.yaml -o - | head -c1 > /dev/null; echo \"status ${PIPESTATUS[0]}\"")
        #expect(result.stdout.contains("status 2"), "\(result.stdout) \(result.stderr)")
        #expect(!result.stderr.contains("Broken pipe"), "\(result.stderr)")
        #expect(!result.stderr.contains("cannot write"), "\(result.stderr)")
        #expect(try Self.outputs(in: folder) == [])
    }

    /// A command started with SIGINT ignored (a job started with `&` from a script) keeps
    /// ignoring it.
    @Test func anInheritedIgnoredInterruptStaysIgnored() throws {
        let folder = try Motionc.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Motionc.write(Self.longRun, to: "long.yaml", in: folder)
        let script = """
            cd '\(folder.path)' && trap '' INT && { '\(Motionc.binary.path)' run long.yaml --duration 60 --trace rows.csv & pid=$!; \
            sleep 1; kill -INT $pid; sleep 0.5; kill -0 $pid && echo alive; kill -TERM $pid; wait $pid; }
            """
        let result = try Motionc.runShell(script)
        #expect(result.stdout.contains("alive"), "\(result.stdout) \(result.stderr)")
        #expect(try Self.outputs(in: folder) == [])
    }

    @Test(arguments: [
        "schema > /dev/full", "explain --all > /dev/full", "validate Plans --format json > /dev/full",
        "bake Plans/fade-in.yaml -o - > /dev/full", "schema >&-",
    ])
    func standardOutputThatCannotBeWrittenIsExitTwo(command: String) throws {
        let result = try Motionc.runShell("'\(Motionc.binary.path)' \(command)")
        #expect(result.status == 2)
        #expect(result.stderr.hasPrefix("motionc: cannot write '-': "))
    }

    @Test func anExportWhoseReportCannotBePrintedWritesNothing() throws {
        let folder = try Motionc.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = folder.appendingPathComponent("fade.css").path
        let result = try Motionc.runShell("'\(Motionc.binary.path)' export Plans/fade-in.yaml --to css -o '\(output)' > /dev/full")
        #expect(result.status == 2)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == [])
    }
}
