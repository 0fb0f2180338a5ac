import FileSystem
import Glibc
import PlayerCore
import SQLite

/// Playlist files found in library folders (M3U, M3U8, PLS, XSPF) → read-only playlists in the database.
enum PlaylistFiles {
    /// Records every playlist file of a scan (re-read each time: there are few) and forgets the ones gone: all
    /// others after a full scan, or those below `within` after a rescan of some folders (inotify).
    static func sync(
        _ files: [[UInt8]], within folders: [[UInt8]]? = nil, db: SQLiteDatabase,
        log: (String) -> Void
    ) throws(SQLiteError) {
        let now = Int64(time(nil))
        var kept: Set<[UInt8]> = []
        try db.execute("BEGIN IMMEDIATE")
        do throws(SQLiteError) {
            for file in files {
                let path = BytePath.string(file)  // lossless for names that are not UTF-8
                let entries: [[UInt8]]
                switch read(path) {
                case .success(let list): entries = list
                case .failure(let reason):
                    log("library: skipped playlist \(path): \(reason)")
                    continue
                }
                kept.insert(file)
                let name = FileTitle.title(fromPath: path)
                let id =
                    try db.query(
                        """
                        INSERT INTO playlists(id, name, key, path, created, modified, position)
                        VALUES (\(LibrarySchema.nextPlaylistID), ?1, ?2, ?3, ?4, ?4,
                            (SELECT coalesce(max(position), 0) + 1 FROM playlists))
                        ON CONFLICT(path) DO UPDATE SET name = ?1, key = ?2 RETURNING id
                        """, [.text(name), .text(TextFolding.fold(name)), .blob(file), .integer(now)]
                    ).first?.first?.integer ?? -1
                // Unchanged contents are left alone; changed ones move the playlist's ModifiedDate.
                let stored = try db.query(
                    "SELECT path FROM playlist_items WHERE playlist = ?1 ORDER BY position",
                    [.integer(id)]
                ).map { $0.first?.blob ?? [] }
                if stored == entries { continue }
                try db.run("UPDATE playlists SET modified = ?2 WHERE id = ?1", [.integer(id), .integer(now)])
                try db.run("DELETE FROM playlist_items WHERE playlist = ?1", [.integer(id)])
                let insert = try db.prepare("INSERT INTO playlist_items(playlist, position, path) VALUES (?1, ?2, ?3)")
                for (i, entry) in entries.enumerated() {
                    try insert.run([.integer(id), .integer(Int64(i)), .blob(entry)])
                }
            }
            for row in try db.query("SELECT id, path FROM playlists WHERE path IS NOT NULL") {
                guard let path = row[1].blob, !kept.contains(path), let id = row[0].integer else { continue }
                if let folders, !folders.contains(where: { path.starts(with: $0.appendingComponent([])) }) { continue }
                try db.run("DELETE FROM playlist_items WHERE playlist = ?1", [.integer(id)])
                try db.run("DELETE FROM playlists WHERE id = ?1", [.integer(id)])
            }
            try db.execute("COMMIT")
        } catch {
            try? db.execute("ROLLBACK")
            throw error
        }
    }

    struct Failure: Error, CustomStringConvertible {
        var reason: String
        var description: String { reason }
    }

    /// The local paths a playlist file lists, in order.
    static func read(_ path: String) -> Result<[[UInt8]], Failure> {
        if ScanDecision.fileExtension(Array(path.utf8)) == "xspf" {
            let bytes: [UInt8]
            do {
                bytes = try FilePath(path).read(upTo: PlaylistReader.maxBytes)
            } catch {
                return .failure(Failure(reason: error.message))
            }
            let base = path.split(separator: "/").dropLast().joined(separator: "/")
            return .success(
                XSPFParser.locations(String(decoding: bytes, as: UTF8.self)).compactMap { location -> [UInt8]? in
                    guard let parsed = try? MediaLocation(parsing: location, relativeTo: "/" + base) else { return nil }
                    return parsed.path.map { BytePath.bytes($0) }
                })
        }
        do throws(PlaylistError) {
            return .success(
                try PlaylistReader.read(path: path).items.compactMap { $0.location.path.map { BytePath.bytes($0) } })
        } catch {
            return .failure(Failure(reason: error.description))
        }
    }
}
