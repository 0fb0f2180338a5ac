import Decoding
import Foundation
import PlayerCore
import TestSupport
import Testing

/// Tags written by the usual Debian taggers (lame, id3v2, metaflac, vorbiscomment, opusenc), read back through
/// `DecoderRegistry`: the fields and pictures come out as the tools wrote them.
@Suite struct ToolMadeFixtureTests {
    static let png: [UInt8] = {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<3 { url.deleteLastPathComponent() }
        return [UInt8](try! Data(contentsOf: url.appendingPathComponent("data/demo/art/spectrogram.png")))
    }()

    static func source(_ dir: TemporaryDirectory) throws -> String {
        let wav = dir.file("in.wav")
        try TestMedia.sineWAV(wav, seconds: 0.5, channels: 1)
        try Data(png).write(to: URL(fileURLWithPath: dir.file("cover.png")))
        return wav
    }

    @Test func lameTagsAndPicture() throws {
        let dir = try TemporaryDirectory()
        let wav = try Self.source(dir)
        try TestMedia.lame(
            wav, to: dir.file("a.mp3"),
            options: [
                "-b", "64", "--tt", "Lame Title", "--ta", "Lame Artist", "--tl", "Lame Album", "--ty", "2001",
                "--tn", "3/12", "--tg", "Jazz", "--tc", "lame comment", "--ti", dir.file("cover.png"),
                "--tv", "TPE2=Band", "--tv", "TCOM=Composer", "--tv", "TPOS=1/2"
            ])
        let t = try DecoderRegistry.open(path: dir.file("a.mp3")).tags
        #expect(t.title == "Lame Title")
        #expect(t.artists == ["Lame Artist"])
        #expect(t.album == "Lame Album")
        #expect(t.date == "2001")
        #expect(t.trackNumber == 3 && t.trackCount == 12)
        #expect(t.discNumber == 1 && t.discCount == 2)
        #expect(t.genres == ["Jazz"])
        #expect(t.comments == ["lame comment"])
        #expect(t.albumArtists == ["Band"])
        #expect(t.composers == ["Composer"])
        #expect(t.picture?.data == Self.png)
        #expect(t.picture?.mimeType == "image/png")
    }

    @Test func id3v2ToolNumericGenreAndComment() throws {
        let dir = try TemporaryDirectory()
        let wav = try Self.source(dir)
        try TestMedia.lame(wav, to: dir.file("b.mp3"), options: ["-b", "64"])
        try Command.check(
            "id3v2",
            [
                "-t", "Id3v2 Title", "-a", "AC/DC", "-A", "Album", "-y", "1980", "-T", "2/10",
                "-g", "17", "-c", "desc:The comment:eng", "--TCOM", "Young/Young",
                "--USLT", "Some lyrics", dir.file("b.mp3")
            ])
        let t = try DecoderRegistry.open(path: dir.file("b.mp3")).tags
        #expect(t.title == "Id3v2 Title")
        #expect(t.artists == ["AC/DC"])
        #expect(t.composers == ["Young/Young"])
        #expect(t.date == "1980")
        #expect(t.trackNumber == 2 && t.trackCount == 10)
        #expect(t.genres == ["Rock"])
        #expect(t.comments == ["The comment"])
    }

    @Test func metaflacRepeatedFieldsTotalsAndTwoPictures() throws {
        let dir = try TemporaryDirectory()
        let wav = try Self.source(dir)
        let flac = dir.file("c.flac")
        try TestMedia.flac(wav, to: flac)
        try Data([0xFF, 0xD8, 0xFF, 0xE0, 1, 2, 3]).write(to: URL(fileURLWithPath: dir.file("back.jpg")))
        try Command.check(
            "metaflac",
            [
                "--set-tag=TITLE=Flac Title", "--set-tag=ARTIST=First", "--set-tag=ARTIST=Second",
                "--set-tag=ALBUMARTIST=AA", "--set-tag=GENRE=Ambient", "--set-tag=GENRE=Drone",
                "--set-tag=COMPOSER=C1", "--set-tag=COMPOSER=C2", "--set-tag=TRACKNUMBER=3", "--set-tag=TRACKTOTAL=12",
                "--set-tag=DISCNUMBER=1/2", "--set-tag=DATE=2020-01-02", "--set-tag=COMMENT=c1",
                "--set-tag=DESCRIPTION=d1", "--set-tag=UNSYNCEDLYRICS=la la",
                "--import-picture-from=4|image/jpeg|Back|1x1x24|\(dir.file("back.jpg"))",
                "--import-picture-from=3|image/png|Front||\(dir.file("cover.png"))", flac
            ])
        let t = try DecoderRegistry.open(path: flac).tags
        #expect(t.title == "Flac Title")
        #expect(t.artists == ["First", "Second"])
        #expect(t.albumArtists == ["AA"])
        #expect(t.genres == ["Ambient", "Drone"])
        #expect(t.composers == ["C1", "C2"])
        #expect(t.trackNumber == 3 && t.trackCount == 12)
        #expect(t.discNumber == 1 && t.discCount == 2)
        #expect(t.date == "2020-01-02")
        #expect(t.comments == ["c1", "d1"])
        #expect(t.lyrics == "la la")
        #expect(t.picture?.data == Self.png)
        #expect(t.picture?.description == "Front")
    }

