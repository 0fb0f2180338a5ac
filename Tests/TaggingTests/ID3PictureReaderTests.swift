import Testing
@testable import Tagging

/// The ID3v2 frame walker (pictures, SYLT) on hand-made tags: every version, frame flags, unsynchronisation, and huge pictures.
@Suite struct ID3PictureReaderTests {
    static let jpeg: [UInt8] =
        [0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0xFF, 0x00, 0xFF, 0xE0] + Array(repeating: 0x11, count: 50)
    static let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47] + Array(repeating: 0x22, count: 50)

    static func apic(type: UInt8, mime: String, description: [UInt8] = [0], encoding: UInt8 = 0, _ data: [UInt8])
        -> [UInt8]
    {
        [encoding] + Bytes.utf8(mime) + [0, type] + description + data
    }

    static func unsync(_ b: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        for (i, x) in b.enumerated() {
            out.append(x)
            if x == 0xFF && (i + 1 == b.count || b[i + 1] == 0 || b[i + 1] >= 0xE0) { out.append(0) }
        }
        return out
    }

    @Test func everyVersionFrontCoverPreferred() throws {
        for version: UInt8 in [2, 3, 4] {
            var b = ID3Builder(version: version)
            b.text(version == 2 ? "TT2" : "TIT2", ["t"])
            b.picture(type: 4, mime: "image/png", Self.png)
            b.picture(type: 3, mime: "image/jpeg", description: "Front", Self.jpeg)
            let p = try #require(try ID3PictureReader.read(from: BytesInput(b.bytes(padding: 30))))
            #expect(p.data == Self.jpeg, "v2.\(version)")
            #expect(p.type == 3 && p.mimeType == "image/jpeg")
            if version > 2 { #expect(p.description == "Front") }
        }
    }

    @Test func utf16DescriptionAndSniffedMime() throws {
        var b = ID3Builder(version: 3)
        let desc = ID3Builder.encode("Vörder", 1) + [0, 0]
        b.frame("APIC", Self.apic(type: 3, mime: "", description: desc, encoding: 1, Self.png))
        let p = try #require(try ID3PictureReader.read(from: BytesInput(b.bytes())))
        #expect(p.description == "Vörder")
        #expect(p.mimeType == "image/png")
        #expect(p.data == Self.png)
    }

    @Test func wholeTagUnsynchronisationInV23() throws {
        var b = ID3Builder(version: 3)
        b.frame("APIC", Self.apic(type: 3, mime: "image/jpeg", Self.jpeg))
        var tag = b.bytes()
        let body = Self.unsync(Array(tag[10...]))
        tag = Bytes.utf8("ID3") + [3, 0, 0x80] + Bytes.syncsafe(body.count) + body
        #expect(try ID3PictureReader.read(from: BytesInput(tag))?.data == Self.jpeg)
    }

    @Test func v24FrameFlagsGroupingLengthIndicatorUnsyncAndExtendedHeader() throws {
        let body = Self.unsync(Self.apic(type: 3, mime: "image/jpeg", Self.jpeg))
        let payload = [0x07] + Bytes.syncsafe(body.count) + body  // group id, data length indicator, frame
        let frame = Bytes.utf8("APIC") + Bytes.syncsafe(payload.count) + [0, 0x40 | 0x02 | 0x01] + payload
        let ext = Bytes.syncsafe(6) + [1, 0]
        let tag = Bytes.utf8("ID3") + [4, 0, 0x40] + Bytes.syncsafe(ext.count + frame.count) + ext + frame
        #expect(try ID3PictureReader.read(from: BytesInput(tag))?.data == Self.jpeg)
    }

    @Test func compressedAndEncryptedFramesAreSkipped() throws {
        var b = ID3Builder(version: 3)
        let body = Self.apic(type: 3, mime: "image/jpeg", Self.jpeg)
        b.frames.append(Bytes.utf8("APIC") + Bytes.u32be(body.count) + [0, 0x80] + body)  // "compressed"
        b.frames.append(Bytes.utf8("APIC") + Bytes.u32be(body.count) + [0, 0x40] + body)  // "encrypted"
        b.picture(type: 0, mime: "image/png", Self.png)
        #expect(try ID3PictureReader.read(from: BytesInput(b.bytes()))?.data == Self.png)
    }

    @Test func damageIsCleanAndNonID3IsNil() throws {
        #expect(
            try ID3PictureReader.read(from: BytesInput(Bytes.utf8("fLaC") + [UInt8](repeating: 0, count: 20))) == nil)
        #expect(try ID3PictureReader.read(from: BytesInput(Bytes.utf8("ID3") + [5, 0, 0, 0, 0, 0, 0])) == nil)
        #expect(throws: TagError.self) {
            try ID3PictureReader.read(from: BytesInput(Bytes.utf8("ID3") + [3, 0, 0, 0x80, 0, 0, 0]))
        }
        var b = ID3Builder(version: 3)
        b.picture(type: 3, Self.jpeg)
        let whole = b.bytes()
        for cut in 0..<whole.count { _ = try? ID3PictureReader.read(from: BytesInput(Array(whole.prefix(cut)))) }
        var lying = ID3Builder(version: 4)
        lying.picture(type: 0, mime: "image/png", Self.png)
        lying.frame("APIC", Self.apic(type: 3, mime: "image/jpeg", Self.jpeg), declaredSize: 100_000)
        let extras = try #require(try ID3FrameWalker.read(from: BytesInput(lying.bytes())))
        #expect(extras.error?.kind == .truncated)
        #expect(extras.picture?.data == Self.png)  // found before the damage: kept
        // A picture frame with no terminator for its MIME type.
        var open = ID3Builder(version: 3)
        open.frame("APIC", [0] + Bytes.utf8("image/jpeg"))
        #expect(try ID3PictureReader.read(from: BytesInput(open.bytes())) == nil)
    }

    static func sylt(encoding: UInt8 = 3, format: UInt8 = 2, _ entries: [(String, Int)]) -> [UInt8] {
        var b: [UInt8] =
            [encoding] + Bytes.utf8("eng") + [format, 1] + ID3Builder.encode("desc", encoding)
            + ID3Builder.terminator(encoding)
        for (text, ms) in entries {
            b += ID3Builder.encode(text, encoding) + ID3Builder.terminator(encoding) + Bytes.u32be(ms)
        }
        return b
    }

    @Test func syltEntriesInEveryEncoding() throws {
        for encoding: UInt8 in [0, 1, 2, 3] {
            var b = ID3Builder(version: 4)
            b.frame("SYLT", Self.sylt(encoding: encoding, [("Line one", 500), ("\nLine twö", 2570)]))
            let e = try #require(try ID3FrameWalker.read(from: BytesInput(b.bytes())))
            #expect(
                e.syncedText == [
                    SyncedText(milliseconds: 500, text: "Line one"),
                    SyncedText(milliseconds: 2570, text: "\nLine twö")
                ], "encoding \(encoding)")
        }
        // MPEG-frame stamps are not kept; a cut-off last entry is dropped.
        var frames = ID3Builder(version: 3)
        frames.frame("SYLT", Self.sylt(format: 1, [("x", 10)]))
        #expect(try ID3FrameWalker.read(from: BytesInput(frames.bytes()))?.syncedText == [])
        var cut = ID3Builder(version: 3)
        cut.frame("SYLT", Array(Self.sylt([("a", 1), ("b", 2)]).dropLast(2)))
        #expect(
            try ID3FrameWalker.read(from: BytesInput(cut.bytes()))?.syncedText == [
                SyncedText(milliseconds: 1, text: "a")
            ])
    }

    @Test func aTwentyMegabytePictureIsSkippedUnread() throws {
        let size = 20 << 20
        let head = Self.apic(type: 3, mime: "image/jpeg", [])
        var small = ID3Builder(version: 3)
        small.picture(type: 0, mime: "image/png", Self.png)
        let frameHeader = Bytes.utf8("APIC") + Bytes.u32be(head.count + size) + [0, 0]
        let tagSize = frameHeader.count + head.count + size + small.frames[0].count
        let input = CountingInput(
            prefix: Bytes.utf8("ID3") + [3, 0, 0] + Bytes.syncsafe(tagSize) + frameHeader + head,
            virtualZeros: size, suffix: small.frames[0])
        let p = try ID3PictureReader.read(from: input)
        #expect(p?.data == Self.png)
        #expect(input.bytesReturned < 4096)
    }
}
