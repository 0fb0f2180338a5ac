import PlayerCore
import Testing

@Suite struct TrackRepeatCountTests {
    let a = QueueEntryID(rawValue: 1), b = QueueEntryID(rawValue: 2)

    @Test func countsRepeatsThenRestoresTheMode() {
        var r = TrackRepeatCount()
        #expect(r.start(2, entry: a, currentMode: .playlist) == .track)
        #expect(r.remaining == 2)
        #expect(r.trackStarted(a, isRepeat: true) == nil)
        #expect(r.remaining == 1)
        #expect(r.trackStarted(a, isRepeat: true) == .playlist)  // the last repeat started: back to Playlist
        #expect(r.remaining == 0 && r.entry == nil)
        #expect(r.trackStarted(a, isRepeat: true) == nil)
    }

    @Test func anotherTrackOrCancelEndsTheCount() {
        var r = TrackRepeatCount()
        _ = r.start(5, entry: a, currentMode: .none)
        #expect(r.trackStarted(b, isRepeat: false) == LoopMode.none)
        #expect(r.remaining == 0)
        #expect(r.cancel() == nil)
        _ = r.start(3, entry: a, currentMode: .none)
        _ = r.start(4, entry: a, currentMode: .track)  // a new count keeps the mode from before the first
        #expect(r.remaining == 4 && r.savedMode == LoopMode.none)
        #expect(r.cancel() == LoopMode.none)
    }
}
