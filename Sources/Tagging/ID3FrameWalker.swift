/// What `ID3FrameWalker` found in an ID3v2 tag beyond what libmpg123 exposes: the picture and synchronised lyrics.
public struct ID3Extras: Sendable, Hashable {
    /// The front cover, else the first picture (APIC / PIC).
    public var picture: TagPicture?
    /// SYLT entries with millisecond stamps, in file order (several SYLT frames are concatenated).
    public var syncedText: [SyncedText] = []
    /// RVA2 master-volume adjustments (ReplayGain written as ID3v2.4 frames), at most 16.
    public var volumeAdjustments: [VolumeAdjustment] = []
    /// The identifier of the UFID frame owned by "http://musicbrainz.org" (Picard's recording id), as text.
    public var musicBrainzRecordingID: String?
    /// The damage that ended the walk early, if any (what was found before it is kept).
    public var error: TagError?

    public init() {}
}

/// Walks the frames of an ID3v2.2/2.3/2.4 tag for the ones libmpg123 does not give us: pictures (APIC/PIC) and
/// synchronised lyrics (SYLT/SLT), and MusicBrainz's UFID.
///
/// Why not libmpg123's MPG123_PICTURE: it copies every picture of the tag into memory (a 20 MB picture costs 20 MB
/// on top of the tag buffer), ignores ID3v2.2 PIC frames (iTunes wrote them for years) and has no SYLT. Here frames
/// are walked forward and skipped unread (a seek) unless wanted; a picture over `TagLimits.maxPictureBytes` is
/// skipped, and once a front cover is held later pictures are too. Compressed or encrypted frames are skipped;
/// unsynchronisation (whole-tag in 2.2/2.3, per frame in 2.4) is undone, which needs the affected bytes in memory,
/// so it is done only up to the picture cap plus 1 MiB.
public enum ID3FrameWalker {
    /// Reads the ID3v2 tag at the start of `input`; nil when there is none. Throws only when the tag header is
    /// malformed; damage in the frames ends the walk with `error` set.
    public static func read(from input: any TagInput) throws(TagError) -> ID3Extras? {
        let header = try input.read(10)
        guard header.starts(with: Array("ID3".utf8)), (2...4).contains(header[3]) else { return nil }
        guard header[6..<10].allSatisfy({ $0 < 0x80 }) else {
            throw TagError(.corrupt, offset: 6, "ID3 size is not syncsafe")
        }
        let version = header[3], flags = header[5]
        var size = FLACMetadataReader.syncsafe(header[6..<10])
        var body: any TagInput = LimitedInput(input, limit: size)
        var extras = ID3Extras()
        if flags & 0x80 != 0 && version < 4 {  // whole-tag unsynchronisation
            guard size <= unsyncLimit else { return extras }
            let plain = resynchronised(try body.read(size))
            size = plain.count
            body = BytesInput(plain, baseOffset: 10)
        }
        var pictures = FileTags()
        do throws(TagError) {
            var left = size
            if flags & 0x40 != 0 && version >= 3 {  // extended header: only skipped
                let b = try body.read(4)
                let n =
                    version == 3
                    ? Int(b[0]) << 24 | Int(b[1]) << 16 | Int(b[2]) << 8 | Int(b[3])
                    : max(0, FLACMetadataReader.syncsafe(b[...]) - 4)
                guard n + 4 <= left else {
                    throw TagError(.corrupt, offset: body.offset, "extended header past the tag")
                }
                try body.skip(n)
                left -= n + 4
            }
            let headerLength = version == 2 ? 6 : 10
            while left >= headerLength {
                let frame = try body.read(headerLength)
                left -= headerLength
                if frame[0] == 0 { break }  // padding
                let length: Int
                switch version {
                case 2: length = Int(frame[3]) << 16 | Int(frame[4]) << 8 | Int(frame[5])
                case 3: length = Int(frame[4]) << 24 | Int(frame[5]) << 16 | Int(frame[6]) << 8 | Int(frame[7])
                default: length = FLACMetadataReader.syncsafe(frame[4..<8])
                }
                guard length <= left else {
                    throw TagError(.truncated, offset: body.offset, "ID3 frame runs past the tag")
                }
                left -= length
                let frameInput = LimitedInput(body, limit: length)
                let id = String(decoding: frame[0..<(version == 2 ? 3 : 4)], as: UTF8.self)
                let wanted =
                    ((id == "APIC" || id == "PIC") && !pictures.hasFrontCover) || id == "SYLT" || id == "SLT"
                    || (id == "RVA2" && length <= 1024 && extras.volumeAdjustments.count < 16)
                    || ((id == "UFID" || id == "UFI") && length <= 320 && extras.musicBrainzRecordingID == nil)
                // In 2.4 the tag's unsynchronisation flag means every frame is unsynchronised.
                let formatFlags = version == 2 ? 0 : frame[9] | (version == 4 && flags & 0x80 != 0 ? 0x02 : 0)
                if wanted, let content = try? frameBody(frameInput, version: version, formatFlags: formatFlags) {
                    if id == "APIC" || id == "PIC" {
                        pictures.offer(try? ID3PictureReader.picture(content, version: version))
                    } else if id == "RVA2" {
                        if let a = try? VolumeAdjustment.read(content) { extras.volumeAdjustments.append(a) }
                    } else if id == "UFID" || id == "UFI" {
                        extras.musicBrainzRecordingID = try? musicBrainzIdentifier(content)
                    } else {
                        extras.syncedText += SYLTReader.entries(content)
                    }
                }
                try frameInput.skipRest()
            }
        } catch {
            extras.error = error
        }
        extras.picture = pictures.preferredPicture
        return extras
    }

