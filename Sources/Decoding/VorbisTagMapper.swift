import PlayerCore
import Tagging

/// Maps Vorbis comments (FLAC, Ogg Vorbis, Opus) onto `TrackTags`: repeated fields become lists, "3/12" and
/// TRACKTOTAL/DISCTOTAL forms both give number and count, the front cover (else the first picture) is kept.
enum VorbisTagMapper {
    static func tags(from file: FileTags) -> TrackTags {
        let c = file.comments
        func list(_ keys: String...) -> [String] { keys.flatMap { c.values($0) }.compactMap(TagText.trimmed) }
        func first(_ keys: String...) -> String? {
            keys.lazy.compactMap { c.values($0).lazy.compactMap(TagText.trimmed).first }.first
        }
        var tags = TrackTags()
        // Several TITLE/ALBUM values are rare and mean alternatives (e.g. translations): show the first.
        tags.title = first("TITLE")
        tags.artists = list("ARTIST")
        tags.album = first("ALBUM")
        tags.albumArtists = list("ALBUMARTIST", "ALBUM ARTIST", "ALBUM_ARTIST")
        tags.genres = list("GENRE")
        tags.composers = list("COMPOSER")
        tags.comments = list("COMMENT", "DESCRIPTION")
        tags.date = first("DATE", "YEAR")
        tags.lyrics = first("LYRICS", "UNSYNCEDLYRICS", "UNSYNCED LYRICS")
        if let track = first("TRACKNUMBER") { (tags.trackNumber, tags.trackCount) = TagText.numberPair(track) }
        if let total = first("TRACKTOTAL", "TOTALTRACKS") {
            tags.trackCount = TagText.numberPair(total).number ?? tags.trackCount
        }
        if let disc = first("DISCNUMBER") { (tags.discNumber, tags.discCount) = TagText.numberPair(disc) }
        if let total = first("DISCTOTAL", "TOTALDISCS") {
            tags.discCount = TagText.numberPair(total).number ?? tags.discCount
        }
        tags.replayGain = ReplayGainTags.info { first($0) }
        tags.artistSort = first("ARTISTSORT")
        tags.albumArtistSort = first("ALBUMARTISTSORT")
        if let flag = first("COMPILATION") { tags.compilation = TagText.flag(flag) }
        // Picard: MUSICBRAINZ_TRACKID is the recording (MUSICBRAINZ_RELEASETRACKID is the release's track).
        tags.musicBrainzRecordingID = MusicBrainzID.first(c.values("MUSICBRAINZ_TRACKID"))
        tags.musicBrainzReleaseID = MusicBrainzID.first(c.values("MUSICBRAINZ_ALBUMID"))
        tags.musicBrainzArtistIDs = MusicBrainzID.list(c.values("MUSICBRAINZ_ARTISTID"))
        if let p = file.preferredPicture {
            tags.picture = EmbeddedPicture(
                mimeType: p.mimeType, data: p.data, pictureType: p.type,
                description: p.description)
        }
        return tags
    }
}
