import PlayerCore
import SQLite

/// The queries' side of the database: its own connection, used only on the service queue (WAL lets it read
/// while the scanner writes).
final class LibraryReader {
    let db: SQLiteDatabase

    init(db: SQLiteDatabase) { self.db = db }

    func count(_ query: LibraryQuery) throws(SQLiteError) -> Int {
        let statement = LibrarySQL.count(query)
        let value = try db.query(statement.sql, statement.bindings).first?.first?.integer ?? 0
        return Int(truncatingIfNeeded: value)
    }

    func rows(_ query: LibraryQuery, offset: Int, limit: Int) throws(SQLiteError) -> [LibraryRow] {
        let built = LibrarySQL.rows(query, offset: offset, limit: limit)
        let statement = try db.prepare(built.sql)
        try statement.bind(built.bindings)
        var out: [LibraryRow] = []
        while try statement.step() {
            switch query.kind {
            case .songs:
                out.append(.song(Self.song(statement)))
            case .albums:
                out.append(
                    .group(
                        GroupRow(
                            name: statement.text(0) ?? "", songs: Self.int(statement, 3) ?? 0,
                            albumArtist: statement.text(1), year: Self.int(statement, 2))))
            default:
                out.append(.group(GroupRow(name: statement.text(0) ?? "", songs: Self.int(statement, 1) ?? 0)))
            }
        }
        return out
    }

    /// The songs of a group query's groups, in their order (`LibrarySQL.groupSongs` states the rule).
    func groupSongs(_ query: LibraryQuery) throws(SQLiteError) -> [SongRow] {
        let built = LibrarySQL.groupSongs(query)
        let statement = try db.prepare(built.sql)
        try statement.bind(built.bindings)
        var out: [SongRow] = []
        while try statement.step() { out.append(Self.song(statement)) }
        return out
    }

    /// The songs stored at `paths` (any order; paths that are not songs are left out), by the files' unique index.
    func songs(atPaths paths: [[UInt8]]) throws(SQLiteError) -> [SongRow] {
        try songs(where: "f.path", in: paths.map { .blob($0) })
    }

    /// The songs with `ids`, in that order (ids that are no longer songs are left out), by primary key.
    func songs(ids: [Int64]) throws(SQLiteError) -> [SongRow] {
        var found: [Int64: SongRow] = [:]
        found.reserveCapacity(ids.count)
        for song in try songs(where: "s.id", in: ids.map { .integer($0) }) { found[song.id] = song }
        return ids.compactMap { found[$0] }
    }

    /// The songs whose `column` is one of `values` (any order), in chunks well under SQLite's bound-variable limit.
    private func songs(where column: String, in values: [SQLiteValue]) throws(SQLiteError) -> [SongRow] {
        var out: [SongRow] = []
        for start in stride(from: 0, to: values.count, by: 500) {
            let chunk = Array(values[start..<min(start + 500, values.count)])
            let marks = Array(repeating: "?", count: chunk.count).joined(separator: ",")
            let statement = try db.prepare(
                "SELECT \(LibrarySQL.songColumns) FROM songs s JOIN files f ON f.id = s.id "
                    + "WHERE \(column) IN (\(marks))")
            try statement.bind(chunk)
            while try statement.step() { out.append(Self.song(statement)) }
        }
        return out
    }

    /// Drops the page cache this connection filled (the next queries read from the OS's cache).
    func releaseMemory() { _ = try? db.execute("PRAGMA shrink_memory") }

    /// The number of songs in the library.
    func songCount() throws(SQLiteError) -> Int {
        Int(truncatingIfNeeded: try db.query("SELECT count(*) FROM songs").first?.first?.integer ?? 0)
    }

    static func int(_ s: SQLiteStatement, _ i: Int32) -> Int? {
        s.isNull(i) ? nil : Int(truncatingIfNeeded: s.int64(i))
    }

    /// Whole seconds of a time in nanoseconds, rounded down (also before the epoch).
    static func seconds(fromNanoseconds ns: Int64) -> Int64 {
        let (q, r) = ns.quotientAndRemainder(dividingBy: 1_000_000_000)
        return r < 0 ? q - 1 : q
    }

    /// A song row from the columns of `LibrarySQL.songColumns`.
    static func song(_ s: SQLiteStatement) -> SongRow {
        var row = SongRow(id: s.int64(0), path: s.blob(1) ?? [], title: s.text(2) ?? "")
        row.artists = LibraryDatabase.split(s.text(3))
        row.album = s.text(4)
        row.albumArtists = LibraryDatabase.split(s.text(5))
        row.genres = LibraryDatabase.split(s.text(6))
        row.composers = LibraryDatabase.split(s.text(7))
        row.trackNumber = int(s, 8)
        row.discNumber = int(s, 9)
        row.date = s.text(10)
        row.durationMicroseconds = s.isNull(11) ? nil : s.int64(11)
        row.sampleRate = int(s, 12)
        row.channels = int(s, 13)
        row.bitrate = int(s, 14)
        row.isCompilation = s.int64(15) != 0
        row.hasArt = s.int64(16) != 0
        row.hasLyrics = s.int64(17) != 0
        row.playCount = int(s, 18) ?? 0
        row.lastPlayed = s.isNull(19) ? nil : s.int64(19)
        // Stored in nanoseconds; rounded down to the second (before the epoch too).
        row.fileModified = s.isNull(20) ? nil : seconds(fromNanoseconds: s.int64(20))
        row.musicBrainzRecordingID = s.text(21)
        row.musicBrainzReleaseID = s.text(22)
        row.musicBrainzArtistIDs = (s.text(23) ?? "").split(separator: " ").map(String.init)
        return row
    }
}
