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

    @Test(arguments: [SIGINT, SIGTERM])
    func aSignalRemovesTheTemporaryFile(signal number: Int32) throws {
        let folder = try Motionc.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Motionc.write(Self.longRun, to: "long.yaml", in: folder)
        let process = Process()
        process.executableURL = Motionc.binary
        process.arguments = ["run", "long.yaml", "--duration", "60", "--trace", "rows.csv"]
        process.currentDirectoryURL = folder
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        // Wait until the trace's temporary file exists and holds rows, then interrupt.
        var started = false
        for _ in 0..<600 where !started {
            Thread.sleep(forTimeInterval: 0.05)
            let temporary = try Self.outputs(in: folder).first { $0.hasPrefix(".rows.csv.") && $0.hasSuffix(".tmp") }
            if let temporary,
                let size = try FileManager.default.attributesOfItem(atPath: folder.appendingPathComponent(temporary).path)[.size]
                    as? Int, size > 0
            {
                started = true
            }
        }
        #expect(started, "the trace's temporary file never appeared")
        kill(process.processIdentifier, number)
        process.waitUntilExit()
        #expect(process.terminationReason == .uncaughtSignal)
        #expect(process.terminationStatus == number)
        #expect(try Self.outputs(in: folder) == [])
    }

    /// A video's partial file (ffmpeg's) and its log go too.
    @Test func aSignalRemovesAPartialVideo() throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/ffmpeg") else { return }
        let folder = try Motionc.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Motionc.write(Self.longRun, to: "long.yaml", in: folder)
        let process = Process()
        process.executableURL = Motionc.binary
        process.arguments = ["render", "long.yaml", "--duration", "60", "--video", "long.mp4"]
        process.currentDirectoryURL = folder
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        var started = false
        for _ in 0..<600 where !started {
            Thread.sleep(forTimeInterval: 0.05)
            started = try Self.outputs(in: folder).contains { $0.hasPrefix(".long.mp4.") && $0.hasSuffix(".partial") }
        }
        #expect(started, "the partial video never appeared")
        kill(process.processIdentifier, SIGTERM)
        process.waitUntilExit()
        #expect(process.terminationReason == .uncaughtSignal)
        #expect(try Self.outputs(in: folder) == [])
    }

    /// A reader that goes away (`| head -c1`) is a write that fails: exit 2, and the report's
    /// temporary file is removed.
    @Test func aClosedPipeIsAFailedWrite() throws {
        let folder = try Motionc.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Motionc.write(Self.longRun, to: "long.yaml", in: folder)
        let result = try Motionc.runShell(
            "cd '\(folder.path)' && '\(Motionc.binary.path)' bake long.yaml -o - | head -c1 > /dev/null; echo \"status ${PIPESTATUS[0]}\"")
        #expect(result.stdout.contains("status 2"), "\(result.stdout) \(result.stderr)")
        #expect(result.stderr.contains("cannot write '-': Broken pipe"), "\(result.stderr)")
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
