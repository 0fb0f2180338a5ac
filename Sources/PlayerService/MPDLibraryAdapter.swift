import CoverArt
import Decoding
import FileSystem
import Glibc
import MPD
import MPDProtocol
import MediaLibrary
import PlayerCore

/// The library as the MPD front end sees it: songs by their path inside a library folder (the rule of
/// `Player.mpdFile`), scans as `update` jobs, the library's playlists as stored playlists. Made when the library
/// opens; tells the server when a scan ends (`update`, `database`), when the folders change and when a playlist is
/// changed on the bus (`stored_playlist`).
@MainActor
final class MPDLibraryAdapter: MPDLibraryBackend {
    let controller: LibraryController
    var service: LibraryService { controller.service }
    var player: Player { controller.player }
    /// The library folders, as `file` names are relative to them.
    let folders: [String]
    weak var server: MPDServer?
    private var lastJob: UInt32 = 0
    private(set) var mpdUpdatingJob: UInt32?
    /// Whether the scan of the running job has been seen to start (its end is the next "not scanning").
    private var jobScanStarted = false
    private var wasScanning = false
    private(set) var lastUpdate: Int64 = Int64(time(nil))
    /// The last picture read: clients fetch one in `binarylimit` chunks, a command each.
    private var pictureCache: (file: String, embedded: Bool, picture: MPDPicture?)?

    init(controller: LibraryController, server: MPDServer) {
        self.controller = controller
        self.folders = controller.player.mpdMusicFolders
        self.server = server
        wasScanning = controller.service.status.scanning
        controller.statusListeners.append { [weak self] status in self?.statusChanged(status) }
        controller.folderListeners.append { [weak self] in self?.server?.note([.database]) }
        controller.playlistListeners.append { [weak self] in self?.server?.note([.storedPlaylist]) }
    }

    private func statusChanged(_ status: LibraryStatus) {
        defer { wasScanning = status.scanning }
        if status.scanning { jobScanStarted = mpdUpdatingJob != nil }
        guard wasScanning, !status.scanning else { return }
        lastUpdate = Int64(time(nil))
        pictureCache = nil
        if mpdUpdatingJob != nil, jobScanStarted {
            mpdUpdatingJob = nil
            server?.libraryChanged()  // update and database
        } else {
            server?.note([.database])
        }
    }

    // MARK: Songs

    func mpdSongPage(from cursor: MPDSongCursor?, limit: Int) throws(MPDCommandError) -> MPDSongPage {
        var folder = cursor?.folder ?? 0
        var after = cursor?.after
        while folder < folders.count {
            let root = folders[folder]
            let prefix = BytePath.bytes(root + "/")
            let rows = try storage { () throws(LibraryError) in
                try service.songsInPathOrder(under: prefix, after: after, limit: limit)
            }
            if let last = rows.last {
                let songs = rows.compactMap { row in relativeFile(row.pathString, in: folder).map { song(row, $0) } }
                let next =
                    rows.count == limit
                    ? MPDSongCursor(folder: folder, after: last.path)
                    : folder + 1 < folders.count ? MPDSongCursor(folder: folder + 1, after: nil) : nil
                return MPDSongPage(songs: songs, next: next)
            }
            folder += 1
            after = nil
        }
        return MPDSongPage(songs: [], next: nil)
    }

    func mpdStats() throws(MPDCommandError) -> MPDLibraryStats {
        try storage { () throws(LibraryError) in
            var stats = MPDLibraryStats()
            stats.artists = try service.count(LibraryQuery(kind: .artists))
            stats.albums = try service.count(LibraryQuery(kind: .albums))
            let totals = try service.totals()
            stats.songs = totals.songs
            stats.playtime = Int(totals.durationMicroseconds / 1_000_000)
            stats.lastUpdate = lastUpdate
            return stats
        }
    }

    func mpdUpdate() -> UInt32 {
        lastJob = lastJob == UInt32.max ? 1 : lastJob + 1
        if mpdUpdatingJob == nil {
            mpdUpdatingJob = lastJob
            jobScanStarted = false
        }
        controller.rescan()
        return lastJob
    }

