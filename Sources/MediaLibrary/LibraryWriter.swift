import PlayerCore
import SQLite

/// The scanner's side of the database: records files and songs, forgets them. One writer (the scan queue); every
/// call is made inside a transaction the scanner opens per batch.
final class LibraryWriter {
    let db: SQLiteDatabase
    private let upsertFile: SQLiteStatement
    private let deleteSong: SQLiteStatement
    private let deleteFile: SQLiteStatement
    private let upsertAlbum: SQLiteStatement
    private let insertSong: SQLiteStatement
    private let upsertName: SQLiteStatement
    private let linkName: SQLiteStatement
    private let insertSearch: SQLiteStatement
    private let filesInDir: SQLiteStatement
    private let setAlbum: SQLiteStatement
    private let unlinkAlbumArtist: SQLiteStatement
    /// The stored songs of one album folder (`settle`).
    let songsInAlbumDir: SQLiteStatement
    /// Name ids by (role, folded key), so a scan asks the database once per distinct artist.
    private var nameIDs: [String: Int64] = [:]
    /// Album ids by key (a cache for the run of a scan: the upsert is the truth).
    private var albumIDs: [String: Int64] = [:]

    /// Drops the name- and album-id caches (after a scan: at 100,000 songs ~1.5 MB nobody needs while idle).
    func forgetCaches() {
        albumIDs = [:]
        nameIDs = [:]
    }

    init(db: SQLiteDatabase) throws(SQLiteError) {
        self.db = db
        upsertFile = try db.prepare(
            """
            INSERT INTO files(path, root, dir, size, mtime, error, seen, added) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?7)
            ON CONFLICT(path) DO UPDATE SET size = ?4, mtime = ?5, error = ?6, seen = ?7 RETURNING id
            """, persistent: true)
        deleteSong = try db.prepare("DELETE FROM songs WHERE id = ?1", persistent: true)
        deleteFile = try db.prepare("DELETE FROM files WHERE id = ?1", persistent: true)
        upsertAlbum = try db.prepare(
            """
            INSERT INTO albums(key, name_key, name, albumartist, sort, year, added) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)
            ON CONFLICT(key) DO UPDATE SET year = coalesce(albums.year, excluded.year) RETURNING id
            """, persistent: true)
        insertSong = try db.prepare(
            """
            INSERT INTO songs(id, title, title_key, album, album_id, year, date, track, disc, duration, rate, channels,
                bitrate, compilation, art, lyrics, artist_sort, artists, albumartists, genres, composers, added, album_dir,
            albumartist_sort, mb_recording, mb_release, mb_artists, mb_read)
            VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16, ?17, ?18, ?19, ?20, ?21, ?22,
            ?23, ?24, ?25, ?26, ?27, 1)
            """, persistent: true)
        upsertName = try db.prepare(
            """
            INSERT INTO names(role, key, name, sort) VALUES (?1, ?2, ?3, ?4)
            ON CONFLICT(role, key) DO UPDATE SET role = role RETURNING id
            """, persistent: true)
        linkName = try db.prepare(
            "INSERT OR IGNORE INTO song_names(role, name, song) VALUES (?1, ?2, ?3)",
            persistent: true)
        insertSearch = try db.prepare("INSERT OR REPLACE INTO search(id, text) VALUES (?1, ?2)", persistent: true)
        filesInDir = try db.prepare("SELECT id, path, size, mtime FROM files WHERE dir = ?1", persistent: true)
        setAlbum = try db.prepare("UPDATE songs SET album_id = ?2 WHERE id = ?1", persistent: true)
        unlinkAlbumArtist = try db.prepare(
            "DELETE FROM song_names WHERE song = ?1 AND role = \(LibrarySchema.Role.albumArtist.rawValue)",
            persistent: true)
        songsInAlbumDir = try db.prepare(
            """
            SELECT s.id, f.path, s.album, s.albumartists, s.compilation, s.artists, s.artist_sort,
                coalesce(s.albumartist_sort, ''), s.year, s.album_id, s.added
            FROM songs s JOIN files f ON f.id = s.id WHERE s.album_dir = ?1
            """, persistent: true)
    }

    /// What the database knows about the files of one directory: path → (id, size, mtime).
    func known(inDirectory dir: [UInt8]) throws(SQLiteError) -> [PathKey: (id: Int64, known: ScanDecision.Known)] {
        filesInDir.reset()
        try filesInDir.bind(.blob(dir), at: 1)
        var out: [PathKey: (id: Int64, known: ScanDecision.Known)] = [:]
        while try filesInDir.step() {
            out[PathKey(filesInDir.blob(1) ?? [])] = (
                filesInDir.int64(0),
                ScanDecision.Known(size: filesInDir.int64(2), mtimeNanoseconds: filesInDir.int64(3))
            )
        }
        return out
    }

