import Glibc
import PlayerCore
import SQLite

/// Playlists in the database: the user's own (create, rename, add, remove, move, delete, export) and those found
/// as files in library folders (read-only), plus the two automatic ones. Used on the service queue.
final class PlaylistStore {
    let db: SQLiteDatabase

    init(db: SQLiteDatabase) { self.db = db }

    enum Failure: Error {
        case notFound(String)
        case exists(String)
        case readOnly(String)
        case badPosition(Int)
        case storage(SQLiteError)
        case io(String)
    }

    private static func now() -> Int64 { Int64(time(nil)) }

    /// The listed playlists (`PlaylistInfo.isListed`: an automatic one only while it has songs), automatic ones first.
    func list() throws(SQLiteError) -> [PlaylistInfo] { try all().filter(\.isListed) }

    /// Every playlist, the automatic ones even when empty (found by name or id, though not listed).
    private func all() throws(SQLiteError) -> [PlaylistInfo] {
        var out = [
            PlaylistInfo(id: PlaylistInfo.recentlyAddedID, name: PlaylistInfo.recentlyAddedName, source: .recentlyAdded,
                         position: -2, songs: min(PlaylistInfo.automaticLimit, try count("SELECT count(*) FROM songs"))),
            PlaylistInfo(id: PlaylistInfo.mostPlayedID, name: PlaylistInfo.mostPlayedName, source: .mostPlayed, position: -1,
                         songs: min(PlaylistInfo.automaticLimit, try count("SELECT count(*) FROM songs WHERE plays > 0"))),
        ]
        for row in try db.query("""
            SELECT p.id, p.name, p.path IS NOT NULL, p.created, p.modified, p.last_played, p.position,
                   (SELECT count(*) FROM playlist_items i WHERE i.playlist = p.id) FROM playlists p
            """) {
            out.append(PlaylistInfo(id: String(row[0].integer ?? 0), name: row[1].text ?? "",
                                    source: row[2].integer == 1 ? .file : .user, created: row[3].integer ?? 0,
                                    modified: row[4].integer ?? 0, lastPlayed: row[5].integer,
                                    position: row[6].integer ?? 0, songs: Int(truncatingIfNeeded: row[7].integer ?? 0)))
        }
        return out
    }

    private func count(_ sql: String) throws(SQLiteError) -> Int {
        Int(truncatingIfNeeded: try db.query(sql).first?.first?.integer ?? 0)
    }

    /// The playlist called `name` (folded match; user playlists before file ones), or by id.
    func find(_ nameOrID: String) throws(Failure) -> PlaylistInfo {
        let all: [PlaylistInfo]
        do { all = try self.all() } catch { throw .storage(error) }
        let key = TextFolding.fold(nameOrID)
        if let p = all.first(where: { $0.id == nameOrID }) { return p }
        if let p = all.first(where: { $0.source == .user && TextFolding.fold($0.name) == key }) { return p }
        if let p = all.first(where: { TextFolding.fold($0.name) == key }) { return p }
        throw .notFound(nameOrID)
    }

    private func userPlaylist(_ name: String) throws(Failure) -> Int64 {
        let p = try find(name)
        guard p.source == .user, let id = Int64(p.id) else { throw .readOnly(p.name) }
        return id
    }

    func create(_ name: String) throws(Failure) -> PlaylistInfo {
        let trimmed = name.trimmingWhitespace
        guard !trimmed.isEmpty else { throw .notFound(name) }
        if let existing = try? find(trimmed), existing.source == .user { throw .exists(existing.name) }
        do throws(SQLiteError) {
            let now = Self.now()
            let position = (try db.query("SELECT coalesce(max(position), 0) + 1 FROM playlists").first?.first?.integer) ?? 1
            try db.run("INSERT INTO playlists(name, key, created, modified, position) VALUES (?1, ?2, ?3, ?3, ?4)",
                       [.text(trimmed), .text(TextFolding.fold(trimmed)), .integer(now), .integer(position)])
        } catch { throw .storage(error) }
        return try find(trimmed)
    }

    func rename(_ name: String, to newName: String) throws(Failure) {
        let id = try userPlaylist(name)
        let trimmed = newName.trimmingWhitespace
        if let other = try? find(trimmed), other.source == .user, other.id != String(id) { throw .exists(other.name) }
        do throws(SQLiteError) {
            try db.run("UPDATE playlists SET name = ?2, key = ?3, modified = ?4 WHERE id = ?1",
                       [.integer(id), .text(trimmed), .text(TextFolding.fold(trimmed)), .integer(Self.now())])
        } catch { throw .storage(error) }
    }

    func delete(_ name: String) throws(Failure) {
        let id = try userPlaylist(name)
        do {
            try db.transaction {
                try db.run("DELETE FROM playlist_items WHERE playlist = ?1", [.integer(id)])
                try db.run("DELETE FROM playlists WHERE id = ?1", [.integer(id)])
            }
        } catch let error as SQLiteError { throw .storage(error) } catch { throw .io("\(error)") }
    }

    /// Appends `paths` to a user playlist.
    func add(_ name: String, paths: [[UInt8]]) throws(Failure) {
        let id = try userPlaylist(name)
        do {
            try db.transaction {
                var next = try db.query("SELECT coalesce(max(position), -1) + 1 FROM playlist_items WHERE playlist = ?1",
                                        [.integer(id)]).first?.first?.integer ?? 0
                let insert = try db.prepare("INSERT INTO playlist_items(playlist, position, path) VALUES (?1, ?2, ?3)")
                for path in paths {
                    try insert.run([.integer(id), .integer(next), .blob(path)])
                    next += 1
                }
                try touch(id)
            }
        } catch let error as SQLiteError { throw .storage(error) } catch { throw .io("\(error)") }
    }

