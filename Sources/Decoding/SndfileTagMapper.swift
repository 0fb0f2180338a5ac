import PlayerCore
import Sndfile
import Tagging

/// Tags of the files libsndfile decodes.
///
/// - FLAC, Ogg Vorbis, Opus: our own readers (`FLACMetadataReader`, `OggTagReader`) read the Vorbis comments and
///   pictures, since libsndfile gives one value per field and no pictures. They read the same byte source as
///   libsndfile, then put its position back, so the decoder never notices.
/// - WAV, AIFF, CAF and the rest: what libsndfile exposes (RIFF INFO, AIFF text chunks), one value per field.
/// A damaged tag keeps what was read before the damage; if nothing usable was read, libsndfile's strings are used.
enum SndfileTagMapper {
    static func tags(from handle: SndfileHandle, source: any ByteSource) -> TrackTags {
        let container = handle.info.container
        if (container == "FLAC" || container == "OGG"), source.isSeekable,
            let tags = readOwnTags(source, isFLAC: container == "FLAC"), !tags.isEmpty
        {
            return tags
        }
        return libsndfileTags(handle)
    }

    /// Reads the tags from the start of `source` and restores its position; nil when the stream could not be
    /// read as FLAC/Ogg at all or the position could not be restored.
    static func readOwnTags(_ source: any ByteSource, isFLAC: Bool) -> TrackTags? {
        let saved = source.position
        defer { try? source.seek(to: saved) }
        do {
            try source.seek(to: 0)
            let input = TagInputFromByteSource(source)
            let file = isFLAC ? try FLACMetadataReader.read(from: input) : try OggTagReader.read(from: input)
            return VorbisTagMapper.tags(from: file)
        } catch {
            return nil
        }
    }

    static func libsndfileTags(_ handle: SndfileHandle) -> TrackTags {
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
