/// A song tag type, named as MPD names it on the wire (`src/tag/Names.cxx`), in MPD's order.
///
/// The filter keys that are not tags (`any`, `file`, `base`, `modified-since`, …) are not cases here but
/// `MPDFilter` cases, so a tag list (`tagtypes`, `list TYPE`, `group`) cannot take them by mistake.
public enum MPDTag: String, Sendable, CaseIterable {
    /// `Artist`.
    case artist = "Artist"
    /// `ArtistSort`.
    case artistSort = "ArtistSort"
    /// `Album`.
    case album = "Album"
    /// `AlbumSort`.
    case albumSort = "AlbumSort"
    /// `AlbumArtist`.
    case albumArtist = "AlbumArtist"
    /// `AlbumArtistSort`.
    case albumArtistSort = "AlbumArtistSort"
    /// `Title`.
    case title = "Title"
    /// `TitleSort`.
    case titleSort = "TitleSort"
    /// `Track`.
    case track = "Track"
    /// `Name`.
    case name = "Name"
    /// `Genre`.
    case genre = "Genre"
    /// `Mood`.
    case mood = "Mood"
    /// `Date`.
    case date = "Date"
    /// `OriginalDate`.
    case originalDate = "OriginalDate"
    /// `Composer`.
    case composer = "Composer"
    /// `ComposerSort`.
    case composerSort = "ComposerSort"
    /// `Performer`.
    case performer = "Performer"
    /// `Conductor`.
    case conductor = "Conductor"
    /// `Work`.
    case work = "Work"
    /// `Movement`.
    case movement = "Movement"
    /// `MovementNumber`.
    case movementNumber = "MovementNumber"
    /// `ShowMovement`.
    case showMovement = "ShowMovement"
    /// `Ensemble`.
    case ensemble = "Ensemble"
    /// `Location`.
    case location = "Location"
    /// `Grouping`.
    case grouping = "Grouping"
    /// `Comment`.
    case comment = "Comment"
    /// `Disc`.
    case disc = "Disc"
    /// `DiscSubtitle`.
    case discSubtitle = "DiscSubtitle"
    /// `Label`.
    case label = "Label"
    /// `MUSICBRAINZ_ARTISTID`.
    case musicBrainzArtistID = "MUSICBRAINZ_ARTISTID"
    /// `MUSICBRAINZ_ALBUMID`.
    case musicBrainzAlbumID = "MUSICBRAINZ_ALBUMID"
    /// `MUSICBRAINZ_ALBUMARTISTID`.
    case musicBrainzAlbumArtistID = "MUSICBRAINZ_ALBUMARTISTID"
    /// `MUSICBRAINZ_TRACKID`.
    case musicBrainzTrackID = "MUSICBRAINZ_TRACKID"
    /// `MUSICBRAINZ_RELEASETRACKID`.
    case musicBrainzReleaseTrackID = "MUSICBRAINZ_RELEASETRACKID"
    /// `MUSICBRAINZ_WORKID`.
    case musicBrainzWorkID = "MUSICBRAINZ_WORKID"
    /// `MUSICBRAINZ_RELEASEGROUPID`.
    case musicBrainzReleaseGroupID = "MUSICBRAINZ_RELEASEGROUPID"

    /// The tag named `name`, ignoring ASCII case as MPD does; nil for an unknown name.
    public init?(name: String) {
        guard let tag = Self.allCases.first(where: { asciiCaseInsensitiveEqual($0.rawValue, name) }) else {
            return nil
        }
        self = tag
    }

    /// The name MPD prints (`Artist: …`, `tagtype: …`).
    public var name: String { rawValue }
}
