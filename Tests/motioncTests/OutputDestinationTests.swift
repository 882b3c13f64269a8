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
}
