/// The packets of the first logical stream of an Ogg file, as a forward-only `TagInput`: `read` and `skip` move
/// through the current packet's bytes across page boundaries, and fail with `.truncated` at the packet's end.
///
/// Only what tag reading needs: pages of other logical streams are skipped, CRCs are not checked (a damaged page
/// gives damaged text, which the comment reader tolerates), and memory is one page's lacing table.
public final class OggPacketInput: TagInput {
    /// Most pages walked in total (a 22 MB comment packet in 4 KB pages is ~5,500).
    static let maxPages = 50_000

    private let base: any TagInput
    private var serial: Int?
    private var lacing: [UInt8] = []
    private var segment = 0
    private var segmentLeft = 0
    private var lastSegmentOfPacket = false
    private var packetDone = true
    private var pagesRead = 0

    public init(_ base: any TagInput) { self.base = base }

    public var offset: Int64 { base.offset }

    /// Skips the rest of the current packet (if any) and positions at the start of the next one.
    public func beginNextPacket() throws(TagError) {
        while !packetDone {
            if segmentLeft > 0 {
                try base.skip(segmentLeft)
                segmentLeft = 0
                if lastSegmentOfPacket { packetDone = true }
            } else {
                try advance()
            }
        }
        packetDone = false
        lastSegmentOfPacket = false
    }

    public func read(_ count: Int) throws(TagError) -> [UInt8] {
        var out = [UInt8]()
        out.reserveCapacity(min(count, 1 << 16))
        try consume(count) { (n) throws(TagError) in out += try base.read(n) }
        return out
    }

    public func skip(_ count: Int) throws(TagError) {
        try consume(count) { (n) throws(TagError) in try base.skip(n) }
    }

    private func consume(_ count: Int, _ body: (Int) throws(TagError) -> Void) throws(TagError) {
        guard count >= 0 else { throw TagError(.corrupt, offset: offset, "negative length") }
        var left = count
        while left > 0 {
            if segmentLeft == 0 {
                if packetDone {
                    throw TagError(.truncated, offset: offset, "Ogg packet ends \(left) bytes before the field does")
                }
                try advance()
                continue
            }
            let n = min(segmentLeft, left)
            try body(n)
            segmentLeft -= n
            left -= n
            if segmentLeft == 0 && lastSegmentOfPacket { packetDone = true }
        }
    }

    /// Moves to the packet's next lacing segment, reading the next page of our stream when this one is used up.
    private func advance() throws(TagError) {
        while segment >= lacing.count { try loadPage() }
        let length = Int(lacing[segment])
        segment += 1
        segmentLeft = length
        lastSegmentOfPacket = length < 255
        if length == 0 { packetDone = true }
    }

    private func loadPage() throws(TagError) {
        while true {
            pagesRead += 1
            guard pagesRead <= Self.maxPages else {
                throw TagError(.corrupt, offset: offset, "no end of the header packets within \(Self.maxPages) pages")
            }
            let start = offset
            let header = try base.read(27)
            guard header.starts(with: Array("OggS".utf8)), header[4] == 0 else {
                throw TagError(.corrupt, offset: start, "not an Ogg page")
            }
            let pageSerial = Int(header[14]) | Int(header[15]) << 8 | Int(header[16]) << 16 | Int(header[17]) << 24
            let table = try base.read(Int(header[26]))
            if let serial, serial != pageSerial {
                try base.skip(table.reduce(0) { $0 + Int($1) })  // another logical stream's page
                continue
            }
            serial = pageSerial
            lacing = table
            segment = 0
            if !table.isEmpty { return }
        }
    }
}

/// Reads the comment header of Ogg Vorbis ("\u{3}vorbis"), Ogg Opus ("OpusTags") and Ogg FLAC (a VORBIS_COMMENT
/// metadata block packet), including METADATA_BLOCK_PICTURE pictures.
///
/// Our own reader rather than libvorbisfile/libopusfile: those decode the whole comment packet into memory (a
/// 20 MB picture is held twice, base64 and decoded) and would open the file a second time beside libsndfile;
/// libsndfile itself gives one value per field and no pictures. See `FLACMetadataReader` for the rest.
public enum OggTagReader {
    /// Reads from `input` positioned at the start of the file. Throws when it is not an Ogg Vorbis/Opus/FLAC stream;
    /// damage inside the comment header ends reading with `error` set.
    public static func read(from input: any TagInput) throws(TagError) -> FileTags {
        let packets = OggPacketInput(input)
        try packets.beginNextPacket()
        let head = try packets.read(5)
        var tags = FileTags()
        let expected: [UInt8]
        if head == [1] + Array("vorb".utf8) {
            expected = [3] + Array("vorbis".utf8)
        } else if head == Array("OpusH".utf8) {
            expected = Array("OpusTags".utf8)
        } else if head == [0x7F] + Array("FLAC".utf8) {
            expected = []  // each following header packet is one FLAC metadata block
        } else {
            throw TagError(.corrupt, offset: 0, "Ogg stream is not Vorbis, Opus or FLAC")
        }
        do throws(TagError) {
            if expected.isEmpty {
                try readFLACBlocks(packets, into: &tags)
            } else {
                try packets.beginNextPacket()
                guard try packets.read(expected.count) == expected else {
                    throw TagError(.corrupt, offset: packets.offset, "second Ogg packet is not the comment header")
                }
                try readComments(packets, into: &tags)
            }
        } catch {
            tags.error = error
        }
        return tags
    }

    private static func readComments(_ input: any TagInput, into tags: inout FileTags) throws(TagError) {
        let result = VorbisCommentReader.read(from: input) { [tags] in !tags.hasFrontCover }
        tags.comments = result.comments
        tags.decodePictures(result.encodedPictures)
        if let error = result.error { throw error }
    }

    private static func readFLACBlocks(_ packets: OggPacketInput, into tags: inout FileTags) throws(TagError) {
        for _ in 0..<TagLimits.maxBlocks {
            try packets.beginNextPacket()
            let header = try packets.read(4)
            switch Int(header[0] & 0x7F) {
            case FLACMetadataReader.vorbisCommentType: try readComments(packets, into: &tags)
            case FLACMetadataReader.pictureType: tags.offer(try TagPictureReader.read(from: packets))
            default: break
            }
            if header[0] & 0x80 != 0 { return }
        }
    }
}
