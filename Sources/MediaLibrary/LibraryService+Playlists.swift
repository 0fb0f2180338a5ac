import Dispatch
import FileSystem
import Glibc
import PlayerCore
import SQLite

/// Playlists through the library service (service queue).
extension LibraryService {
    static func playlistError(_ failure: PlaylistStore.Failure) -> LibraryError {
        switch failure {
        case .lookup(let e): return .playlist(e.description)
        case .name(let e): return .playlist(e.description)
        case .readOnly(let n): return .playlist("playlist '\(n)' is read-only (a file or an automatic playlist)")
        case .badPosition(let p, let count, let name):
            // Counted from 1 as `linnet playlist show` numbers them (the bus's 0-based position + 1).
            let entry = Int64(p) + 1
            return .playlist(
                count == 0
                    ? "no entry \(entry): playlist '\(name)' is empty"
                    : "no entry \(entry) in playlist '\(name)': it has \(count) (numbered from 1)")
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

    /// The playlist `reference` means (an id, a file playlist's path or a name: `PlaylistLookup`).
    public func playlist(_ reference: PlaylistReference) throws(LibraryError) -> PlaylistInfo {
        try withStore { s throws(PlaylistStore.Failure) in try s.find(reference) }
    }

    public func createPlaylist(_ name: String) throws(LibraryError) -> PlaylistInfo {
        try withStore { s throws(PlaylistStore.Failure) in try s.create(name) }
    }

    public func renamePlaylist(_ reference: PlaylistReference, to newName: String) throws(LibraryError) {
        try withStore { s throws(PlaylistStore.Failure) in try s.rename(reference, to: newName) }
    }

    /// Appends the songs `query` selects; a query that selects none is refused (`noMatch`, with the filter value
    /// that matched nothing and its closest names), as Enqueue refuses it.
    public func addToPlaylist(_ reference: PlaylistReference, _ query: LibraryQuery) throws(LibraryError) {
        _ = try playlist(reference)  // an unknown playlist is the first thing to say
        let paths = try songs(query).map(\.path)
        guard !paths.isEmpty else { throw .noMatch(try filterMisses(query.filter).first) }
        try withStore { s throws(PlaylistStore.Failure) in try s.add(reference, paths: paths) }
    }

    /// Puts `paths` into a user playlist at `position` (0-based; nil: the end). Each is a library song's path or
    /// an http(s) stream URL: anything else is refused before the playlist changes, as it would be listed nowhere.
    public func insertIntoPlaylist(_ reference: PlaylistReference, paths: [[UInt8]], at position: Int? = nil)
        throws(LibraryError)
    {
        try checkEntries(paths)
        try withStore { s throws(PlaylistStore.Failure) in try s.insert(reference, paths: paths, at: position) }
    }

    /// Makes `paths` (as `insertIntoPlaylist` takes them) a user playlist's entries; none empties it.
    public func replacePlaylistEntries(_ reference: PlaylistReference, paths: [[UInt8]]) throws(LibraryError) {
        try checkEntries(paths)
        try withStore { s throws(PlaylistStore.Failure) in try s.replace(reference, paths: paths) }
    }

    /// Refuses the first path that is neither a stream URL nor a song of the library.
    private func checkEntries(_ paths: [[UInt8]]) throws(LibraryError) {
        let files = paths.filter { !RadioStation.isStreamURL(String(decoding: $0, as: UTF8.self)) }
        let known = Set(try songs(atPaths: files).map(\.path))
        if let unknown = files.first(where: { !known.contains($0) }) {
            throw .playlist("'\(BytePath.string(unknown))' is neither a library song nor an http(s) stream")
        }
    }

    public func removeFromPlaylist(_ reference: PlaylistReference, at position: Int) throws(LibraryError) {
        try withStore { s throws(PlaylistStore.Failure) in try s.remove(reference, at: position) }
    }

    public func movePlaylistEntry(_ reference: PlaylistReference, from: Int, to: Int) throws(LibraryError) {
        try withStore { s throws(PlaylistStore.Failure) in try s.move(reference, from: from, to: to) }
    }

    public func deletePlaylist(_ reference: PlaylistReference) throws(LibraryError) {
        try withStore { s throws(PlaylistStore.Failure) in try s.delete(reference) }
    }

    public func exportPlaylist(_ reference: PlaylistReference, to path: String) throws(LibraryError) {
        try withStore { s throws(PlaylistStore.Failure) in try s.export(reference, to: path) }
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
            try playlistStore.db.run(
                """
                UPDATE songs SET plays = plays + 1, last_played = ?2
                WHERE id = (SELECT id FROM files WHERE path = ?1)
                """, [.blob(Array(path.utf8)), .integer(Int64(time(nil)))])
        } catch {
            log("library: cannot record a play of \(path): \(error)")
        }
    }
}
