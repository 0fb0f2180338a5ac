import DBus
import MPRIS
import PlayerCore
import Testing

/// The lyrics interface's values and change sets; artUrl/asText in Metadata.
@Suite struct LyricsMappingTests {
    static let lyrics: TrackLyrics = {
        var l = Lyrics()
        l.lines = [
            LyricLine(time: 500_000, text: "one"),
            LyricLine(
                time: 1_000_000, text: "two three",
                words: [
                    LyricWord(time: 1_000_000, text: "two "),
                    LyricWord(time: 1_400_000, text: "three")
                ])
        ]
        return TrackLyrics(source: .lrcFile, lyrics: l, path: "/m/a.lrc")
    }()

    @Test func propertiesHaveTheirTypes() {
        let p = LyricsMapping.properties(LyricsSnapshot(lyrics: Self.lyrics, currentLine: 1))
        #expect(
            p.mapValues(\.signature.rawValue) == [
                "HasLyrics": "b", "Synced": "b", "Source": "s", "Text": "s", "Lines": "a(xsa(xs))", "CurrentLine": "i"
            ])
        #expect(
            p["CurrentLine"] == .int32(1) && p["Source"] == .string("lrc-file")
                && p["Text"] == .string("one\ntwo three"))
        let none = LyricsMapping.properties(LyricsSnapshot())
        #expect(
            none["HasLyrics"] == .boolean(false) && none["CurrentLine"] == .int32(-1)
                && none["Lines"] == .array(element: "(xsa(xs))", []))
    }

    @Test func onlyTheLineChangingSendsOnlyCurrentLine() {
        let a = LyricsSnapshot(lyrics: Self.lyrics, currentLine: 0)
        var b = a
        b.currentLine = 1
        let d = LyricsMapping.diff(from: a, to: b)
        #expect(d.changed == ["CurrentLine": .int32(1)] && d.invalidated.isEmpty)
        #expect(LyricsMapping.diff(from: b, to: b).changed.isEmpty)
        let gone = LyricsMapping.diff(from: b, to: LyricsSnapshot())
        #expect(gone.invalidated == ["Lines"] && gone.changed["HasLyrics"] == .boolean(false))
    }

    @Test func progressOutValues() {
        #expect(LyricsMapping.progress(nil) == [.int32(-1), .double(0), .int32(-1), .double(0)])
        let p = LyricsPosition(lineIndex: 1, lineProgress: 0.5, wordIndex: 0, wordProgress: 0.25)
        #expect(LyricsMapping.progress(p) == [.int32(1), .double(0.5), .int32(0), .double(0.25)])
    }

    @Test func metadataCarriesArtAndLyricsText() {
        var tags = TrackTags()
        tags.lyrics = "[00:01.00]embedded"
        let t = TrackSnapshot(
            id: QueueEntryID(rawValue: 1), location: .file(path: "/m/a.mp3"), tags: tags,
            artURL: "file:///c/x.jpg", lyricsText: "embedded")
        let m = MetadataMapping.metadata(t)
        #expect(m["mpris:artUrl"] == .string("file:///c/x.jpg") && m["xesam:asText"] == .string("embedded"))
        let bare = MetadataMapping.metadata(
            TrackSnapshot(
                id: QueueEntryID(rawValue: 1), location: .file(path: "/m/a.mp3"),
                tags: tags))
        #expect(bare["mpris:artUrl"] == nil && bare["xesam:asText"] == .string("[00:01.00]embedded"))
    }
}
