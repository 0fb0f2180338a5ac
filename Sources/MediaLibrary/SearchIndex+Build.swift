import SQLite

extension SearchIndex {
    /// Reads every song's search text in natural order (`LibrarySQL.songOrder(.natural)`, the order a text query
    /// lists songs in) from a connection of its own; nil when the texts would not fit the index's 32-bit offsets.
    static func build(databasePath: String) throws(SQLiteError) -> SearchIndex? {
        let db = try SQLiteDatabase(path: databasePath, mode: .readOnly)
        db.setBusyTimeout(milliseconds: 5000)
        let size = try db.query("SELECT count(*), sum(length(CAST(text AS BLOB))) FROM search").first
        let songs = Int(truncatingIfNeeded: size?.first?.integer ?? 0)
        let textBytes = Int(truncatingIfNeeded: size.flatMap { $0.count > 1 ? $0[1].integer : nil } ?? 0)
        var builder = Builder(songs: songs, textBytes: textBytes)
        let statement = try db.prepare(
            """
            SELECT s.id, t.text FROM songs s JOIN files f ON f.id = s.id JOIN search t ON t.id = s.id \
            LEFT JOIN albums a ON a.id = s.album_id ORDER BY \(LibrarySQL.songOrder(.natural))
            """)
        while try statement.step() {
            guard builder.add(id: statement.int64(0), { statement.appendBytes(1, to: &$0) }) else { return nil }
        }
        return builder.finish()
    }
}
