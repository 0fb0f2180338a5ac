import CCurl

extension CurlURL {
    /// Resolves `reference` against the http(s) URL `base` with libcurl's URL API (RFC 3986 §5); the result is
    /// an http or https URL.
    ///
    /// libcurl does the work: it merges paths, removes `.` and `..` segments (never above the host's root), keeps
    /// the reference's query and fragment, and percent-encodes spaces and non-ASCII bytes (CURLU_URLENCODE; for a
    /// relative reference it always does). An absolute http(s) reference comes back as written when it is plain
    /// printable ASCII, so a URL a playlist names is not rewritten (no `/` added to `http://h:8000`); otherwise
    /// in libcurl's encoded form. Known libcurl difference: before 8.12 a reference that is only `#fragment` also
    /// drops the base's last segment and query (curl issue 15836).
    /// - Throws: `.unsupportedScheme` when the result would not be http(s) (`file:`, `ftp:`, `mailto:`…);
    ///   `.malformedURL` with the reason for an empty, too long or unparsable reference, one holding a NUL or
    ///   control character, or one that writes `//` but no host (libcurl would read a host from the path, see
    ///   `validate`); the errors of `validate(base)` for the base; `.other` when libcurl cannot be loaded.
    public static func resolve(_ reference: String, against base: String) throws(CurlError) -> String {
        func malformed(_ reason: String) -> CurlError { CurlError(.malformedURL, url: reference, message: reason) }
        guard !reference.isEmpty else { throw malformed("empty reference") }
        guard reference.utf8.count <= maximumLength else { throw malformed("longer than \(maximumLength) bytes") }
        // A C string would end at the NUL; other control bytes get a reason that names them, not "Bad path".
        guard !reference.utf8.contains(0) else { throw malformed("contains a NUL byte") }
        guard !reference.utf8.contains(where: { $0 < 0x20 || $0 == 0x7F }) else {
            throw malformed("contains a control character")
        }
        let scheme = referenceScheme(reference)
        if let scheme, scheme != "http" && scheme != "https" {
            throw CurlError(.unsupportedScheme, url: reference, message: "only http and https URLs are streamed")
        }
        if scheme != nil || reference.hasPrefix("//") {
            let written = scheme == nil ? "http:" + reference : reference
            guard !writtenHost(written).isEmpty else { throw malformed("names no host") }
        }
        _ = try validate(base)
        let lib = try CurlLibrary.shared.get()
        guard let handle = linnet_curl_url(lib.urlNew) else {
            throw CurlError(.other, url: reference, message: "out of memory")
        }
        defer { linnet_curl_url_cleanup(lib.urlCleanup, handle) }
        let parsedBase = linnet_curl_url_set(lib.urlSet, handle, CURLUPART_URL, base, 0)
        guard parsedBase == CURLUE_OK else { throw CurlError(urlCode: parsedBase, url: base, lib: lib) }
        // On a handle that holds a URL, setting a relative one resolves it (libcurl's redirect logic).
        let flags = UInt32(clamping: CURLU_URLENCODE)
        let parsed = linnet_curl_url_set(lib.urlSet, handle, CURLUPART_URL, reference, flags)
        guard parsed == CURLUE_OK else { throw CurlError(urlCode: parsed, url: reference, lib: lib) }
        let resolvedScheme = try part(CURLUPART_SCHEME, of: handle, url: reference, lib: lib)
        guard resolvedScheme == "http" || resolvedScheme == "https" else {
            throw CurlError(.unsupportedScheme, url: reference, message: "resolves to a \(resolvedScheme) URL")
        }
        if scheme != nil && reference.utf8.allSatisfy({ $0 > 0x20 && $0 < 0x7F }) { return reference }
        let resolved = try part(CURLUPART_URL, of: handle, url: reference, lib: lib)
        guard resolved.utf8.count <= maximumLength else {
            throw malformed("resolves to more than \(maximumLength) bytes")
        }
        return resolved
    }

    /// The lowercased scheme when `reference` begins with one (RFC 3986 §3.1: a letter, then letters, digits,
    /// `+`, `-`, `.`, then `:`), so it is an absolute URL; nil for a relative reference (pure).
    static func referenceScheme(_ reference: String) -> String? {
        let name = reference.utf8.prefix { $0 != UInt8(ascii: ":") }
        guard name.count < reference.utf8.count, let first = name.first, isLetter(first),
            name.allSatisfy({ isLetter($0) || (0x30...0x39).contains($0) || "+-.".utf8.contains($0) })
        else { return nil }
        return String(decoding: name, as: UTF8.self).lowercased()
    }

    private static func isLetter(_ byte: UInt8) -> Bool { (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) }

    /// One part of the URL in `handle`, as libcurl writes it.
    private static func part(_ which: CURLUPart, of handle: OpaquePointer, url: String, lib: CurlLibrary)
        throws(CurlError) -> String
    {
        var text: UnsafeMutablePointer<CChar>?
        let got = linnet_curl_url_get(lib.urlGet, handle, which, &text, 0)
        guard got == CURLUE_OK, let text else { throw CurlError(urlCode: got, url: url, lib: lib) }
        defer { linnet_curl_free(lib.free, text) }
        return String(cString: text)
    }
}
