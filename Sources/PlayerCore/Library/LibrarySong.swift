/// One song as the library stores it: the file's path (bytes, since names need not be UTF-8), its tags after the
/// library's rules (title from the file name, compilation, sort keys) and its stream facts.
public struct LibrarySong: Sendable, Hashable {
    public var path: [UInt8]
    public var title: String
    public var artists: [String]
    public var album: String?
    public var albumArtists: [String]
    public var genres: [String]
    public var composers: [String]
    public var trackNumber: Int?
    public var discNumber: Int?
    public var date: String?
    public var durationMicroseconds: Int64?
    public var sampleRate: Int?
    public var channels: Int?
    public var bitrate: Int?
    public var isCompilation: Bool
    public var hasArt: Bool
    public var hasLyrics: Bool
    /// Sort key of the first artist ("The …" rule, or the ARTISTSORT tag), folded.
    public var artistSortKey: String
    /// Sort key of the album artist, folded.
    public var albumArtistSortKey: String
    /// MusicBrainz ids from the tags (`TrackTags`), for the scrobblers.
    public var musicBrainzRecordingID: String?
    public var musicBrainzReleaseID: String?
    public var musicBrainzArtistIDs: [String]

    /// Applies the library's rules to what a tag read found.
    public init(
        path: [UInt8], tags: TrackTags, durationMicroseconds: Int64?, sampleRate: Int?, channels: Int?,
        fileSize: Int64, hasSidecarLyrics: Bool = false
    ) {
        self.path = path
        let name = FileTitle.title(fromPath: String(decoding: path, as: UTF8.self))
        title = tags.title.flatMap { $0.isEmpty ? nil : $0 } ?? name
        artists = tags.artists
        album = tags.album
        albumArtists = tags.albumArtists
        genres = tags.genres
        composers = tags.composers
        trackNumber = tags.trackNumber
        discNumber = tags.discNumber
        date = tags.date
        musicBrainzRecordingID = tags.musicBrainzRecordingID
        musicBrainzReleaseID = tags.musicBrainzReleaseID
        musicBrainzArtistIDs = tags.musicBrainzArtistIDs
        self.durationMicroseconds = durationMicroseconds
        self.sampleRate = sampleRate
        self.channels = channels
        if let us = durationMicroseconds, us > 0 {
            // Average bits per second over the whole file (tags included): close enough for display.
            let (bits, overflow) = fileSize.multipliedReportingOverflow(by: 8_000_000)
            bitrate = overflow ? nil : Int(truncatingIfNeeded: bits / us)
        }
        isCompilation = CompilationRule.isCompilation(flag: tags.compilation, albumArtists: tags.albumArtists)
        hasArt = tags.picture != nil
        hasLyrics = tags.lyrics != nil || !tags.syncedLyrics.isEmpty || hasSidecarLyrics
        artistSortKey = SortName.key(for: tags.artists.first ?? "", sortTag: tags.artistSort)
        // A compilation sorts where its shown album artist, "Various Artists", does.
        albumArtistSortKey =
            isCompilation
            ? SortName.key(for: AlbumGrouping.variousArtists)
            : SortName.key(
                for: tags.albumArtists.first ?? tags.artists.first ?? "",
                sortTag: tags.albumArtistSort ?? (tags.albumArtists.isEmpty ? tags.artistSort : nil))
    }

    /// The year from the date ("2024-05-01" → 2024), nil when it does not start with four digits.
    public var year: Int? { Self.year(from: date) }

    /// The album artist of a song without an album title (albums decide theirs: `AlbumGrouping`): "Various
    /// Artists" for compilations, else the album artist tag, else the first artist.
    public var effectiveAlbumArtist: String {
        explicitAlbumArtist ?? artists.first ?? ""
    }

    /// The album artist as tagged: "Various Artists" for compilations, else the first album-artist tag; nil
    /// when untagged.
    public var explicitAlbumArtist: String? {
        isCompilation ? AlbumGrouping.variousArtists : albumArtists.first
    }

    /// The folded text `text` searches: title, every artist and the album.
    public var searchText: String {
        TextFolding.fold(([title] + artists + [album ?? ""]).joined(separator: "\u{1F}"))
    }

    public static func year(from date: String?) -> Int? {
        guard let date else { return nil }
        let digits = date.utf8.prefix(4)
        guard digits.count == 4, digits.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else { return nil }
        return digits.reduce(0) { $0 * 10 + Int($1 - 0x30) }
    }
}
