import FileSystem
import PlayerCore
import SQLite

/// The radio station list in the library database (`stations` table), names unique ignoring case; and the
/// one-time import of the station file older versions kept. Used on the service queue.
struct StationStore {
    let db: SQLiteDatabase

    func list() throws(SQLiteError) -> [RadioStation] {
        try db.query("SELECT name, url FROM stations ORDER BY id").map {
            RadioStation(name: $0[0].text ?? "", url: $0[1].text ?? "")
        }
    }

    /// Adds `station`, or changes the URL of the one with the same name (ignoring case).
    func add(_ station: RadioStation) throws(SQLiteError) {
        try db.run(
            """
            INSERT INTO stations(name, key, url) VALUES (?1, ?2, ?3)
            ON CONFLICT(key) DO UPDATE SET url = excluded.url
            """, [.text(station.name), .text(Self.key(station.name)), .text(station.url)])
    }

    /// False when there was no station of that name.
    func remove(name: String) throws(SQLiteError) -> Bool {
        try db.run("DELETE FROM stations WHERE key = ?1", [.text(Self.key(name))]) > 0
    }

    static func key(_ name: String) -> String { name.lowercased() }

    /// Imports the stations of the old file at `path` once (marked in `meta`), then renames the file to
    /// `path.imported` so it is not read again and the user can see what happened. A missing file is no error.
    func importOnce(fromFile path: String) throws(SQLiteError) -> Int? {
        if try db.query("SELECT 1 FROM meta WHERE key = 'stations_imported'").first != nil { return nil }
        var imported: Int?
        if let text = Self.readSmallFile(path) {
            let stations = RadioStation.parseList(text)
            for s in stations
            where try db.query("SELECT 1 FROM stations WHERE key = ?1", [.text(Self.key(s.name))]).isEmpty {
                try add(s)
            }
            imported = stations.count
            // The import is marked in `meta` either way: a file left unrenamed is not read again.
            try? FilePath(path).rename(to: FilePath(path + ".imported"))
        }
        try db.run("INSERT OR REPLACE INTO meta(key, value) VALUES ('stations_imported', 1)")
        return imported
    }

    /// The file's text (at most 1 MB), nil when it cannot be read.
    private static func readSmallFile(_ path: String) -> String? {
        guard let bytes = try? FilePath(path).read(upTo: 1 << 20) else { return nil }
        return String(decoding: bytes, as: UTF8.self)
    }
}
