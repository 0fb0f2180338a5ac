import Testing
@testable import Tagging

/// The pure readers on hand-made bytes: every field form, and damage (truncation, lying sizes, huge values).
@Suite struct VorbisAndFLACReaderTests {
    static let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + Array(0..<200).map { UInt8($0) }
    static let jpeg: [UInt8] = [0xFF, 0xD8, 0xFF, 0xE0] + Array(repeating: 0x42, count: 100)

    @Test func commentsKeepRepeatsAndOrderWithCaseInsensitiveKeys() {
        let block = VorbisBuilder.comments([
            "TITLE=Song", "artist=A", "Artist=B", "GENRE=Rock", "noequals", "=novalue",
            "LYRICS=line 1\nline 2", "COMMENT=x=y"
        ])
        let r = VorbisCommentReader.read(from: BytesInput(block))
        #expect(r.error == nil)
        #expect(r.comments.vendor == "test")
        #expect(r.comments.values("ARTIST") == ["A", "B"])
        #expect(r.comments.values("title") == ["Song"])
        #expect(r.comments.values("LYRICS") == ["line 1\nline 2"])
        #expect(r.comments.values("COMMENT") == ["x=y"])
        #expect(r.comments.fields.count == 6)  // the two fields without a key are ignored
    }

    @Test func truncatedCommentBlockKeepsTheFieldsBeforeTheDamage() {
        let block = VorbisBuilder.comments(["TITLE=Song", "ARTIST=A", "ALBUM=Long album name"])
        let cut = Array(block.dropLast(5))
        let r = VorbisCommentReader.read(from: BytesInput(cut))
        #expect(r.comments.values("TITLE") == ["Song"])
        #expect(r.comments.values("ARTIST") == ["A"])
        #expect(r.comments.values("ALBUM").isEmpty)
        #expect(r.error?.kind == .truncated)
    }

    @Test func lyingCountAndLengthsEndCleanly() {
        // Count says 4 billion fields; a field length points far past the end.
        let block = VorbisBuilder.comments(["TITLE=ok"], count: 0xFFFF_FFFF) + Bytes.u32le(0x7FFF_FFFF) + [0x41]
        let r = VorbisCommentReader.read(from: BytesInput(block))
        #expect(r.comments.values("TITLE") == ["ok"])
        #expect(r.error?.kind == .truncated)
        // A vendor length past the end.
        let r2 = VorbisCommentReader.read(from: BytesInput(Bytes.u32le(1000) + [1, 2, 3]))
        #expect(r2.error?.kind == .truncated)
    }

    @Test func invalidUTF8IsRepairedNotDropped() {
        let block = Bytes.u32le(0) + Bytes.u32le(1) + Bytes.u32le(8) + Bytes.utf8("TITLE=") + [0xC3, 0x28]
        let r = VorbisCommentReader.read(from: BytesInput(block))
        #expect(r.comments.values("TITLE") == ["\u{FFFD}("])
    }

    @Test func tenThousandFields() {
        let fields = (0..<10_000).map { "ARTIST=Artist \($0)" }
        let r = VorbisCommentReader.read(from: BytesInput(VorbisBuilder.comments(fields)))
        #expect(r.error == nil)
        #expect(r.comments.values("ARTIST").count == 10_000)
        #expect(r.comments.values("ARTIST").last == "Artist 9999")
    }

    @Test func base64() {
        #expect(Base64.decode(Bytes.utf8("TWFu")) == Bytes.utf8("Man"))
        #expect(Base64.decode(Bytes.utf8("TWE=")) == Bytes.utf8("Ma"))
        #expect(Base64.decode(Bytes.utf8("TQ==")) == Bytes.utf8("M"))
        #expect(Base64.decode(Bytes.utf8("TQ")) == Bytes.utf8("M"))
        #expect(Base64.decode(Bytes.utf8("TW\nFu")) == Bytes.utf8("Man"))
        #expect(Base64.decode(Bytes.utf8("T")) == nil)
        #expect(Base64.decode(Bytes.utf8("TW*u")) == nil)
        #expect(Base64.decode(Bytes.utf8("TQ==TQ")) == nil)
        #expect(Base64.decode([]) == [])
    }

