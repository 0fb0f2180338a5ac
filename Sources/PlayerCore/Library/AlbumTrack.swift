/// One track as album grouping (`AlbumGrouping`) sees it: its album title, its explicit album artist and its
/// artists.
public struct AlbumTrack: Sendable, Hashable {
    /// The album title as tagged ("" for none).
    public var album: String
    /// The album-artist tag (its first value), "Various Artists" for a flagged compilation, nil when untagged.
    public var albumArtist: String?
    /// The sort key of `albumArtist`.
    public var albumArtistSortKey: String
    public var artists: [String]
    /// The sort key of the first artist.
    public var artistSortKey: String
    public var year: Int?

    public init(
        album: String, albumArtist: String?, albumArtistSortKey: String, artists: [String],
        artistSortKey: String, year: Int?
    ) {
        self.album = album
        self.albumArtist = albumArtist
        self.albumArtistSortKey = albumArtistSortKey
        self.artists = artists
        self.artistSortKey = artistSortKey
        self.year = year
    }

    /// The track of a song read from its tags.
    public init(_ song: LibrarySong) {
        self.init(
            album: song.album ?? "", albumArtist: song.explicitAlbumArtist,
            albumArtistSortKey: song.albumArtistSortKey, artists: song.artists,
            artistSortKey: song.artistSortKey, year: song.year)
    }
}

/// An album as grouping decided it: what the albums table stores.
public struct AlbumIdentity: Sendable, Hashable {
    /// Unique in the library: the album folder, the folded title and the folded album artist.
    public var key: String
    public var name: String
    /// The album artist shown and listed (`albumartists`).
    public var artist: String
    /// The album artist's sort key, then the folded title.
    public var sort: String
    public var year: Int?
}
