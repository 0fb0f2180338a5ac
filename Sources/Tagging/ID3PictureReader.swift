/// Decodes ID3v2 APIC (2.3/2.4) and PIC (2.2) frame bodies; `ID3FrameWalker` finds the frames.
public enum ID3PictureReader {
    /// The preferred picture (front cover, else the first) of the ID3v2 tag at the start of `input`; nil when there
    /// is none. Throws only when the tag header itself is malformed (see `ID3FrameWalker.read`).
    public static func read(from input: any TagInput) throws(TagError) -> TagPicture? {
        try ID3FrameWalker.read(from: input)?.picture
    }

    /// APIC: encoding, MIME type (Latin-1, NUL-terminated), picture type, description, data.
    /// PIC (v2.2): encoding, 3-letter format ("JPG", "PNG"), picture type, description, data.
    static func picture(_ input: LimitedInput, version: UInt8) throws(TagError) -> TagPicture? {
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
        while true {  // up to the terminator: one NUL, or two on a 2-byte boundary for UTF-16
            let unit = try input.read(wide ? 2 : 1)
            if unit.allSatisfy({ $0 == 0 }) { break }
            if description.count < 1024 { description += unit }
        }
        guard input.remaining > 0, input.remaining <= TagLimits.maxPictureBytes else { return nil }
        let data = try input.read(input.remaining)
        if mime.isEmpty || mime == "-->" {
            guard mime.isEmpty else { return nil }  // a link, not a picture
            mime = ImageSniffer.mimeType(of: data)
        }
        return TagPicture(
            type: type, mimeType: mime, description: text(description, encoding: encoding),
            data: data)
    }

    /// Decodes a description in the frame's encoding (Latin-1, UTF-16 with BOM, UTF-16BE, UTF-8).
    static func text(_ b: [UInt8], encoding: UInt8) -> String {
        switch encoding {
        case 1, 2:
            var bigEndian = encoding == 2
            var units = b[...]
            let bom = Array(units.prefix(2))
            if bom == [0xFF, 0xFE] || bom == [0xFE, 0xFF] {
                bigEndian = bom[0] == 0xFE
                units = units.dropFirst(2)
            }
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
