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

/// Outputs that would replace the command's input, or each other: usage errors (exit 64).
///
/// `bake plan.yaml -o plan.yaml` would replace the document it reads with the timeline, and
/// `export -o x.json --report x.json` would keep only the report. Files are the same when they
/// are one file (device and inode, so links count); paths that do not exist yet, when they
/// name the same place. Standard output and special files (`/dev/null`) are never compared.
enum OutputCollisions {
    /// Throws a `ValidationError` at the first output that names an input or an earlier output.
    static func check(inputs: [String], outputs: [(option: String, path: String?)]) throws {
        var taken = inputs.compactMap { path in FileIdentity(path).map { (what: "the input file", identity: $0) } }
        for case let (option, path?) in outputs {
            guard let identity = FileIdentity(path) else { continue }
            if let earlier = taken.first(where: { $0.identity == identity }) {
                throw ValidationError("\(option) '\(path)' names \(earlier.what); give each output a file of its own")
            }
            taken.append((what: "the same file as \(option)", identity: identity))
        }
    }
}

/// Which file a path names: a regular file by device and inode, a new path by its place.
enum FileIdentity: Hashable {
    case file(device: UInt64, inode: UInt64)
    case newPath(String)

    /// Nil for `-` and for anything that exists but is not a regular file.
    init?(_ path: String) {
        guard path != "-", !path.isEmpty else { return nil }
        var info = stat()
        if stat(path, &info) == 0 {
            guard info.st_mode & S_IFMT == S_IFREG else { return nil }
            self = .file(device: UInt64(info.st_dev), inode: UInt64(info.st_ino))
        } else {
            self = .newPath(URL(fileURLWithPath: path).standardizedFileURL.resolvingSymlinksInPath().path)
        }
    }
}
