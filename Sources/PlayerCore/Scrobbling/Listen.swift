/// A listen as the scrobbling services take it: when it started and the tags they know.
public struct Listen: Sendable, Hashable {
    /// Unix time (seconds) the play started.
    public var listenedAt: Int64
    public var artist: String
    public var title: String
    public var album: String?
    public var albumArtist: String?
    public var trackNumber: Int?
    public var durationMicroseconds: Int64?
    /// MusicBrainz ids, when the file has them.
    public var recordingID: String?
    public var releaseID: String?
    public var artistIDs: [String] = []

    public init(listenedAt: Int64, artist: String, title: String) {
        self.listenedAt = listenedAt
        self.artist = artist
        self.title = title
    }

    /// The listen of `track` started at `listenedAt`; nil without both an artist and a title (the services need
    /// both; a stream's ICY title gives them only as "Artist - Title").
    public init?(track: ListenTrack, listenedAt: Int64) {
        let t = track.tags
        let artists = t.artists.compactMap(Self.nonEmpty)
        guard let title = t.title.flatMap(Self.nonEmpty), !artists.isEmpty else { return nil }
        self.init(listenedAt: listenedAt, artist: artists.joined(separator: ", "), title: title)
        album = t.album.flatMap(Self.nonEmpty)
        albumArtist = t.albumArtists.compactMap(Self.nonEmpty).first
        trackNumber = t.trackNumber.flatMap { $0 > 0 ? $0 : nil }
        durationMicroseconds = track.durationMicroseconds.flatMap { $0 > 0 ? $0 : nil }
        recordingID = t.musicBrainzRecordingID
        releaseID = t.musicBrainzReleaseID
        artistIDs = t.musicBrainzArtistIDs
    }

    /// Whole seconds of the length (rounded), as both services take it.
    public var durationSeconds: Int64? {
        durationMicroseconds.map { $0.addingSaturating(500_000) / 1_000_000 }
    }

    private static func nonEmpty(_ s: String) -> String? {
        let trimmed = s.drop { $0 == " " }
        return trimmed.isEmpty ? nil : s
    }
}

/// A scrobbling service Linnet submits to.
public enum ScrobbleService: String, Sendable, Hashable, CaseIterable {
    case listenBrainz = "listenbrainz"
    case lastFM = "lastfm"

    /// The most listens one request may carry (ListenBrainz's MAX_LISTENS_PER_REQUEST; Last.fm's 50).
    public var batchLimit: Int {
        switch self {
        case .listenBrainz: return 1000
        case .lastFM: return 50
        }
    }

    /// The name people read.
    public var displayName: String {
        switch self {
        case .listenBrainz: return "ListenBrainz"
        case .lastFM: return "Last.fm"
        }
    }
}