    /// Records a file that was read: its row (size, mtime, `error` when unreadable or corrupt), with the song it
    /// held before gone. Returns the file's id; its new song is inserted by `settle` once its album is decided.
    func recordFile(
        path: [UInt8], root: [UInt8], dir: [UInt8], size: Int64, mtime: Int64, error: String?,
        scan: Int64
    ) throws(SQLiteError) -> Int64? {
        upsertFile.reset()
        try upsertFile.bind([
            .blob(path), .blob(root), .blob(dir), .integer(size), .integer(mtime),
            error.map { .text($0) } ?? .null, .integer(scan)
        ])
        guard try upsertFile.step() else { return nil }
        let id = upsertFile.int64(0)
        upsertFile.reset()
        try deleteSong.run([.integer(id)])
        return id
    }

    /// Inserts the song of file `id` in album `albumID` (nil: none) of `albumDir`, listed under `albumArtist`.
    func insertSong(
        id: Int64, song: LibrarySong, albumDir: [UInt8]?, albumID: Int64?, albumArtist: String,
        now: Int64
    ) throws(SQLiteError) {
        func int(_ v: Int?) -> SQLiteValue { v.map { .integer(Int64($0)) } ?? .null }
        try insertSong.run([
            .integer(id), .text(song.title), .text(TextFolding.fold(song.title)), song.album.map { .text($0) } ?? .null,
            albumID.map { .integer($0) } ?? .null, int(song.year), song.date.map { .text($0) } ?? .null,
            int(song.trackNumber), int(song.discNumber),
            song.durationMicroseconds.map { .integer($0) } ?? .null, int(song.sampleRate), int(song.channels),
            int(song.bitrate), .integer(song.isCompilation ? 1 : 0), .integer(song.hasArt ? 1 : 0),
            .integer(song.hasLyrics ? 1 : 0), .text(song.artistSortKey), .text(LibraryDatabase.join(song.artists)),
            .text(LibraryDatabase.join(song.albumArtists)), .text(LibraryDatabase.join(song.genres)),
            .text(LibraryDatabase.join(song.composers)), .integer(now), albumDir.map { .blob($0) } ?? .null,
            .text(song.albumArtistSortKey), song.musicBrainzRecordingID.map { .text($0) } ?? .null,
            song.musicBrainzReleaseID.map { .text($0) } ?? .null,
            song.musicBrainzArtistIDs.isEmpty ? .null : .text(song.musicBrainzArtistIDs.joined(separator: " "))
        ])
        let searchText = song.searchText
        try insertSearch.run([.integer(id), .text(searchText)])
        for artist in song.artists { try link(.artist, artist, sortTag: nil, song: id) }
        try link(.albumArtist, albumArtist, sortTag: nil, song: id)
        for genre in song.genres { try link(.genre, genre, sortTag: nil, song: id) }
        for composer in song.composers { try link(.composer, composer, sortTag: nil, song: id) }
    }

    /// The id of album `album` (inserted when new; `added` is when its first song was).
    func albumID(_ album: AlbumIdentity, added: Int64) throws(SQLiteError) -> Int64? {
        if let known = albumIDs[album.key] { return known }
        upsertAlbum.reset()
        defer { upsertAlbum.reset() }
        try upsertAlbum.bind([
            .text(album.key), .text(TextFolding.fold(album.name)), .text(album.name),
            .text(album.artist), .text(album.sort), album.year.map { .integer(Int64($0)) } ?? .null,
            .integer(added)
        ])
        guard try upsertAlbum.step() else { return nil }
        let id = upsertAlbum.int64(0)
        albumIDs[album.key] = id
        return id
    }

    /// Moves the stored song `id` to album `albumID`, listed under `albumArtist` from now on.
    func moveSong(id: Int64, toAlbum albumID: Int64?, albumArtist: String) throws(SQLiteError) {
        try setAlbum.run([.integer(id), albumID.map { .integer($0) } ?? .null])
        try unlinkAlbumArtist.run([.integer(id)])
        try link(.albumArtist, albumArtist, sortTag: nil, song: id)
    }

    /// Forgets one file (its song, names and search text go with it through the triggers).
    func forget(id: Int64) throws(SQLiteError) {
        try deleteSong.run([.integer(id)])
        try deleteFile.run([.integer(id)])
    }

    private func link(_ role: LibrarySchema.Role, _ name: String, sortTag: String?, song: Int64) throws(SQLiteError) {
        let key = TextFolding.fold(name)
        guard !key.isEmpty else { return }
        let cacheKey = "\(role.rawValue)\u{1F}\(key)"
        let nameID: Int64
        if let known = nameIDs[cacheKey] {
            nameID = known
        } else {
            upsertName.reset()
            try upsertName.bind([
                .integer(role.rawValue), .text(key), .text(name),
                .text(SortName.key(for: name, sortTag: sortTag))
            ])
            guard try upsertName.step() else { return }
            nameID = upsertName.int64(0)
            upsertName.reset()
            nameIDs[cacheKey] = nameID
        }
        try linkName.run([.integer(role.rawValue), .integer(nameID), .integer(song)])
    }
}