    @Test func flacFrontCoverPreferredOverAnEarlierPicture() throws {
        let file =
            FLACBuilder.file([
                FLACBuilder.block(4, VorbisBuilder.comments(["TITLE=T", "ARTIST=A", "ARTIST=B"])),
                FLACBuilder.block(6, VorbisBuilder.picture(type: 4, mime: "image/jpeg", data: Self.jpeg)),
                FLACBuilder.block(6, VorbisBuilder.picture(type: 3, description: "Front", data: Self.png)),
                FLACBuilder.block(1, [UInt8](repeating: 0, count: 100), last: true)
            ]) + [0xFF, 0xF8]  // audio would follow
        let tags = try FLACMetadataReader.read(from: BytesInput(file))
        #expect(tags.error == nil)
        #expect(tags.comments.values("ARTIST") == ["A", "B"])
        #expect(
            tags.preferredPicture == TagPicture(type: 3, mimeType: "image/png", description: "Front", data: Self.png))
    }

    @Test func flacWithoutFrontCoverKeepsTheFirstPicture() throws {
        let file = FLACBuilder.file([
            FLACBuilder.block(6, VorbisBuilder.picture(type: 0, mime: "", data: Self.jpeg)),
            FLACBuilder.block(6, VorbisBuilder.picture(type: 4, data: Self.png), last: true)
        ])
        let tags = try FLACMetadataReader.read(from: BytesInput(file))
        #expect(tags.preferredPicture?.data == Self.jpeg)
        #expect(tags.preferredPicture?.mimeType == "image/jpeg")  // sniffed: the block had no MIME type
    }

    @Test func flacBehindAnID3TagAndNotFLACAtAll() throws {
        let id3 = Bytes.utf8("ID3") + [3, 0, 0] + Bytes.syncsafe(20) + [UInt8](repeating: 0, count: 20)
        let file = id3 + FLACBuilder.file([FLACBuilder.block(4, VorbisBuilder.comments(["TITLE=x"]), last: true)])
        #expect(try FLACMetadataReader.read(from: BytesInput(file)).comments.values("TITLE") == ["x"])
        #expect(throws: TagError.self) { try FLACMetadataReader.read(from: BytesInput(Bytes.utf8("OggS0000"))) }
        #expect(throws: TagError.self) { try FLACMetadataReader.read(from: BytesInput([0x66])) }
    }

    @Test func flacBlockSizesPastTheEndAndInsideFieldsEndCleanly() throws {
        // A comment block whose field length runs past its own block: the fields before it are kept.
        let comments = VorbisBuilder.comments(["TITLE=kept"], count: 2) + Bytes.u32le(500) + Bytes.utf8("ARTIST=x")
        let file = FLACBuilder.file([
            FLACBuilder.block(4, comments),
            FLACBuilder.block(6, VorbisBuilder.picture(data: Self.png), last: true)
        ])
        let tags = try FLACMetadataReader.read(from: BytesInput(file))
        #expect(tags.comments.values("TITLE") == ["kept"])
        #expect(tags.error?.kind == .truncated)
        // A picture block that says 16 MB but the file ends.
        let cut = FLACBuilder.file([
            FLACBuilder.block(6, VorbisBuilder.picture(data: Self.png), declaredLength: 0xFFFFFF)
        ])
        let t2 = try FLACMetadataReader.read(from: BytesInput(cut))
        #expect(t2.error?.kind == .truncated)
        // Picture data length larger than its block.
        let lying = FLACBuilder.file([
            FLACBuilder.block(
                6, VorbisBuilder.picture(data: Self.png, declaredLength: 5000),
                last: true)
        ])
        let t3 = try FLACMetadataReader.read(from: BytesInput(lying))
        #expect(t3.pictures.isEmpty)
        #expect(t3.error?.kind == .truncated)
    }

    @Test func aFLACPictureClaimingTwentyMegabytesCostsOnlyItsBlock() throws {
        // A FLAC block length is 24 bits (< 16 MiB), so the claim can only be a lie inside the block; the block
        // after it is still read, and nothing near 20 MB is allocated.
        let size = 20 << 20
        let picture = VorbisBuilder.picture(data: Self.png, declaredLength: size)
        let input = CountingInput(
            prefix: FLACBuilder.file([
                FLACBuilder.block(6, picture),
                FLACBuilder.block(4, VorbisBuilder.comments(["TITLE=after"]), last: true)
            ]), virtualZeros: 0, suffix: [])
        let tags = try FLACMetadataReader.read(from: input)
        #expect(tags.pictures.isEmpty)
        #expect(tags.comments.values("TITLE") == ["after"])
        #expect(tags.error?.kind == .truncated)
        #expect(input.bytesReturned < 4096)
    }

    @Test func aLargestPossibleFLACPictureBlockIsSkippedUnreadWhenAFrontCoverIsHeld() throws {
        let size = 0xFFFFFF - 60
        let front = FLACBuilder.block(6, VorbisBuilder.picture(data: Self.png))
        let big = VorbisBuilder.picture(type: 3, data: [], declaredLength: size)
        let input = CountingInput(
            prefix: FLACBuilder.file([front, FLACBuilder.block(6, big, declaredLength: big.count + size)]),
            virtualZeros: size,
            suffix: FLACBuilder.block(4, VorbisBuilder.comments(["TITLE=after"]), last: true))
        let tags = try FLACMetadataReader.read(from: input)
        #expect(tags.preferredPicture?.data == Self.png)
        #expect(tags.comments.values("TITLE") == ["after"])
        #expect(input.bytesReturned < 4096)
    }

    @Test func aTwentyMegabyteOggPictureIsRefusedAndTheOtherFieldsKept() throws {
        let size = 20 << 20
        var field = Bytes.utf8("METADATA_BLOCK_PICTURE=")
        field += [UInt8](repeating: UInt8(ascii: "A"), count: (size + 100) / 3 * 4)
        var block = Bytes.u32le(0) + Bytes.u32le(3) + Bytes.u32le(7) + Bytes.utf8("TITLE=x")
        block += Bytes.u32le(field.count) + field
        block += Bytes.u32le(8) + Bytes.utf8("ARTIST=y")
        let tags = try OggTagReader.read(from: BytesInput(OggBuilder.opus(block)))
        #expect(tags.error == nil)
        #expect(tags.pictures.isEmpty)
        #expect(tags.comments.values("TITLE") == ["x"])
        #expect(tags.comments.values("ARTIST") == ["y"])
    }

    @Test func oggOpusCommentsAcrossManyPagesWithPicture() throws {
        let pictureBlock = VorbisBuilder.picture(type: 3, mime: "image/png", description: "Cover", data: Self.png)
        let block = VorbisBuilder.comments([
            "TITLE=Opus", "ARTIST=A", VorbisBuilder.pictureField(pictureBlock),
            "ARTIST=B"
        ])
        // Two segments per page: the comment packet spans several pages (continued-packet pages).
        let tags = try OggTagReader.read(from: BytesInput(OggBuilder.opus(block, segmentsPerPage: 2)))
        #expect(tags.error == nil)
        #expect(tags.comments.values("ARTIST") == ["A", "B"])
        #expect(tags.comments.values("METADATA_BLOCK_PICTURE").isEmpty)  // pictures are not text fields
        #expect(tags.preferredPicture?.data == Self.png)
        #expect(tags.preferredPicture?.description == "Cover")
    }

    @Test func oggVorbisCommentHeaderAndPacketOf255Multiple() throws {
        // A value sized so the comment packet is an exact multiple of 255 bytes (ends with a 0 lacing value).
        var fields = ["TITLE=Vorbis", "LYRICS=[00:01.00]hi"]
        let base = ([3] + Bytes.utf8("vorbis") + VorbisBuilder.comments(fields) + [1]).count
        let pad = 510 - base - 4 - 8
        fields.append("COMMENT=" + String(repeating: "c", count: pad))
        let tags = try OggTagReader.read(from: BytesInput(OggBuilder.vorbis(VorbisBuilder.comments(fields))))
        #expect(tags.error == nil)
        #expect(tags.comments.values("LYRICS") == ["[00:01.00]hi"])
        #expect(tags.comments.values("COMMENT").first?.count == pad)
    }

    @Test func oggDamageEndsCleanly() throws {
        let good = OggBuilder.opus(VorbisBuilder.comments(["TITLE=x", "ARTIST=" + String(repeating: "a", count: 600)]))
        for cut in stride(from: 1, to: good.count, by: 7) {
            _ = try? OggTagReader.read(from: BytesInput(Array(good.prefix(cut))))
        }
        let t = try OggTagReader.read(from: BytesInput(Array(good.prefix(good.count - 100))))
        #expect(t.comments.values("TITLE") == ["x"])
        #expect(t.error?.kind == .truncated)
        #expect(throws: TagError.self) {
            try OggTagReader.read(from: BytesInput(OggBuilder.pages([Bytes.utf8("Speex   ")])))
        }
        // A bad METADATA_BLOCK_PICTURE (not base64; base64 of a truncated block) is dropped, the rest kept.
        let bad = OggBuilder.opus(
            VorbisBuilder.comments([
                "METADATA_BLOCK_PICTURE=!!!!", "TITLE=y",
                VorbisBuilder.pictureField(Array(VorbisBuilder.picture(data: Self.png).prefix(30)))
            ]))
        let t2 = try OggTagReader.read(from: BytesInput(bad))
        #expect(t2.pictures.isEmpty && t2.comments.values("TITLE") == ["y"])
    }

    @Test func oggFLACMetadataPackets() throws {
        let first =
            [0x7F] + Bytes.utf8("FLAC") + [1, 0, 0, 2] + Bytes.utf8("fLaC")
            + FLACBuilder.block(0, [UInt8](repeating: 0, count: 34))
        let ogg = OggBuilder.pages([
            first,
            FLACBuilder.block(4, VorbisBuilder.comments(["TITLE=in ogg", "ARTIST=x"])),
            FLACBuilder.block(6, VorbisBuilder.picture(data: Self.png), last: true)
        ])
        let t = try OggTagReader.read(from: BytesInput(ogg))
        #expect(t.error == nil)
        #expect(t.comments.values("TITLE") == ["in ogg"])
        #expect(t.preferredPicture?.data == Self.png)
    }

    @Test func legacyCoverArtField() throws {
        let ogg = OggBuilder.vorbis(
            VorbisBuilder.comments([
                "COVERART=" + Base64Encode.encode(Self.jpeg), "COVERARTMIME=image/jpeg"
            ]))
        let t = try OggTagReader.read(from: BytesInput(ogg))
        #expect(t.preferredPicture?.data == Self.jpeg)
        #expect(t.comments.fields.isEmpty)
    }
}

