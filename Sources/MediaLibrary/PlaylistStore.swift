import FileSystem
import Glibc
import PlayerCore
import SQLite

/// Playlists in the database: the user's own (create, rename, add, remove, move, delete, export) and those found
/// as files in library folders (read-only), plus the two automatic ones. Used on the service queue.
final class PlaylistStore {
    let db: SQLiteDatabase

    init(db: SQLiteDatabase) { self.db = db }

    /// Why a playlist operation was refused or failed.
    enum Failure: Error {
        case lookup(PlaylistLookupError)
        case name(PlaylistNameError)
        case readOnly(String)
        /// `position` (0-based) is not an entry of `playlist`, which has `count`.
        case badPosition(Int, count: Int, playlist: String)
        case storage(SQLiteError)
        case io(String)
    }

    private static func now() -> Int64 { Int64(time(nil)) }

    /// The listed playlists (`PlaylistInfo.isListed`: an automatic one only while it has songs), automatic ones first.
    func list() throws(SQLiteError) -> [PlaylistInfo] { try all().filter(\.isListed) }

    /// Every playlist, the automatic ones even when empty (found by name or id, though not listed). Songs are the
    /// entries the library holds as songs, streams the http(s) entries (only AddStreams stores those, checked).
    private func all() throws(SQLiteError) -> [PlaylistInfo] {
        var out = [
            PlaylistInfo(
                id: PlaylistInfo.recentlyAddedID, name: PlaylistInfo.recentlyAddedName, source: .recentlyAdded,
                position: -2, songs: min(PlaylistInfo.automaticLimit, try count("SELECT count(*) FROM songs"))),
            PlaylistInfo(
                id: PlaylistInfo.mostPlayedID, name: PlaylistInfo.mostPlayedName, source: .mostPlayed, position: -1,
                songs: min(PlaylistInfo.automaticLimit, try count("SELECT count(*) FROM songs WHERE plays > 0")))
        ]
        for row in try db.query(
            """
            SELECT p.id, p.name, p.path, p.created, p.modified, p.last_played, p.position,
                   (SELECT count(*) FROM playlist_items i JOIN files f ON f.path = i.path JOIN songs s ON s.id = f.id
                    WHERE i.playlist = p.id),
                   (SELECT count(*) FROM playlist_items i WHERE i.playlist = p.id
                    AND (lower(substr(CAST(i.path AS TEXT), 1, 7)) = 'http://'
                         OR lower(substr(CAST(i.path AS TEXT), 1, 8)) = 'https://'))
            FROM playlists p
            """)
        {
            let path = row[2].blob
            out.append(
                PlaylistInfo(
                    id: String(row[0].integer ?? 0), name: row[1].text ?? "",
                    source: path != nil ? .file : .user, created: row[3].integer ?? 0,
                    modified: row[4].integer ?? 0, lastPlayed: row[5].integer,
                    position: row[6].integer ?? 0, songs: Int(truncatingIfNeeded: row[7].integer ?? 0),
                    streams: Int(truncatingIfNeeded: row[8].integer ?? 0),
                    path: path.map(BytePath.string)))
        }
        return out
    }

    private func count(_ sql: String) throws(SQLiteError) -> Int {
        Int(truncatingIfNeeded: try db.query(sql).first?.first?.integer ?? 0)
    }

    private func everyPlaylist() throws(Failure) -> [PlaylistInfo] {
        do { return try all() } catch { throw .storage(error) }
    }

    /// The playlist `reference` means (`PlaylistLookup`: id, file path or folded name).
    func find(_ reference: PlaylistReference) throws(Failure) -> PlaylistInfo {
        switch PlaylistLookup.find(reference, in: try everyPlaylist()) {
        case .success(let p): return p
        case .failure(let e): throw .lookup(e)
        }
    }

    private func userPlaylist(_ reference: PlaylistReference) throws(Failure) -> (id: Int64, info: PlaylistInfo) {
        let p = try find(reference)
        guard p.source == .user, let id = Int64(p.id) else { throw .readOnly(p.name) }
        return (id, p)
    }

    /// `proposed` as it is stored, or why not (`PlaylistNaming`: the same rule for create and rename).
    private func checkedName(_ proposed: String, renaming: String? = nil) throws(Failure) -> String {
        switch PlaylistNaming.check(proposed, among: try everyPlaylist(), renaming: renaming) {
        case .success(let name): return name
        case .failure(let e): throw .name(e)
        }
    }

