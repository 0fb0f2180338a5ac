import FileSystem
import Glibc
import PlayerCore
import SQLite

/// Walks library folders and brings the database up to date: new and changed files are read (by size and
/// mtime), removed ones forgotten. Runs on the library's scan queue only.
///
/// Handles symlink loops (directories are visited once by device and inode), unreadable folders (logged,
/// skipped; their files are kept), files that vanish mid-scan (forgotten), unreadable or corrupt files (recorded
/// with the error and not read again until they change).
///
/// Concurrency: built on the service queue, then handed to the scan queue once and used only there (it and its
/// writer connection); `@unchecked Sendable` for that hand-over.
final class LibraryScanner: @unchecked Sendable {
    let writer: LibraryWriter
    let log: (String) -> Void
    /// Called every few hundred files with the number of files examined so far.
    var progress: (Int) -> Void = { _ in }
    /// Called with each directory visited (the watcher adds an inotify watch).
    var visitedDirectory: ([UInt8]) -> Void = { _ in }

    private var scanID: Int64 = 0
    private var examined = 0
    private var pendingWrites = 0
    private var visited: Set<FileIdentity> = []
    /// Directories walked since the last commit (the write transaction is bounded in time as well as in writes:
    /// 1024 writes or 128 folders: fewer, larger commits write each index page once per batch).
    private var directoriesInTransaction = 0
    private var inTransaction = false
    /// Files to read, collected across directories.
    private var pending: [Pending] = []
    /// Files read and not yet written: the walk's batches are written while the next one is read.
    private var read: [(Pending, Result<LibrarySong, DecodeError>)] = []
    /// Playlist files met by the running full scan.
    private var playlistFiles: [[UInt8]] = []
    /// Album folders that gained or lost songs since their albums were last decided (`settleAlbums`), in order.
    private var unsettledOrder: [[UInt8]] = []
    private var unsettled: Set<PathKey> = []

    init(writer: LibraryWriter, log: @escaping (String) -> Void) {
        self.writer = writer
        self.log = log
    }

    private var db: SQLiteDatabase { writer.db }

    /// A full (incremental) scan of `roots`.
    func scan(roots: [[UInt8]]) throws(SQLiteError) {
        scanID = (try db.query("SELECT value FROM meta WHERE key = 'scan'").first?.first?.integer ?? 0) + 1
        try db.run("INSERT OR REPLACE INTO meta(key, value) VALUES ('scan', ?)", [.integer(scanID)])
        examined = 0
        visited = []
        playlistFiles = []
        pending = []
        read = []  // what a failed scan read and did not write is read again
        defer { try? commit() }
        try rebuildAlbumsIfAsked()
        for root in roots { try scanRoot(root) }
        try commit()
        try readMusicBrainzIDs()
        try PlaylistFiles.sync(playlistFiles, db: db, log: log)
        // Folders no longer configured: forget their files.
        let rootSet = Set(roots)
        for row in try db.query("SELECT DISTINCT root FROM files") {
            guard let root = row.first?.blob, !rootSet.contains(root) else { continue }
            try begin()
            try db.run("DELETE FROM songs WHERE id IN (SELECT id FROM files WHERE root = ?1)", [.blob(root)])
            try db.run("DELETE FROM files WHERE root = ?1", [.blob(root)])
            try db.run("DELETE FROM roots WHERE path = ?1", [.blob(root)])
        }
        try commit()
        progress(examined)
    }

