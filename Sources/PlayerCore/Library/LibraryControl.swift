/// What the bus and the CLI can ask of the library (implemented by the daemon; the MPRIS layer calls it on the
/// service queue).
@MainActor
public protocol LibraryControl: AnyObject, Sendable {
    /// How many rows `query` has.
    func count(_ query: LibraryQuery) throws(LibraryError) -> Int
    /// Up to `limit` rows of `query` from `offset`.
    func rows(_ query: LibraryQuery, offset: Int, limit: Int) throws(LibraryError) -> [LibraryRow]
    /// Puts the songs `query` selects into the play queue.
    func enqueue(_ query: LibraryQuery, mode: EnqueueMode) throws(LibraryError)
    /// Scans the library folders again (in the background).
    func rescan()
}

/// The playlist operations of the library (the Library interface and MPRIS Playlists call them on the service
/// queue). A playlist is named by a `PlaylistReference` (`PlaylistLookup`: id, file path or folded name); file and
/// automatic playlists are read-only; new names follow `PlaylistNaming`. Positions are 0-based.
@MainActor
public protocol PlaylistControl: AnyObject, Sendable {
    func playlists() throws(LibraryError) -> [PlaylistInfo]
    func createPlaylist(_ name: String) throws(LibraryError) -> PlaylistInfo
    func renamePlaylist(_ playlist: PlaylistReference, to newName: String) throws(LibraryError)
    /// Appends the songs `query` selects (`noMatch` when it selects none).
    func addToPlaylist(_ playlist: PlaylistReference, _ query: LibraryQuery) throws(LibraryError)
    func removeFromPlaylist(_ playlist: PlaylistReference, at position: Int) throws(LibraryError)
    func movePlaylistEntry(_ playlist: PlaylistReference, from: Int, to: Int) throws(LibraryError)
    func deletePlaylist(_ playlist: PlaylistReference) throws(LibraryError)
    func exportPlaylist(_ playlist: PlaylistReference, to path: String) throws(LibraryError)
    /// Replaces the queue with the playlist and plays it (MPRIS ActivatePlaylist).
    func activatePlaylist(id: String) throws(LibraryError)
    /// The playlist last activated, if any.
    var activePlaylist: PlaylistInfo? { get }
    /// The filter values that match nothing in the library, with the names they may have meant.
    func filterMisses(_ filter: LibraryQuery.Filter) throws(LibraryError) -> [FilterMiss]
}
