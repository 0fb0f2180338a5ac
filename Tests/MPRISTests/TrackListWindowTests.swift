import MPRIS
import PlayerCore
import Testing

/// The TrackList window rule and what a moved window sends.
@Suite struct TrackListWindowTests {
    @Test func shortQueuesAreShownWhole() {
        #expect(TrackListWindow.range(count: 0, current: nil) == 0..<0)
        #expect(TrackListWindow.range(count: 500, current: 499) == 0..<500)
    }

    @Test func longQueuesShowFiveHundredAroundTheCurrentBlock() {
        let n = 100_000
        #expect(TrackListWindow.range(count: n, current: nil) == 0..<500)
        #expect(TrackListWindow.range(count: n, current: 249) == 0..<500)
        #expect(TrackListWindow.range(count: n, current: 250) == 125..<625)
        #expect(TrackListWindow.range(count: n, current: 499) == 125..<625)
        #expect(TrackListWindow.range(count: n, current: 50_123) == 49_875..<50_375)
        #expect(TrackListWindow.range(count: n, current: n - 1) == (n - 500)..<n)
        // At least 125 entries on each side of the current one, away from the ends.
        for c in stride(from: 0, to: n, by: 97) {
            let w = TrackListWindow.range(count: n, current: c)
            #expect(w.count == 500 && w.contains(c))
            #expect(c - w.lowerBound >= min(125, c) && w.upperBound - c > min(125, n - 1 - c))
        }
    }

    @Test func aMovedWindowIsOneReplacedAndEditsInsideAreAddsAndRemoves() {
        func tracks(_ r: Range<UInt64>) -> [TrackSnapshot] {
            r.map { TrackSnapshot(id: QueueEntryID(rawValue: $0), location: .file(path: "/m/\($0).mp3")) }
        }
        let a = PlayerSnapshot(currentID: QueueEntryID(rawValue: 200), tracks: tracks(1..<501), windowStart: 0)
        var moved = a
        moved.currentID = QueueEntryID(rawValue: 300)
        moved.tracks = tracks(126..<626)
        moved.windowStart = 125
        let d = SnapshotDiff(from: a, to: moved)
        #expect(d.trackList == [.replaced] && d.tracksInvalidated)
        // Same window position, the last entry removed and the next sliding in: a removal and an addition.
        var edited = a
        edited.tracks = tracks(1..<500) + tracks(501..<502)
        #expect(
            SnapshotDiff(from: a, to: edited).trackList
                == [
                    .removed(QueueEntryID(rawValue: 500)),
                    .added(QueueEntryID(rawValue: 501), after: QueueEntryID(rawValue: 499))
                ])
    }
}
