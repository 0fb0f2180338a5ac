import DynamicLibrary

/// librubberband, opened with dlopen when the first stretcher is made (see CRubberBand/shim.h for why it is not
/// linked): the address of every function the wrapper calls. Immutable after loading, so `Sendable`.
struct RubberBandLibrary: @unchecked Sendable {
    // @unchecked: the pointers are read-only addresses of functions in a library that is never closed.
    let new, delete, reset, setTimeRatio, preferredStartPad, startDelay, samplesRequired, available, process,
        retrieve: UnsafeMutableRawPointer

    /// The process's librubberband, loaded once; a failure says why it could not be opened.
    static let shared: Result<RubberBandLibrary, RubberBandError> = load()

    private static func load() -> Result<RubberBandLibrary, RubberBandError> {
        var so: DynamicLibrary
        switch DynamicLibrary.open("librubberband.so.2") {
        case .success(let opened): so = opened
        case .failure(let e):
            return .failure(RubberBandError(message: "cannot load librubberband (librubberband2): \(e.reason)"))
        }
        let lib = RubberBandLibrary(
            new: so.function("rubberband_new"), delete: so.function("rubberband_delete"),
            reset: so.function("rubberband_reset"), setTimeRatio: so.function("rubberband_set_time_ratio"),
            preferredStartPad: so.function("rubberband_get_preferred_start_pad"),
            startDelay: so.function("rubberband_get_start_delay"),
            samplesRequired: so.function("rubberband_get_samples_required"),
            available: so.function("rubberband_available"), process: so.function("rubberband_process"),
            retrieve: so.function("rubberband_retrieve"))
        guard so.missing.isEmpty else {
            return .failure(
                RubberBandError(
                    message: "librubberband lacks \(so.missing.joined(separator: ", ")) (3.0 or newer needed)"))
        }
        return .success(lib)
    }
}
