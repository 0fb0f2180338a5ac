import Testing
@testable import PlayerCore

/// What MPRIS Playlists announces when playlists change (`PlaylistAnnouncements`).
@Suite struct PlaylistAnnouncementsTests {
    let user = PlaylistInfo(id: "1", name: "Road Trip", source: .user, modified: 100, songs: 3)
    let file = PlaylistInfo(id: "2", name: "Favourites", source: .file, modified: 100, songs: 2)
    let recent = PlaylistInfo(id: "recent", name: "Recently Added", source: .recentlyAdded, modified: 100, songs: 100)

    @Test func nothingChangedAnnouncesNothing() {
        let seen = PlaylistAnnouncements.seen([user, file, recent])
        let result = PlaylistAnnouncements.compare(seen, [user, file, recent])
        #expect(result.changed.isEmpty)
        #expect(!result.setChanged)
    }

    @Test func aNewOrRemovedFileChangesTheSet() {
        let seen = PlaylistAnnouncements.seen([user, recent])
        #expect(PlaylistAnnouncements.compare(seen, [user, file, recent]) == ([], true))
        let after = PlaylistAnnouncements.seen([user, file, recent])
        #expect(PlaylistAnnouncements.compare(after, [user, recent]) == ([], true))
    }

    @Test func aRenamedFileKeepsTheCountButChangesTheSet() {
        var renamed = file
        renamed.id = "3"
        renamed.name = "Favourites 2"
        let seen = PlaylistAnnouncements.seen([user, file])
        let result = PlaylistAnnouncements.compare(seen, [user, renamed])
        #expect(result.changed.isEmpty)
        #expect(result.setChanged)
    }

    @Test func editedFileContentsOrANewNameAnnouncePlaylistChanged() {
        let seen = PlaylistAnnouncements.seen([user, file, recent])
        var edited = file
        edited.songs = 3
        #expect(PlaylistAnnouncements.compare(seen, [user, edited, recent]).changed == [edited])
        edited = file
        edited.modified = 101
        #expect(PlaylistAnnouncements.compare(seen, [user, edited, recent]).changed == [edited])
        var renamedUser = user
        renamedUser.name = "Night Drive"
        #expect(PlaylistAnnouncements.compare(seen, [renamedUser, file, recent]) == ([renamedUser], false))
    }

    @Test func playsMovingTheAutomaticListsOrUserEditsAnnounceNoRename() {
        let seen = PlaylistAnnouncements.seen([user, recent])
        var played = recent
        played.songs = 99
        played.modified = 200
        var added = user
        added.songs = 4
        added.modified = 200
        #expect(PlaylistAnnouncements.compare(seen, [added, played]) == ([], false))
    }

    @Test func anAutomaticPlaylistIsListedOnlyWithSongsAndItsComingChangesTheSet() {
        var mostPlayed = PlaylistInfo(id: "mostplayed", name: "Most Played", source: .mostPlayed)
        #expect(!mostPlayed.isListed)
        var empty = user
        empty.songs = 0
        #expect(empty.isListed && file.isListed && recent.isListed)
        let before = [user, recent, mostPlayed].filter(\.isListed)
        mostPlayed.songs = 1
        #expect(mostPlayed.isListed)
        let after = [user, recent, mostPlayed].filter(\.isListed)
        #expect(PlaylistAnnouncements.compare(PlaylistAnnouncements.seen(before), after) == ([], true))
    }
}