    private func scanRoot(_ root: [UInt8]) throws(SQLiteError) {
        let name = String(decoding: root, as: UTF8.self)
        guard let status = try? FilePath(bytes: root).status(), status.isDirectory else {
            // An unmounted disk looks like this: keep its songs until it has been gone for a whole rescan.
            let since = try db.query("SELECT missing_since FROM roots WHERE path = ?1", [.blob(root)]).first?.first?
                .integer
            if since == nil {
                try db.run(
                    "INSERT OR REPLACE INTO roots(path, missing_since) VALUES (?1, ?2)", [.blob(root), .integer(scanID)]
                )
                log("library: folder \(name) is missing; keeping its songs until it has been gone for a whole rescan")
            } else if MissingFolderRule.shouldForget(missingSince: since, currentScan: scanID) {
                try begin()
                try db.run("DELETE FROM songs WHERE id IN (SELECT id FROM files WHERE root = ?1)", [.blob(root)])
                try db.run("DELETE FROM files WHERE root = ?1", [.blob(root)])
                try commit()
                log("library: folder \(name) has been missing since an earlier scan; forgot its songs")
            }
            return
        }
        try db.run("INSERT OR REPLACE INTO roots(path, missing_since) VALUES (?1, NULL)", [.blob(root)])
        var seenDirs: Set<PathKey> = []
        try walk(root, root: root, seenDirs: &seenDirs)
        try flushPending()
        // Directories the database knows under this root that the walk did not reach are gone.
        var gone: [[UInt8]] = []
        for row in try db.query("SELECT DISTINCT dir FROM files WHERE root = ?1", [.blob(root)]) {
            if let dir = row.first?.blob, !seenDirs.contains(PathKey(dir)) { gone.append(dir) }
        }
        for dir in gone { try forgetDirectory(dir, recursive: false) }
        try settleAlbums()
    }

    /// Scans one directory and, when `recursive`, everything below it.
    func walk(_ dir: [UInt8], root: [UInt8], seenDirs: inout Set<PathKey>, recursive: Bool = true) throws(SQLiteError) {
        guard let status = try? FilePath(bytes: dir).status(), status.isDirectory else { return }
        // A symlink loop (or a folder linked twice) reaches the same directory again: visit it once.
        guard visited.insert(status.identity).inserted || !recursive else { return }
        let entries: [DirectoryEntry]
        do {
            entries = try FilePath(bytes: dir).entries()
        } catch {
            let name = String(decoding: dir, as: UTF8.self)
            log("library: cannot read folder \(name): \(error.message); keeping what was known")
            seenDirs.insert(PathKey(dir))  // do not forget its files because we could not look
            return
        }
        if ScanScope.excludesFolder(entryNames: entries.lazy.map(\.name)) {
            // Left out with its subtree; still watched, so removing the marker brings it back.
            visitedDirectory(dir)
            try forgetDirectory(dir, recursive: true)
            return
        }
        seenDirs.insert(PathKey(dir))
        visitedDirectory(dir)
        // One transaction around the directory's reads and writes: SQLite then locks once, not per statement.
        try begin()
        directoriesInTransaction += 1
        let known = try writer.known(inDirectory: dir)
        var present: Set<PathKey> = []
        let lyricsNames = Set(
            entries.compactMap { e -> PathKey? in
                ScanDecision.fileExtension(e.name) == "lrc" ? PathKey(Array(e.name.dropLast(4))) : nil
            })
        // Entries are stat'ed relative to the open directory; when it cannot be opened, by their whole paths.
        let directory = try? FileDescriptor.open(FilePath(bytes: dir), O_RDONLY | O_DIRECTORY)
        defer { try? directory?.close() }  // opened only to stat through: a failed close loses nothing
        var subdirectories: [[UInt8]] = []
        for entry in entries where !ScanScope.isHidden(entry.name) {
            let path = dir.appendingComponent(entry.name)
            if entry.type == .directory { subdirectories.append(path); continue }
            if entry.type != .regular && entry.type != .symbolicLink && entry.type != .unknown { continue }
            let ext = ScanDecision.fileExtension(entry.name)
            if let ext, ScanDecision.playlistExtensions.contains(ext) { playlistFiles.append(path); continue }
            let isAudio = ext.map { ScanDecision.audioExtensions.contains($0) } ?? false
            if !isAudio && entry.type == .regular { continue }
            guard let st = try? directory?.status(ofEntry: entry.name) ?? FilePath(bytes: path).status() else {
                continue  // vanished or dangling
            }
            if st.isDirectory { subdirectories.append(path); continue }
            guard st.isRegularFile, isAudio else { continue }
            present.insert(PathKey(path))
            examined += 1
            if examined % 500 == 0 { progress(examined) }
            let old = known[PathKey(path)]
            let mtime = st.modified.nanosecondsSinceEpoch
            guard ScanDecision.decide(known: old?.known, size: st.size, mtimeNanoseconds: mtime) == .read else {
                continue
            }
            let stem = ext.map { Array(entry.name.dropLast($0.utf8.count + 1)) } ?? entry.name
            pending.append(
                Pending(
                    path: path, root: root, dir: dir, size: st.size, mtime: mtime,
                    oldID: old?.id, sidecarLyrics: lyricsNames.contains(PathKey(stem))))
        }
        if pending.count >= 64 { try flushPending(overlapped: true) }
        for (path, entry) in known where !present.contains(path) {
            try begin()
            try writer.forget(id: entry.id)
            unsettle(dir)
        }
        if directoriesInTransaction >= 128 { try commit() }
        if recursive {
            for sub in subdirectories { try walk(sub, root: root, seenDirs: &seenDirs) }
        }
    }

