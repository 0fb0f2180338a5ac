import SQLite

/// The library database's tables. Names are grouped by their folded key (`names.key`), so spellings that differ
/// only in case, accents or width are one artist; per-name and per-album song counts are kept by triggers so
/// listing artists or albums never scans the songs. Search texts (`search`) are scanned with instr(); a text
/// query of songs alone is answered from them in memory (`SearchIndex`). An FTS5 trigram index served text
/// queries before it, at a third of the first scan's CPU (an FTS5 savepoint per inserted row); it is dropped.
enum LibrarySchema {
    /// 2: albums are decided per album folder (`songs.album_dir`, `AlbumGrouping`); a version-1 database gets
    /// the new columns and its album rows are rebuilt by the next scan (`meta.albums_rebuild`).
    /// 3: MusicBrainz ids (`songs.mb_recording`, `mb_release`, `mb_artists` space-separated; `mb_read` 1 once the
    /// file was read for them); an older database gets the columns and the next scan reads the ids of its songs
    /// (`LibraryScanner.readMusicBrainzIDs`) without touching anything else (play counts stay).
    static let version: Int64 = 3

    /// Roles of `names` rows.
    enum Role: Int64 {
        case artist = 1, albumArtist = 2, genre = 3, composer = 4
    }

    static let sql = """
        PRAGMA foreign_keys = ON;
        CREATE TABLE IF NOT EXISTS meta(key TEXT PRIMARY KEY, value);
        CREATE TABLE IF NOT EXISTS roots(path BLOB PRIMARY KEY, missing_since INTEGER);
        CREATE TABLE IF NOT EXISTS files(
            id INTEGER PRIMARY KEY, path BLOB NOT NULL UNIQUE, root BLOB NOT NULL, dir BLOB NOT NULL,
            size INTEGER NOT NULL, mtime INTEGER NOT NULL, error TEXT, seen INTEGER NOT NULL, added INTEGER NOT NULL);
        CREATE INDEX IF NOT EXISTS files_dir ON files(dir);
        CREATE INDEX IF NOT EXISTS files_root ON files(root, seen);
        CREATE TABLE IF NOT EXISTS albums(
            id INTEGER PRIMARY KEY, key TEXT NOT NULL UNIQUE, name_key TEXT NOT NULL, name TEXT NOT NULL,
            albumartist TEXT NOT NULL, sort TEXT NOT NULL, year INTEGER, songs INTEGER NOT NULL DEFAULT 0,
            added INTEGER NOT NULL);
        CREATE INDEX IF NOT EXISTS albums_name ON albums(name_key);
        CREATE INDEX IF NOT EXISTS albums_sort ON albums(sort);
        CREATE TABLE IF NOT EXISTS songs(
            id INTEGER PRIMARY KEY REFERENCES files(id) ON DELETE CASCADE,
            title TEXT NOT NULL, title_key TEXT NOT NULL, album TEXT, album_id INTEGER, year INTEGER, date TEXT,
            track INTEGER, disc INTEGER, duration INTEGER, rate INTEGER, channels INTEGER, bitrate INTEGER,
            compilation INTEGER NOT NULL, art INTEGER NOT NULL, lyrics INTEGER NOT NULL, artist_sort TEXT NOT NULL,
            artists TEXT NOT NULL, albumartists TEXT NOT NULL, genres TEXT NOT NULL, composers TEXT NOT NULL,
            added INTEGER NOT NULL, plays INTEGER NOT NULL DEFAULT 0, last_played INTEGER, album_dir BLOB,
            albumartist_sort TEXT, mb_recording TEXT, mb_release TEXT, mb_artists TEXT,
            mb_read INTEGER NOT NULL DEFAULT 0);
        CREATE INDEX IF NOT EXISTS songs_album ON songs(album_id, disc, track);
        CREATE INDEX IF NOT EXISTS songs_year ON songs(year);
        CREATE INDEX IF NOT EXISTS songs_added ON songs(added);
        CREATE INDEX IF NOT EXISTS songs_plays ON songs(plays);
        CREATE TABLE IF NOT EXISTS search(id INTEGER PRIMARY KEY, text TEXT NOT NULL);
        CREATE TABLE IF NOT EXISTS names(
            id INTEGER PRIMARY KEY, role INTEGER NOT NULL, key TEXT NOT NULL, name TEXT NOT NULL, sort TEXT NOT NULL,
            songs INTEGER NOT NULL DEFAULT 0, UNIQUE(role, key));
        CREATE INDEX IF NOT EXISTS names_sort ON names(role, sort);
        CREATE TABLE IF NOT EXISTS song_names(
            role INTEGER NOT NULL, name INTEGER NOT NULL, song INTEGER NOT NULL, PRIMARY KEY(role, name, song))
            WITHOUT ROWID;
        CREATE INDEX IF NOT EXISTS song_names_song ON song_names(song);
        CREATE TABLE IF NOT EXISTS playlists(
            id INTEGER PRIMARY KEY, name TEXT NOT NULL, key TEXT NOT NULL, path BLOB UNIQUE,
            created INTEGER NOT NULL, modified INTEGER NOT NULL, last_played INTEGER, position INTEGER NOT NULL);
        CREATE TABLE IF NOT EXISTS playlist_items(
            playlist INTEGER NOT NULL REFERENCES playlists(id) ON DELETE CASCADE, position INTEGER NOT NULL,
            path BLOB NOT NULL, PRIMARY KEY(playlist, position)) WITHOUT ROWID;
        CREATE TABLE IF NOT EXISTS stations(
            id INTEGER PRIMARY KEY, name TEXT NOT NULL, key TEXT NOT NULL UNIQUE, url TEXT NOT NULL);

        CREATE TRIGGER IF NOT EXISTS playlists_remember_id AFTER DELETE ON playlists BEGIN
            INSERT INTO meta(key, value) VALUES ('playlist_high_id', old.id)
            ON CONFLICT(key) DO UPDATE SET value = max(value, excluded.value); END;
        CREATE TRIGGER IF NOT EXISTS song_names_add AFTER INSERT ON song_names BEGIN
            UPDATE names SET songs = songs + 1 WHERE id = new.name; END;
        CREATE TRIGGER IF NOT EXISTS song_names_remove AFTER DELETE ON song_names BEGIN
            UPDATE names SET songs = songs - 1 WHERE id = old.name; END;
        CREATE TRIGGER IF NOT EXISTS songs_add AFTER INSERT ON songs WHEN new.album_id IS NOT NULL BEGIN
            UPDATE albums SET songs = songs + 1 WHERE id = new.album_id; END;
        CREATE TRIGGER IF NOT EXISTS songs_remove AFTER DELETE ON songs BEGIN
            UPDATE albums SET songs = songs - 1 WHERE id = old.album_id;
            DELETE FROM song_names WHERE song = old.id;
            DELETE FROM search WHERE id = old.id; END;
        CREATE TRIGGER IF NOT EXISTS songs_album_change AFTER UPDATE OF album_id ON songs BEGIN
            UPDATE albums SET songs = songs - 1 WHERE id = old.album_id;
            UPDATE albums SET songs = songs + 1 WHERE id = new.album_id; END;
        """

