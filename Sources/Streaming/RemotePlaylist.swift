import PlayerCore

/// The entries of a radio playlist fetched over HTTP (.pls, .m3u, .xspf), resolved to absolute http(s) URLs, read
/// by the same parsers as local playlists (pure but for libcurl resolving the entries).
enum RemotePlaylist {
    static func entries(_ bytes: [UInt8], kind: ContentKind, url: String) -> [String] {
        func resolve(_ reference: String) throws(SkippedLine.Reason) -> MediaLocation {
            guard let absolute = RemoteURL.resolve(reference, against: url) else { throw .notAStream }
            return .url(absolute)
        }
        let items: [MediaItem]
        switch kind {
        case .pls: items = (try? PLSParser.parse(bytes, resolve: resolve))?.items ?? []
        case .m3u, .hls: items = M3UParser.parse(bytes, resolve: resolve).items
        case .xspf: return XSPFParser.locations(bytes).compactMap { RemoteURL.resolve($0, against: url) }
        case .audio, .notAudio: return []
        }
        return items.compactMap { item in
            if case .url(let u) = item.location { return u }
            return nil
        }
    }
}
