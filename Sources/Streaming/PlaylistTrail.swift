import PlayerCore

/// The playlists followed so far while one stream is opened (radio playlists, HLS master and media playlists),
/// so that one naming itself, or a loop A → B → A, is reported as such instead of being fetched again as audio.
struct PlaylistTrail: Sendable {
    /// Every URL visited, in order (with the URL a redirect ended at, when it differs).
    private(set) var urls: [String] = []

    init(_ url: String) { urls = [url] }

    func contains(_ url: String) -> Bool { urls.contains(url) }

    /// Records `url` (a redirect's end, say) without checking it.
    mutating func note(_ url: String) {
        if !contains(url) { urls.append(url) }
    }

    /// Follows `url` from `playlist`: the loop error when it was visited already.
    mutating func follow(_ url: String, from playlist: String) throws(DecodeError) {
        if contains(url) { throw loop(at: url, from: playlist) }
        urls.append(url)
    }

    /// "the playlist refers to itself (URL)", or with the whole loop ("A → B → A") when it goes through others.
    func loop(at url: String, from playlist: String) -> DecodeError {
        let start = urls.firstIndex(of: url) ?? urls.startIndex
        let cycle = urls[start...].filter { $0 != url } + [url]
        let path = cycle.count == 1 ? url : ([url] + cycle).joined(separator: " → ")
        return DecodeError(.unsupportedFormat, path: playlist, message: "the playlist refers to itself (\(path))")
    }
}