    /// Songs stored by a version before 3 have not been read for their MusicBrainz ids: read them (tags only, on
    /// every core, 64 at a time) and set the three columns; nothing else of the song changes (play counts stay).
    /// A song whose file can no longer be read is marked read without ids (the next change reads it again).
    func readMusicBrainzIDs() throws(SQLiteError) {
        let select = try db.prepare(
            "SELECT s.id, f.path FROM songs s JOIN files f ON f.id = s.id WHERE s.mb_read = 0 ORDER BY s.id LIMIT 64")
        let update = try db.prepare(
            "UPDATE songs SET mb_recording = ?2, mb_release = ?3, mb_artists = ?4, mb_read = 1 WHERE id = ?1")
        var total = 0
        while true {
            select.reset()
            var batch: [(Int64, [UInt8])] = []
            while try select.step() { batch.append((select.int64(0), select.blob(1) ?? [])) }
            guard !batch.isEmpty else { break }
            let ids = ParallelMap.map(batch) { item -> LibrarySong? in
                try? TagReader.read(path: item.1, size: 0, hasSidecarLyrics: false).get()
            }
            try begin()
            for ((id, _), tags) in zip(batch, ids) {
                func text(_ s: String?) -> SQLiteValue { s.map { .text($0) } ?? .null }
                let artists = tags?.musicBrainzArtistIDs ?? []
                try update.run([
                    .integer(id), text(tags?.musicBrainzRecordingID), text(tags?.musicBrainzReleaseID),
                    artists.isEmpty ? .null : .text(artists.joined(separator: " "))
                ])
            }
            try commit()
            total += batch.count
        }
        if total > 0 { log("library: read the MusicBrainz ids of \(total) songs") }
    }

    /// A file to read, with what the walk learnt about it.
    struct Pending: Sendable {
        var path: [UInt8]
        var root: [UInt8]
        var dir: [UInt8]
        var size: Int64
        var mtime: Int64
        var oldID: Int64?
        var sidecarLyrics: Bool
    }

    /// Reads the tags of the files collected so far (across directories, so every core has work) and records them,
    /// then decides the albums of the album folders they are in (and of those that lost songs). With `overlapped`
    /// (from inside the walk), this batch's tags are read while the previous batch is written, and this batch waits
    /// in `read` for the next call; every other call writes everything before it returns.
    private func flushPending(overlapped: Bool = false) throws(SQLiteError) {
        let batch = pending
        pending = []
        let previous = read
        read = []
        var failure: SQLiteError?
        // Tags are read on every core; the database is written by one worker at a time (the scan thread waits).
        let tags: @Sendable (Pending) -> Result<LibrarySong, DecodeError> = { p in
            TagReader.read(path: p.path, size: p.size, hasSidecarLyrics: p.sidecarLyrics)
        }
        let results =
            previous.isEmpty
            ? ParallelMap.map(batch, tags)
            : ParallelMap.map(
                batch, tags,
                alongside: {
                    do throws(SQLiteError) { try self.write(previous) } catch { failure = error }
                })
        if let failure { throw failure }
        read = Array(zip(batch, results))
        if !overlapped {
            let last = read
            read = []
            try write(last)
        }
    }

