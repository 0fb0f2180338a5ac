/// An embedded picture in the FLAC PICTURE layout (also what METADATA_BLOCK_PICTURE carries in base64).
public struct TagPicture: Sendable, Hashable {
    /// The ID3v2 / FLAC picture type: 3 is the front cover, 0 "other".
    public var type: Int
    public var mimeType: String
    public var description: String
    public var data: [UInt8]

    public init(type: Int, mimeType: String, description: String, data: [UInt8]) {
        (self.type, self.mimeType, self.description, self.data) = (type, mimeType, description, data)
    }

    /// The front cover (type 3) when there is one, else the first picture; nil for none.
    public static func preferred(_ pictures: [TagPicture]) -> TagPicture? {
        pictures.first { $0.type == 3 } ?? pictures.first
    }
}

/// Reads the FLAC PICTURE structure (big-endian lengths).
public enum TagPictureReader {
    /// Reads one picture from `input`. Returns nil (after stepping over the data) for a picture larger than
    /// `TagLimits.maxPictureBytes`, a link ("-->" MIME type) or an empty one; throws when the structure is cut off.
    public static func read(from input: any TagInput) throws(TagError) -> TagPicture? {
        let type = try input.u32be()
        let mimeLength = try input.u32be()
        guard mimeLength <= 256 else {
            throw TagError(.corrupt, offset: input.offset, "picture MIME type of \(mimeLength) bytes")
        }
        let mime = String(decoding: try input.read(mimeLength), as: UTF8.self)
        let descriptionLength = try input.u32be()
        let description: String
        if descriptionLength <= TagLimits.maxTextBytes {
            description = String(decoding: try input.read(descriptionLength), as: UTF8.self)
        } else {
            try input.skip(descriptionLength)
            description = ""
        }
        try input.skip(16)  // width, height, depth, colours: not needed to show it
        let dataLength = try input.u32be()
        guard dataLength > 0, dataLength <= TagLimits.maxPictureBytes, mime != "-->" else {
            try input.skip(dataLength)
            return nil
        }
        let data = try input.read(dataLength)
        return TagPicture(
            type: type, mimeType: mime.isEmpty ? ImageSniffer.mimeType(of: data) : mime,
            description: description, data: data)
    }
}

/// Guesses an image's MIME type from its magic number (for pictures tagged without one).
public enum ImageSniffer {
    public static func mimeType(of data: [UInt8]) -> String {
        if data.starts(with: [0xFF, 0xD8, 0xFF]) { return "image/jpeg" }
        if data.starts(with: [0x89, 0x50, 0x4E, 0x47]) { return "image/png" }
        if data.starts(with: Array("GIF8".utf8)) { return "image/gif" }
        if data.count >= 12, data.starts(with: Array("RIFF".utf8)), data[8..<12].elementsEqual("WEBP".utf8) {
            return "image/webp"
        }
        if data.starts(with: Array("BM".utf8)) { return "image/bmp" }
        return "application/octet-stream"
    }
}