    @Test func vorbiscommentWithMetadataBlockPicture() throws {
        let dir = try TemporaryDirectory()
        let wav = try Self.source(dir)
        let ogg = dir.file("d.ogg")
        try TestMedia.vorbis(wav, to: ogg)
        let block = VorbisBuilder.picture(type: 3, mime: "image/png", description: "Cover", data: Self.png)
        let fields = [
            "TITLE=Vorbis Title", "ARTIST=V1", "ARTIST=V2", "TRACKNUMBER=4/9", "DISCNUMBER=2",
            "DISCTOTAL=2", "GENRE=Folk", "LYRICS=[00:01.00]sing", VorbisBuilder.pictureField(block)
        ]
        try Command.check("vorbiscomment", ["-w", ogg] + fields.flatMap { ["-t", $0] })
        let t = try DecoderRegistry.open(path: ogg).tags
        #expect(t.title == "Vorbis Title")
        #expect(t.artists == ["V1", "V2"])
        #expect(t.trackNumber == 4 && t.trackCount == 9)
        #expect(t.discNumber == 2 && t.discCount == 2)
        #expect(t.lyrics == "[00:01.00]sing")
        #expect(t.picture?.data == Self.png)
    }

    @Test func opusencArtistsCommentsAndPicture() throws {
        let dir = try TemporaryDirectory()
        let wav = try Self.source(dir)
        let opus = dir.file("e.opus")
        try TestMedia.opus(
            wav, to: opus,
            options: [
                "--title", "Opus Title", "--artist", "O1", "--artist", "O2", "--album", "Alb", "--genre", "Electronic",
                "--date", "2022", "--tracknumber", "6", "--comment", "TRACKTOTAL=8", "--comment", "COMPOSER=Comp",
                "--comment", "COMMENT=opus comment", "--picture", "3||Front||\(dir.file("cover.png"))"
            ])
        let t = try DecoderRegistry.open(path: opus).tags
        #expect(t.title == "Opus Title")
        #expect(t.artists == ["O1", "O2"])
        #expect(t.album == "Alb")
        #expect(t.genres == ["Electronic"])
        #expect(t.date == "2022")
        #expect(t.trackNumber == 6 && t.trackCount == 8)
        #expect(t.composers == ["Comp"])
        #expect(t.comments == ["opus comment"])
        #expect(t.picture?.data == Self.png)
        #expect(t.picture?.mimeType == "image/png")
    }

    @Test func wavRIFFInfoGivesWhatLibsndfileReads() throws {
        // A WAV with a LIST/INFO chunk (as Windows tools write it), built byte by byte.
        let dir = try TemporaryDirectory()
        let wav = dir.file("f.wav")
        try TestMedia.writeWAV(wav, samples: [Int16](repeating: 0, count: 2000), rate: 44100, channels: 1)
        var d = [UInt8](try Data(contentsOf: URL(fileURLWithPath: wav)))
        var info = Bytes.utf8("INFO")
        for (id, value) in [
            ("INAM", "Wav Title"), ("IART", "Wav Artist"), ("IPRD", "Wav Album"),
            ("ICMT", "Wav comment"), ("ICRD", "2019"), ("IGNR", "Blues"), ("ITRK", "5")
        ] {
            var v = Bytes.utf8(value) + [0]
            if v.count % 2 == 1 { v.append(0) }
            info += Bytes.utf8(id) + Bytes.u32le(v.count) + v
        }
        d += Bytes.utf8("LIST") + Bytes.u32le(info.count) + info
        d.replaceSubrange(4..<8, with: Bytes.u32le(d.count - 8))
        try Data(d).write(to: URL(fileURLWithPath: wav))
        let t = try DecoderRegistry.open(path: wav).tags
        #expect(t.title == "Wav Title")
        #expect(t.artists == ["Wav Artist"])
        #expect(t.album == "Wav Album")
        #expect(t.comments == ["Wav comment"])
        #expect(t.date == "2019")
        #expect(t.genres == ["Blues"])
        #expect(t.trackNumber == 5)
        #expect(t.picture == nil)
    }
}