    static let unsyncLimit = TagLimits.maxPictureBytes + (1 << 20)

    /// A UFID frame's identifier when its owner is MusicBrainz: "owner\0identifier" (the identifier is up to 64
    /// bytes; MusicBrainz's is the recording's UUID in ASCII).
    static func musicBrainzIdentifier(_ frame: LimitedInput) throws(TagError) -> String? {
        let bytes = try frame.read(frame.remaining)
        guard let nul = bytes.firstIndex(of: 0) else { return nil }
        guard bytes[..<nul].elementsEqual("http://musicbrainz.org".utf8) else { return nil }
        let id = bytes[(nul + 1)...].prefix { $0 != 0 }
        guard !id.isEmpty, id.count <= 64, id.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) else { return nil }
        return String(decoding: id, as: UTF8.self)
    }

    /// The frame's content after its format-flag fields; nil for compressed or encrypted frames.
    static func frameBody(_ frame: LimitedInput, version: UInt8, formatFlags: UInt8) throws(TagError) -> LimitedInput? {
        if version == 3 {
            if formatFlags & 0xC0 != 0 { return nil }  // compressed or encrypted
            if formatFlags & 0x20 != 0 { try frame.skip(1) }  // group id
        } else if version == 4 {
            if formatFlags & 0x0C != 0 { return nil }  // compressed or encrypted
            if formatFlags & 0x40 != 0 { try frame.skip(1) }  // group id
            if formatFlags & 0x01 != 0 { try frame.skip(4) }  // data length indicator
            if formatFlags & 0x02 != 0 {  // this frame is unsynchronised
                guard frame.remaining <= unsyncLimit else { return nil }
                let plain = resynchronised(try frame.read(frame.remaining))
                return LimitedInput(BytesInput(plain), limit: plain.count)
            }
        }
        return frame
    }

    /// Undoes unsynchronisation: every "FF 00" becomes "FF".
    static func resynchronised(_ raw: [UInt8]) -> [UInt8] {
        var plain = [UInt8]()
        plain.reserveCapacity(raw.count)
        var i = 0
        while i < raw.count {
            plain.append(raw[i])
            i += (raw[i] == 0xFF && i + 1 < raw.count && raw[i + 1] == 0) ? 2 : 1
        }
        return plain
    }
}
