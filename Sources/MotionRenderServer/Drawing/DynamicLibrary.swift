#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A C library opened at run time with `dlopen`, whose functions are looked up by name and cast
/// to the C signatures their callers declare (``Cairo``, ``LibPNG``).
///
/// A missing function does not stop the lookups: the first one missing is remembered, so a
/// table can be built whole and then refused with that name.
struct DynamicLibrary {
    private let handle: UnsafeMutableRawPointer
    /// The first function that could not be found, if any.
    private(set) var missing: String?

    /// Opens the library at `path` (a file name is searched for as `dlopen` does); the failure
    /// is the dynamic loader's text.
    static func open(_ path: String) -> Result<DynamicLibrary, LoaderMessage> {
        guard let handle = dlopen(path, RTLD_NOW | RTLD_LOCAL) else {
            return .failure(LoaderMessage(text: dlerror().map { String(cString: $0) } ?? "it cannot be opened"))
        }
        return .success(DynamicLibrary(handle: handle))
    }

    /// The function `name` as `F` (a `@convention(c)` function type); a placeholder, never to be
    /// called, when it is missing (``missing`` names it then).
    mutating func function<F>(_ name: String) -> F {
        if let address = dlsym(handle, name) { return unsafeBitCast(address, to: F.self) }
        if missing == nil { missing = name }
        return unsafeBitCast(Self.unresolved, to: F.self)
    }

    /// Closes the library; only for a table that is discarded. A table in use keeps it open for
    /// the life of the process, since its functions point into it.
    func close() {
        dlclose(handle)
    }

    /// A placeholder address for unresolved symbols; the table holding it is never used.
    private static let unresolved: @convention(c) () -> Void = {}
}

/// The dynamic loader's explanation of why a library could not be opened.
struct LoaderMessage: Error {
    var text: String
}
