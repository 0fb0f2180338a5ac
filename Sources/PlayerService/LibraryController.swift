import DBus
import Dispatch
import FileSystem
import Glibc
import MPRIS
import Malloc
import MediaLibrary
import PlayerCore

/// Connects the media library to the player and the bus: queries answer from SQLite, Enqueue fills the queue,
/// status changes become PropertiesChanged on the Library interface.
///
/// Concurrency: main actor, where the bus handlers run and the library delivers its status (main queue).
@MainActor
final class LibraryController: LibraryControl, PlaylistControl {
    let service: LibraryService
    let player: Player
    var interface: LibraryInterface?
    var playlistsInterface: PlaylistsInterface?
    /// The playlist last activated (MPRIS ActivePlaylist).
    private(set) var activePlaylist: PlaylistInfo?
    private var wasScanning = false
    /// Told of every status change after the bus (the MPD front end's scan jobs).
    var statusListeners: [(LibraryStatus) -> Void] = []
    /// Told after inotify changes were applied.
    var folderListeners: [() -> Void] = []
    /// Told after a playlist was changed on the bus (the MPD front end's `stored_playlist`).
    var playlistListeners: [() -> Void] = []

    init(service: LibraryService, player: Player) {
        self.service = service
        self.player = player
        service.onStatus = { [weak self] status in
            self?.interface?.update(status)
            for listener in self?.statusListeners ?? [] { listener(status) }
            // A scan may have found, changed or dropped playlist files.
            if !status.scanning { self?.playlistsInterface?.refresh() }
            // The scan's freed pages back to the system once it ends (idle RSS): the reader's page cache, which
            // the counts just above filled, then the heap.
            if self?.wasScanning == true && !status.scanning {
                self?.service.releaseMemory()
                MallocTuning.trim()
            }
            self?.wasScanning = status.scanning
        }
        // Playlist files written, edited or removed in a library folder (no bus call): announce them.
        service.onFoldersChanged = { [weak self] in
            self?.playlistsInterface?.refresh()
            self?.service.releaseMemory()
            for listener in self?.folderListeners ?? [] { listener() }
        }
    }

    func count(_ query: LibraryQuery) throws(LibraryError) -> Int { try service.count(query) }

    func rows(_ query: LibraryQuery, offset: Int, limit: Int) throws(LibraryError) -> [LibraryRow] {
        try service.rows(query, offset: offset, limit: limit)
    }

    func enqueue(_ query: LibraryQuery, mode: EnqueueMode) throws(LibraryError) {
        let songs = try service.songs(query)
        // Said before the queue is touched: which filter value matched nothing, and what it may have meant.
        guard !songs.isEmpty else { throw .noMatch(try service.filterMisses(query.filter).first) }
        try player.enqueue(songs: songs, mode: mode)
    }

    func rescan() { service.rescan() }

    // MARK: Playlists

    func playlists() throws(LibraryError) -> [PlaylistInfo] { try service.playlists() }
    func createPlaylist(_ name: String) throws(LibraryError) -> PlaylistInfo { try service.createPlaylist(name) }
    func renamePlaylist(_ playlist: PlaylistReference, to newName: String) throws(LibraryError) {
        try service.renamePlaylist(playlist, to: newName)
    }
    func addToPlaylist(_ playlist: PlaylistReference, _ query: LibraryQuery) throws(LibraryError) {
        try service.addToPlaylist(playlist, query)
    }
    func insertIntoPlaylist(_ playlist: PlaylistReference, paths: [[UInt8]], at position: Int?) throws(LibraryError) {
        try service.insertIntoPlaylist(playlist, paths: paths, at: position)
    }
    func replacePlaylistEntries(_ playlist: PlaylistReference, paths: [[UInt8]]) throws(LibraryError) {
        try service.replacePlaylistEntries(playlist, paths: paths)
    }
    func removeFromPlaylist(_ playlist: PlaylistReference, at position: Int) throws(LibraryError) {
        try service.removeFromPlaylist(playlist, at: position)
    }
    func movePlaylistEntry(_ playlist: PlaylistReference, from: Int, to: Int) throws(LibraryError) {
        try service.movePlaylistEntry(playlist, from: from, to: to)
    }
    func deletePlaylist(_ playlist: PlaylistReference) throws(LibraryError) {
        try service.deletePlaylist(playlist)
        if let active = activePlaylist, (try? service.playlist(.id(active.id))) == nil { activePlaylist = nil }
    }
    func exportPlaylist(_ playlist: PlaylistReference, to path: String) throws(LibraryError) {
        try service.exportPlaylist(playlist, to: path)
    }
    func filterMisses(_ filter: LibraryQuery.Filter) throws(LibraryError) -> [FilterMiss] {
        try service.filterMisses(filter)
    }