/// base64 for building fixtures (Foundation-free twin of `Data.base64EncodedString`).
enum Base64Encode {
    static func encode(_ d: [UInt8]) -> String {
        let t = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)
        var out = [UInt8]()
        var i = 0
        while i < d.count {
            let n = min(3, d.count - i)
            let v = (Int(d[i]) << 16) | (n > 1 ? Int(d[i + 1]) << 8 : 0) | (n > 2 ? Int(d[i + 2]) : 0)
            out += [t[v >> 18], t[(v >> 12) & 63], n > 1 ? t[(v >> 6) & 63] : 61, n > 2 ? t[v & 63] : 61]
            i += 3
        }
        return String(decoding: out, as: UTF8.self)
    }
}

/// A `TagInput` of a prefix, a run of zeros that is never allocated, and a suffix; counts the bytes handed out, so
/// a test can prove a huge field was skipped rather than read.
final class CountingInput: TagInput {
    let prefix: [UInt8], zeros: Int, suffix: [UInt8]
    var position = 0
    var bytesReturned = 0
    init(prefix: [UInt8], virtualZeros: Int, suffix: [UInt8]) {
        (self.prefix, zeros, self.suffix) = (prefix, virtualZeros, suffix)
    }
    var total: Int { prefix.count + zeros + suffix.count }
    var offset: Int64 { Int64(position) }

    func read(_ count: Int) throws(TagError) -> [UInt8] {
        guard count <= total - position else { throw TagError(.truncated, offset: offset, "end") }
        var out = [UInt8]()
        for i in position..<(position + count) {
            if i < prefix.count {
                out.append(prefix[i])
            } else if i < prefix.count + zeros {
                out.append(0)
            } else {
                out.append(suffix[i - prefix.count - zeros])
            }
        }
        position += count
        bytesReturned += count
        return out
    }

    func skip(_ count: Int) throws(TagError) {
        guard count <= total - position else { throw TagError(.truncated, offset: offset, "end") }
        position += count
    }
}