    /// Removes the entry at `position` (0-based).
    func remove(_ name: String, at position: Int) throws(Failure) {
        var paths = try itemPaths(name)
        guard paths.indices.contains(position) else { throw .badPosition(position) }
        paths.remove(at: position)
        try replaceItems(name, paths)
    }

    /// Moves the entry at `from` to `to` (0-based).
    func move(_ name: String, from: Int, to: Int) throws(Failure) {
        var paths = try itemPaths(name)
        guard paths.indices.contains(from) else { throw .badPosition(from) }
        guard paths.indices.contains(to) else { throw .badPosition(to) }
        paths.insert(paths.remove(at: from), at: to)
        try replaceItems(name, paths)
    }

    func itemPaths(_ name: String) throws(Failure) -> [[UInt8]] {
        let p = try find(name)
        guard let id = Int64(p.id) else { return [] }
        do throws(SQLiteError) {
            return try db.query("SELECT path FROM playlist_items WHERE playlist = ?1 ORDER BY position",
                                [.integer(id)]).compactMap { $0.first?.blob }
        } catch { throw .storage(error) }
    }

    private func replaceItems(_ name: String, _ paths: [[UInt8]]) throws(Failure) {
        let id = try userPlaylist(name)
        do {
            try db.transaction {
                try db.run("DELETE FROM playlist_items WHERE playlist = ?1", [.integer(id)])
                let insert = try db.prepare("INSERT INTO playlist_items(playlist, position, path) VALUES (?1, ?2, ?3)")
                for (i, path) in paths.enumerated() { try insert.run([.integer(id), .integer(Int64(i)), .blob(path)]) }
                try touch(id)
            }
        } catch let error as SQLiteError { throw .storage(error) } catch { throw .io("\(error)") }
    }

    private func touch(_ id: Int64) throws {
        try db.run("UPDATE playlists SET modified = ?2 WHERE id = ?1", [.integer(id), .integer(Self.now())])
    }

    /// Notes that a playlist was played (LastPlayDate).
    func markPlayed(_ info: PlaylistInfo) {
        guard let id = Int64(info.id) else { return }
        _ = try? db.run("UPDATE playlists SET last_played = ?2 WHERE id = ?1", [.integer(id), .integer(Self.now())])
    }

    /// The songs of a playlist in its order (entries not in the library are left out).
    func songs(_ info: PlaylistInfo) throws(SQLiteError) -> [SongRow] {
        let sql: String
        var bindings: [SQLiteValue] = []
        let select = "SELECT \(LibrarySQL.songColumns) FROM songs s JOIN files f ON f.id = s.id"
        switch info.source {
        case .recentlyAdded: sql = "\(select) ORDER BY s.added DESC, s.id DESC LIMIT \(PlaylistInfo.automaticLimit)"
        case .mostPlayed:
            sql = "\(select) WHERE s.plays > 0 ORDER BY s.plays DESC, s.last_played DESC LIMIT \(PlaylistInfo.automaticLimit)"
        case .user, .file:
            sql = "\(select) JOIN playlist_items i ON i.path = f.path WHERE i.playlist = ?1 ORDER BY i.position"
            bindings = [.integer(Int64(info.id) ?? -1)]
        }
        let statement = try db.prepare(sql)
        try statement.bind(bindings)
        var out: [SongRow] = []
        while try statement.step() { out.append(LibraryReader.song(statement)) }
        return out
    }

    /// Writes a playlist as M3U8 to `path` (absolute; replaced atomically).
    func export(_ name: String, to path: String) throws(Failure) {
        let info = try find(name)
        let songs: [SongRow]
        do { songs = try self.songs(info) } catch { throw .storage(error) }
        var text = "#EXTM3U\n#PLAYLIST:\(info.name)\n"
        var byPath: [[UInt8]: SongRow] = [:]
        for song in songs { byPath[song.path] = song }
        // In the playlist's order: its songs, and its streams (which are not songs) as their URLs.
        let paths = info.source == .user || info.source == .file ? try itemPaths(info.id) : songs.map(\.path)
        for path in paths {
            if let song = byPath[path] {
                let seconds = song.durationMicroseconds.map { $0 / 1_000_000 } ?? -1
                let artist = song.artists.joined(separator: ", ")
                text += "#EXTINF:\(seconds),\(artist.isEmpty ? "" : artist + " - ")\(song.title)\n"
                text += String(decoding: song.path, as: UTF8.self) + "\n"
            } else if RadioStation.isStreamURL(String(decoding: path, as: UTF8.self)) {
                text += "#EXTINF:-1,\n" + String(decoding: path, as: UTF8.self) + "\n"
            }
        }
        let temporary = path + ".tmp-\(getpid())"
        let fd = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw .io("\(path): \(String(cString: strerror(errno)))") }
        var bytes = Array(text.utf8)
        var written = 0
        while written < bytes.count {
            let n = bytes[written...].withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else {
                let reason = String(cString: strerror(errno))
                close(fd)
                unlink(temporary)
                throw .io("\(path): \(reason)")
            }
            written += n
        }
        bytes = []
        guard fsync(fd) == 0, close(fd) == 0, Glibc.rename(temporary, path) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temporary)
            throw .io("\(path): \(reason)")
        }
    }
}