    /// The id for a new playlist: past every id ever given, so that an id (an MPRIS object path a client may hold)
    /// never comes to mean another playlist; `playlists.id` has no AUTOINCREMENT, and SQLite would otherwise
    /// give a deleted last id out again. The delete trigger `playlists_remember_id` keeps the highest one.
    static let nextPlaylistID = """
        (SELECT max(coalesce((SELECT max(id) FROM playlists), 0), \
        coalesce((SELECT value FROM meta WHERE key = 'playlist_high_id'), 0)) + 1)
        """

    /// Creates the tables (idempotent) and checks the version; a newer database is refused.
    static func install(_ db: SQLiteDatabase) throws(SQLiteError) {
        try db.execute(sql)
        // The trigram index of earlier versions goes (its pages are reused by later writes).
        try db.execute("DROP TRIGGER IF EXISTS songs_remove_fts; DROP TABLE IF EXISTS search_fts")
        let stored = try db.query("SELECT value FROM meta WHERE key = 'version'").first?.first?.integer
        if let stored, stored > version {
            throw SQLiteError(
                operation: "library schema", code: 1,
                message: "database version \(stored) is newer than this linnetd (\(version))")
        }
        if let stored, stored < 2 { try addAlbumFolders(db) }
        if let stored, stored < 3 { try addMusicBrainzIDs(db) }
        try db.execute("CREATE INDEX IF NOT EXISTS songs_album_dir ON songs(album_dir)")
        try db.run("INSERT OR REPLACE INTO meta(key, value) VALUES ('version', ?)", [.integer(version)])
    }

    /// Version 2 → 3: the MusicBrainz columns, all unread (`mb_read` 0), so the next scan fills them.
    private static func addMusicBrainzIDs(_ db: SQLiteDatabase) throws(SQLiteError) {
        let columns = Set(try db.query("PRAGMA table_info(songs)").compactMap { $0.count > 1 ? $0[1].text : nil })
        for (name, type) in [
            ("mb_recording", "TEXT"), ("mb_release", "TEXT"), ("mb_artists", "TEXT"),
            ("mb_read", "INTEGER NOT NULL DEFAULT 0")
        ] where !columns.contains(name) {
            try db.execute("ALTER TABLE songs ADD COLUMN \(name) \(type)")
        }
    }

    /// Version 1 → 2: the columns album grouping needs. The album folders are computed by the scanner (a Swift
    /// rule), which rebuilds the albums at its next scan; the album-artist sort keys come from the old album rows
    /// (the songs of one old album shared its album artist).
    private static func addAlbumFolders(_ db: SQLiteDatabase) throws(SQLiteError) {
        let columns = try db.query("PRAGMA table_info(songs)").compactMap { $0.count > 1 ? $0[1].text : nil }
        try db.execute("BEGIN IMMEDIATE")
        do throws(SQLiteError) {
            if !columns.contains("album_dir") { try db.execute("ALTER TABLE songs ADD COLUMN album_dir BLOB") }
            if !columns.contains("albumartist_sort") {
                try db.execute("ALTER TABLE songs ADD COLUMN albumartist_sort TEXT")
            }
            try db.execute(
                """
                UPDATE songs SET albumartist_sort = (SELECT substr(a.sort, 1, instr(a.sort || char(31), char(31)) - 1)
                    FROM albums a WHERE a.id = songs.album_id);
                INSERT OR REPLACE INTO meta(key, value) VALUES ('albums_rebuild', 1);
                COMMIT;
                """)
        } catch {
            try? db.execute("ROLLBACK")
            throw error
        }
    }
}
