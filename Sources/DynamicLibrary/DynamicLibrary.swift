import Glibc

/// A C library opened with dlopen, for the wrappers that load theirs on first use (libcurl, librubberband) rather
/// than link it: looks functions up by name and remembers which ones were missing, so a loader can check once.
///
/// The library is never closed: its functions stay callable for the life of the process.
public struct DynamicLibrary {
    private let handle: UnsafeMutableRawPointer
    /// The names `function(_:)` did not find, in the order asked.
    public private(set) var missing: [String] = []

    /// Opens `soname` (e.g. "libcurl.so.4"); the failure is dlerror's text.
    public static func open(_ soname: String) -> Result<DynamicLibrary, DynamicLibraryError> {
        guard let handle = dlopen(soname, RTLD_NOW | RTLD_LOCAL) else {
            return .failure(DynamicLibraryError(reason: dlerror().map { String(cString: $0) } ?? "unknown reason"))
        }
        return .success(DynamicLibrary(handle: handle))
    }

    /// The address of `name`; when it is missing, the name is recorded in `missing` and a placeholder returned
    /// that must never be called (a loader fails when `missing` is not empty).
    public mutating func function(_ name: String) -> UnsafeMutableRawPointer {
        if let p = dlsym(handle, name) { return p }
        missing.append(name)
        return UnsafeMutableRawPointer(bitPattern: 1)!
    }

    /// The address of `name`, nil when this version of the library lacks it (not recorded as missing).
    public func optionalFunction(_ name: String) -> UnsafeMutableRawPointer? { dlsym(handle, name) }
}

/// Why dlopen failed (dlerror's text).
public struct DynamicLibraryError: Error, Sendable {
    public var reason: String
}
