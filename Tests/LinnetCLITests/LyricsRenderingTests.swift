import Testing
@testable import LinnetCLI

@Suite struct LyricsRenderingTests {
    static let lines = [
        LyricsLine(time: 500_000, text: "one"), LyricsLine(time: 62_570_000, text: "two"),
        LyricsLine(time: 65_000_000, text: "")
    ]

    @Test func stamps() {
        #expect(LyricsRendering.stamp(0) == "[00:00.00]")
        #expect(LyricsRendering.stamp(62_579_999) == "[01:02.57]")
        #expect(LyricsRendering.stamp(6_000_000_000) == "[100:00.00]")
    }

    @Test func listingTimedUntimedAndNone() {
        #expect(
            LyricsRendering.listing(lines: Self.lines, text: "x", hasLyrics: true)
                == "[00:00.50] one\n[01:02.57] two\n[01:05.00]")
        #expect(LyricsRendering.listing(lines: [], text: "plain\ntext", hasLyrics: true) == "plain\ntext")
        #expect(LyricsRendering.listing(lines: [], text: "", hasLyrics: false) == "(no lyrics for this track)")
    }

    @Test func followFrameHighlightsCurrentAndDimsNeighbours() {
        let rows = LyricsRendering.followFrame(lines: Self.lines, current: 1, progress: 0.5, context: 1)
        #expect(rows.count == 4)
        #expect(rows[0] == "\u{1B}[2mone\u{1B}[0m")
        #expect(rows[1] == "\u{1B}[1m\u{1B}[7mt\u{1B}[0m\u{1B}[1mwo\u{1B}[0m")
        #expect(rows[2] == "━\u{1B}[2m──\u{1B}[0m")
        #expect(rows[3] == "\u{1B}[2m♪\u{1B}[0m")
        // Before the first line: same height, nothing highlighted.
        let before = LyricsRendering.followFrame(lines: Self.lines, current: -1, progress: 0, context: 1)
        #expect(before.count == 4 && before[3] == "\u{1B}[2mone\u{1B}[0m" && !before.joined().contains("\u{1B}[7m"))
    }

    @Test func sungFractionFollowsWordStamps() {
        let line = LyricsLine(time: 0, text: "ab cdef", words: [(0, "ab "), (1_000_000, "cdef")])
        #expect(LyricsRendering.sungFraction(line, lineProgress: 0.9, word: 1, wordProgress: 0.5) == 5.0 / 7.0)
        #expect(LyricsRendering.sungFraction(line, lineProgress: 0.9, word: -1, wordProgress: 0) == 0.9)
        #expect(LyricsRendering.sungFraction(Self.lines[0], lineProgress: 0.3, word: 0, wordProgress: 1) == 0.3)
    }

    @Test func plainFollowLine() {
        #expect(LyricsRendering.plainFollowLine(lines: Self.lines, current: 0) == "[00:00.50] one")
        #expect(LyricsRendering.plainFollowLine(lines: Self.lines, current: -1) == nil)
    }
}
