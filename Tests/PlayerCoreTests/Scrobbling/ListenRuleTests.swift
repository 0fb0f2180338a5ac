import PlayerCore
import Testing

/// The listen rule on heard time: half the track or four minutes, pauses, seeks, stalls and rate never inflate
/// it; tracks under 30 s are never submitted; a stream title counts at its end when heard from its start.
@Suite struct ListenRuleTests {
    let s: Int64 = 1_000_000

    @Test func thresholds() {
        #expect(ListenRule.threshold(durationMicroseconds: 100 * s) == 50 * s)
        #expect(ListenRule.threshold(durationMicroseconds: 3600 * s) == 240 * s)
        #expect(ListenRule.threshold(durationMicroseconds: nil) == 240 * s)
        #expect(ListenRule.threshold(durationMicroseconds: 0) == 240 * s)
        #expect(ListenRule.counts(heardMicroseconds: 50 * s, durationMicroseconds: 100 * s))
        #expect(!ListenRule.counts(heardMicroseconds: 49 * s, durationMicroseconds: 100 * s))
        #expect(ListenRule.counts(heardMicroseconds: 240 * s, durationMicroseconds: 3600 * s))
        #expect(ListenRule.submittable(durationMicroseconds: 30 * s))
        #expect(!ListenRule.submittable(durationMicroseconds: 29 * s))
        #expect(ListenRule.submittable(durationMicroseconds: nil))
    }

    @Test func playingCountsTheSmallerOfClockAndPosition() {
        var h = HeardTime()
        h.observe(position: 0, playing: true, clock: 0)
        h.observe(position: 10 * s, playing: true, clock: 10 * s)
        #expect(h.microseconds == 10 * s)
        // Rate 2: the position moves 20 s in 10 s of clock: 10 s heard.
        h.observe(position: 30 * s, playing: true, clock: 20 * s)
        #expect(h.microseconds == 20 * s)
        // Rate 0.5: 5 s of track in 10 s.
        h.observe(position: 35 * s, playing: true, clock: 30 * s)
        #expect(h.microseconds == 25 * s)
        // A stall (buffering): the clock moves, the position does not.
        h.observe(position: 35 * s, playing: true, clock: 60 * s)
        #expect(h.microseconds == 25 * s)
    }

    @Test func pausesAndSeeksAddNothing() {
        var h = HeardTime()
        h.observe(position: 0, playing: true, clock: 0)
        h.observe(position: 5 * s, playing: false, clock: 5 * s)  // paused at 5 s
        h.observe(position: 5 * s, playing: false, clock: 500 * s)  // an hour of pause
        #expect(h.microseconds == 5 * s)
        h.observe(position: 5 * s, playing: true, clock: 500 * s)
        h.observe(position: 7 * s, playing: true, clock: 502 * s)
        // A seek forward to 90 s: sampled before, nothing across the jump.
        h.jumped(to: 90 * s, playing: true, clock: 502 * s)
        h.observe(position: 91 * s, playing: true, clock: 503 * s)
        #expect(h.microseconds == 8 * s)
        // A seek back: the time after it counts again (it is heard again).
        h.jumped(to: 0, playing: true, clock: 503 * s)
        h.observe(position: 4 * s, playing: true, clock: 507 * s)
        #expect(h.microseconds == 12 * s)
        // A position reported backwards without a jump (a reroute) never subtracts.
        h.observe(position: 1 * s, playing: true, clock: 508 * s)
        #expect(h.microseconds == 12 * s)
    }

    func track(_ seconds: Int64?, stream: Bool = false) -> ListenTrack {
        var tags = TrackTags()
        tags.title = "T"
        tags.artists = ["A"]
        return ListenTrack(
            path: stream ? nil : "/m/t.flac", tags: tags, durationMicroseconds: seconds.map { $0 * s }, isStream: stream
        )
    }