    func activatePlaylist(id: String) throws(LibraryError) {
        let info = try service.playlist(.id(id))
        try player.play(playlist: service.playlistEntries(info))
        activePlaylist = info
    }

    /// Opens the library in `stateDirectory` over the configured folders and exports its interface; a library
    /// that cannot open is logged and left out (the player still works).
    static func start(
        stateDirectory: String, folders: [String], player: Player, connection: DBusConnection
    ) -> LibraryController? {
        try? FilePath(stateDirectory).createDirectories()  // a failure shows when the database opens
        let service: LibraryService
        do {
            service = try LibraryService(
                databasePath: stateDirectory + "/library.db", roots: folders,
                serviceQueue: .main, log: { Log.info($0) })
        } catch {
            Log.error("library: cannot open: \(error); running without a library")
            return nil
        }
        let controller = LibraryController(service: service, player: player)
        do {
            controller.interface = try LibraryInterface(
                connection: connection, control: controller,
                initial: service.status,
                playlistsChanged: { [weak controller] in
                    controller?.playlistsInterface?.refresh()
                    for listener in controller?.playlistListeners ?? [] { listener() }
                }, log: { Log.error($0) })
            controller.playlistsInterface = try PlaylistsInterface(
                connection: connection, control: controller,
                log: { Log.error($0) })
        } catch {
            Log.error("library: cannot export the interface: \(error)")
            return nil
        }
        player.attachLibrary(lookup: { [weak service] paths in
            guard let service else { return [:] }
            let rows: [SongRow]
            do { rows = try service.songs(atPaths: paths.map(BytePath.bytes)) } catch {
                Log.error("library: \(error)")
                return [:]
            }
            var out: [String: TrackDetails] = [:]
            for row in rows {
                out[row.pathString] = TrackDetails(
                    durationMicroseconds: row.durationMicroseconds, tags: row.tags,
                    isSeekable: true)
            }
            return out
        })
        // Most Played: every listen of a local file (the rule is the scrobbler's too: ListenTracker).
        player.listens.onListened.append { [weak service, weak controller] play in
            guard let path = play.track.path else { return }
            service?.recordPlay(path: path)
            // The first counted play lists Most Played (PlaylistCount changes).
            controller?.playlistsInterface?.refresh()
        }
        Log.info("library: \(folders.isEmpty ? "no folders" : folders.joined(separator: ", "))")
        if let file = stationFilePath() { service.importStations(fromFile: file) }
        service.rescan()
        return controller
    }

    /// The folders to scan: the desktop's music folder (when it exists), linnetd.conf's, the command line's.
    static func folders(
        settings: DaemonConfiguration, commandLine: [String], environment: (String) -> String?,
        workingDirectory: String
    ) -> [String] {
        let home = environment("HOME")
        let configHome =
            environment("XDG_CONFIG_HOME").flatMap { $0.hasPrefix("/") ? $0 : nil }
            ?? home.map { $0 + "/.config" }
        let userDirs = configHome.flatMap { readSmallFile($0 + "/user-dirs.dirs") }
        let music = LibraryFolders.musicDirectory(home: home, userDirs: userDirs)
        let exists = music.map { (try? FilePath($0).status())?.isDirectory == true } ?? false
        return LibraryFolders.resolve(
            musicDirectory: music, musicDirectoryExists: exists,
            configured: settings.libraryFolders, commandLine: commandLine,
            workingDirectory: workingDirectory)
    }

    private static func readSmallFile(_ path: String) -> String? {
        guard let bytes = try? FilePath(path).read(upTo: 64 * 1024) else { return nil }
        return String(decoding: bytes, as: UTF8.self)
    }
}
