import Decoding
import Foundation
import PlayerCore
import TestSupport
import Testing

/// Hand-made ID3v2.2/2.3/2.4 and ID3v1 tags on a real MP3 (made once by lame, without tags), read through
/// `DecoderRegistry` and libmpg123: every field and text encoding, and damaged tags.
@Suite struct ID3FixtureTests {
    /// A short tagless MP3 (lame, 64 kbit/s mono) shared by the tests of this suite.
    static let audio: [UInt8] = {
        let dir = try! TemporaryDirectory(prefix: "linnet-id3-audio")
        try! TestMedia.sineWAV(dir.file("a.wav"), seconds: 0.3, channels: 1)
        try! TestMedia.lame(dir.file("a.wav"), to: dir.file("a.mp3"), options: ["-b", "64"])
        return [UInt8](try! Data(contentsOf: URL(fileURLWithPath: dir.file("a.mp3"))))
    }()

    static let jpeg: [UInt8] = [0xFF, 0xD8, 0xFF, 0xE0] + (0..<300).map { UInt8(truncatingIfNeeded: $0 * 7) }
    static let png: [UInt8] =
        [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + (0..<200).map { UInt8(truncatingIfNeeded: $0) }

    /// Writes `tag + audio + v1` to a file and opens it.
    static func tags(_ tag: [UInt8], v1: [UInt8] = []) throws -> TrackTags {
        let dir = try TemporaryDirectory(prefix: "linnet-id3")
        let path = dir.file("t.mp3")
        try Data(tag + audio + v1).write(to: URL(fileURLWithPath: path))
        return try DecoderRegistry.open(path: path).tags
    }

    @Test func id3v24UTF8MultiValuesAndEveryField() throws {
        var b = ID3Builder(version: 4)
        b.text("TIT2", ["Titel ÄÖÜ"], encoding: 3)
        b.text("TPE1", ["Artist One", "Artist Two"], encoding: 3)
        b.text("TALB", ["Album"], encoding: 3)
        b.text("TPE2", ["Album Artist"], encoding: 3)
        b.text("TCOM", ["Comp A", "Comp B"], encoding: 3)
        b.text("TCON", ["Shoegaze", "13", "RX"], encoding: 3)
        b.text("TDRC", ["2024-05-01"], encoding: 3)
        b.text("TRCK", ["3/12"], encoding: 3)
        b.text("TPOS", ["2/3"], encoding: 3)
        b.commentLike("COMM", "Ein Kommentar", encoding: 3)
        b.commentLike("COMM", description: "iTunNORM", " 00000A 00000B", encoding: 0)
        b.commentLike("USLT", "Line one\nLine two", encoding: 3)
        b.picture(type: 3, mime: "image/png", description: "Front", Self.png)
        let t = try Self.tags(b.bytes(padding: 64))
        #expect(t.title == "Titel ÄÖÜ")
        #expect(t.artists == ["Artist One", "Artist Two"])
        #expect(t.album == "Album")
        #expect(t.albumArtists == ["Album Artist"])
        #expect(t.composers == ["Comp A", "Comp B"])
        #expect(t.genres == ["Shoegaze", "Pop", "Remix"])
        #expect(t.date == "2024-05-01")
        #expect(t.trackNumber == 3 && t.trackCount == 12)
        #expect(t.discNumber == 2 && t.discCount == 3)
        #expect(t.comments == ["Ein Kommentar"])
        #expect(t.lyrics == "Line one\nLine two")
        #expect(
            t.picture == EmbeddedPicture(mimeType: "image/png", data: Self.png, pictureType: 3, description: "Front"))
    }

