import Dispatch
import FileSystem
import Glibc
import PlayerCore
import SQLite
import Synchronization

/// The media library: scans its folders in the background, follows changes with inotify and answers queries
/// from SQLite (nothing of the library is held in memory).
///
/// Concurrency: two confinement domains. The scanner, the writer connection and the watcher live on `scanQueue`
/// (a full scan runs on a niced thread of its own while `scanQueue` waits for it);
/// the reader connection, `status`, the search index and the callbacks live on `serviceQueue` (the daemon's queue).
/// They talk only by `async` hops carrying values, and through the atomic `changes`, hence `@unchecked Sendable`.
public final class LibraryService: @unchecked Sendable {
    public let roots: [[UInt8]]
    let serviceQueue: DispatchQueue
    let scanQueue = DispatchQueue(label: "linnet.library.scan", qos: .utility)
    let log: @Sendable (String) -> Void
    // scanQueue only:
    private var scanner: LibraryScanner?
    private var watcher: DirectoryWatcher?
    private var scanRequested = false
    private var scanning = false
    let databasePath: String
    /// Bumped by the scan queue before and after it writes songs (odd while it writes), so that the service queue
    /// knows whether a search index still shows the library (`LibraryService+Search`).
    let changes = Atomic<UInt64>(0)
    // serviceQueue only:
    let reader: LibraryReader
    /// The search index and what became of it (`LibraryService+Search`).
    var search = SearchIndexSlot()
    /// How long the search index stays without a text query before its memory is given back.
    let searchIndexKeep: DispatchTimeInterval
    let playlistStore: PlaylistStore
    /// What the bus shows; changed only on the service queue.
    public private(set) var status = LibraryStatus()
    /// Called on the service queue when `status` changes.
    public var onStatus: (LibraryStatus) -> Void = { _ in }
    /// Called on the service queue after inotify changes were applied (playlist files among them, perhaps).
    public var onFoldersChanged: () -> Void = {}

    /// Opens (or rebuilds) the database at `databasePath`; call on the service queue.
    public init(
        databasePath: String, roots: [String], serviceQueue: DispatchQueue,
        searchIndexKeep: DispatchTimeInterval = .seconds(300),
        log: @escaping @Sendable (String) -> Void
    ) throws(LibraryError) {
        self.roots = roots.map { BytePath.bytes($0) }  // a folder named in BytePath form keeps its bytes
        self.databasePath = databasePath
        self.searchIndexKeep = searchIndexKeep
        self.serviceQueue = serviceQueue
        self.log = log
        do {
            let writerDB = try LibraryDatabase.open(path: databasePath, log: log)
            let writer = try LibraryWriter(db: writerDB)
            reader = LibraryReader(db: try SQLiteDatabase(path: databasePath))
            reader.db.setBusyTimeout(milliseconds: 5000)
            playlistStore = PlaylistStore(db: reader.db)
            status.songs = try reader.songCount()
            let scanner = LibraryScanner(writer: writer, log: log)
            scanQueue.async { [self] in setUp(scanner) }
        } catch {
            throw .storage(error.description)
        }
    }

    private func setUp(_ scanner: LibraryScanner) {
        self.scanner = scanner
        watcher = DirectoryWatcher(queue: scanQueue, log: log) { [weak self] dirs in self?.changed(dirs) }
        if watcher == nil { log("library: inotify is unavailable; changes show after a rescan") }
        scanner.visitedDirectory = { [weak self] dir in self?.watcher?.watch(dir) }
        scanner.progress = { [weak self] examined in
            guard let self else { return }
            serviceQueue.async { self.update { $0.scanned = examined } }
        }
    }

    /// Starts a scan in the background (a second request during a scan runs once more after it).
    public func rescan() {
        scanQueue.async { [self] in
            scanRequested = true
            guard !scanning else { return }
            runScans()
        }
    }

    private func runScans() {
        guard let scanner else { return }
        scanning = true
        serviceQueue.async {
            self.update {
                $0.scanning = true; $0.scanned = 0
            }
        }
        while scanRequested {
            scanRequested = false
            var clock = timespec()
            clock_gettime(CLOCK_MONOTONIC, &clock)
            // The walk and the database writes (most of the scan's CPU) run on a thread of their
            // own at nice 10 while this queue waits for it: the bus thread then wins the CPU whenever it has
            // work. The scanner and watcher stay confined: nothing else runs on this queue until it is joined.
            var failure: SQLiteError?
            changes.add(1, ordering: .sequentiallyConsistent)
            BackgroundWorkers.run(count: 1) { _ in
                do throws(SQLiteError) { try scanner.scan(roots: roots) } catch { failure = error }
            }
            changes.add(1, ordering: .sequentiallyConsistent)
            if let failure { log("library: scan failed: \(failure)") }
            var end = timespec()
            clock_gettime(CLOCK_MONOTONIC, &end)
            let ms = (end.tv_sec - clock.tv_sec) * 1000 + (end.tv_nsec - clock.tv_nsec) / 1_000_000
            log("library: scan finished in \(ms) ms")
        }
        scanning = false
        scanner.releaseMemory()
        serviceQueue.async {
            self.refreshCount(scanning: false)
            self.reader.releaseMemory()
        }
    }

