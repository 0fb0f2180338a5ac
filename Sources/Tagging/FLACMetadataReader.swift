/// Reads the metadata blocks at the head of a native FLAC stream: VORBIS_COMMENT (every field, repeated keys
/// kept) and PICTURE blocks. Audio frames are never touched.
///
/// Why our own parser rather than libFLAC's metadata API or libsndfile: libsndfile returns one value per field and
/// no pictures; libFLAC's level-0/1 API reads whole blocks into memory (a 20 MB picture is held entirely) and needs a
/// file path or its own callbacks. The format is small (a 4-byte header per block, length-prefixed fields), so a
/// forward-only reader here streams from the same byte source the decoder uses, skips oversized pictures without
/// holding them, and is fuzzed (fuzz/TagFuzz).
public enum FLACMetadataReader {
    static let vorbisCommentType = 4
    static let pictureType = 6

    /// Reads from `input` positioned at the start of the file (an ID3v2 tag in front of "fLaC" is skipped).
    /// Throws only when the input is not FLAC at all; damage inside the metadata ends reading with `error` set.
    public static func read(from input: any TagInput) throws(TagError) -> FileTags {
        try readStreamMarker(from: input)
        var tags = FileTags()
        var sawComments = false
        do throws(TagError) {
            for _ in 0..<TagLimits.maxBlocks {
                let header = try input.read(4)
                let isLast = header[0] & 0x80 != 0
                let type = Int(header[0] & 0x7F)
                let length = Int(header[1]) << 16 | Int(header[2]) << 8 | Int(header[3])
                let block = LimitedInput(input, limit: length)
                // Damage inside a block (a field longer than its block) costs that block only: the block length
                // still says where the next one starts.
                do throws(TagError) {
                    if type == vorbisCommentType && !sawComments {
                        sawComments = true
                        let result = VorbisCommentReader.read(from: block) { [tags] in !tags.hasFrontCover }
                        tags.comments = result.comments
                        tags.decodePictures(result.encodedPictures)
                        if let error = result.error { throw error }
                    } else if type == pictureType && !tags.hasFrontCover {
                        tags.offer(try TagPictureReader.read(from: block))
                    }
                } catch {
                    if tags.error == nil { tags.error = error }
                }
                try block.skipRest()
                if isLast { break }
                if type == 127 { throw TagError(.corrupt, offset: input.offset, "invalid metadata block type 127") }
            }
        } catch {
            tags.error = error
        }
        return tags
    }

    /// Reads past the "fLaC" marker (and an ID3v2 tag some taggers put in front of it); throws when it is missing.
    static func readStreamMarker(from input: any TagInput) throws(TagError) {
        var magic = try input.read(4)
        if magic.starts(with: Array("ID3".utf8)) {
            let header = magic + (try input.read(6))
            try input.skip(syncsafe(header[6..<10]) + (header[5] & 0x10 != 0 ? 10 : 0))
            magic = try input.read(4)
        }
        guard magic == Array("fLaC".utf8) else {
            throw TagError(.corrupt, offset: input.offset - 4, "not a FLAC stream (no fLaC marker)")
        }
    }

    static func syncsafe(_ b: ArraySlice<UInt8>) -> Int {
        b.reduce(0) { $0 << 7 | Int($1 & 0x7F) }
    }
}
