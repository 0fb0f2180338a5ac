import DynamicLibrary

/// libfaad2, opened with dlopen when the first AAC decoder is made (see CFaad/shim.h for why it is not linked):
/// the address of every function the wrapper calls. Immutable after loading, so `Sendable`.
struct FaadLibrary: @unchecked Sendable {
    // @unchecked: the pointers are read-only addresses of functions in a library that is never closed.
    let open, getConfiguration, setConfiguration, initialise, initialise2, close, decode,
        errorMessage: UnsafeMutableRawPointer

    /// The process's libfaad2, loaded once; a failure says why it could not be opened.
    static let shared: Result<FaadLibrary, FaadError> = load()

    private static func load() -> Result<FaadLibrary, FaadError> {
        var so: DynamicLibrary
        switch DynamicLibrary.open("libfaad.so.2") {
        case .success(let opened): so = opened
        case .failure(let e): return .failure(FaadError("dlopen", message: "cannot load libfaad2: \(e.reason)"))
        }
        let lib = FaadLibrary(
            open: so.function("NeAACDecOpen"), getConfiguration: so.function("NeAACDecGetCurrentConfiguration"),
            setConfiguration: so.function("NeAACDecSetConfiguration"), initialise: so.function("NeAACDecInit"),
            initialise2: so.function("NeAACDecInit2"), close: so.function("NeAACDecClose"),
            decode: so.function("NeAACDecDecode"), errorMessage: so.function("NeAACDecGetErrorMessage"))
        guard so.missing.isEmpty else {
            return .failure(FaadError("dlopen", message: "libfaad2 lacks \(so.missing.joined(separator: ", "))"))
        }
        return .success(lib)
    }
}
