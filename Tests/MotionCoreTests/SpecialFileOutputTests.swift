import Foundation
import Testing

@testable import MotionCore

#if canImport(Glibc)
    import Glibc
#endif

/// Outputs to special files are written in place: a device or FIFO stays what it is. Every test
/// makes its own device node in a temporary folder; none touches the machine's /dev/null.
@Suite struct SpecialFileOutputTests {
    func folder() throws -> String {
        let path = NSTemporaryDirectory() + "special-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    /// The file type bits of `path` (not following a last symbolic link).
    func type(_ path: String) -> mode_t {
        var info = stat()
        guard lstat(path, &info) == 0 else { return 0 }
        return info.st_mode & S_IFMT
    }

    /// Runs a shell command and waits for it.
    @discardableResult
    func shell(_ command: String) throws -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", command]
        try process.run()
        process.waitUntilExit()
        return process.terminationStatus
    }

    @Test(.enabled(if: getuid() == 0, "mknod needs root")) func aDeviceNodeStaysADevice() throws {
        let dir = try folder()
        let null = dir + "/null"
        #expect(try shell("mknod '\(null)' c 1 3") == 0)
        #expect(type(null) == S_IFCHR)
        #expect(AtomicFileWriter.Destination.of(null) == .inPlace)
        let writer = try AtomicFileWriter(path: null)
        #expect(writer.isInPlace)
        writer.write(Array("discarded by the device".utf8))
        try writer.commit()
        #expect(type(null) == S_IFCHR, "the device was replaced")
        // A discarded writer removes nothing either.
        let dropped = try AtomicFileWriter(path: null)
        dropped.write(Array("x".utf8))
        dropped.discard()
        #expect(type(null) == S_IFCHR)
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir) == ["null"])
    }

    @Test func aFIFOIsWrittenInPlaceAndStaysAFIFO() throws {
        let dir = try folder()
        let fifo = dir + "/fifo"
        #expect(mkfifo(fifo, 0o600) == 0)
        let reader = Process()
        reader.executableURL = URL(fileURLWithPath: "/bin/sh")
        reader.arguments = ["-c", "cat '\(fifo)' > '\(dir)/read.txt'"]
        try reader.run()
        try AtomicFileWriter.write(Array("through the pipe\n".utf8), to: fifo)
        reader.waitUntilExit()
        #expect(type(fifo) == S_IFIFO)
        #expect(try String(contentsOfFile: dir + "/read.txt", encoding: .utf8) == "through the pipe\n")
    }

    @Test func aLinkToARegularFileKeepsTheLinkAndReplacesItsTarget() throws {
        let dir = try folder()
        try Data("old".utf8).write(to: URL(fileURLWithPath: dir + "/real.json"))
        try FileManager.default.createSymbolicLink(atPath: dir + "/link.json", withDestinationPath: dir + "/real.json")
        try AtomicFileWriter.write(Array("new".utf8), to: dir + "/link.json")
        #expect(type(dir + "/link.json") == S_IFLNK)
        #expect(try String(contentsOfFile: dir + "/real.json", encoding: .utf8) == "new")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir).sorted() == ["link.json", "real.json"])
    }

    @Test func destinations() throws {
        let dir = try folder()
        try Data("x".utf8).write(to: URL(fileURLWithPath: dir + "/file"))
        #expect(AtomicFileWriter.Destination.of(dir + "/file") == .atomic(dir + "/file"))
        #expect(AtomicFileWriter.Destination.of(dir + "/new") == .atomic(dir + "/new"))
        #expect(AtomicFileWriter.Destination.of("-") == .standardOutput)
        #expect(AtomicFileWriter.Destination.of("/dev/stdout") == .inPlace)
        #expect(AtomicFileWriter.Destination.of(dir) == .inPlace)
        #expect(throws: FileError.self) { try AtomicFileWriter(path: dir) }
    }
}
