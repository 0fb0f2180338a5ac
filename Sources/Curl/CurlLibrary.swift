import CCurl
import DynamicLibrary

/// libcurl, opened with dlopen on first use (see shim.h for why it is not linked): the address of every function
/// the wrapper calls. Immutable after loading, so `Sendable`.
struct CurlLibrary: @unchecked Sendable {
    // @unchecked: the pointers are read-only addresses of functions in a library that is never closed.
    let globalInit, easyInit, easyCleanup, easyStrerror, easyPause, easySetopt, easyGetinfo: UnsafeMutableRawPointer
    let multiInit, multiAddHandle, multiRemoveHandle, multiPerform, multiInfoRead, multiPoll, multiWakeup,
        multiStrerror, slistAppend, slistFreeAll: UnsafeMutableRawPointer
    /// The URL API (7.62) and curl_free.
    let urlNew, urlCleanup, urlSet, urlGet, free: UnsafeMutableRawPointer
    /// curl_url_strerror, from 7.80 only (older ones get a generic text).
    let urlStrerror: UnsafeMutableRawPointer?

    /// The process's libcurl, loaded once; a failure says why it could not be opened.
    static let shared: Result<CurlLibrary, CurlError> = load()

    private static func load() -> Result<CurlLibrary, CurlError> {
        var so: DynamicLibrary
        switch DynamicLibrary.open("libcurl.so.4") {
        case .success(let opened): so = opened
        case .failure(let e):
            return .failure(CurlError(.other, url: "", message: "cannot load libcurl (libcurl4): \(e.reason)"))
        }
        func symbol(_ name: String) -> UnsafeMutableRawPointer { so.function(name) }
        let lib = CurlLibrary(
            globalInit: symbol("curl_global_init"), easyInit: symbol("curl_easy_init"),
            easyCleanup: symbol("curl_easy_cleanup"), easyStrerror: symbol("curl_easy_strerror"),
            easyPause: symbol("curl_easy_pause"), easySetopt: symbol("curl_easy_setopt"),
            easyGetinfo: symbol("curl_easy_getinfo"), multiInit: symbol("curl_multi_init"),
            multiAddHandle: symbol("curl_multi_add_handle"), multiRemoveHandle: symbol("curl_multi_remove_handle"),
            multiPerform: symbol("curl_multi_perform"), multiInfoRead: symbol("curl_multi_info_read"),
            multiPoll: symbol("curl_multi_poll"), multiWakeup: symbol("curl_multi_wakeup"),
            multiStrerror: symbol("curl_multi_strerror"), slistAppend: symbol("curl_slist_append"),
            slistFreeAll: symbol("curl_slist_free_all"), urlNew: symbol("curl_url"),
            urlCleanup: symbol("curl_url_cleanup"),
            urlSet: symbol("curl_url_set"), urlGet: symbol("curl_url_get"), free: symbol("curl_free"),
            urlStrerror: so.optionalFunction("curl_url_strerror"))
        guard so.missing.isEmpty else {
            return .failure(
                CurlError(
                    .other, url: "",
                    message: "libcurl lacks \(so.missing.joined(separator: ", ")) (7.68 or newer needed)"))
        }
        return .success(lib)
    }
}
