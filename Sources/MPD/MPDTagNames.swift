import MPDProtocol

/// The tags this server reports, by their MPD names, in the order `tagtypes` lists them. `tagtypes enable` and
/// `disable` accept every tag MPD knows (mpc names them all), but only these ever appear in a reply.
enum MPDTagNames {
    static let all = [
        "Artist", "ArtistSort", "Album", "AlbumArtist", "AlbumArtistSort", "Title", "Track", "Name", "Genre", "Date",
        "Composer", "Disc", "Comment"
    ]

    /// The MPD name of `tag` (any case), nil when MPD has no such tag.
    static func canonical(_ tag: String) -> String? { MPDTag(name: tag)?.name }
}
