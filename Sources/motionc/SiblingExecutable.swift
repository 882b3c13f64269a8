import MotionCommandLine
import MotionCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The programs installed next to `motionc` (the live preview server), run in its place.
enum SiblingExecutable {
    /// The folder of the running executable, links resolved; nil when the system does not say.
    static func ownFolder() -> String? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        #if os(Linux)
            let length = readlink("/proc/self/exe", &buffer, buffer.count - 1)
            guard length > 0 else { return nil }
            let path = String(decoding: buffer.prefix(length).map { UInt8(bitPattern: $0) }, as: UTF8.self)
        #elseif canImport(Darwin)
            var size = UInt32(buffer.count)
            guard _NSGetExecutablePath(&buffer, &size) == 0, let resolved = realpath(buffer, nil) else { return nil }
            defer { free(resolved) }
            let path = String(cString: resolved)
        #else
            return nil
        #endif
        guard let slash = path.lastIndex(of: "/") else { return nil }
        return String(path[..<slash])
    }

    /// Runs the executable `name` from `motionc`'s folder in place of this process (`execv`).
    ///
    /// The program gets `arguments` after its name. Returns only by throwing.
    ///
    /// - Throws: ``CommandFailure/unavailable(_:)`` (exit 2) when the program is not there,
    ///   saying how to build it, or cannot be started.
    static func replaceProcess(with name: String, arguments: [String]) throws -> Never {
        guard let folder = ownFolder() else {
            throw CommandFailure.unavailable("cannot find the folder motionc runs from, where \(name) is installed")
        }
        let path = folder + "/" + name
        guard access(path, X_OK) == 0 else {
            throw CommandFailure.unavailable(
                "\(path) is missing: the live preview server is a product of its own; "
                    + "build it with `swift build --product \(name)` (or `swift build`)")
        }
        let argv = ([path] + arguments).map { strdup($0) } + [nil]
        Interruption.handBack()
        execv(path, argv)
        let reason = systemErrorText(errno)
        throw CommandFailure.unavailable("cannot start \(path): \(reason)")
    }
}
