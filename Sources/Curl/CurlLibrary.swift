import CCurl
import Glibc

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
        guard let handle = dlopen("libcurl.so.4", RTLD_NOW | RTLD_LOCAL) else {
            let why = dlerror().map { String(cString: $0) } ?? "unknown reason"
            return .failure(CurlError(.other, url: "", message: "cannot load libcurl (libcurl4): \(why)"))
        }
        var missing: [String] = []
        func symbol(_ name: String) -> UnsafeMutableRawPointer {
            if let p = dlsym(handle, name) { return p }
            missing.append(name)
            return UnsafeMutableRawPointer(bitPattern: 1)!  // never called: load fails below
        }
        let lib = CurlLibrary(
            globalInit: symbol("curl_global_init"), easyInit: symbol("curl_easy_init"),
            easyCleanup: symbol("curl_easy_cleanup"), easyStrerror: symbol("curl_easy_strerror"),
            easyPause: symbol("curl_easy_pause"), easySetopt: symbol("curl_easy_setopt"),
            easyGetinfo: symbol("curl_easy_getinfo"), multiInit: symbol("curl_multi_init"),
            multiAddHandle: symbol("curl_multi_add_handle"), multiRemoveHandle: symbol("curl_multi_remove_handle"),
            multiPerform: symbol("curl_multi_perform"), multiInfoRead: symbol("curl_multi_info_read"),
            multiPoll: symbol("curl_multi_poll"), multiWakeup: symbol("curl_multi_wakeup"),
            multiStrerror: symbol("curl_multi_strerror"), slistAppend: symbol("curl_slist_append"),
            slistFreeAll: symbol("curl_slist_free_all"), urlNew: symbol("curl_url"), urlCleanup: symbol("curl_url_cleanup"),
            urlSet: symbol("curl_url_set"), urlGet: symbol("curl_url_get"), free: symbol("curl_free"),
            urlStrerror: dlsym(handle, "curl_url_strerror"))
        guard missing.isEmpty else {
            return .failure(CurlError(.other, url: "", message: "libcurl lacks \(missing.joined(separator: ", ")) (7.68 or newer needed)"))
        }
        return .success(lib)
    }
}