    @Test func id3v23UTF16WithBOMBothByteOrdersAndSlashNotSplit() throws {
        var b = ID3Builder(version: 3)
        b.text("TIT2", ["Süße Grüße ♫ 𝄞"], encoding: 1)
        b.text("TPE1", ["AC/DC"], encoding: 1)
        // UTF-16 with a big-endian BOM, written by hand.
        b.frame("TALB", [1, 0xFE, 0xFF] + "Zoë".utf16.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] })
        b.text("TCON", ["(17)(18)"], encoding: 1)
        b.text("TYER", ["1999"], encoding: 1)
        b.text("TRCK", ["7"], encoding: 1)
        b.text("TCOM", ["Bach/Busoni"], encoding: 1)
        b.commentLike("COMM", "Kommentar – UTF-16", encoding: 1)
        b.commentLike("USLT", "Ünsynced", encoding: 1)
        b.picture(type: 4, mime: "image/png", Self.png)
        b.picture(type: 3, mime: "image/jpeg", Self.jpeg)
        let t = try Self.tags(b.bytes())
        #expect(t.title == "Süße Grüße ♫ 𝄞")
        #expect(t.artists == ["AC/DC"])
        #expect(t.album == "Zoë")
        #expect(t.genres == ["Rock", "Techno"])
        #expect(t.date == "1999")
        #expect(t.trackNumber == 7 && t.trackCount == nil)
        #expect(t.composers == ["Bach/Busoni"])
        #expect(t.comments == ["Kommentar – UTF-16"])
        #expect(t.lyrics == "Ünsynced")
        #expect(t.picture?.data == Self.jpeg)  // the front cover wins over the earlier back cover
        #expect(t.picture?.pictureType == 3)
    }

    @Test func id3v24Latin1AndUTF16BigEndian() throws {
        var b = ID3Builder(version: 4)
        b.text("TIT2", ["Café crème"], encoding: 0)
        b.text("TPE1", ["Ölaf", "Ærø"], encoding: 2)
        b.text("TCON", ["(17)Hard Rock"], encoding: 0)
        let t = try Self.tags(b.bytes())
        #expect(t.title == "Café crème")
        #expect(t.artists == ["Ölaf", "Ærø"])
        #expect(t.genres == ["Hard Rock"])
    }

    @Test func id3v22ThreeLetterFrames() throws {
        var b = ID3Builder(version: 2)
        b.text("TT2", ["Old Title"])
        b.text("TP1", ["Old Artist"])
        b.text("TAL", ["Old Album"])
        b.text("TYE", ["1998"])
        b.text("TRK", ["4/9"])
        b.text("TCO", ["(8)"])
        b.commentLike("COM", "v2.2 comment")
        b.picture(type: 3, mime: "image/jpeg", Self.jpeg)
        let t = try Self.tags(b.bytes())
        #expect(t.title == "Old Title")
        #expect(t.artists == ["Old Artist"])
        #expect(t.album == "Old Album")
        #expect(t.date == "1998")
        #expect(t.trackNumber == 4 && t.trackCount == 9)
        #expect(t.genres == ["Jazz"])
        #expect(t.comments == ["v2.2 comment"])
        #expect(t.picture?.data == Self.jpeg)
        #expect(t.picture?.mimeType == "image/jpeg")
    }

    @Test func syltSyncedLyricsBecomeLinesAndWords() throws {
        func sylt(_ entries: [(String, Int)]) -> [UInt8] {
            var b: [UInt8] = [3] + Array("eng".utf8) + [2, 1, 0]
            for (t, ms) in entries {
                b +=
                    Array(t.utf8) + [0] + [
                        UInt8(ms >> 24), UInt8((ms >> 16) & 255), UInt8((ms >> 8) & 255), UInt8(ms & 255)
                    ]
            }
            return b
        }
        var perLine = ID3Builder(version: 3)
        perLine.frame("SYLT", sylt([("Second", 2570), ("First", 500)]))
        let a = try Self.tags(perLine.bytes())
        #expect(a.syncedLyrics.map(\.time) == [500_000, 2_570_000])
        #expect(a.syncedLyrics.map(\.text) == ["First", "Second"])
        var perWord = ID3Builder(version: 4)
        perWord.frame("SYLT", sylt([("One ", 5480), ("two", 6120), ("\nNext line", 8220)]))
        let b = try Self.tags(perWord.bytes())
        #expect(b.syncedLyrics.map(\.text) == ["One two", "Next line"])
        #expect(b.syncedLyrics.first?.words.map(\.time) == [5_480_000, 6_120_000])
        #expect(b.syncedLyrics.last?.words == [])
    }

    @Test func userDefinedTXXXFieldsFillGaps() throws {
        var b = ID3Builder(version: 4)
        b.text("TRCK", ["4"], encoding: 3)
        b.frame("TXXX", ID3Builder.text(["ALBUM ARTIST", "Various Artists"], encoding: 3))
        b.frame("TXXX", ID3Builder.text(["TRACKTOTAL", "11"], encoding: 3))
        b.frame("TXXX", ID3Builder.text(["replaygain_track_gain", "-3.2 dB"], encoding: 3))
        let t = try Self.tags(b.bytes())
        #expect(t.albumArtists == ["Various Artists"])
        #expect(t.trackNumber == 4 && t.trackCount == 11)
        #expect(t.comments.isEmpty)
    }

    @Test func id3v1AloneAndUnderID3v2() throws {
        let v1 = ID3Builder.v1(
            title: "V1 Tïtle", artist: "V1 Artist", album: "V1 Album", year: "1987",
            comment: "V1 comment", track: 5, genre: 17)
        let t = try Self.tags([], v1: v1)
        #expect(t.title == "V1 Tïtle")
        #expect(t.artists == ["V1 Artist"])
        #expect(t.album == "V1 Album")
        #expect(t.date == "1987")
        #expect(t.comments == ["V1 comment"])
        #expect(t.trackNumber == 5)
        #expect(t.genres == ["Rock"])
        var b = ID3Builder(version: 3)
        b.text("TIT2", ["V2 wins"])
        let both = try Self.tags(b.bytes(), v1: v1)
        #expect(both.title == "V2 wins")
        #expect(both.album == "V1 Album")  // v1 fills the gaps
        let noGenre = try Self.tags([], v1: ID3Builder.v1(title: "x", genre: 255))
        #expect(noGenre.genres.isEmpty)
    }

    @Test func truncatedFramesAndSizesPastTheEnd() throws {
        // The last frame says it is 5000 bytes long inside a 60-byte tag: the frames before it are kept.
        var b = ID3Builder(version: 3)
        b.text("TIT2", ["Kept"])
        b.frame("TPE1", Array([0] + Array("Cut".utf8)), declaredSize: 5000)
        let t = try Self.tags(b.bytes())
        #expect(t.title == "Kept")
        // A tag whose size runs past the end of the file: no crash, a clean error or an empty result.
        var c = ID3Builder(version: 4)
        c.text("TIT2", ["x"])
        let lying = c.bytes(declaredSize: 0x0FFF_FFFF)
        let dir = try TemporaryDirectory()
        try Data(lying + Self.audio).write(to: URL(fileURLWithPath: dir.file("l.mp3")))
        do {
            _ = try DecoderRegistry.open(path: dir.file("l.mp3")).tags
        } catch {
            #expect(!error.message.isEmpty)
        }
        // Every prefix of a tagged file's tag: none crashes.
        var d = ID3Builder(version: 4)
        d.text("TPE1", ["A", "B"], encoding: 1)
        d.commentLike("COMM", "c", encoding: 1)
        d.picture(Self.jpeg)
        let whole = d.bytes()
        for cut in stride(from: 10, to: whole.count, by: 37) {
            var broken = whole
            broken.removeSubrange(cut...)
            _ = try? Self.tags(broken)
        }
    }

    @Test func invalidAndOddLengthUTF16() throws {
        var b = ID3Builder(version: 3)
        b.frame("TIT2", [1, 0xFF, 0xFE, 0x00, 0xD8, 0x41, 0x00])  // lone high surrogate, then "A"
        b.frame("TPE1", [1, 0xFF, 0xFE, 0x41, 0x00, 0x42])  // odd byte count
        b.frame("TALB", [1, 0x41, 0x00, 0x42, 0x00])  // UTF-16 without BOM
        b.text("TCOM", ["Fine"])
        let t = try Self.tags(b.bytes())
        #expect(t.composers == ["Fine"])
        #expect(t.title.map { !$0.isEmpty } ?? true)
    }

    @Test func tenThousandFrames() throws {
        var b = ID3Builder(version: 4)
        b.text("TIT2", ["Many"])
        for i in 0..<10_000 { b.commentLike("COMM", description: "d\(i)", "comment \(i)") }
        let start = ContinuousClock.now
        let t = try Self.tags(b.bytes())
        #expect(t.title == "Many")
        #expect(t.comments.count == 10_000)
        #expect(t.comments.last == "comment 9999")
        #expect(ContinuousClock.now - start < .seconds(20))
    }

    @Test func aTwentyMegabytePictureIsRefusedAndTheRestKept() throws {
        var b = ID3Builder(version: 3)
        b.text("TIT2", ["Big art"])
        b.picture(type: 3, mime: "image/jpeg", [0xFF, 0xD8, 0xFF] + [UInt8](repeating: 0x55, count: 20 << 20))
        b.picture(type: 0, mime: "image/png", Self.png)
        let t = try Self.tags(b.bytes())
        #expect(t.title == "Big art")
        #expect(t.picture?.data == Self.png)  // the oversized front cover is refused; the small one remains
    }
}
