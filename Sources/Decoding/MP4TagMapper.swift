import MP4
import PlayerCore

/// Maps iTunes `ilst` items onto `TrackTags`: the standard atoms first, then `----:com.apple.iTunes:` freeform
/// atoms under the Vorbis-comment names taggers use (ARTISTS, LYRICS, …) for what the standard ones leave out.
enum MP4TagMapper {
    static func tags(from m: MP4Tags) -> TrackTags {
        func list(_ keys: String...) -> [String] {
            keys.lazy.map { m.values($0).compactMap(TagText.trimmed) }.first { !$0.isEmpty } ?? []
        }
        func first(_ keys: String...) -> String? {
            keys.lazy.compactMap { m.values($0).lazy.compactMap(TagText.trimmed).first }.first
        }
        func freeform(_ name: String) -> String { "----:com.apple.iTunes:" + name }
        var tags = TrackTags()
        tags.title = first("©nam", freeform("TITLE"))
        tags.artists = list("©ART", freeform("ARTISTS"), freeform("ARTIST"))
        tags.album = first("©alb", freeform("ALBUM"))
        tags.albumArtists = list("aART", freeform("ALBUMARTIST"))
        tags.composers = list("©wrt", freeform("COMPOSER"))
        tags.comments = list("©cmt", freeform("COMMENT"))
        tags.date = first("©day", freeform("DATE"))
        tags.lyrics = first("©lyr", freeform("LYRICS"), freeform("UNSYNCEDLYRICS"))
        tags.genres = list("©gen", freeform("GENRE"))
        if tags.genres.isEmpty, let code = m.genreCode, code >= 1, code <= id3v1Genres.count {
            tags.genres = [id3v1Genres[code - 1]]  // gnre counts from 1
        }
        tags.trackNumber = m.trackNumber
        tags.trackCount = m.trackCount
        tags.discNumber = m.discNumber
        tags.discCount = m.discCount
        tags.replayGain = ReplayGainTags.info { m.freeform($0) }
        tags.compilation = m.compilation
        tags.artistSort = first("soar", freeform("ARTISTSORT"))
        tags.albumArtistSort = first("soaa", freeform("ALBUMARTISTSORT"))
        // Picard: "MusicBrainz Track Id" is the recording ("MusicBrainz Release Track Id" the release's track).
        tags.musicBrainzRecordingID = MusicBrainzID.first(m.values(freeform("MusicBrainz Track Id")))
        tags.musicBrainzReleaseID = MusicBrainzID.first(m.values(freeform("MusicBrainz Album Id")))
        tags.musicBrainzArtistIDs = MusicBrainzID.list(m.values(freeform("MusicBrainz Artist Id")))
        if let cover = m.cover {
            tags.picture = EmbeddedPicture(mimeType: cover.mimeType, data: cover.data, pictureType: 3)
        }
        return tags
    }
}