    /// Records files whose tags were read, and their songs.
    private func write(_ batch: [(Pending, Result<LibrarySong, DecodeError>)]) throws(SQLiteError) {
        var read: [PathKey: [LibraryWriter.NewSong]] = [:]
        let now = Int64(time(nil))
        // A file's row and its song are written in one transaction: a file recorded without its song would be
        // kept as unchanged by the next scan and never read again.
        for (p, result) in batch {
            try begin()
            switch result {
            case .success(let song):
                guard
                    let id = try writer.recordFile(
                        path: p.path, root: p.root, dir: p.dir, size: p.size, mtime: p.mtime,
                        error: nil, scan: scanID)
                else { continue }
                let albumDir = AlbumFolder.folder(ofDirectory: p.dir)
                if read[PathKey(albumDir)] == nil { unsettle(albumFolder: albumDir) }
                read[PathKey(albumDir), default: []].append(.init(id: id, path: p.path, song: song))
            case .failure(let error) where error.kind == .notFound:
                if let id = p.oldID { try writer.forget(id: id); unsettle(p.dir) }  // vanished between readdir and open
            case .failure(let error):
                _ = try writer.recordFile(
                    path: p.path, root: p.root, dir: p.dir, size: p.size, mtime: p.mtime,
                    error: error.description, scan: scanID)
                unsettle(p.dir)
            }
        }
        try settleAlbums(read, now: now)
    }

    /// Marks the album folder of `dir` as needing its albums decided again (it gained or lost songs).
    private func unsettle(_ dir: [UInt8]) {
        unsettle(albumFolder: AlbumFolder.folder(ofDirectory: dir))
    }

    private func unsettle(albumFolder: [UInt8]) {
        if unsettled.insert(PathKey(albumFolder)).inserted { unsettledOrder.append(albumFolder) }
    }

    /// Decides the albums of every unsettled album folder, inserting the songs just `read`.
    private func settleAlbums(_ read: [PathKey: [LibraryWriter.NewSong]] = [:], now: Int64 = Int64(time(nil)))
        throws(SQLiteError)
    {
        guard !unsettledOrder.isEmpty else { return }
        let dirs = unsettledOrder
        unsettledOrder = []
        unsettled = []
        try begin()
        for dir in dirs {
            let songs = read[PathKey(dir)] ?? []
            try writer.settle(albumDir: dir, newSongs: songs, now: now)
            pendingWrites += max(1, songs.count)
        }
        // Only now: every file recorded in this batch has its song.
        if pendingWrites >= 1024 { try commit() }
    }

    /// A database from before album folders (`LibrarySchema.version` 2): gives every song with an album title
    /// its album folder and decides the albums again; the old album rows, left empty, go.
    private func rebuildAlbumsIfAsked() throws(SQLiteError) {
        guard try db.query("SELECT value FROM meta WHERE key = 'albums_rebuild'").first != nil else { return }
        try begin()
        let setDir = try db.prepare("UPDATE songs SET album_dir = ?2 WHERE id = ?1")
        let songs = try db.prepare(
            """
            SELECT s.id, f.dir FROM songs s JOIN files f ON f.id = s.id WHERE s.album IS NOT NULL AND s.album <> ''
            """)
        while try songs.step() {
            let albumDir = AlbumFolder.folder(ofDirectory: songs.blob(1) ?? [])
            try setDir.run([.integer(songs.int64(0)), .blob(albumDir)])
            unsettle(albumFolder: albumDir)
        }
        let folders = unsettledOrder.count
        try settleAlbums()
        try db.execute("DELETE FROM albums WHERE songs <= 0; DELETE FROM meta WHERE key = 'albums_rebuild'")
        writer.forgetCaches()
        try commit()
        log("library: albums decided again per folder (\(folders) album folders)")
    }

