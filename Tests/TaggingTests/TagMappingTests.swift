import Mpg123
import PlayerCore
import Tagging
import Testing
@testable import Decoding

/// The pure decisions of the mappers: genre forms, number pairs, multi-value and fallback rules.
@Suite struct TagMappingTests {
    @Test func id3GenreForms() {
        #expect(TagText.genres("(17)") == ["Rock"])
        #expect(TagText.genres("(17)(18)") == ["Rock", "Techno"])
        #expect(TagText.genres("(17)Hard Rock") == ["Hard Rock"])
        #expect(TagText.genres("((Live) Set") == ["(Live) Set"])
        #expect(TagText.genres("(live) version") == ["(live) version"])
        #expect(TagText.genres("17") == ["Rock"])
        #expect(TagText.genres("RX") == ["Remix"])
        #expect(TagText.genres("(CR)") == ["Cover"])
        #expect(TagText.genres("(999)") == [])
        #expect(TagText.genres("Rock & Roll") == ["Rock & Roll"])
        #expect(TagText.genres("  ") == [])
        #expect(TagText.genres("(") == ["("])
    }

    @Test func id3CommentsSkipITunesDataAndUSLTKeepsLines() {
        var id3 = Mpg123ID3()
        id3.v2Version = 3
        id3.v2Frames = [
            .init(id: "COMM", description: "iTunSMPB", values: [" 00000000 00000210"]),
            .init(id: "COMM", description: "", values: ["Real comment"]),
            .init(id: "USLT", description: "", values: ["one\n\ntwo"]),
            .init(id: "TYER", description: "", values: ["1999"]),
            .init(id: "TDRC", description: "", values: ["1999-12-31"]),
            .init(id: "TCON", description: "", values: ["(255)"])
        ]
        id3.v1 = .init(title: [], artist: [], album: [], year: [], comment: [], genre: 17)
        let t = ID3TagMapper.tags(from: id3)
        #expect(t.comments == ["Real comment"])
        #expect(t.lyrics == "one\n\ntwo")
        #expect(t.date == "1999-12-31")
        #expect(t.genres.isEmpty)  // an ID3v2 genre frame, even an unknown number, is not overridden by v1
    }

    @Test func vorbisFallbacksAndTotals() {
        var file = FileTags()
        file.comments = VorbisComments(fields: [
            ("TITLE", "  "), ("TITLE", "Second title"), ("ALBUM ARTIST", "AA"), ("TRACKNUMBER", "03/12"),
            ("TOTALTRACKS", "x"), ("DISCNUMBER", "2"), ("TOTALDISCS", "3"), ("YEAR", "1990"),
            ("UNSYNCED LYRICS", "words"), ("DESCRIPTION", "d")
        ])
        let t = VorbisTagMapper.tags(from: file)
        #expect(t.title == "Second title")
        #expect(t.albumArtists == ["AA"])
        #expect(t.trackNumber == 3 && t.trackCount == 12)  // an unreadable TOTALTRACKS keeps "/12"
        #expect(t.discNumber == 2 && t.discCount == 3)
        #expect(t.date == "1990")
        #expect(t.lyrics == "words")
        #expect(t.comments == ["d"])
    }
}
