import Mpg123
import PlayerCore

/// Maps the ID3 tags libmpg123 parsed onto `TrackTags` (ID3v2 first, ID3v1 filling the gaps).
/// Cheap fields only; issue 6 completes multi-value and picture handling.
enum ID3TagMapper {
    static func tags(from id3: Mpg123ID3) -> TrackTags {
        var tags = TrackTags()
        for frame in id3.v2Frames {
            let values = frame.values.compactMap(TagText.trimmed)
            guard let first = values.first else { continue }
            switch frame.id {
            case "TIT2", "TT2\0": tags.title = first
            case "TPE1", "TP1\0": tags.artists = values
            case "TALB", "TAL\0": tags.album = first
            case "TPE2", "TP2\0": tags.albumArtists = values
            case "TCOM", "TCM\0": tags.composers = values
            case "TCON", "TCO\0": tags.genres = values.compactMap(TagText.genre)
            case "TDRC", "TYER", "TYE\0": tags.date = first
            case "TRCK", "TRK\0": (tags.trackNumber, tags.trackCount) = TagText.numberPair(first)
            case "TPOS", "TPA\0": (tags.discNumber, tags.discCount) = TagText.numberPair(first)
            case "COMM", "COM\0": tags.comments.append(contentsOf: values)
            case "USLT", "ULT\0": tags.lyrics = first
            default: break
            }
        }
        if let v1 = id3.v1 { fill(&tags, from: v1) }
        return tags
    }

    /// ID3v1 fields only fill what ID3v2 left empty.
    private static func fill(_ tags: inout TrackTags, from v1: Mpg123ID3.V1) {
        if tags.title == nil { tags.title = TagText.string(from: v1.title) }
        if tags.artists.isEmpty, let a = TagText.string(from: v1.artist) { tags.artists = [a] }
        if tags.album == nil { tags.album = TagText.string(from: v1.album) }
        if tags.date == nil { tags.date = TagText.string(from: v1.year) }
        // ID3v1.1: a zero byte before the last comment byte makes that byte the track number.
        var comment = v1.comment
        if comment.count == 30, comment[28] == 0, comment[29] != 0 {
            if tags.trackNumber == nil { tags.trackNumber = Int(comment[29]) }
            comment = Array(comment[0..<28])
        }
        if tags.comments.isEmpty, let c = TagText.string(from: comment) { tags.comments = [c] }
        if tags.genres.isEmpty, Int(v1.genre) < id3v1Genres.count { tags.genres = [id3v1Genres[Int(v1.genre)]] }
    }
}
