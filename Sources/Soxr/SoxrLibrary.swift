import DynamicLibrary

/// libsoxr, opened with dlopen when the first resampler is made (see CSoxr/shim.h for why it is not linked): the
/// address of every function the wrapper calls. Immutable after loading, so `Sendable`.
struct SoxrLibrary: @unchecked Sendable {
    // @unchecked: the pointers are read-only addresses of functions in a library that is never closed.
    let ioSpec, qualitySpec, runtimeSpec, create, process, delete, clear: UnsafeMutableRawPointer

    /// The process's libsoxr, loaded once; a failure says why it could not be opened.
    static let shared: Result<SoxrLibrary, ResamplerError> = load()

    private static func load() -> Result<SoxrLibrary, ResamplerError> {
        var so: DynamicLibrary
        switch DynamicLibrary.open("libsoxr.so.0") {
        case .success(let opened): so = opened
        case .failure(let e): return .failure(ResamplerError(message: "cannot load libsoxr (libsoxr0): \(e.reason)"))
        }
        let lib = SoxrLibrary(
            ioSpec: so.function("soxr_io_spec"), qualitySpec: so.function("soxr_quality_spec"),
            runtimeSpec: so.function("soxr_runtime_spec"), create: so.function("soxr_create"),
            process: so.function("soxr_process"), delete: so.function("soxr_delete"), clear: so.function("soxr_clear"))
        guard so.missing.isEmpty else {
            return .failure(ResamplerError(message: "libsoxr lacks \(so.missing.joined(separator: ", "))"))
        }
        return .success(lib)
    }
}

/// A resampler that could not be made or failed, with libsoxr's reason.
public struct ResamplerError: Error, Sendable, Hashable, CustomStringConvertible {
    public var message: String
    public var description: String { message }
}
