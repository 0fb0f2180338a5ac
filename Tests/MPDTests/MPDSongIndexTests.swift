import MPDProtocol
import Testing

@testable import MPD

/// The compact song index: strings kept once, tags read back as the songs had them, MPD's fallbacks, and a
/// song written from the index exactly as from the song.
@MainActor @Suite struct MPDSongIndexTests {
    static func song(_ file: String, _ tags: [(String, [String])], duration: Double? = nil) -> MPDSong {
        var s = MPDSong(file: file)
        s.tags = tags.map { (name: $0.0, values: $0.1) }
        s.duration = duration
        return s
    }

    static let songs = [
        song("A/1.mp3", [("Artist", ["Ann", "Bob"]), ("Album", ["One"]), ("Title", ["Line\nbreak"])], duration: 61.5),
        song("A/2.mp3", [("Artist", ["Ann"]), ("AlbumArtist", ["Duo"]), ("Album", ["One"])]),
        song("B/C/3.mp3", [("Title", ["T"])], duration: .infinity)
    ]

    @Test func songsReadBackAsTheyWereWithLineBreaksMadeSpaces() {
        let index = MPDSongIndex(Self.songs)
        #expect(index.count == 3)
        var expected = Self.songs
        expected[0].tags[2].values = ["Line break"]
        expected[2].duration = nil  // not finite: unknown
        #expect((0..<3).map(index.song) == expected)
        // "Ann" and "One" are stored once; "" is always id 0.
        #expect(index.strings.filter { $0 == "Ann" }.count == 1)
        #expect(index.strings.first == "")
    }

    @Test func lookupsFallBackAsMPDDoes() {
        let index = MPDSongIndex(Self.songs)
        let name = { (i: Int, tag: MPDTag) in index.values(i, index.lookup(tag)).map { index.strings[Int($0)] } }
        #expect(name(0, .albumArtist) == ["Ann", "Bob"])  // no AlbumArtist: Artist
        #expect(name(1, .albumArtist) == ["Duo"])
        #expect(name(1, .albumArtistSort) == ["Duo"])
        #expect(name(2, .artist) == [])
        #expect(name(0, .titleSort) == ["Line break"])
        #expect(index.lookup(.composer).isEmpty)  // no song has it
    }

    @Test func writingFromTheIndexIsWritingTheSong() {
        let index = MPDSongIndex(Self.songs)
        for tagTypes: Set<String> in [["Artist", "Album", "Title", "AlbumArtist"], ["Title"], []] {
            let shown = index.shown(tagTypes)
            for i in 0..<index.count {
                var direct = MPDResponseWriter(), viaSong = MPDResponseWriter()
                index.write(i, shown: shown, to: &direct)
                MPDSongFormat.write(index.song(i), tagTypes: tagTypes, to: &viaSong)
                #expect(direct.bytes == viaSong.bytes)
            }
        }
    }

    @Test func modificationTimesAreKeptWrittenAfterTheFileAndFiltered() throws {
        var a = Self.song("a.mp3", [("Title", ["A"])]), b = Self.song("b.mp3", [])
        a.lastModified = 1_577_836_800
        b.lastModified = nil
        let index = MPDSongIndex([a, b])
        #expect(index.song(0) == a && index.song(1) == b)
        var out = MPDResponseWriter()
        index.write(0, shown: index.shown(["Title"]), to: &out)
        #expect(
            String(decoding: out.bytes, as: UTF8.self) == "file: a.mp3\nLast-Modified: 2020-01-01T00:00:00Z\nTitle: A\n"
        )
        for (since, hits) in [("2019-12-31", [0]), ("2020-01-01T00:00:01Z", [])] {
            let m = try MPDFilterMatcher(
                try MPDSongQuery.parse(["(modified-since '\(since)')"], foldsCase: false).filter, over: index,
                foldsByDefault: false, fold: { Array($0.utf8) })
            #expect((0..<index.count).filter(m.matches) == hits, "\(since)")
        }
    }

    @Test func ranksOrderStringsAsBytesAsMPDSortsThem() {
        let values = ["é", "b", "B", "e\u{301}", "a"]
        let index = MPDSongIndex(values.map { Self.song("\($0).mp3", [("Title", [$0])]) })
        let ranks = index.ranks()
        let titles = (0..<index.count).map { index.values($0, index.lookup(.title)).first! }
        let sorted = titles.sorted { ranks[Int($0)] < ranks[Int($1)] }.map { index.strings[Int($0)] }
        // "e" + combining acute (0x65 …) before the precomposed é (0xC3 0xA9): bytes, not Unicode equivalence.
        #expect(sorted.map { Array($0.utf8) } == ["B", "a", "b", "e\u{301}", "é"].map { Array($0.utf8) })
        #expect(index.ranks() == ranks, "made once")
        // Both spellings kept as they are: a file named either way is printed with its own bytes.
        #expect(index.file(0) == "é.mp3" && Array(index.file(3).utf8) == Array("e\u{301}.mp3".utf8))
    }

    @Test func directoriesAreWholePathComponents() {
        let index = MPDSongIndex(Self.songs + [Self.song("AB/4.mp3", [])])
        #expect(index.songs(in: "A") == [0, 1])
        #expect(index.songs(in: "B") == [2])
        #expect(index.songs(in: "B/C") == [2])
        #expect(index.songs(in: "").count == 4)
        #expect(index.songs(in: "C").isEmpty)
    }
}
