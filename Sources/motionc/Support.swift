import ArgumentParser
import Foundation
import MotionCore
import MotionPlans

/// Writes to standard output and standard error without the global C streams, which Swift 6
/// does not consider concurrency-safe.
enum StandardStreams {
    static func output(_ text: String, terminator: String = "\n") {
        FileHandle.standardOutput.write(Data((text + terminator).utf8))
    }

    static func error(_ text: String) {
        FileHandle.standardError.write(Data((text + "\n").utf8))
    }
}

/// Turns command-line paths into the document files they name.
enum DocumentFiles {
    /// The endings of motion documents in folders: `*.yaml` (and `*.motion.yaml`) and `*.yml`.
    static let documentSuffixes = [".yaml", ".yml"]

    /// Files as given; folders searched recursively for `*.yaml` and `*.yml`, in sorted order. A
    /// path that does not exist, or a folder that holds no document, is a read error (exit code 2).
    static func expand(_ paths: [String]) throws -> [String] {
        var files: [String] = []
        let manager = FileManager.default
        for path in paths {
            var isDirectory: ObjCBool = false
            guard manager.fileExists(atPath: path, isDirectory: &isDirectory) else {
                throw CommandFailure.file(FileError(path: path, reason: "no such file or folder", kind: .read))
            }
            guard isDirectory.boolValue else {
                files.append(path)
                continue
            }
            guard let enumerator = manager.enumerator(atPath: path) else { continue }
            var found: [String] = []
            while let relative = enumerator.nextObject() as? String {
                let isFile = (enumerator.fileAttributes?[.type] as? FileAttributeType) == .typeRegular
                if isFile, documentSuffixes.contains(where: { relative.hasSuffix($0) }) {
                    let base = path.hasSuffix("/") ? String(path.dropLast()) : path
                    found.append(base + "/" + relative)
                }
            }
            guard !found.isEmpty else {
                throw CommandFailure.file(
                    FileError(path: path, reason: "no motion documents (*.yaml, *.yml) in this folder", kind: .read))
            }
            files += found.sorted()
        }
        return files
    }
}
