import PlayerCore

/// Small pure helpers over http(s) URLs as strings (the daemon has no Foundation `URL`).
enum RemoteURL {
    /// The lowercased scheme, or nil.
    static func scheme(_ url: String) -> String? {
        guard let colon = url.firstIndex(of: ":") else { return nil }
        let s = url[..<colon]
        guard !s.isEmpty, s.allSatisfy({ $0.isLetter || $0.isNumber || "+-.".contains($0) }) else { return nil }
        return s.lowercased()
    }

    static func isHTTP(_ url: String) -> Bool { MediaLocation.isHTTP(url) && url.contains("://") }

    /// The path's extension (lowercased, without query or fragment), e.g. "mp3".
    static func pathExtension(_ url: String) -> String {
        let noQuery = url.prefix { $0 != "?" && $0 != "#" }
        guard let slash = noQuery.lastIndex(of: "/") else { return "" }
        let last = noQuery[noQuery.index(after: slash)...]
        guard let dot = last.lastIndex(of: ".") else { return "" }
        return last[last.index(after: dot)...].lowercased()
    }

    /// Resolves a playlist entry against the playlist's URL: absolute URLs as they are, "/path" against the host,
    /// anything else against the playlist's directory; "." and ".." segments are removed as RFC 3986 §5.2.4 says
    /// (never above the host's root). Nil for schemes other than http/https.
    static func resolve(_ reference: String, against base: String) -> String? {
        let ref = reference.trimmingCharacters(in: " \t\r\n")
        if ref.isEmpty { return nil }
        if let s = scheme(ref), ref.contains("://") { return (s == "http" || s == "https") ? ref : nil }
        guard let schemeEnd = base.firstRange(of: "://") else { return nil }
        let afterScheme = base[schemeEnd.upperBound...]
        let hostEnd = afterScheme.firstIndex(of: "/") ?? afterScheme.endIndex
        let origin = String(base[..<hostEnd])
        if ref.hasPrefix("//") { return String(base[..<schemeEnd.lowerBound]) + ":" + ref }
        let refPath = ref.prefix { $0 != "?" && $0 != "#" }, refRest = ref[refPath.endIndex...]
        if ref.hasPrefix("/") { return origin + removingDotSegments(refPath) + refRest }
        let path = base[hostEnd...].prefix { $0 != "?" && $0 != "#" }
        let directory = path.lastIndex(of: "/").map { String(path[...$0]) } ?? "/"
        return origin + removingDotSegments(directory + refPath) + refRest
    }

    /// An absolute path without its "." and ".." segments: "/a/b/../c/./d" is "/a/c/d"; ".." at the root stays
    /// at the root; a path ending in "." or ".." ends in "/".
    static func removingDotSegments(_ path: some StringProtocol) -> String {
        var kept: [Substring] = []
        // "" before the first "/"
        let segments = path.split(separator: "/", omittingEmptySubsequences: false).dropFirst()
        var endsInDirectory = false
        for (i, segment) in segments.enumerated() {
            let last = i == segments.count - 1
            switch segment {
            case ".": endsInDirectory = last
            case "..":
                if !kept.isEmpty { kept.removeLast() }
                endsInDirectory = last
            default: kept.append(Substring(segment))
            }
        }
        return "/" + kept.joined(separator: "/") + (endsInDirectory && !kept.isEmpty ? "/" : "")
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
