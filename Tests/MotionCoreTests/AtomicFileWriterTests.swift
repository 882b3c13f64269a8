import Foundation
import Testing

@testable import MotionCore

/// Every motionc output goes through AtomicFileWriter: the destination is replaced whole or not
/// at all, and no temporary file is left behind.
@Suite struct AtomicFileWriterTests {
    func folder() throws -> String {
        let path = NSTemporaryDirectory() + "atomic-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    func listing(_ folder: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted()
    }

    @Test func commitReplacesTheDestinationWhole() throws {
        let dir = try folder()
        let path = dir + "/out.txt"
        try Data("old".utf8).write(to: URL(fileURLWithPath: path))
        let writer = try AtomicFileWriter(path: path)
        writer.write(Array("new ".utf8))
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "old", "nothing shows before the commit")
        writer.write(Array("contents".utf8))
        try writer.commit()
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "new contents")
        #expect(listing(dir) == ["out.txt"])
    }

    @Test func discardAndDroppingLeaveTheDestinationAlone() throws {
        let dir = try folder()
        let path = dir + "/out.txt"
        try Data("old".utf8).write(to: URL(fileURLWithPath: path))
        let discarded = try AtomicFileWriter(path: path)
        discarded.write(Array("lost".utf8))
        discarded.discard()
        do {
            let dropped = try AtomicFileWriter(path: path)
            dropped.write(Array("lost too".utf8))
        }
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "old")
        #expect(listing(dir) == ["out.txt"])
    }

    @Test func aLateFailureAbortsTheRename() throws {
        let dir = try folder()
        let path = dir + "/out.txt"
        try Data("old".utf8).write(to: URL(fileURLWithPath: path))
        let writer = try AtomicFileWriter(path: path)
        writer.write(Array("new".utf8))
        #expect(throws: FileError(path: path, reason: "simulated", kind: .write)) {
            try writer.commit { _ in "simulated" }
        }
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "old")
        #expect(listing(dir) == ["out.txt"])
    }

    @Test func aMissingFolderIsSaidSo() throws {
        do {
            _ = try AtomicFileWriter(path: "/nonexistent-motionc-folder/out.txt")
            Issue.record("a writer into a missing folder should throw")
        } catch {
            #expect(error.kind == .missingDirectory)
            #expect(
                error.description
                    == "cannot write '/nonexistent-motionc-folder/out.txt': directory '/nonexistent-motionc-folder' does not exist; create it first"
            )
        }
    }
}
