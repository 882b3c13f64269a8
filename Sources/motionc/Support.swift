import ArgumentParser
import MotionCommandLine
import MotionCore
import MotionPlans
import Synchronization

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Turns command-line paths into the document files they name.
enum DocumentFiles {
    /// The endings of motion documents in folders: `*.yaml` (and `*.motion.yaml`) and `*.yml`.
    static let documentSuffixes = [".yaml", ".yml"]

    /// Files as given; folders searched recursively for `*.yaml` and `*.yml` (any case; not in
    /// hidden folders or `node_modules`), in sorted order, each file once; and the paths that
    /// could not be used.
    ///
    /// A path that does not exist, a folder that cannot be read or holds no document, and a
    /// document whose name is not UTF-8 are read errors (exit code 2), each reported on its own;
    /// the documents that can be read are still checked, so that one bad path hides nothing else.
    static func expand(_ paths: [String]) -> (files: [String], problems: [FileError]) {
        var files: [String] = []
        var problems: [FileError] = []
        for path in paths {
            var info = stat()
            guard stat(path, &info) == 0 else {
                // Arguments are decoded as UTF-8, with U+FFFD for bytes that are not: such a name
                // can never be found again.
                let reason =
                    path.contains("\u{FFFD}")
                    ? "no such file or folder (the name is not valid UTF-8, or holds U+FFFD: rename it)"
                    : "no such file or folder"
                problems.append(FileError(path: path, reason: reason, kind: .read))
                continue
            }
            guard info.st_mode & S_IFMT == S_IFDIR else {
                files.append(path)
                continue
            }
            let (found, unusable) = documents(in: path.count > 1 && path.hasSuffix("/") ? String(path.dropLast()) : path)
            problems += unusable
            if found.isEmpty && unusable.isEmpty {
                problems.append(FileError(path: path, reason: "no motion documents (*.yaml, *.yml) in this folder", kind: .read))
            }
            files += found
        }
        // A path named twice (`Plans Plans/a.yaml`, `./a.yaml a.yaml`, or through a symbolic
        // link) is checked once, where it first appears; hard links are files of their own names.
        var seen = Set<String>()
        files = files.filter { path in
            guard let resolved = realpath(path, nil) else { return true }
            defer { free(resolved) }
            return seen.insert(String(cString: resolved)).inserted
        }
        return (files, problems)
    }

    /// The documents below `folder`, sorted: regular files whose names end in a document
    /// suffix (in any case), in its folders (not through links, nor into hidden folders and
    /// `node_modules`, ``isSkippedFolder(_:)``) at any depth; and what could not be walked.
    ///
    /// A document whose name is not UTF-8 cannot be opened by name (paths are text), so it is a
    /// read error rather than a file silently left unchecked; so is a folder that cannot be read.
    static func documents(in folder: String) -> (found: [String], problems: [FileError]) {
        var found: [String] = []
        var problems: [FileError] = []
        var folders = [folder]
        while let current = folders.popLast() {
            guard let stream = opendir(current) else {
                problems.append(FileError(path: current, reason: systemErrorText(errno), kind: .read))
                continue
            }
            defer { closedir(stream) }
            while let entry = readdir(stream) {
                let name = withUnsafeBytes(of: entry.pointee.d_name) { Array($0.prefix { $0 != 0 }) }
                if name == Array(".".utf8) || name == Array("..".utf8) { continue }
                // Suffixes in any case: `b.YML` is a document as `b.yml` is.
                let isDocument = documentSuffixes.contains {
                    name.count >= $0.utf8.count && name.suffix($0.utf8.count).map(asciiLowercased).elementsEqual($0.utf8)
                }
                if isSkippedFolder(name), isFolder(named: name, in: current) { continue }
                guard let text = String(validating: name, as: UTF8.self) else {
                    // A folder so named may hold documents: it cannot be walked by name either.
                    guard isDocument || isFolder(named: name, in: current) else { continue }
                    let shown = (current.hasSuffix("/") ? current : current + "/") + String(decoding: name, as: UTF8.self)
                    problems.append(FileError(path: shown, reason: "its name is not valid UTF-8; rename it", kind: .read))
                    continue
                }
                let path = current.hasSuffix("/") ? current + text : current + "/" + text
                var info = stat()
                guard lstat(path, &info) == 0 else { continue }
                switch info.st_mode & S_IFMT {
                case S_IFDIR: folders.append(path)
                case S_IFREG where isDocument: found.append(path)
                default: break
                }
            }
        }
        return (found.sorted(), problems.sorted { $0.path < $1.path })
    }

    /// Whether a folder of this name is left out of a walk: hidden folders (`.git`, `.github`,
    /// whose workflow YAML is no motion document) and `node_modules` (other tools' YAML).
    /// A folder named on the command line is always read.
    static func isSkippedFolder(_ name: [UInt8]) -> Bool {
        name.first == UInt8(ascii: ".") || name.elementsEqual("node_modules".utf8)
    }

    /// `byte` with ASCII capitals made small.
    static func asciiLowercased(_ byte: UInt8) -> UInt8 {
        (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte | 0x20 : byte
    }

    /// Whether the entry `name` (raw bytes, maybe not UTF-8) of `folder` is a folder, not
    /// following a link.
    static func isFolder(named name: [UInt8], in folder: String) -> Bool {
        var path = Array((folder.hasSuffix("/") ? folder : folder + "/").utf8) + name
        path.append(0)
        var info = stat()
        let found = path.withUnsafeBufferPointer { bytes in
            bytes.withMemoryRebound(to: CChar.self) { $0.baseAddress.map { lstat($0, &info) == 0 } ?? false }
        }
        return found && info.st_mode & S_IFMT == S_IFDIR
    }
}

/// Input paths as the command line gives them.
enum InputPath {
    /// `path`, with `-` standing for standard input (read as `/dev/stdin`, as a pipe: to its end).
    static func resolve(_ path: String) -> String {
        path == "-" ? "/dev/stdin" : path
    }
}

/// Outputs that would replace the command's input, or each other: usage errors (exit 64).
///
/// `bake plan.yaml -o plan.yaml` would replace the document it reads with the timeline, and
/// `export -o x.json --report x.json` would keep only the report. Files are the same when they
/// are one file (device and inode, so links count); paths that do not exist yet, when they
/// name the same place. Special files (`/dev/null`) are never compared; standard output (`-`)
/// takes one output.
///
/// An empty output path is a usage error too: `--frames "$OUT"` with `OUT` unset would write
/// frames into `/`, and `-o ""` would fail only after the work, at the write.
enum OutputCollisions {
    /// Throws a `ValidationError` at the first output that is empty, or names an input or an
    /// earlier output.
    static func check(inputs: [String], outputs: [(option: String, path: String?)]) throws {
        var taken = inputs.compactMap { path in FileIdentity(path).map { (what: "the input file", identity: $0) } }
        var standardOutput: (option: String, path: String)?
        for case let (option, path?) in outputs {
            if path.isEmpty { throw ValidationError("\(option) was given an empty path: name where to write") }
            if StandardStreams.isStandardOutput(path) {
                if let earlier = standardOutput {
                    throw ValidationError(
                        "\(option) \(path) and \(earlier.option) \(earlier.path) both write to standard output; give one of them a file")
                }
                standardOutput = (option, path)
                // Standard output is not compared as a file (`> out.json` redirects it there).
                continue
            }
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
