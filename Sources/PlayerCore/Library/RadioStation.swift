/// A named internet radio station (`linnet radio`), kept in the library database.
public struct RadioStation: Sendable, Hashable {
    public var name: String
    public var url: String

    public init(name: String, url: String) {
        self.name = name
        self.url = url
    }

    /// Why `name`/`url` cannot be a station (nil when they can): a name is one line of text, a URL http(s).
    public static func problem(name: String, url: String) -> String? {
        if name.isEmpty || name.contains("\t") || name.contains("\n") {
            return "a station name must be one line of text"
        }
        guard isStreamURL(url) else { return "'\(url)' is not an http:// or https:// URL" }
        return nil
    }

    /// True for an http(s) URL of one line: what playlists and the station list accept as a stream.
    public static func isStreamURL(_ text: String) -> Bool {
        let lower = text.lowercased()
        let rest =
            lower.hasPrefix("http://") ? lower.dropFirst(7) : lower.hasPrefix("https://") ? lower.dropFirst(8) : ""
        return !rest.isEmpty && !text.contains("\n") && !text.contains("\t") && !text.contains("\r")
    }

    /// The stations of the old station file (one `NAME<TAB>URL` a line), for the one-time import; malformed lines
    /// and repeated names are left out.
    public static func parseList(_ text: String) -> [RadioStation] {
        var out: [RadioStation] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: true) {
            guard let tab = line.firstIndex(of: "\t") else { continue }
            let s = RadioStation(name: String(line[..<tab]), url: String(line[line.index(after: tab)...]))
            if problem(name: s.name, url: s.url) == nil,
                !out.contains(where: { $0.name.lowercased() == s.name.lowercased() })
            {
                out.append(s)
            }
        }
        return out
    }
}

/// One entry of a user playlist as it is played: a library song or a stream URL.
public enum PlaylistEntry: Sendable {
    case song(SongRow)
    case stream(String)
}

/// The radio station list and streams in playlists (the Library interface calls it on the service queue).
@MainActor
public protocol StationControl: AnyObject, Sendable {
    /// Every station in the order they were added.
    func stations() throws(LibraryError) -> [RadioStation]
    /// Adds a station, or gives an existing one (same name ignoring case) a new URL.
    func addStation(name: String, url: String) throws(LibraryError)
    /// Removes the station; `.playlist` error when there is none of that name.
    func removeStation(name: String) throws(LibraryError)
    /// Appends http(s) stream URLs to a user playlist.
    func addStreams(toPlaylist playlist: PlaylistReference, urls: [String]) throws(LibraryError)
    /// A playlist's entries in its order, songs and streams (a look: no play is noted).
    func playlistEntries(_ playlist: PlaylistReference) throws(LibraryError) -> [PlaylistEntry]
}
