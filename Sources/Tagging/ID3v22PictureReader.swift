/// Reads the picture of an ID3v2.2 tag (the PIC frame), which libmpg123 does not expose: it stores only v2.3/2.4
/// APIC frames. iTunes wrote ID3v2.2 with PIC frames for years, so old libraries are full of them.
///
/// Frames are walked forward and skipped unread unless they are PIC; a tag using whole-tag unsynchronisation is
/// read into memory (it must be undone before frames can be found) only up to the picture cap plus 1 MiB.
public enum ID3v22PictureReader {
    /// The preferred PIC picture (front cover, else the first) of an ID3v2.2 tag at the start of `input`; nil when
    /// there is no v2.2 tag or no usable picture. Throws when the tag is cut off before a picture was found.
    public static func read(from input: any TagInput) throws(TagError) -> TagPicture? {
        let header = try input.read(10)
        guard header.starts(with: Array("ID3".utf8)), header[3] == 2 else { return nil }
        guard header[6..<10].allSatisfy({ $0 < 0x80 }) else {
            throw TagError(.corrupt, offset: 6, "ID3 size is not syncsafe")
        }
        var size = FLACMetadataReader.syncsafe(header[6..<10])
        var body: any TagInput = input
        if header[5] & 0x80 != 0 {    // unsynchronisation: undo "FF 00" → "FF" over the whole tag
            guard size <= TagLimits.maxPictureBytes + (1 << 20) else { return nil }
            let raw = try input.read(size)
            var plain = [UInt8]()
            plain.reserveCapacity(raw.count)
            var i = 0
            while i < raw.count {
                plain.append(raw[i])
                i += (raw[i] == 0xFF && i + 1 < raw.count && raw[i + 1] == 0) ? 2 : 1
            }
            size = plain.count
            body = BytesInput(plain, baseOffset: 10)
        }
        var tags = FileTags()
        var left = size
        while left >= 6, !tags.hasFrontCover {
            let frame = try body.read(6)
            left -= 6
            if frame[0] == 0 { break }    // padding
            let length = Int(frame[3]) << 16 | Int(frame[4]) << 8 | Int(frame[5])
            guard length <= left else { throw TagError(.truncated, offset: body.offset, "ID3v2.2 frame runs past the tag") }
            left -= length
            let frameInput = LimitedInput(body, limit: length)
            if frame[0..<3].elementsEqual("PIC".utf8) {
                tags.offer(try? picture(frameInput))
            }
            try frameInput.skipRest()
        }
        return tags.preferredPicture
    }

    /// PIC: encoding, 3-letter image format, picture type, description (terminated per encoding), data.
    static func picture(_ input: LimitedInput) throws(TagError) -> TagPicture? {
        let head = try input.read(5)
        let encoding = head[0]
        let format = String(decoding: head[1..<4], as: UTF8.self).uppercased()
        let type = Int(head[4])
        let wide = encoding == 1 || encoding == 2
        // Skip the description up to its terminator (one NUL, or two on a 2-byte boundary for UTF-16).
        while true {
            let unit = try input.read(wide ? 2 : 1)
            if unit.allSatisfy({ $0 == 0 }) { break }
        }
        guard input.remaining > 0, input.remaining <= TagLimits.maxPictureBytes else { return nil }
        let data = try input.read(input.remaining)
        let mime: String
        switch format {
        case "JPG": mime = "image/jpeg"
        case "PNG": mime = "image/png"
        default: mime = ImageSniffer.mimeType(of: data)
        }
        return TagPicture(type: type, mimeType: mime, description: "", data: data)
    }
}