    private func changed(_ dirs: [[UInt8]]) {
        guard let scanner else { return }
        changes.add(1, ordering: .sequentiallyConsistent)
        do { try scanner.rescan(directories: dirs, roots: roots) } catch { log("library: update failed: \(error)") }
        changes.add(1, ordering: .sequentiallyConsistent)
        serviceQueue.async {
            self.refreshCount(scanning: self.status.scanning)
            self.onFoldersChanged()
        }
    }

    private func refreshCount(scanning: Bool) {
        do {
            let songs = try reader.songCount()
            update {
                $0.songs = songs; $0.scanning = scanning
            }
        } catch {
            log("library: cannot count songs: \(error)")
        }
    }

    /// Drops the reader connection's page cache (counting songs or playlists reads every page of the songs
    /// table: ~1 MB at 100,000 songs). For the daemon to call before it trims the heap.
    public func releaseMemory() {
        dispatchPrecondition(condition: .onQueue(serviceQueue))
        reader.releaseMemory()
    }

    private func update(_ change: (inout LibraryStatus) -> Void) {
        dispatchPrecondition(condition: .onQueue(serviceQueue))
        var next = status
        change(&next)
        guard next != status else { return }
        status = next
        onStatus(next)
    }

    // MARK: Queries (service queue)

    public func count(_ query: LibraryQuery) throws(LibraryError) -> Int {
        dispatchPrecondition(condition: .onQueue(serviceQueue))
        if query.kind == .playlists { return try playlists().count }
        guard let (query, info) = try resolvingPlaylist(query) else { return 0 }
        if let info, info.isAutomatic, query.kind == .songs, query.filter == LibraryQuery.Filter(playlist: info.id) {
            return info.songs
        }
        if let (index, needle) = indexFor(query) { return index.count(needle) }
        do { return try reader.count(query) } catch { throw .storage(error.description) }
    }

    public func rows(_ query: LibraryQuery, offset: Int, limit: Int) throws(LibraryError) -> [LibraryRow] {
        dispatchPrecondition(condition: .onQueue(serviceQueue))
        if query.kind == .playlists {
            let sorted = PlaylistOrdering.alphabetical.sorted(try playlists(), reverse: query.order == .songs)
            return sorted.dropFirst(max(0, offset)).prefix(max(0, limit)).map {
                .group(GroupRow(name: $0.name, songs: $0.songs))
            }
        }
        guard let (query, info) = try resolvingPlaylist(query) else { return [] }
        // The automatic playlists are not stored as lists: take their songs from the playlist store.
        if let info, info.isAutomatic, query.kind == .songs, query.filter == LibraryQuery.Filter(playlist: info.id) {
            return try playlistSongs(info, markPlayed: false).dropFirst(max(0, offset)).prefix(max(0, limit)).map {
                .song($0)
            }
        }
        do {
            if let (index, needle) = indexFor(query) {
                let ids = index.matches(needle, offset: offset, limit: limit)
                return try reader.songs(ids: ids).map { .song($0) }
            }
            return try reader.rows(query, offset: offset, limit: limit)
        } catch {
            throw .storage(error.description)
        }
    }

    /// `query` with its playlist filter (an id, a file playlist's path or a name) replaced by the playlist's id,
    /// which is what `LibrarySQL` matches (two file playlists of one name stay apart), and that playlist; nil
    /// when the filter names no playlist: the query selects nothing.
    private func resolvingPlaylist(_ query: LibraryQuery) throws(LibraryError) -> (LibraryQuery, PlaylistInfo?)? {
        guard let text = query.filter.playlist else { return (query, nil) }
        guard let info = try resolvedPlaylist(text) else { return nil }
        var resolved = query
        resolved.filter.playlist = info.id
        return (resolved, info)
    }

    /// Every song `query` selects: for songs, in its order; for a group kind (albums, artists, album artists,
    /// genres, composers), the songs of every group it lists, group by group in the query's order, each song
    /// once (the rule is at `LibrarySQL.groupSongs`); for playlists, the songs the filter selects.
    public func songs(_ query: LibraryQuery) throws(LibraryError) -> [SongRow] {
        dispatchPrecondition(condition: .onQueue(serviceQueue))
        if query.kind != .songs && query.kind != .playlists {
            guard let (query, _) = try resolvingPlaylist(query) else { return [] }
            do { return try reader.groupSongs(query) } catch { throw .storage(error.description) }
        }
        var songQuery = query
        songQuery.kind = .songs
        if query.kind != .songs { songQuery.order = .natural }
        return try rows(songQuery, offset: 0, limit: Int(Int32.max)).compactMap {
            if case .song(let s) = $0 { s } else { nil }
        }
    }

    /// The library's songs at `paths` (files the library does not hold are left out), for showing queue entries
    /// whose tags were never read in this run.
    public func songs(atPaths paths: [[UInt8]]) throws(LibraryError) -> [SongRow] {
        dispatchPrecondition(condition: .onQueue(serviceQueue))
        guard !paths.isEmpty else { return [] }
        do { return try reader.songs(atPaths: paths) } catch { throw .storage(error.description) }
    }
}