    @Test func aPlayStartsOnceAndCountsOnceAtTheThreshold() {
        var p = ListenProgress(track: track(100))
        var c = p.observe(position: 0, playing: false, clock: 0, unixTime: 1000)
        #expect(c == .init())  // loaded paused: not started
        c = p.observe(position: 0, playing: true, clock: 10 * s, unixTime: 1010)
        #expect(c == .init(started: true))
        #expect(p.startedAt == 1010)
        #expect(p.wakeDelay(rate: 1) == 50 * s)
        #expect(p.wakeDelay(rate: 0.5) == 100 * s)
        #expect(p.wakeDelay(rate: 2) == 50 * s)
        c = p.observe(position: 49 * s, playing: true, clock: 59 * s, unixTime: 1059)
        #expect(c == .init())
        c = p.observe(position: 50 * s, playing: true, clock: 60 * s, unixTime: 1060)
        #expect(c == .init(listened: true))
        c = p.observe(position: 90 * s, playing: true, clock: 100 * s, unixTime: 1100)
        #expect(c == .init())
        #expect(p.wakeDelay(rate: 1) == nil)
    }

    @Test func seekingToTheEndIsNoListen() {
        var p = ListenProgress(track: track(40))
        _ = p.observe(position: 0, playing: true, clock: 0, unixTime: 0)
        _ = p.observe(position: 2 * s, playing: true, clock: 2 * s, unixTime: 2)
        p.jumped(to: 35 * s, playing: true, clock: 2 * s)
        let c = p.observe(position: 40 * s, playing: true, clock: 7 * s, unixTime: 7)
        #expect(!c.listened)
        #expect(p.heard.microseconds == 7 * s)
    }

    @Test func streamTitlesCountAtTheirEndOnlyWhenHeardFromTheStart() {
        var joined = ListenProgress(track: track(nil, stream: true), heardFromStart: false)
        _ = joined.observe(position: 0, playing: true, clock: 0, unixTime: 0)
        _ = joined.observe(position: 200 * s, playing: true, clock: 200 * s, unixTime: 200)
        let joinedCounts = joined.titleEnded(position: 200 * s, clock: 200 * s)
        #expect(!joinedCounts)
        var whole = ListenProgress(track: track(nil, stream: true), heardFromStart: true)
        _ = whole.observe(position: 0, playing: true, clock: 0, unixTime: 0)
        let shortCounts = whole.titleEnded(position: 29 * s, clock: 29 * s)
        #expect(!shortCounts)  // too short
        var whole2 = ListenProgress(track: track(nil, stream: true), heardFromStart: true)
        _ = whole2.observe(position: 0, playing: true, clock: 0, unixTime: 0)
        let wholeCounts = whole2.titleEnded(position: 31 * s, clock: 31 * s)
        #expect(wholeCounts)
        // Four minutes of one title count however it began.
        var long = ListenProgress(track: track(nil, stream: true), heardFromStart: false)
        _ = long.observe(position: 0, playing: true, clock: 0, unixTime: 0)
        let longChange = long.observe(position: 240 * s, playing: true, clock: 240 * s, unixTime: 240)
        #expect(longChange.listened)
    }

    @Test func listensNeedAnArtistAndATitle() {
        var tags = TrackTags()
        tags.title = "Song"
        #expect(
            Listen(track: ListenTrack(path: nil, tags: tags, durationMicroseconds: nil, isStream: true), listenedAt: 1)
                == nil)
        tags.artists = ["A", "B"]
        tags.album = "Album"
        tags.albumArtists = ["AA"]
        tags.trackNumber = 3
        tags.musicBrainzRecordingID = "0f1f0e5a-0000-4000-8000-000000000001"
        let l = Listen(
            track: ListenTrack(path: "/x", tags: tags, durationMicroseconds: 200_400_000, isStream: false),
            listenedAt: 5)
        #expect(l?.artist == "A, B")
        #expect(l?.albumArtist == "AA")
        #expect(l?.durationSeconds == 200)
        #expect(l?.recordingID == "0f1f0e5a-0000-4000-8000-000000000001")
    }

    @Test func musicBrainzIDsAreCheckedAndSplit() {
        #expect(
            MusicBrainzID.normalized(" 0F1F0E5A-0000-4000-8000-000000000001 ") == "0f1f0e5a-0000-4000-8000-000000000001"
        )
        #expect(MusicBrainzID.normalized("not-an-id") == nil)
        #expect(MusicBrainzID.normalized("0f1f0e5a00000-4000-8000-000000000001") == nil)
        #expect(
            MusicBrainzID.list(["0f1f0e5a-0000-4000-8000-000000000001/0f1f0e5a-0000-4000-8000-000000000002", "junk"])
                == ["0f1f0e5a-0000-4000-8000-000000000001", "0f1f0e5a-0000-4000-8000-000000000002"])
    }
}
