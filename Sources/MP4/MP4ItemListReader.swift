import Tagging

/// Reads `ilst`: each child is one item whose `data` boxes hold its values; `----` items name themselves with
/// `mean` and `name` boxes. Oversized values are skipped, and only the first cover is kept.
enum MP4ItemListReader {
    /// Well-known `data` type indicators.
    private enum DataType {
        static let implicit: UInt32 = 0, utf8: UInt32 = 1, utf16: UInt32 = 2
        static let jpeg: UInt32 = 13, png: UInt32 = 14, signedInt: UInt32 = 21, bmp: UInt32 = 27
    }

    static func read(_ ilst: LimitedInput, _ walker: MP4BoxWalker, into tags: inout MP4Tags) throws(TagError) {
        var items = 0
        try walker.forEachChild(of: ilst, depth: 4) { (item, box) throws(TagError) in
            items += 1
            guard items <= MP4Limits.maxTagItems else { return }
            var mean = "", name = ""
            try walker.forEachChild(of: box, depth: 5) { (h, child) throws(TagError) in
                switch h.type {
                case "mean", "name":
                    guard child.remaining >= 4, child.remaining <= 4 + 1024 else { return }
                    try child.skip(4)
                    let text = String(decoding: try child.read(child.remaining), as: UTF8.self)
                    if h.type == "mean" { mean = text } else { name = text }
                case "data":
                    guard child.remaining >= 8 else { return }
                    let type = try child.be32() & 0x00FF_FFFF
                    try child.skip(4)  // locale
                    let key = item.type == "----" ? "----:\(mean):\(name)" : item.type.description
                    try readValue(item.type, key: key, type: type, child, into: &tags)
                default: break
                }
            }
        }
    }

    private static func readValue(
        _ atom: FourCC, key: String, type: UInt32, _ data: LimitedInput,
        into tags: inout MP4Tags
    ) throws(TagError) {
        let size = data.remaining
        switch atom {
        case "trkn", "disk":
            guard size >= 6 else { return }
            let b = try data.read(6)
            let number = Int(b[2]) << 8 | Int(b[3]), count = Int(b[4]) << 8 | Int(b[5])
            if atom == "trkn" {
                tags.trackNumber = number > 0 ? number : nil
                tags.trackCount = count > 0 ? count : nil
            } else {
                tags.discNumber = number > 0 ? number : nil
                tags.discCount = count > 0 ? count : nil
            }
        case "gnre":
            guard size >= 2 else { return }
            tags.genreCode = Int(try data.be16())
        case "cpil":
            guard size >= 1 else { return }
            tags.compilation = try data.read(size).contains { $0 != 0 }
        case "covr":
            guard tags.cover == nil, size > 0, size <= MP4Limits.maxPictureBytes else { return }
            let bytes = try data.read(size)
            let mime: String
            switch type {
            case DataType.jpeg: mime = "image/jpeg"
            case DataType.png: mime = "image/png"
            case DataType.bmp: mime = "image/bmp"
            default: mime = ImageSniffer.mimeType(of: bytes)
            }
            tags.cover = TagPicture(type: 3, mimeType: mime, description: "", data: bytes)
        default:
            guard size <= MP4Limits.maxTextBytes else { return }
            switch type {
            case DataType.utf8, DataType.implicit:
                tags.texts.append(.init(key: key, value: String(decoding: try data.read(size), as: UTF8.self)))
            case DataType.utf16:
                let b = try data.read(size - size % 2)
                let units = stride(from: 0, to: b.count, by: 2).map { UInt16(b[$0]) << 8 | UInt16(b[$0 + 1]) }
                tags.texts.append(.init(key: key, value: String(decoding: units, as: UTF16.self)))
            case DataType.signedInt where size <= 8:
                let b = try data.read(size)
                let value = b.reduce(Int64(0)) { $0 << 8 | Int64($1) }
                tags.texts.append(.init(key: key, value: String(value)))
            default: break
            }
        }
    }
}
