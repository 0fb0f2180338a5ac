import Dispatch
import Glibc
import PlayerCore
import SQLite

/// Playlists through the library service (service queue).
extension LibraryService {
    static func playlistError(_ failure: PlaylistStore.Failure) -> LibraryError {
        switch failure {
        case .notFound(let n): return .playlist("no playlist '\(n)'")
        case .exists(let n): return .playlist("a playlist named '\(n)' exists already")
        case .readOnly(let n): return .playlist("playlist '\(n)' is read-only (a file or an automatic playlist)")
        case .badPosition(let p): return .playlist("no entry at position \(p)")
        case .storage(let e): return .storage(e.description)
        case .io(let m): return .playlist("cannot write the playlist: \(m)")
        }
    }

    private func withStore<R>(_ body: (PlaylistStore) throws(PlaylistStore.Failure) -> R) throws(LibraryError) -> R {
        dispatchPrecondition(condition: .onQueue(serviceQueue))
        do { return try body(playlistStore) } catch { throw Self.playlistError(error) }
    }

    public func playlists() throws(LibraryError) -> [PlaylistInfo] {
        dispatchPrecondition(condition: .onQueue(serviceQueue))
        do { return try playlistStore.list() } catch { throw .storage(error.description) }
    }

    public func playlist(named name: String) throws(LibraryError) -> PlaylistInfo {
        try withStore { s throws(PlaylistStore.Failure) in try s.find(name) }
    }

    public func createPlaylist(_ name: String) throws(LibraryError) -> PlaylistInfo {
        try withStore { s throws(PlaylistStore.Failure) in try s.create(name) }
    }

    public func renamePlaylist(_ name: String, to newName: String) throws(LibraryError) {
        try withStore { s throws(PlaylistStore.Failure) in try s.rename(name, to: newName) }
    }

    public func addToPlaylist(_ name: String, _ query: LibraryQuery) throws(LibraryError) {
        let paths = try songs(query).map(\.path)
        try withStore { s throws(PlaylistStore.Failure) in try s.add(name, paths: paths) }
    }

    public func removeFromPlaylist(_ name: String, at position: Int) throws(LibraryError) {
        try withStore { s throws(PlaylistStore.Failure) in try s.remove(name, at: position) }
    }

    public func movePlaylistEntry(_ name: String, from: Int, to: Int) throws(LibraryError) {
        try withStore { s throws(PlaylistStore.Failure) in try s.move(name, from: from, to: to) }
    }

    public func deletePlaylist(_ name: String) throws(LibraryError) {
        try withStore { s throws(PlaylistStore.Failure) in try s.delete(name) }
    }

    public func exportPlaylist(_ name: String, to path: String) throws(LibraryError) {
        try withStore { s throws(PlaylistStore.Failure) in try s.export(name, to: path) }
    }

    /// The songs of a playlist, in its order; notes the play (LastPlayDate).
    public func playlistSongs(_ info: PlaylistInfo, markPlayed: Bool) throws(LibraryError) -> [SongRow] {
        dispatchPrecondition(condition: .onQueue(serviceQueue))
        if markPlayed { playlistStore.markPlayed(info) }
        do { return try playlistStore.songs(info) } catch { throw .storage(error.description) }
    }
}

/// Play counts (service queue).
extension LibraryService {
    /// Counts one play of the song at `path` now (play count and last-played time); unknown paths are ignored.
    public func recordPlay(path: String) {
        dispatchPrecondition(condition: .onQueue(serviceQueue))
        do {
            try playlistStore.db.run("""
                UPDATE songs SET plays = plays + 1, last_played = ?2
                WHERE id = (SELECT id FROM files WHERE path = ?1)
                """, [.blob(Array(path.utf8)), .integer(Int64(time(nil)))])
        } catch {
            log("library: cannot record a play of \(path): \(error)")
        }
    }
}
