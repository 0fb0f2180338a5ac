import DBus
import MPRIS
import PlayerCore
import Testing

/// Pure diffs: which properties and TrackList signals one event produces.
@Suite struct DiffTests {
    func id(_ raw: UInt64) -> QueueEntryID { QueueEntryID(rawValue: raw) }
    func tracks(_ raws: [UInt64]) -> [TrackSnapshot] {
        raws.map { TrackSnapshot(id: id($0), location: .file(path: "/m/\($0).mp3")) }
    }

    @Test func pauseChangesOnlyPlaybackStatus() {
        let a = PlayerSnapshot(status: .playing, currentID: id(1), tracks: tracks([1, 2]), canGoNext: true)
        var b = a
        b.status = .paused
        let d = SnapshotDiff(from: a, to: b)
        #expect(d.player == ["PlaybackStatus": .string("Paused")])
        #expect(!d.tracksInvalidated && d.trackList.isEmpty && d.metadataChanged.isEmpty)
    }

    @Test func sameSnapshotSendsNothingAndFirstSnapshotIsSilent() {
        let a = PlayerSnapshot(status: .playing, currentID: id(1), tracks: tracks([1]))
        #expect(SnapshotDiff(from: a, to: a).isEmpty)
        #expect(SnapshotDiff(from: nil, to: a).isEmpty)
    }

    @Test func trackChangeCarriesMetadataAndCans() {
        let a = PlayerSnapshot(status: .playing, currentID: id(1), tracks: tracks([1, 2]), canGoNext: true)
        var b = a
        b.currentID = id(2)
        b.canGoNext = false
        b.canGoPrevious = true
        let d = SnapshotDiff(from: a, to: b)
        #expect(Set(d.player.keys) == ["Metadata", "CanGoNext", "CanGoPrevious"])
        #expect(
            d.player["Metadata"]?.stringKeyedDictionary?["mpris:trackid"]
                == .variant(.objectPath("/org/linnet/Track/2")))
        #expect(d.player["Position"] == nil && d.player["CanControl"] == nil)
    }

    @Test func stoppedDisablesSeek() {
        let a = PlayerSnapshot(status: .playing, currentID: id(1), tracks: tracks([1]))
        var b = a
        b.status = .stopped
        let d = SnapshotDiff(from: a, to: b)
        #expect(d.player["CanSeek"] == .boolean(false))
        #expect(d.player["PlaybackStatus"] == .string("Stopped"))
    }

    @Test func learnedTagsAreTrackMetadataChanged() {
        let a = PlayerSnapshot(currentID: id(1), tracks: tracks([1, 2]))
        var b = a
        var tags = TrackTags()
        tags.title = "Now known"
        b.tracks[1].tags = tags
        let d = SnapshotDiff(from: a, to: b)
        #expect(d.metadataChanged == [id(2)])
        #expect(d.player.isEmpty)  // not the current track
    }

    @Test func trackListAdditionsAndRemovals() {
        #expect(TrackListDiff.changes(from: [id(1), id(2)], to: [id(1), id(2)]).isEmpty)
        #expect(
            TrackListDiff.changes(from: [id(1), id(2)], to: [id(1), id(3), id(2), id(4)])
                == [.added(id(3), after: id(1)), .added(id(4), after: id(2))])
        #expect(TrackListDiff.changes(from: [id(1), id(2)], to: [id(5), id(1), id(2)]) == [.added(id(5), after: nil)])
        #expect(TrackListDiff.changes(from: [id(1), id(2), id(3)], to: [id(1), id(3)]) == [.removed(id(2))])
        #expect(
            TrackListDiff.changes(from: [], to: [id(1), id(2)]) == [
                .added(id(1), after: nil), .added(id(2), after: id(1))
            ])
        #expect(TrackListDiff.changes(from: [id(1)], to: []) == [.removed(id(1))])
    }

    @Test func reorderOrReplacementIsTrackListReplaced() {
        #expect(TrackListDiff.changes(from: [id(1), id(2)], to: [id(2), id(1)]) == [.replaced])
        #expect(TrackListDiff.changes(from: [id(1), id(2)], to: [id(3), id(4)]) == [.replaced])
        let a = PlayerSnapshot(currentID: id(1), tracks: tracks([1, 2]))
        let b = PlayerSnapshot(currentID: id(3), tracks: tracks([3, 4]))
        let d = SnapshotDiff(from: a, to: b)
        #expect(d.trackList == [.replaced] && d.tracksInvalidated && d.metadataChanged.isEmpty)
    }
}
