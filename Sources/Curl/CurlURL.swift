import CCurl

/// Checks stream URLs with libcurl's URL API (`curl_url`, `curl_url_set`, `curl_url_get`): the parser the
/// transfers themselves use, so a URL refused here is one that could never be fetched, and one accepted parses
/// the same way when it plays. Loads libcurl (`CurlLibrary`) on first use.
public enum CurlURL {
    /// Longer URLs are refused (libcurl's own bound is 8 MB): no stream URL is near it, and a queued one is kept in
    /// the queue database and sent in every Metadata reply.
    public static let maximumLength = 64 * 1024

    /// Checks that `text` is an http or https URL that libcurl parses and that names a host where it is written;
    /// returns the host as libcurl reads it (`[::1]` for an IPv6 literal).
    ///
    /// libcurl is lenient about slashes (`https:///x` and `http:/x` both mean host `x`); those are refused here,
    /// since the host the user wrote is empty.
    /// - Throws: `.malformedURL` with the reason (libcurl's `curl_url_strerror` text where it refused),
    ///   `.unsupportedScheme` for other schemes, `.other` when libcurl cannot be loaded or runs out of memory.
    public static func validate(_ text: String) throws(CurlError) -> String {
        func malformed(_ reason: String) -> CurlError { CurlError(.malformedURL, url: text, message: reason) }
        guard text.utf8.count <= maximumLength else { throw malformed("longer than \(maximumLength) bytes") }
        // A C string would end at the NUL and check only what comes before it.
        guard !text.utf8.contains(0) else { throw malformed("contains a NUL byte") }
        let scheme = text.prefix { $0 != ":" }.lowercased()
        guard scheme == "http" || scheme == "https" else {
            throw CurlError(.unsupportedScheme, url: text, message: "only http and https URLs are streamed")
        }
        let lib = try CurlLibrary.shared.get()
        guard let handle = linnet_curl_url(lib.urlNew) else {
            throw CurlError(.other, url: text, message: "out of memory")
        }
        defer { linnet_curl_url_cleanup(lib.urlCleanup, handle) }
        let parsed = linnet_curl_url_set(lib.urlSet, handle, CURLUPART_URL, text, 0)
        guard parsed == CURLUE_OK else { throw CurlError(urlCode: parsed, url: text, lib: lib) }
        var host: UnsafeMutablePointer<CChar>?
        let got = linnet_curl_url_get(lib.urlGet, handle, CURLUPART_HOST, &host, 0)
        guard got == CURLUE_OK, let host else { throw CurlError(urlCode: got, url: text, lib: lib) }
        defer { linnet_curl_free(lib.free, host) }
        guard !writtenHost(text).isEmpty else { throw malformed("no host after \(scheme)://") }
        return String(cString: host)
    }

    /// The host as written: after `scheme://` and any `user@`, before the port, path, query or fragment; empty
    /// when the text has no `://` or nothing there (pure).
    static func writtenHost(_ text: String) -> Substring {
        guard let separator = text.firstRange(of: "://") else { return "" }
        let authority = text[separator.upperBound...].prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        let hostAndPort = authority.lastIndex(of: "@").map { authority[authority.index(after: $0)...] } ?? authority
        if hostAndPort.hasPrefix("[") { return hostAndPort.prefix { $0 != "]" }.dropFirst() }
        return hostAndPort.prefix { $0 != ":" }
    }
}

extension CurlError {
    /// A refusal of the URL API (`CURLUcode`) with libcurl's text; running out of memory is not the URL's fault.
    init(urlCode: CURLUcode, url: String, lib: CurlLibrary) {
        let text =
            lib.urlStrerror.flatMap { linnet_curl_url_strerror($0, urlCode) }.map { String(cString: $0) }
            ?? "libcurl URL error \(urlCode.rawValue)"
        let kind: Kind
        switch urlCode {
        case CURLUE_OUT_OF_MEMORY: kind = .other
        case CURLUE_UNSUPPORTED_SCHEME: kind = .unsupportedScheme
        default: kind = .malformedURL
        }
        self.init(kind, url: url, message: text, code: Int32(bitPattern: urlCode.rawValue))
    }
}