    /// Forgets the files of `dir` (and, when `recursive`, of every folder below it).
    func forgetDirectory(_ dir: [UInt8], recursive: Bool) throws(SQLiteError) {
        try begin()
        unsettle(dir)  // a disc folder's album lives on in its parent
        var prefix = dir
        prefix.append(0x2F)
        // "dir/" <= d < "dir0" ('0' follows '/') is "starts with dir/" in a form the files_dir index answers.
        var end = dir
        end.append(0x30)
        let condition = recursive ? "dir = ?1 OR (dir >= ?2 AND dir < ?3)" : "dir = ?1"
        let binds: [SQLiteValue] = recursive ? [.blob(dir), .blob(prefix), .blob(end)] : [.blob(dir)]
        try db.run("DELETE FROM songs WHERE id IN (SELECT id FROM files WHERE \(condition))", binds)
        try db.run("DELETE FROM files WHERE \(condition)", binds)
    }

    /// Rescans directories named by inotify (new folders below them are walked fully).
    func rescan(directories: [[UInt8]], roots: [[UInt8]]) throws(SQLiteError) {
        visited = []
        playlistFiles = []
        pending = []
        read = []
        defer { try? commit() }
        for dir in directories {
            guard let root = roots.first(where: { dir == $0 || dir.starts(with: $0.appendingComponent([])) }) else {
                continue
            }
            if isOutOfScope(dir, root: root) {
                try forgetDirectory(dir, recursive: true)  // moved into a hidden folder, or below a new .nomedia
            } else if let st = try? FilePath(bytes: dir).status(), st.isDirectory {
                var seen: Set<PathKey> = []
                try walk(dir, root: root, seenDirs: &seen)
                try flushPending()
            } else {
                try forgetDirectory(dir, recursive: true)
            }
        }
        try settleAlbums()
        try commit()
        try PlaylistFiles.sync(playlistFiles, within: directories, db: db, log: log)
    }

    /// Whether a folder inotify named lies outside what the library scans: hidden below its root, or below a
    /// folder holding `.nomedia` (the folder's own marker is the walk's to find).
    private func isOutOfScope(_ dir: [UInt8], root: [UInt8]) -> Bool {
        if ScanScope.isHidden(dir, below: root) { return true }
        return ScanScope.folders(from: root, to: dir).dropLast().contains { folder in
            (try? FilePath(bytes: folder.appendingComponent(ScanScope.noMediaName)).status()) != nil
        }
    }

    /// After a scan: gives SQLite's page cache and the heap the scan grew back to the system (idle RSS matters).
    func releaseMemory() {
        visited = []  // one entry per folder, needed only while a walk runs
        writer.forgetCaches()
        do { try db.execute("PRAGMA shrink_memory") } catch { log("library: \(error)") }
        // malloc_trim is glibc's (malloc.h is not in the Glibc module): looked up once by name.
        if let trim = Self.mallocTrim { _ = trim(0) }
    }

    private static let mallocTrim: (@convention(c) (Int) -> Int32)? = dlsym(nil, "malloc_trim").map {
        unsafeBitCast($0, to: (@convention(c) (Int) -> Int32).self)
    }

    private func begin() throws(SQLiteError) {
        guard !inTransaction else { return }
        try db.execute("BEGIN IMMEDIATE")
        inTransaction = true
    }

    private func commit() throws(SQLiteError) {
        guard inTransaction else { return }
        inTransaction = false
        pendingWrites = 0
        directoriesInTransaction = 0
        try db.execute("COMMIT")
    }
}
