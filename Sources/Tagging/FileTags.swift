/// What a tag reader found in one file: the comments, the pictures kept (front cover preferred), and the error
/// that stopped reading early, if any (what was read before it is kept: a damaged tag still gives its good fields).
public struct FileTags: Sendable, Hashable {
    public var comments = VorbisComments()
    public var pictures: [TagPicture] = []
    public var error: TagError?

    public init() {}

    /// The picture to show: the front cover, else the first.
    public var preferredPicture: TagPicture? { TagPicture.preferred(pictures) }

    /// True once a front cover is held: later pictures need not be read.
    var hasFrontCover: Bool { pictures.contains { $0.type == 3 } }

    /// Keeps a picture if it can still matter: the first one, or the first front cover.
    mutating func offer(_ picture: TagPicture?) {
        guard let picture, !hasFrontCover else { return }
        if picture.type == 3 { pictures = [picture] } else if pictures.isEmpty { pictures = [picture] }
    }

    /// Decodes METADATA_BLOCK_PICTURE values (and the older COVERART fields) into pictures.
    mutating func decodePictures(_ encoded: [[UInt8]]) {
        for value in encoded {
            guard !hasFrontCover, let block = Base64.decode(value) else { continue }
            offer(try? TagPictureReader.read(from: BytesInput(block)))
        }
        // COVERART: the bare base64 image of pre-2010 taggers, with its type in COVERARTMIME.
        if pictures.isEmpty, let art = comments.values("COVERART").first,
            let data = Base64.decode(Array(art.utf8)), !data.isEmpty, data.count <= TagLimits.maxPictureBytes
        {
            let mime = comments.values("COVERARTMIME").first ?? ImageSniffer.mimeType(of: data)
            offer(TagPicture(type: 0, mimeType: mime, description: "", data: data))
        }
        comments.fields.removeAll { $0.key == "COVERART" || $0.key == "COVERARTMIME" }
    }
}
