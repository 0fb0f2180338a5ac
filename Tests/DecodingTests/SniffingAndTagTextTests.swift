import Mpg123
import Testing
@testable import Decoding

/// The pure decisions: which decoder family a stream belongs to, and how raw tag text becomes clean strings.
@Suite struct SniffingAndTagTextTests {
    static func bytes(_ s: String, padTo n: Int = 16) -> [UInt8] {
        Array(s.utf8) + [UInt8](repeating: 0, count: max(0, n - s.utf8.count))
    }

    @Test func magicNumbersWinOverExtensions() {
        #expect(ContainerSniffer.family(ofPrefix: Self.bytes("fLaC")) == .sndfile)
        #expect(ContainerSniffer.family(ofPrefix: Self.bytes("OggS")) == .sndfile)
        #expect(ContainerSniffer.family(ofPrefix: Self.bytes("RIFF\u{0}\u{0}\u{0}\u{0}WAVE")) == .sndfile)
        #expect(ContainerSniffer.family(ofPrefix: Self.bytes("FORM\u{0}\u{0}\u{0}\u{0}AIFF")) == .sndfile)
        #expect(ContainerSniffer.family(ofPrefix: Self.bytes("caff")) == .sndfile)
        #expect(ContainerSniffer.family(ofPrefix: Self.bytes("ID3\u{4}")) == .mpeg)
        // MPEG-1 layer III, 128 kbit/s, 44.1 kHz.
        #expect(ContainerSniffer.family(ofPrefix: [0xFF, 0xFB, 0x90, 0x64]) == .mpeg)
        // Sync bits but reserved version / bad bitrate / reserved rate: not a frame.
        #expect(ContainerSniffer.family(ofPrefix: [0xFF, 0xEB, 0x90, 0x64]) == nil)
        #expect(ContainerSniffer.family(ofPrefix: [0xFF, 0xFB, 0xF0, 0x64]) == nil)
        #expect(ContainerSniffer.family(ofPrefix: [0xFF, 0xFB, 0x9C, 0x64]) == nil)
        #expect(ContainerSniffer.family(ofPrefix: Self.bytes("RIFF\u{0}\u{0}\u{0}\u{0}AVI ")) == nil)
        #expect(ContainerSniffer.family(ofPrefix: []) == nil)
    }

    @Test func extensionsAndID3Length() {
        #expect(ContainerSniffer.family(ofExtension: "MP3") == .mpeg)
        #expect(ContainerSniffer.family(ofExtension: "opus") == .sndfile)
        #expect(ContainerSniffer.family(ofExtension: "txt") == nil)
        #expect(ContainerSniffer.fileExtension(of: "/music/A.Band/Song.FLAC") == "flac")
        #expect(ContainerSniffer.fileExtension(of: "/music/.hidden") == "")
        #expect(ContainerSniffer.fileExtension(of: "/music.d/noext") == "")
        // Syncsafe size 0x01 0x7F = 255, plus the 10-byte header; footer flag adds 10.
        #expect(ContainerSniffer.id3TagLength(Array("ID3".utf8) + [4, 0, 0, 0, 0, 1, 0x7F]) == 265)
        #expect(ContainerSniffer.id3TagLength(Array("ID3".utf8) + [4, 0, 0x10, 0, 0, 1, 0x7F]) == 275)
        #expect(ContainerSniffer.id3TagLength(Array("ID3".utf8) + [4, 0, 0, 0x80, 0, 0, 0]) == nil)
    }

    @Test func tagBytesBecomeCleanStrings() {
        #expect(TagText.string(from: Array("Grüße".utf8)) == "Grüße")
        #expect(TagText.string(from: [0x47, 0x72, 0xFC, 0xDF, 0x65]) == "Grüße")  // Latin-1
        #expect(TagText.string(from: Array("  padded   ".utf8) + [0, 0, 0x41]) == "padded")
        #expect(TagText.string(from: [0, 0x41]) == nil)
        #expect(TagText.string(from: Array("    ".utf8)) == nil)
    }

    @Test func numberPairsAndGenres() {
        #expect(TagText.numberPair("3/12") == (3, 12))
        #expect(TagText.numberPair(" 03 / 12 ") == (3, 12))
        #expect(TagText.numberPair("7") == (7, nil))
        #expect(TagText.numberPair("x/y") == (nil, nil))
        #expect(TagText.numberPair("0/0") == (nil, nil))
        #expect(TagText.genre("(17)") == "Rock")
        #expect(TagText.genre("17") == "Rock")
        #expect(TagText.genre("(17)Hard Rock") == "Hard Rock")
        #expect(TagText.genre("Shoegaze") == "Shoegaze")
        #expect(TagText.genre("(255)") == nil)
        #expect(TagText.genre("   ") == nil)
    }

    @Test func id3v2WinsAndID3v1FillsGaps() {
        var id3 = Mpg123ID3()
        id3.v2Version = 4
        id3.v2Frames = [
            .init(id: "TIT2", description: "", values: ["V2 Title"]),
            .init(id: "TPE1", description: "", values: ["One", "Two"]),
            .init(id: "TCON", description: "", values: ["(8)"]),
            .init(id: "TPOS", description: "", values: ["1/2"]),
            .init(id: "USLT", description: "", values: ["la la"])
        ]
        func field(_ s: String, _ n: Int) -> [UInt8] { Array(s.utf8) + [UInt8](repeating: 0, count: n - s.utf8.count) }
        var comment = field("v1 comment", 30)
        comment[29] = 5
        id3.v1 = .init(
            title: field("V1 Title", 30), artist: field("V1 Artist", 30), album: field("Alb\u{E9}", 30),
            year: field("1999", 4), comment: comment, genre: 255)
        let t = ID3TagMapper.tags(from: id3)
        #expect(t.title == "V2 Title")
        #expect(t.artists == ["One", "Two"])
        #expect(t.genres == ["Jazz"])
        #expect(t.discNumber == 1 && t.discCount == 2)
        #expect(t.lyrics == "la la")
        #expect(t.album == "Albé")
        #expect(t.date == "1999")
        #expect(t.trackNumber == 5)
        #expect(t.comments == ["v1 comment"])
    }
}
