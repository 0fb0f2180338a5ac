import Curl

/// The daemon's check of a stream URL before it is queued or stored: what libcurl's URL API cannot
/// parse, or what names no host, is refused at the call (InvalidArgs) instead of failing when it plays. The
/// domain (PlayerCore) never imports a C module, so the check lives here, with the calls that add URLs.
enum StreamURLCheck {
    /// How much of a URL an error message quotes (a refused URL may be megabytes long).
    static let quotedLength = 200

    /// Why `url` cannot be a stream, naming it and libcurl's reason; nil when it is fine, when it is not an
    /// http(s) URL at all (each caller refuses those in its own words), or when libcurl cannot be loaded (then it
    /// fails when played, saying so, as before).
    static func problem(_ url: String) -> String? {
        do {
            _ = try CurlURL.validate(url)
            return nil
        } catch {
            guard error.kind == .malformedURL else { return nil }
            let quoted = url.count > quotedLength ? url.prefix(quotedLength) + "…" : Substring(url)
            return "'\(quoted)' is not a valid URL: \(error.message)"
        }
    }
}
