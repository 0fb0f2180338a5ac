import Foundation

/// Byte-level builders for hand-made tags: exact control over every length field, so tests can also lie in them.
enum Bytes {
    static func u32le(_ v: Int) -> [UInt8] { (0..<4).map { UInt8(truncatingIfNeeded: v >> (8 * $0)) } }
    static func u32be(_ v: Int) -> [UInt8] { (0..<4).map { UInt8(truncatingIfNeeded: v >> (24 - 8 * $0)) } }
    static func u24be(_ v: Int) -> [UInt8] { (0..<3).map { UInt8(truncatingIfNeeded: v >> (16 - 8 * $0)) } }
    static func syncsafe(_ v: Int) -> [UInt8] { (0..<4).map { UInt8((v >> (21 - 7 * $0)) & 0x7F) } }
    static func utf8(_ s: String) -> [UInt8] { Array(s.utf8) }
}

/// Vorbis comment blocks and FLAC PICTURE structures.
enum VorbisBuilder {
    static func comments(vendor: String = "test", _ fields: [String], count: Int? = nil) -> [UInt8] {
        var out = Bytes.u32le(vendor.utf8.count) + Bytes.utf8(vendor) + Bytes.u32le(count ?? fields.count)
        for f in fields { out += Bytes.u32le(f.utf8.count) + Bytes.utf8(f) }
        return out
    }

    static func picture(
        type: Int = 3, mime: String = "image/png", description: String = "", data: [UInt8],
        declaredLength: Int? = nil
    ) -> [UInt8] {
        Bytes.u32be(type) + Bytes.u32be(mime.utf8.count) + Bytes.utf8(mime) + Bytes.u32be(description.utf8.count)
            + Bytes.utf8(description) + Bytes.u32be(1) + Bytes.u32be(1) + Bytes.u32be(24) + Bytes.u32be(0)
            + Bytes.u32be(declaredLength ?? data.count) + data
    }

    /// A METADATA_BLOCK_PICTURE=… comment field.
    static func pictureField(_ block: [UInt8]) -> String {
        "METADATA_BLOCK_PICTURE=" + Data(block).base64EncodedString()
    }
}

/// Native FLAC metadata: "fLaC", then blocks (type, is-last, body), a fake STREAMINFO first.
enum FLACBuilder {
    static func block(_ type: Int, _ body: [UInt8], last: Bool = false, declaredLength: Int? = nil) -> [UInt8] {
        [UInt8(type) | (last ? 0x80 : 0)] + Bytes.u24be(declaredLength ?? body.count) + body
    }

    static func file(_ blocks: [[UInt8]]) -> [UInt8] {
        Bytes.utf8("fLaC") + block(0, [UInt8](repeating: 0, count: 34)) + blocks.joined()
    }
}

/// Ogg pages from packets of one logical stream (CRC left zero: the tag reader does not check it).
enum OggBuilder {
    static func pages(_ packets: [[UInt8]], serial: Int = 0x1234, segmentsPerPage: Int = 255) -> [UInt8] {
        var lacing: [(segment: UInt8, packetStart: Bool)] = []
        var data: [[UInt8]] = []
        for p in packets {
            var rest = p[...]
            var first = true
            repeat {
                let n = min(255, rest.count)
                lacing.append((UInt8(n), first))
                data.append(Array(rest.prefix(n)))
                rest = rest.dropFirst(n)
                first = false
                if n < 255 { break }
            } while true
        }
        var out: [UInt8] = []
        var i = 0, sequence = 0
        while i < lacing.count {
            let end = min(lacing.count, i + segmentsPerPage)
            let continued = !lacing[i].packetStart
            out +=
                Bytes.utf8("OggS") + [0, (continued ? 1 : 0) | (sequence == 0 ? 2 : 0)]
                + [UInt8](repeating: 0, count: 8)
            out += Bytes.u32le(serial) + Bytes.u32le(sequence) + [0, 0, 0, 0] + [UInt8(end - i)]
            out += lacing[i..<end].map(\.segment)
            out += data[i..<end].joined()
            i = end
            sequence += 1
        }
        return out
    }

    static let opusHead: [UInt8] = Bytes.utf8("OpusHead") + [1, 1, 0x38, 1, 0x44, 0xAC, 0, 0, 0, 0, 0]
    static let vorbisIdentification: [UInt8] = [1] + Bytes.utf8("vorbis") + [UInt8](repeating: 0, count: 23)

