import MPDProtocol

/// What the MPD front end asks of the media library (the database and stored-playlist commands). The server
/// has none until the library opens (after the bus name): until then the database is empty.
///
/// Files are named as MPD clients see them: relative to the library folder that holds them (`Artist/Album/01.mp3`).
@MainActor
public protocol MPDLibraryBackend: AnyObject {
    /// Up to `limit` songs of the library, in the order of their paths' bytes (a folder's songs together), from
    /// `cursor` on (nil: the first page). The song index reads them all this way.
    func mpdSongPage(from cursor: MPDSongCursor?, limit: Int) throws(MPDCommandError) -> MPDSongPage
    /// The library's counts for `stats`.
    func mpdStats() throws(MPDCommandError) -> MPDLibraryStats
    /// Starts a scan of the library (the whole library: Linnet's scans are not per folder); the job's id.
    func mpdUpdate() -> UInt32
    /// The running scan's job id, nil when none runs.
    var mpdUpdatingJob: UInt32? { get }
    /// Queues what `files` name (library songs; stream URLs, which stored playlists hold) at `position` (nil: the
    /// end).
    func mpdEnqueue(files: [String], at position: Int?) throws(MPDCommandError)
    /// A picture of `file`: the cover file of its folder (`albumart`), or the one embedded in it (`readpicture`);
    /// nil when there is none.
    func mpdPicture(file: String, embedded: Bool) throws(MPDCommandError) -> MPDPicture?
    /// Folds text for `search` (case, accents, width), as the Library interface matches; its UTF-8 bytes.
    func mpdFold(_ text: String) -> [UInt8]

    /// The stored playlists (the library's), by name.
    func mpdPlaylists() throws(MPDCommandError) -> [MPDStoredPlaylist]
    /// The entries of the stored playlist `name`, in order: library songs, and streams (`file` is the URL).
    func mpdPlaylistSongs(_ name: String) throws(MPDCommandError) -> [MPDSong]
    func mpdDeletePlaylist(_ name: String) throws(MPDCommandError)
    func mpdRenamePlaylist(_ name: String, to newName: String) throws(MPDCommandError)
    /// Removes the song at `position` of the playlist.
    func mpdPlaylistDelete(_ name: String, position: Int) throws(MPDCommandError)
    /// Moves the song at `from` of the playlist to `to`.
    func mpdPlaylistMove(_ name: String, from: Int, to: Int) throws(MPDCommandError)
    /// Writes the queue's `files` into the stored playlist `name` as `mode` says (`save`): library songs and
    /// streams; files outside the library are left out (a stored playlist holds only what the library lists).
    func mpdSavePlaylist(_ name: String, files: [String], mode: MPDPlaylistSaveMode) throws(MPDCommandError)
    /// Puts `files` (library songs, stream URLs) into the stored playlist `name` before `position` (nil: at the
    /// end), making the playlist when there is none and `files` is not empty; "Bad position" past its end.
    func mpdPlaylistAdd(_ name: String, files: [String], at position: Int?) throws(MPDCommandError)
    /// Empties the stored playlist `name`.
    func mpdPlaylistClear(_ name: String) throws(MPDCommandError)
}

/// Where a page of `mpdSongPage` left off; opaque to the front end, which hands it back for the next page.
public struct MPDSongCursor: Sendable, Equatable {
    /// The library folder the next page reads from, by index.
    public var folder: Int
    /// The last path read there (the next page starts after it), nil to start at the folder's beginning.
    public var after: [UInt8]?

    public init(folder: Int, after: [UInt8]?) {
        self.folder = folder
        self.after = after
    }
}

/// One page of songs and where the next starts (nil: this was the last).
public struct MPDSongPage: Sendable {
    public var songs: [MPDSong]
    public var next: MPDSongCursor?

    public init(songs: [MPDSong], next: MPDSongCursor?) {
        self.songs = songs
        self.next = next
    }
}

/// A picture's bytes and, when known, its MIME type (`readpicture`'s `type:`).
public struct MPDPicture: Sendable, Equatable {
    public var bytes: [UInt8]
    public var mimeType: String?

    public init(bytes: [UInt8], mimeType: String?) {
        self.bytes = bytes
        self.mimeType = mimeType
    }
}
