import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Where commands write: regular files atomically, special files in place, `-` to standard
/// output. Device nodes are made in a temporary folder; the machine's /dev/null is never used.
@Suite struct OutputDestinationTests {
    static let plan = "Plans/fade-in.yaml"

    func isCharacterDevice(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFCHR
    }

    @Test(.enabled(if: getuid() == 0, "mknod needs root"))
    func outputsToADeviceNodeLeaveItADevice() throws {
        let directory = try Motionc.temporaryDirectory()
        let null = directory.appendingPathComponent("null").path
        #expect(try Motionc.runShell("mknod '\(null)' c 1 3").status == 0)
        for arguments in [
            ["run", Self.plan, "--trace", null], ["bake", Self.plan, "-o", null], ["play", Self.plan, "--trace", null],
        ] {
            let result = try Motionc.run(arguments)
            #expect(result.status == 0, "\(arguments): \(result.stderr)")
            #expect(isCharacterDevice(null), "\(arguments) replaced the device")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["null"])
    }

    @Test func aDashIsStandardOutput() throws {
        let trace = try Motionc.run(["run", Self.plan, "--trace", "-"])
        #expect(trace.status == 0, "\(trace.stderr)")
        #expect(trace.stdout.hasPrefix("time,target,property,value\n0.000000,card,opacity,0\n"))
        #expect(trace.stderr.contains("at rest at 0.300 s"), "the summary goes to standard error")
        let play = try Motionc.run(["play", Self.plan, "--trace", "-"])
        #expect(play.stdout.hasPrefix("time,target,property,value\n"))
        #expect(play.stderr.contains("played 0.300 s"))
        let bake = try Motionc.run(["bake", Self.plan, "-o", "-"])
        #expect(bake.status == 0, "\(bake.stderr)")
        #expect(bake.stdout.hasPrefix("{\n  \"timeline\": 1,"))
        #expect(FileManager.default.fileExists(atPath: Motionc.packageRoot.appendingPathComponent("-").path) == false)
    }

    @Test("an output that is standard output by another name takes it as - does: the summary goes to standard error")
    func standardOutputByAnotherName() throws {
        let directory = try Motionc.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let dash = try Motionc.run(["run", Self.plan, "--trace", "-"])
        let binary = Motionc.binary.path
        let file = directory.appendingPathComponent("o.csv").path
        for command in ["run", "play"] {
            let result = try Motionc.runShell("'\(binary)' \(command) \(Self.plan) --trace /dev/stdout > '\(file)'")
            #expect(result.status == 0, "\(command): \(result.stderr)")
            // The trace alone, whole (the summary line used to land over its first bytes).
            #expect(try String(contentsOfFile: file, encoding: .utf8) == dash.stdout, "\(command)")
            #expect(!result.stderr.isEmpty, "\(command): the summary goes to standard error")
        }
        let both = try Motionc.runShell("'\(binary)' export \(Self.plan) --to lottie -o /dev/stdout --report - > '\(file)'")
        #expect(both.status == 64, "\(both.stderr)")
        #expect(both.stderr.contains("--report - and -o /dev/stdout both write to standard output"), "\(both.stderr)")
    }

    @Test("an output that names the input, or another output, is a usage error that writes nothing")
    func outputsNeverReplaceTheInputOrEachOther() throws {
        let directory = try Motionc.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let document = try String(contentsOfFile: Motionc.packageRoot.appendingPathComponent(Self.plan).path, encoding: .utf8)
        let plan = try Motionc.write(document, to: "plan.yaml", in: directory).path
        let link = directory.appendingPathComponent("link.yaml").path
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: plan)
        let timeline = directory.appendingPathComponent("plan.json").path
        #expect(try Motionc.run(["bake", plan, "-o", timeline]).status == 0)
        let baked = try Data(contentsOf: URL(fileURLWithPath: timeline))
        let report = directory.appendingPathComponent("report.json").path
        let png = directory.appendingPathComponent("frame.png").path
        for (arguments, message) in [
            (["bake", plan, "-o", plan], "-o '\(plan)' names the input file"),
            (["bake", plan, "-o", link], "-o '\(link)' names the input file"),
            (["run", link, "--trace", plan], "--trace '\(plan)' names the input file"),
            (["play", timeline, "--trace", timeline], "--trace '\(timeline)' names the input file"),
            (["export", plan, "--to", "css", "-o", plan], "-o '\(plan)' names the input file"),
            (["export", plan, "--to", "css", "-o", report, "--report", report], "--report '\(report)' names the same file as -o"),
            (["render", plan, "--at", "0", "-o", png, "--sheet", png], "--sheet '\(png)' names the same file as -o"),
            (["export", plan, "--to", "lottie", "-o", "-", "--report", "-"], "--report - and -o - both write to standard output"),
            (["preview", plan, "-o", link], "-o '\(link)' names the input file"),
        ] {
            let result = try Motionc.run(arguments)
            #expect(result.status == 64, "\(arguments): \(result.stderr)")
            #expect(result.stderr.contains(message), "\(arguments): \(result.stderr)")
        }
        #expect(try String(contentsOfFile: plan, encoding: .utf8) == document)
        #expect(try Data(contentsOf: URL(fileURLWithPath: timeline)) == baked)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted() == ["link.yaml", "plan.json", "plan.yaml"])
    }

    @Test("an empty output path is a usage error that writes nothing, not a file in the root folder")
    func emptyOutputPathsAreUsageErrors() throws {
        let directory = try Motionc.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let root = Set(try FileManager.default.contentsOfDirectory(atPath: "/"))
        let plan = Motionc.packageRoot.appendingPathComponent(Self.plan).path
        for (arguments, option) in [
            (["render", plan, "--frames", ""], "--frames"),
            (["render", plan, "--sheet", ""], "--sheet"),
            (["render", plan, "--at", "0", "-o", ""], "-o"),
            (["bake", plan, "-o", ""], "-o"),
            (["run", plan, "--trace", ""], "--trace"),
            (["play", plan, "--trace", ""], "--trace"),
            (["export", plan, "--to", "lottie", "-o", ""], "-o"),
            (["export", plan, "--to", "lottie", "-o", "-", "--report", ""], "--report"),
            (["preview", plan, "-o", ""], "-o"),
        ] {
            let result = try Motionc.run(arguments, in: directory)
            #expect(result.status == 64, "\(arguments): \(result.stderr)")
            #expect(result.stderr.contains("\(option) was given an empty path"), "\(arguments): \(result.stderr)")
            #expect(result.stdout.isEmpty, "\(arguments) printed before failing: \(result.stdout)")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).isEmpty)
        #expect(Set(try FileManager.default.contentsOfDirectory(atPath: "/")) == root)
    }
}