    func mpdEnqueue(files: [String], at position: Int?) throws(MPDCommandError) {
        // Songs by their library path, stream URLs (a stored playlist's) as they are (nil here).
        var paths: [[UInt8]?] = []
        for file in files {
            if RadioStation.isStreamURL(file) {
                paths.append(nil)
                continue
            }
            guard let (path, _) = try resolve(file) else { throw MPDCommandError(.noExist, "No such song: \(file)") }
            paths.append(BytePath.bytes(path))
        }
        // The library's rows carry the tags: nothing is probed again. Kept in the order asked for.
        let rows = try storage { () throws(LibraryError) in try service.songs(atPaths: paths.compactMap { $0 }) }
        var byPath: [[UInt8]: SongRow] = [:]
        for row in rows { byPath[row.path] = row }
        let entries = zip(files, paths).compactMap { file, path -> PlaylistEntry? in
            guard let path else { return .stream(file) }
            return byPath[path].map { .song($0) }
        }
        player.enqueue(entries: entries, atPosition: position)
    }

    func mpdPicture(file: String, embedded: Bool) throws(MPDCommandError) -> MPDPicture? {
        if let cached = pictureCache, cached.file == file, cached.embedded == embedded { return cached.picture }
        guard let (path, _) = try resolve(file) else { throw MPDCommandError(.noExist, "No such song") }
        var picture: MPDPicture?
        if embedded {
            if let summary = try? TrackProbe.summary(path: path), let p = summary.tags.picture {
                picture = MPDPicture(bytes: p.data, mimeType: p.mimeType.isEmpty ? nil : p.mimeType)
            }
        } else if let art = FolderArt.find(forTrack: path) {
            do {
                picture = MPDPicture(bytes: try FilePath(art).read(upTo: Self.maxPicture), mimeType: nil)
            } catch {
                throw MPDCommandError(.system, "cannot read \(art): \(error)")
            }
        }
        pictureCache = (file, embedded, picture)
        return picture
    }

    /// Cover files larger than this are not sent (MPD clients hold the whole picture).
    static let maxPicture = 16 << 20

    func mpdFold(_ text: String) -> [UInt8] { TextFolding.foldUTF8(text) }

    // MARK: Mapping

    /// A library song as MPD shows it.
    func song(_ row: SongRow, _ file: String) -> MPDSong {
        var song = MPDSong(file: file)
        var tags: [(name: String, values: [String])] = []
        if !row.artists.isEmpty { tags.append(("Artist", row.artists)) }
        if let a = row.album { tags.append(("Album", [a])) }
        if !row.albumArtists.isEmpty {
            tags.append(("AlbumArtist", row.albumArtists))
        } else if row.isCompilation {
            tags.append(("AlbumArtist", [AlbumGrouping.variousArtists]))
        }
        tags.append(("Title", [row.title]))
        if let n = row.trackNumber { tags.append(("Track", [String(n)])) }
        if !row.genres.isEmpty { tags.append(("Genre", row.genres)) }
        if let d = row.date { tags.append(("Date", [d])) }
        if !row.composers.isEmpty { tags.append(("Composer", row.composers)) }
        if let n = row.discNumber { tags.append(("Disc", [String(n)])) }
        song.tags = tags
        song.duration = row.durationMicroseconds.map { Double($0) / 1e6 }
        song.lastModified = row.fileModified
        return song
    }

    /// `path` relative to folder `index`, nil when an earlier folder holds it too (nested folders: the first
    /// one names it, as `Player.mpdFile` does, so no song is listed twice).
    private func relativeFile(_ path: String, in index: Int) -> String? {
        for earlier in folders.prefix(index) where path.hasPrefix(earlier + "/") { return nil }
        return String(path.dropFirst(folders[index].count + 1))
    }

    /// The `file` of a path: inside a library folder its relative path, else the path.
    func file(ofPath path: String) -> String {
        for root in folders where path.hasPrefix(root + "/") { return String(path.dropFirst(root.count + 1)) }
        return path
    }

    /// The absolute path of a library-relative `file` and its folder, nil when no folder holds it; `.`, `..`
    /// and absolute names are refused (nothing outside the library folders is reached).
    func resolve(_ file: String) throws(MPDCommandError) -> (String, Int)? {
        let parts = file.split(separator: "/", omittingEmptySubsequences: false)
        guard !file.isEmpty, !file.hasPrefix("/"), !parts.contains(".."), !parts.contains("."),
            !file.contains("\0")
        else {
            throw MPDCommandError(.noExist, "No such song")
        }
        for (i, root) in folders.enumerated() where (try? FilePath(root + "/" + file).status()) != nil {
            return (root + "/" + file, i)
        }
        return nil
    }

    /// Runs a library call; its error as a system ACK with the library's message.
    func storage<T>(_ body: () throws(LibraryError) -> T) throws(MPDCommandError) -> T {
        do { return try body() } catch { throw MPDCommandError(.system, "library: \(error)") }
    }
}
