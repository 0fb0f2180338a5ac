/// The image formats cover art comes in, told from the first bytes (the file name's extension only when the bytes
/// say nothing): the `extension` snapserver's image cache serves the picture under.
public enum ImageKind: String, Sendable, CaseIterable {
    case png, jpg, gif, webp, bmp, svg

    /// The kind of `bytes`, else of the name's extension (`cover.JPEG`), else nil (not sent: a client could not
    /// show it).
    public static func of(_ bytes: [UInt8], name: String? = nil) -> ImageKind? {
        if let kind = sniff(bytes) { return kind }
        guard let name, let dot = name.lastIndex(of: ".") else { return nil }
        let ext = name[name.index(after: dot)...].lowercased()
        return ext == "jpeg" ? .jpg : ImageKind(rawValue: ext)
    }

    /// The kind of a `data:` URI's media type (`image/png`).
    public static func of(mediaType: String) -> ImageKind? {
        switch mediaType.lowercased() {
        case "image/png": return .png
        case "image/jpeg", "image/jpg": return .jpg
        case "image/gif": return .gif
        case "image/webp": return .webp
        case "image/bmp": return .bmp
        case "image/svg+xml": return .svg
        default: return nil
        }
    }

    private static func sniff(_ b: [UInt8]) -> ImageKind? {
        func starts(_ prefix: [UInt8], at offset: Int = 0) -> Bool {
            b.count >= offset + prefix.count && Array(b[offset..<offset + prefix.count]) == prefix
        }
        if starts([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return .png }
        if starts([0xFF, 0xD8, 0xFF]) { return .jpg }
        if starts(Array("GIF8".utf8)) { return .gif }
        if starts(Array("RIFF".utf8)), starts(Array("WEBP".utf8), at: 8) { return .webp }
        if starts(Array("BM".utf8)), b.count > 14 { return .bmp }
        let head = String(decoding: b.prefix(256), as: UTF8.self)
        if head.contains("<svg") { return .svg }
        return nil
    }
}