    static func opus(_ commentBlock: [UInt8], segmentsPerPage: Int = 255) -> [UInt8] {
        pages([opusHead, Bytes.utf8("OpusTags") + commentBlock], segmentsPerPage: segmentsPerPage)
    }

    static func vorbis(_ commentBlock: [UInt8]) -> [UInt8] {
        pages([vorbisIdentification, [3] + Bytes.utf8("vorbis") + commentBlock + [1], [5] + Bytes.utf8("vorbis")])
    }
}

/// ID3v2.2/2.3/2.4 tags and ID3v1 tags.
struct ID3Builder {
    var version: UInt8
    var frames: [[UInt8]] = []

    init(version: UInt8) { self.version = version }

    /// Encoded text with its encoding byte: 0 Latin-1, 1 UTF-16 with BOM (little-endian), 2 UTF-16BE, 3 UTF-8.
    /// Several values are NUL-separated (the ID3v2.4 multi-value form).
    static func text(_ values: [String], encoding: UInt8) -> [UInt8] {
        var out: [UInt8] = [encoding]
        for (i, v) in values.enumerated() {
            if i > 0 { out += terminator(encoding) }
            out += encode(v, encoding)
        }
        return out
    }

    static func encode(_ s: String, _ encoding: UInt8) -> [UInt8] {
        switch encoding {
        case 0: return s.unicodeScalars.map { UInt8(truncatingIfNeeded: $0.value) }
        case 1: return [0xFF, 0xFE] + s.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
        case 2: return s.utf16.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
        default: return Bytes.utf8(s)
        }
    }

    static func terminator(_ encoding: UInt8) -> [UInt8] { encoding == 1 || encoding == 2 ? [0, 0] : [0] }

    mutating func frame(_ id: String, _ body: [UInt8], declaredSize: Int? = nil) {
        let size = declaredSize ?? body.count
        switch version {
        case 2: frames.append(Bytes.utf8(id) + Bytes.u24be(size) + body)
        case 3: frames.append(Bytes.utf8(id) + Bytes.u32be(size) + [0, 0] + body)
        default: frames.append(Bytes.utf8(id) + Bytes.syncsafe(size) + [0, 0] + body)
        }
    }

    mutating func text(_ id: String, _ values: [String], encoding: UInt8 = 0) {
        frame(id, Self.text(values, encoding: encoding))
    }

    /// COMM / USLT: encoding, language, description, text.
    mutating func commentLike(_ id: String, description: String = "", _ text: String, encoding: UInt8 = 0) {
        frame(
            id,
            [encoding] + Bytes.utf8("eng") + Self.encode(description, encoding) + Self.terminator(encoding)
                + Self.encode(text, encoding))
    }

    mutating func picture(type: UInt8 = 3, mime: String = "image/jpeg", description: String = "", _ data: [UInt8]) {
        if version == 2 {
            let format = mime.hasSuffix("png") ? "PNG" : "JPG"
            frame("PIC", [0] + Bytes.utf8(format) + [type] + Bytes.utf8(description) + [0] + data)
        } else {
            frame("APIC", [0] + Bytes.utf8(mime) + [0, type] + Bytes.utf8(description) + [0] + data)
        }
    }

    func bytes(padding: Int = 0, declaredSize: Int? = nil) -> [UInt8] {
        let body = frames.joined() + [UInt8](repeating: 0, count: padding)
        return Bytes.utf8("ID3") + [version, 0, 0] + Bytes.syncsafe(declaredSize ?? body.count) + body
    }

    static func v1(
        title: String, artist: String = "", album: String = "", year: String = "", comment: String = "",
        track: UInt8 = 0, genre: UInt8 = 255
    ) -> [UInt8] {
        func field(_ s: String, _ n: Int) -> [UInt8] {
            let b = encode(s, 0).prefix(n)
            return Array(b) + [UInt8](repeating: 0, count: n - b.count)
        }
        var c = field(comment, 30)
        if track > 0 { c[28] = 0; c[29] = track }
        return Bytes.utf8("TAG") + field(title, 30) + field(artist, 30) + field(album, 30) + field(year, 4) + c + [
            genre
        ]
    }
}
