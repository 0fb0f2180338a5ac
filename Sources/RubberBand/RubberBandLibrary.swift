import Glibc

/// librubberband, opened with dlopen when the first stretcher is made (see CRubberBand/shim.h for why it is not
/// linked): the address of every function the wrapper calls. Immutable after loading, so `Sendable`.
struct RubberBandLibrary: @unchecked Sendable {
    // @unchecked: the pointers are read-only addresses of functions in a library that is never closed.
    let new, delete, reset, setTimeRatio, preferredStartPad, startDelay, samplesRequired, available, process,
        retrieve: UnsafeMutableRawPointer

    /// The process's librubberband, loaded once; a failure says why it could not be opened.
    static let shared: Result<RubberBandLibrary, RubberBandError> = load()

    private static func load() -> Result<RubberBandLibrary, RubberBandError> {
        guard let handle = dlopen("librubberband.so.2", RTLD_NOW | RTLD_LOCAL) else {
            let why = dlerror().map { String(cString: $0) } ?? "unknown reason"
            return .failure(RubberBandError(message: "cannot load librubberband (librubberband2): \(why)"))
        }
        var missing: [String] = []
        func symbol(_ name: String) -> UnsafeMutableRawPointer {
            if let p = dlsym(handle, name) { return p }
            missing.append(name)
            return UnsafeMutableRawPointer(bitPattern: 1)!  // never called: load fails below
        }
        let lib = RubberBandLibrary(
            new: symbol("rubberband_new"), delete: symbol("rubberband_delete"), reset: symbol("rubberband_reset"),
            setTimeRatio: symbol("rubberband_set_time_ratio"),
            preferredStartPad: symbol("rubberband_get_preferred_start_pad"),
            startDelay: symbol("rubberband_get_start_delay"),
            samplesRequired: symbol("rubberband_get_samples_required"), available: symbol("rubberband_available"),
            process: symbol("rubberband_process"), retrieve: symbol("rubberband_retrieve"))
        guard missing.isEmpty else {
            return .failure(RubberBandError(message: "librubberband lacks \(missing.joined(separator: ", ")) (3.0 or newer needed)"))
        }
        return .success(lib)
    }
}
