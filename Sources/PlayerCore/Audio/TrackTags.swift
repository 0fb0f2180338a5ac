/// The tags of one track, in the player's own terms (the MPRIS layer maps them to xesam keys).
public struct TrackTags: Sendable, Hashable {
    public var title: String?
    public var artists: [String] = []
    public var album: String?
    public var albumArtists: [String] = []
    public var trackNumber: Int?
    public var trackCount: Int?
    public var discNumber: Int?
    public var discCount: Int?
    public var genres: [String] = []
    /// The date as written in the tag ("2024", "2024-05-01").
    public var date: String?
    public var composers: [String] = []
    public var comments: [String] = []
    /// How the artist sorts (ARTISTSORT, ID3 TSOP), when the tag says.
    public var artistSort: String?
    /// How the album artist sorts (ALBUMARTISTSORT, ID3 TSO2), when the tag says.
    public var albumArtistSort: String?
    /// The compilation flag (COMPILATION, ID3 TCMP); nil when the tag does not say.
    public var compilation: Bool?
    /// Unsynchronised lyrics embedded in the file (ID3 USLT, LYRICS/UNSYNCEDLYRICS Vorbis comments; may itself be
    /// LRC text).
    public var lyrics: String?
    /// Synchronised lyrics embedded in the file (ID3 SYLT with millisecond stamps), sorted by time; empty when none.
    public var syncedLyrics: [LyricLine] = []
    /// Embedded cover picture, when the decoder found one (front cover preferred).
    public var picture: EmbeddedPicture?
    /// ReplayGain values, when tagged.
    public var replayGain: ReplayGainInfo?
    /// MusicBrainz ids as Picard writes them: the recording (Vorbis MUSICBRAINZ_TRACKID, ID3 UFID of
    /// http://musicbrainz.org, MP4 "MusicBrainz Track Id"), the release (MUSICBRAINZ_ALBUMID, TXXX/MP4
    /// "MusicBrainz Album Id") and the artists (MUSICBRAINZ_ARTISTID, "MusicBrainz Artist Id").
    public var musicBrainzRecordingID: String?
    public var musicBrainzReleaseID: String?
    public var musicBrainzArtistIDs: [String] = []

    public init() {}

    /// True when no field is set.
    public var isEmpty: Bool { self == TrackTags() }
}

/// A picture embedded in a file's tags (ID3 APIC, FLAC PICTURE, METADATA_BLOCK_PICTURE).
public struct EmbeddedPicture: Sendable, Hashable {
    public var mimeType: String
    public var data: [UInt8]
    /// The ID3v2/FLAC picture type: 3 is the front cover, 0 "other".
    public var pictureType: Int
    public var description: String

    public init(mimeType: String, data: [UInt8], pictureType: Int = 3, description: String = "") {
        self.mimeType = mimeType
        self.data = data
        self.pictureType = pictureType
        self.description = description
    }
}
