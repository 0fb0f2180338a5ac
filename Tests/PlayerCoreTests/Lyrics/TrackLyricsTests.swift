import PlayerCore
import Testing

/// The lyrics source order: `.lrc` beside the track, else SYLT, else USLT/LYRICS (LRC when stamped, else text).
@Suite struct TrackLyricsTests {
    static let lrc = LRCParser.parse(text: "[00:01.00]from the file")
    static var tags: TrackTags {
        var t = TrackTags()
        t.syncedLyrics = [LyricLine(time: 2_000_000, text: "from SYLT")]
        t.lyrics = "[00:03.00]from USLT"
        return t
    }

    @Test func fileWinsOverEverythingEmbedded() throws {
        let l = try #require(TrackLyrics.select(file: ("/m/a.lrc", Self.lrc), tags: Self.tags))
        #expect(l.source == .lrcFile && l.path == "/m/a.lrc" && l.lyrics.lines.map(\.text) == ["from the file"])
    }

    @Test func syltBeforeUnsyncedText() throws {
        let l = try #require(TrackLyrics.select(file: nil, tags: Self.tags))
        #expect(l.source == .embeddedSynced && l.isSynced && l.text == "from SYLT")
    }

    @Test func stampedTextIsParsedAsLRC() throws {
        var t = Self.tags
        t.syncedLyrics = []
        let l = try #require(TrackLyrics.select(file: nil, tags: t))
        #expect(l.source == .embeddedText && l.lyrics.lines.map(\.time) == [3_000_000] && l.text == "from USLT")
    }

    @Test func plainTextStaysUnsynced() throws {
        var t = TrackTags()
        t.lyrics = "one\ntwo"
        let l = try #require(TrackLyrics.select(file: nil, tags: t))
        #expect(l.source == .embeddedText && !l.isSynced && l.text == "one\ntwo")
    }

    @Test func emptyFileFallsBackAndNothingGivesNil() {
        #expect(TrackLyrics.select(file: ("/m/a.lrc", Lyrics()), tags: Self.tags)?.source == .embeddedSynced)
        var blank = TrackTags()
        blank.lyrics = "  \n "
        #expect(TrackLyrics.select(file: nil, tags: blank) == nil)
        #expect(TrackLyrics.select(file: nil, tags: TrackTags()) == nil)
    }
}
