/// Why a file could not be read or written: every read and write in motionc fails with this.
///
/// The destination of a failed write is unchanged (``AtomicFileWriter``).
public struct FileError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What was being done to the file.
    public enum Kind: String, Hashable, Sendable {
        /// Reading it (or finding it).
        case read
        /// Writing it.
        case write
        /// Writing it into a folder that does not exist.
        case missingDirectory
    }

    /// The file's path, as the user gave it.
    public var path: String
    /// The operating system's explanation, or what else was wrong (`not a regular file`).
    public var reason: String
    /// Whether reading or writing failed.
    public var kind: Kind

    /// Creates an error about `path`.
    public init(path: String, reason: String, kind: Kind) {
        (self.path, self.reason, self.kind) = (path, reason, kind)
    }

    /// The message motionc prints, naming the path and what went wrong.
    ///
    /// For example `cannot read 'IN.yaml': No such file or directory`, `cannot write 'OUT.json':
    /// Permission denied`, `cannot write 'out/a.png': directory 'out' does not exist; create it
    /// first`.
    public var description: String {
        switch kind {
        case .read: "cannot read '\(path)': \(reason)"
        case .write: "cannot write '\(path)': \(reason)"
        case .missingDirectory: "cannot write '\(path)': directory '\(Self.directoryName(of: path))' does not exist; create it first"
        }
    }

    /// The directory part of a path: everything before the last `/`, `.` when there is none.
    public static func directoryName(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        let directory = path[..<slash]
        return directory.isEmpty ? "/" : String(directory)
    }
}
