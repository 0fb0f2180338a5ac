import Curl
import PlayerCore

/// Small helpers over http(s) URLs as strings (the daemon has no Foundation `URL`); resolution is libcurl's.
enum RemoteURL {
    static func isHTTP(_ url: String) -> Bool { MediaLocation.isHTTP(url) && url.contains("://") }

    /// The path's extension (lowercased, without query or fragment), e.g. "mp3".
    static func pathExtension(_ url: String) -> String {
        let noQuery = url.prefix { $0 != "?" && $0 != "#" }
        guard let slash = noQuery.lastIndex(of: "/") else { return "" }
        let last = noQuery[noQuery.index(after: slash)...]
        guard let dot = last.lastIndex(of: ".") else { return "" }
        return last[last.index(after: dot)...].lowercased()
    }

    /// Resolves a playlist entry against the playlist's URL (RFC 3986 §5, by libcurl: see `CurlURL.resolve`);
    /// nil, so the entry is skipped, for an empty entry, one that is no http(s) URL once resolved, or one libcurl
    /// refuses (malformed, control characters, too long).
    ///
    /// Also nil when libcurl cannot be loaded (it is opened at run time): the playlist itself was fetched with
    /// libcurl, so streaming cannot work without it anyway, and skipping the entry is enough.
    static func resolve(_ reference: String, against base: String) -> String? {
        // Playlist lines may keep their padding or a CR; inside the entry a space is percent-encoded.
        let ref = reference.trimmingCharacters(in: " \t\r\n")
        guard !ref.isEmpty else { return nil }
        return try? CurlURL.resolve(ref, against: base)
    }
}

/// What a response holds, judged from its Content-Type, the URL's extension and its first bytes (pure).
enum ContentKind: Equatable {
    case audio(fileExtension: String)
    case hls
    case m3u
    case pls
    case xspf
    /// Not something a player can use (HTML, JSON, …): the type, for the error.
    case notAudio(String)

    static func classify(contentType: String?, url: String, prefix: [UInt8]) -> ContentKind {
        let text = String(decoding: prefix.prefix(512), as: UTF8.self)
        let ext = RemoteURL.pathExtension(url)
        let type = contentType ?? ""
        if text.hasPrefix("#EXTM3U") || text.hasPrefix("\u{FEFF}#EXTM3U") {
            // Only HLS has EXT-X tags; a radio's .m3u8 is often a plain list naming its stream.
            return text.contains("#EXT-X-") ? .hls : .m3u
        }
        if text.lowercased().hasPrefix("[playlist]") || type == "audio/x-scpls" { return .pls }
        if type == "application/xspf+xml" || ext == "xspf" || (text.contains("<playlist") && text.contains("xspf")) {
            return .xspf
        }
        if type.contains("mpegurl") || ext == "m3u" || ext == "m3u8" { return .m3u }
        if type.hasPrefix("text/html") || type.hasPrefix("application/json") || type.hasPrefix("text/xml") {
            return .notAudio(type)
        }
        let byType: [String: String] = [
            "audio/mpeg": "mp3", "audio/mp3": "mp3", "audio/aac": "aac",
            "audio/aacp": "aac", "audio/flac": "flac", "audio/x-flac": "flac",
            "audio/ogg": "ogg", "application/ogg": "ogg", "audio/opus": "opus",
            "audio/wav": "wav", "audio/x-wav": "wav", "audio/mp4": "m4a"
        ]
        return .audio(fileExtension: byType[type] ?? ext)
    }
}
