import PlayerCore
import Sndfile

/// Maps the strings libsndfile exposes (Vorbis comments, RIFF INFO, AIFF text chunks) onto `TrackTags`.
/// libsndfile gives one value per field; issue 6 reads repeated Vorbis comments itself.
enum SndfileTagMapper {
    static func tags(from handle: SndfileHandle) -> TrackTags {
        var tags = TrackTags()
        func text(_ field: SndfileHandle.StringField) -> String? {
            handle.string(field).flatMap { TagText.string(from: $0) }
        }
        tags.title = text(.title)
        if let artist = text(.artist) { tags.artists = [artist] }
        tags.album = text(.album)
        tags.date = text(.date)
        if let genre = text(.genre) { tags.genres = [genre] }
        if let comment = text(.comment) { tags.comments = [comment] }
        if let track = text(.trackNumber) { (tags.trackNumber, tags.trackCount) = TagText.numberPair(track) }
        return tags
    }
}
