import PlayerCore

/// Where a track's `mpris:artUrl` points, as Snapcast needs it. snapweb and snapdroid run on other machines and
/// cannot read `file://` URLs, so a local picture is sent as `artData` (snapserver caches it and serves it from its
/// own HTTP server as `artUrl`); http(s) URLs are passed on as they are; a `data:` URI (mpv-mpris sends embedded
/// art that way) becomes `artData` directly.
public enum CoverArtSource: Sendable, Equatable {
    case remote(url: String)
    /// A local file to read (a path in BytePath form).
    case file(path: String)
    /// A picture carried in the URL itself.
    case inline(ArtData)
    case none

    /// At most this much picture goes out (a file bigger than that is not sent): snapserver keeps the base64 text
    /// in the stream's metadata and sends it with every status to every control client.
    public static let maximumBytes = 1 << 20

    public static func of(artURL: String?) -> CoverArtSource {
        guard let url = artURL, !url.isEmpty else { return .none }
        switch FileURI.scheme(of: url) {
        case "http", "https": return .remote(url: url)
        case "file":
            guard let path = try? FileURI.path(fromURI: url) else { return .none }
            return .file(path: path)
        case "data": return ArtData.fromDataURI(url).map(CoverArtSource.inline) ?? .none
        default: return .none
        }
    }
}

/// A picture to send as `artData`: base64 text and the image's extension.
public struct ArtData: Sendable, Equatable {
    public var base64: String
    public var kind: ImageKind

    public init(base64: String, kind: ImageKind) {
        self.base64 = base64
        self.kind = kind
    }

    /// The picture of a file's bytes (`name` for its extension when the bytes do not tell); nil when empty, over
    /// `CoverArtSource.maximumBytes` or not an image format clients show.
    public static func fromFile(_ bytes: [UInt8], name: String) -> ArtData? {
        guard !bytes.isEmpty, bytes.count <= CoverArtSource.maximumBytes, let kind = ImageKind.of(bytes, name: name)
        else { return nil }
        return ArtData(base64: Base64Encoding.encode(bytes), kind: kind)
    }

    /// `data:image/png;base64,…` as it is (the base64 text is checked, not decoded); nil for other data URIs.
    static func fromDataURI(_ uri: String) -> ArtData? {
        guard let comma = uri.firstIndex(of: ",") else { return nil }
        let header = uri[uri.index(uri.startIndex, offsetBy: 5)..<comma]  // after "data:"
        let parts = header.split(separator: ";")
        guard parts.last == "base64", let type = parts.first, let kind = ImageKind.of(mediaType: String(type)) else {
            return nil
        }
        let text = uri[uri.index(after: comma)...]
        guard !text.isEmpty, text.utf8.count <= (CoverArtSource.maximumBytes + 2) / 3 * 4,
            text.utf8.allSatisfy(isBase64)
        else { return nil }
        return ArtData(base64: String(text), kind: kind)
    }

    private static func isBase64(_ b: UInt8) -> Bool {
        switch b {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "+"), UInt8(ascii: "/"), UInt8(ascii: "="):
            return true
        default: return false
        }
    }
}