    func create(_ name: String) throws(Failure) -> PlaylistInfo {
        let name = try checkedName(name)
        let id: Int64
        do throws(SQLiteError) {
            let now = Self.now()
            let position =
                (try db.query("SELECT coalesce(max(position), 0) + 1 FROM playlists").first?.first?.integer) ?? 1
            id =
                try db.query(
                    """
                    INSERT INTO playlists(id, name, key, created, modified, position)
                    VALUES (\(LibrarySchema.nextPlaylistID), ?1, ?2, ?3, ?3, ?4) RETURNING id
                    """, [.text(name), .text(TextFolding.fold(name)), .integer(now), .integer(position)]
                )
                .first?.first?.integer ?? -1
        } catch { throw .storage(error) }
        return try find(.id(String(id)))
    }

    func rename(_ reference: PlaylistReference, to newName: String) throws(Failure) {
        let (id, _) = try userPlaylist(reference)
        let name = try checkedName(newName, renaming: String(id))
        do throws(SQLiteError) {
            try db.run(
                "UPDATE playlists SET name = ?2, key = ?3, modified = ?4 WHERE id = ?1",
                [.integer(id), .text(name), .text(TextFolding.fold(name)), .integer(Self.now())])
        } catch { throw .storage(error) }
    }

    func delete(_ reference: PlaylistReference) throws(Failure) {
        let (id, _) = try userPlaylist(reference)
        do {
            try db.transaction {
                try db.run("DELETE FROM playlist_items WHERE playlist = ?1", [.integer(id)])
                try db.run("DELETE FROM playlists WHERE id = ?1", [.integer(id)])
            }
        } catch let error as SQLiteError { throw .storage(error) } catch { throw .io("\(error)") }
    }

    /// Appends `paths` to a user playlist.
    func add(_ reference: PlaylistReference, paths: [[UInt8]]) throws(Failure) {
        let (id, _) = try userPlaylist(reference)
        do {
            try db.transaction {
                var next =
                    try db.query(
                        "SELECT coalesce(max(position), -1) + 1 FROM playlist_items WHERE playlist = ?1",
                        [.integer(id)]
                    ).first?.first?.integer ?? 0
                let insert = try db.prepare("INSERT INTO playlist_items(playlist, position, path) VALUES (?1, ?2, ?3)")
                for path in paths {
                    try insert.run([.integer(id), .integer(next), .blob(path)])
                    next += 1
                }
                try touch(id)
            }
        } catch let error as SQLiteError { throw .storage(error) } catch { throw .io("\(error)") }
    }

    /// Puts `paths` into a user playlist before the entry at `position` (0-based; the count, or nil, is the end).
    func insert(_ reference: PlaylistReference, paths: [[UInt8]], at position: Int?) throws(Failure) {
        guard let position else { return try add(reference, paths: paths) }
        let (id, info) = try userPlaylist(reference)
        var items = try itemPaths(id)
        guard position >= 0, position <= items.count else {
            throw .badPosition(position, count: items.count, playlist: info.name)
        }
        items.insert(contentsOf: paths, at: position)
        try replaceItems(id, items)
    }

    /// Makes `paths` a user playlist's entries, in one transaction (none: the playlist is emptied).
    func replace(_ reference: PlaylistReference, paths: [[UInt8]]) throws(Failure) {
        let (id, _) = try userPlaylist(reference)
        try replaceItems(id, paths)
    }

    /// Removes the entry at `position` (0-based).
    func remove(_ reference: PlaylistReference, at position: Int) throws(Failure) {
        let (id, info) = try userPlaylist(reference)
        var paths = try itemPaths(id)
        guard paths.indices.contains(position) else {
            throw .badPosition(position, count: paths.count, playlist: info.name)
        }
        paths.remove(at: position)
        try replaceItems(id, paths)
    }

    /// Moves the entry at `from` to `to` (0-based).
    func move(_ reference: PlaylistReference, from: Int, to: Int) throws(Failure) {
        let (id, info) = try userPlaylist(reference)
        var paths = try itemPaths(id)
        for p in [from, to] where !paths.indices.contains(p) {
            throw .badPosition(p, count: paths.count, playlist: info.name)
        }
        paths.insert(paths.remove(at: from), at: to)
        try replaceItems(id, paths)
    }

    /// The entries of the playlist `reference` means, in order (none for the automatic ones: they are no list).
    func itemPaths(_ reference: PlaylistReference) throws(Failure) -> [[UInt8]] {
        guard let id = Int64(try find(reference).id) else { return [] }
        return try itemPaths(id)
    }

    private func itemPaths(_ id: Int64) throws(Failure) -> [[UInt8]] {
        do throws(SQLiteError) {
            return try db.query(
                "SELECT path FROM playlist_items WHERE playlist = ?1 ORDER BY position",
                [.integer(id)]
            ).compactMap { $0.first?.blob }
        } catch { throw .storage(error) }
    }

    private func replaceItems(_ id: Int64, _ paths: [[UInt8]]) throws(Failure) {
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
            sql =
                "\(select) WHERE s.plays > 0 ORDER BY s.plays DESC, s.last_played DESC LIMIT \(PlaylistInfo.automaticLimit)"
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
}
