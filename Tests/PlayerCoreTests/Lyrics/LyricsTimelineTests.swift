import Testing
@testable import PlayerCore

@Suite struct LyricsTimelineTests {
    let lyrics = LRCParser.parse(
        text: """
            [00:01.00]one
            [00:03.00]two
            [00:03.00]two (translation)
            [00:05.00]<00:05.00>three <00:06.00>words <00:07.00>here<00:08.00>
            """)

    @Test func lineIndexAcrossTheTrack() {
        let t = LyricsTimeline(lyrics, trackDurationMicroseconds: 10_000_000)
        #expect(t.lineIndex(at: 0) == nil)
        #expect(t.lineIndex(at: 999_999) == nil)
        #expect(t.lineIndex(at: 1_000_000) == 0)
        #expect(t.lineIndex(at: 2_999_999) == 0)
        #expect(t.lineIndex(at: 3_000_000) == 1)  // first of the equal-time pair
        #expect(t.lineIndex(at: 4_500_000) == 1)
        #expect(t.lineIndex(at: 5_000_000) == 3)
        #expect(t.lineIndex(at: 99_000_000) == 3)
    }

    @Test func progressThroughLinesAndWords() {
        let t = LyricsTimeline(lyrics, trackDurationMicroseconds: 10_000_000)
        #expect(t.position(at: 0) == LyricsPosition(lineIndex: nil, lineProgress: 0))
        #expect(t.position(at: 2_000_000) == LyricsPosition(lineIndex: 0, lineProgress: 0.5))
        let p = t.position(at: 6_500_000)
        #expect(p.lineIndex == 3 && p.lineProgress == 0.3 && p.wordIndex == 1 && p.wordProgress == 0.5)
        let last = t.position(at: 7_500_000)
        #expect(last.wordIndex == 2 && last.wordProgress == 0.5)  // ends at the trailing stamp 8.0
        let after = t.position(at: 9_000_000)
        #expect(after.wordIndex == 2 && after.wordProgress == 1 && after.lineProgress == 0.8)
        #expect(t.position(at: 50_000_000).lineProgress == 1)
    }

    @Test func nextChangeGivesExactlyTheNextWakeUp() {
        let t = LyricsTimeline(lyrics, trackDurationMicroseconds: 10_000_000)
        #expect(t.nextLineChange(after: -5) == 1_000_000)
        #expect(t.nextLineChange(after: 0) == 1_000_000)
        #expect(t.nextLineChange(after: 1_000_000) == 3_000_000)
        #expect(t.nextLineChange(after: 3_000_000) == 5_000_000)
        #expect(t.nextLineChange(after: 5_000_000) == nil)
        #expect(t.nextWordChange(after: 5_000_000) == 6_000_000)
        #expect(t.nextWordChange(after: 7_000_000) == nil)
        #expect(t.nextWordChange(after: 2_000_000) == 3_000_000)
    }

    /// The index only changes at `nextLineChange` instants: scanning every 10 ms agrees with the wake-up plan.
    @Test func wakeUpsMatchAScan() {
        let t = LyricsTimeline(lyrics)
        var wake = t.nextLineChange(after: -1)
        var previous = t.lineIndex(at: -1)
        for time in stride(from: Int64(0), through: 12_000_000, by: 10_000) {
            let now = t.lineIndex(at: time)
            if now != previous {
                #expect(wake == time)
                wake = t.nextLineChange(after: time)
                previous = now
            } else if let w = wake {
                #expect(w > time)
            }
        }
    }

    @Test func endTimeChoice() {
        #expect(LyricsTimeline(lyrics, trackDurationMicroseconds: 9_000_000).endTime == 9_000_000)
        // Shorter than last start
        #expect(LyricsTimeline(lyrics, trackDurationMicroseconds: 2_000_000).endTime == 10_000_000)
        var withLength = lyrics
        withLength.lengthMicroseconds = 20_000_000
        #expect(LyricsTimeline(withLength).endTime == 20_000_000)
        #expect(LyricsTimeline(Lyrics()).endTime == LyricsTimeline.defaultLastLineDuration)
        #expect(
            LyricsTimeline(Lyrics()).lineIndex(at: 5) == nil && LyricsTimeline(Lyrics()).nextLineChange(after: 0) == nil
        )
    }
}
