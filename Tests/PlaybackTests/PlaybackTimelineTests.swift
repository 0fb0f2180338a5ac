import PlayerCore
import Testing

/// The pure mapping from heard frames to tracks and positions.
@Suite struct PlaybackTimelineTests {
    @Test func mapsHeardFramesAcrossABoundary() {
        var t = PlaybackTimeline<String>()
        t.beginSegment("a", trackFrame: 1000)
        t.advance(by: 500)
        t.beginSegment("b", trackFrame: 0)
        t.advance(by: 300)
        #expect(t.segmentIndex(at: -1) == nil)
        #expect(t.trackFrame(at: 0)?.frame == 1000)
        #expect(t.trackFrame(at: 499)?.segment.track == "a")
        #expect(t.trackFrame(at: 499)?.frame == 1499)
        #expect(t.trackFrame(at: 500)?.segment.track == "b")
        #expect(t.trackFrame(at: 650)?.frame == 150)
        // Beyond what was written the position stops at the end instead of running on.
        #expect(t.trackFrame(at: 10_000)?.frame == 300)
    }

    @Test func announcesEachBoundaryOnceAndForgetsThePast() {
        var t = PlaybackTimeline<String>()
        t.beginSegment("a", trackFrame: 0)
        t.advance(by: 100)
        t.beginSegment("b", trackFrame: 0)
        t.advance(by: 100)
        t.beginSegment("c", trackFrame: 0)
        #expect(t.nextUnannouncedStart == 0)
        #expect(t.announce(upTo: 50).map(\.track) == ["a"])
        #expect(t.nextUnannouncedStart == 100)
        #expect(t.announce(upTo: 50).isEmpty)
        #expect(t.announce(upTo: 250).map(\.track) == ["b", "c"])
        #expect(t.segments.map(\.track) == ["c"])
        #expect(t.lastAnnounced?.track == "c")
        t.reset()
        #expect(t.segments.isEmpty && t.written == 0)
    }
}
