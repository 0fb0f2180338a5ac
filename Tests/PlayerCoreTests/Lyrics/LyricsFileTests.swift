import Testing
@testable import PlayerCore

@Suite struct LyricsFileTests {
    @Test func candidatesKeepTheBaseName() {
        #expect(
            LyricsFile.candidates(forTrackAt: "/m/01 Song.v2.flac") == [
                "/m/01 Song.v2.lrc", "/m/01 Song.v2.LRC", "/m/01 Song.v2.Lrc"
            ])
        #expect(LyricsFile.candidates(forTrackAt: "/m/.hidden").first == "/m/.hidden.lrc")
        #expect(LyricsFile.candidates(forTrackAt: "/m.d/noext").first == "/m.d/noext.lrc")
    }

    @Test func loadsTheFileBesideTheTrack() throws {
        let t = try TempDir()
        let track = try t.file("a/Song.mp3")
        #expect(LyricsFile.load(forTrackAt: track) == nil)
        try t.file("a/Song.LRC", text: "[00:01.00]upper")
        #expect(LyricsFile.load(forTrackAt: track)?.lyrics.lines.map(\.text) == ["upper"])
        try t.file("a/Song.lrc", text: "[00:01.00]lower")
        let found = try #require(LyricsFile.load(forTrackAt: track))
        #expect(found.path == t.path + "/a/Song.lrc" && found.lyrics.lines.map(\.text) == ["lower"])
        try t.directory("b/Song.lrc")
        #expect(LyricsFile.load(forTrackAt: t.path + "/b/Song.mp3") == nil)
    }
}
