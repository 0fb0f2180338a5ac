/// Reads the embedded picture of an ID3v2.2/2.3/2.4 tag (PIC / APIC frames) with bounded memory.
///
/// Why not libmpg123's MPG123_PICTURE: it copies every picture of the tag into memory (a 20 MB picture costs
/// 20 MB on top of the tag buffer, however large), and it ignores ID3v2.2 PIC frames, which iTunes wrote for years.
/// Here frames are walked forward and skipped unread unless they are pictures; a picture over
/// `TagLimits.maxPictureBytes` is skipped, and once a front cover is held the rest are too. Compressed or
/// encrypted frames are skipped; unsynchronisation (whole-tag in 2.2/2.3, per frame in 2.4) is undone, which needs
/// the affected bytes in memory, so it is done only up to the picture cap plus 1 MiB.
public enum ID3PictureReader {
    /// The preferred picture (front cover, else the first) of the ID3v2 tag at the start of `input`; nil when there
    /// is no ID3v2 tag or no usable picture. Throws when the tag is cut off or malformed before one was found.
    public static func read(from input: any TagInput) throws(TagError) -> TagPicture? {
        let header = try input.read(10)
        guard header.starts(with: Array("ID3".utf8)), (2...4).contains(header[3]) else { return nil }
        guard header[6..<10].allSatisfy({ $0 < 0x80 }) else {
            throw TagError(.corrupt, offset: 6, "ID3 size is not syncsafe")
        }
        let version = header[3], flags = header[5]
        var size = FLACMetadataReader.syncsafe(header[6..<10])
        var body: any TagInput = LimitedInput(input, limit: size)
        if flags & 0x80 != 0 && version < 4 {    // whole-tag unsynchronisation
            guard size <= unsyncLimit else { return nil }
            let plain = resynchronised(try body.read(size))
            size = plain.count
            body = BytesInput(plain, baseOffset: 10)
        }
        var left = size
        if flags & 0x40 != 0 && version >= 3 {    // extended header: only skipped
            let b = try body.read(4)
            let n = version == 3 ? Int(b[0]) << 24 | Int(b[1]) << 16 | Int(b[2]) << 8 | Int(b[3])
                                 : max(0, FLACMetadataReader.syncsafe(b[...]) - 4)
            guard n + 4 <= left else { throw TagError(.corrupt, offset: body.offset, "extended header past the tag") }
            try body.skip(n)
            left -= n + 4
        }
        var tags = FileTags()
        let headerLength = version == 2 ? 6 : 10
        while left >= headerLength, !tags.hasFrontCover {
            let frame = try body.read(headerLength)
            left -= headerLength
            if frame[0] == 0 { break }    // padding
            let length: Int
            switch version {
            case 2: length = Int(frame[3]) << 16 | Int(frame[4]) << 8 | Int(frame[5])
            case 3: length = Int(frame[4]) << 24 | Int(frame[5]) << 16 | Int(frame[6]) << 8 | Int(frame[7])
            default: length = FLACMetadataReader.syncsafe(frame[4..<8])
            }
            guard length <= left else { throw TagError(.truncated, offset: body.offset, "ID3 frame runs past the tag") }
            left -= length
            let frameInput = LimitedInput(body, limit: length)
            let isPicture = version == 2 ? frame[0..<3].elementsEqual("PIC".utf8) : frame[0..<4].elementsEqual("APIC".utf8)
            if isPicture {
                // In 2.4 the tag's unsynchronisation flag means every frame is unsynchronised.
                let formatFlags = version == 2 ? 0 : frame[9] | (version == 4 && flags & 0x80 != 0 ? 0x02 : 0)
                tags.offer(try? picture(frameInput, version: version, formatFlags: formatFlags))
            }
            try frameInput.skipRest()
        }
        return tags.preferredPicture
    }

    static let unsyncLimit = TagLimits.maxPictureBytes + (1 << 20)

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

    /// APIC: encoding, MIME type (Latin-1, NUL-terminated), picture type, description, data.
    /// PIC (v2.2): encoding, 3-letter format ("JPG", "PNG"), picture type, description, data.
    static func picture(_ frame: LimitedInput, version: UInt8, formatFlags: UInt8) throws(TagError) -> TagPicture? {
        var input: LimitedInput = frame
        if version == 3 {
            if formatFlags & 0xC0 != 0 { return nil }    // compressed or encrypted
            if formatFlags & 0x20 != 0 { try input.skip(1) }    // group id
        } else if version == 4 {
            if formatFlags & 0x0C != 0 { return nil }    // compressed or encrypted
            if formatFlags & 0x40 != 0 { try input.skip(1) }    // group id
            if formatFlags & 0x01 != 0 { try input.skip(4) }    // data length indicator
            if formatFlags & 0x02 != 0 {    // this frame is unsynchronised
                guard input.remaining <= unsyncLimit else { return nil }
                let plain = resynchronised(try input.read(input.remaining))
                input = LimitedInput(BytesInput(plain), limit: plain.count)
            }
        }
        let encoding = try input.u8()
        var mime: String
        if version == 2 {
            switch String(decoding: try input.read(3), as: UTF8.self).uppercased() {
            case "JPG": mime = "image/jpeg"
            case "PNG": mime = "image/png"
            default: mime = ""
            }
        } else {
            var bytes: [UInt8] = []
            while true {
                let b = try input.u8()
                if b == 0 { break }
                guard bytes.count < 256 else { return nil }
                bytes.append(b)
            }
            mime = String(decoding: bytes, as: UTF8.self).lowercased()
            if mime == "jpg" || mime == "image/jpg" { mime = "image/jpeg" }
            if mime == "png" { mime = "image/png" }
        }
        let type = Int(try input.u8())
        let wide = encoding == 1 || encoding == 2
        var description: [UInt8] = []
        while true {    // up to the terminator: one NUL, or two on a 2-byte boundary for UTF-16
            let unit = try input.read(wide ? 2 : 1)
            if unit.allSatisfy({ $0 == 0 }) { break }
            if description.count < 1024 { description += unit }
        }
        guard input.remaining > 0, input.remaining <= TagLimits.maxPictureBytes else { return nil }
        let data = try input.read(input.remaining)
        if mime.isEmpty || mime == "-->" {
            guard mime.isEmpty else { return nil }    // a link, not a picture
            mime = ImageSniffer.mimeType(of: data)
        }
        return TagPicture(type: type, mimeType: mime, description: text(description, encoding: encoding),
                          data: data)
    }

    /// Decodes a description in the frame's encoding (Latin-1, UTF-16 with BOM, UTF-16BE, UTF-8).
    static func text(_ b: [UInt8], encoding: UInt8) -> String {
        switch encoding {
        case 1, 2:
            var bigEndian = encoding == 2
            var units = b[...]
            if units.count >= 2, units.first == 0xFF, units.dropFirst().first == 0xFE { bigEndian = false; units = units.dropFirst(2) }
            else if units.count >= 2, units.first == 0xFE, units.dropFirst().first == 0xFF { bigEndian = true; units = units.dropFirst(2) }
            var codeUnits: [UInt16] = []
            var i = units.startIndex
            while i + 1 < units.endIndex {
                let (hi, lo) = bigEndian ? (units[i], units[i + 1]) : (units[i + 1], units[i])
                codeUnits.append(UInt16(hi) << 8 | UInt16(lo))
                i += 2
            }
            return String(decoding: codeUnits, as: UTF16.self)
        case 3: return String(decoding: b, as: UTF8.self)
        default: return String(String.UnicodeScalarView(b.map { Unicode.Scalar($0) }))
        }
    }
}
