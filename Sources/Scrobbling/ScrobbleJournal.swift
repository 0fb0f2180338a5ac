import FileSystem
import PlayerCore
import SQLite

/// The listens not yet taken by every service they are meant for, in SQLite (`<state dir>/scrobble.db`, WAL,
/// synchronous=FULL): a listen is written and committed when it counts, before any request is made, and goes only
/// once each of its services has accepted it (or refused it for good). A kill -9 or a power cut loses nothing that
/// was committed; it may send a batch again whose answer was not recorded (both services drop exact repeats).
///
/// Its own file, not a table of queue.db or library.db: the queue database is set aside and rebuilt when corrupt
/// (that must not take unsent listens with it) and the library may be absent; this one is never replaced.
///
/// Concurrency: one connection, confined to `ScrobbleWorker`'s queue (`@unchecked Sendable` for that hand-over).
public final class ScrobbleJournal: @unchecked Sendable {
    public static let fileName = "scrobble.db"
    let db: SQLiteDatabase
    public let path: String

    static let schema = """
        CREATE TABLE IF NOT EXISTS meta(key TEXT PRIMARY KEY, value);
        CREATE TABLE IF NOT EXISTS listens(
            id INTEGER PRIMARY KEY, listened_at INTEGER NOT NULL, artist TEXT NOT NULL, title TEXT NOT NULL,
            album TEXT, album_artist TEXT, track INTEGER, duration INTEGER, mb_recording TEXT, mb_release TEXT,
            mb_artists TEXT NOT NULL DEFAULT '');
        CREATE TABLE IF NOT EXISTS deliveries(
            service TEXT NOT NULL, listen INTEGER NOT NULL REFERENCES listens(id) ON DELETE CASCADE,
            PRIMARY KEY(service, listen)) WITHOUT ROWID;
        CREATE INDEX IF NOT EXISTS deliveries_listen ON deliveries(listen);
        """

    /// Opens (creating) the journal in `directory`.
    public init(directory: String) throws(ScrobbleJournalError) {
        path = directory + "/" + Self.fileName
        do {
            try FilePath(directory).createDirectories()
        } catch {
            throw ScrobbleJournalError(operation: "create directory", path: directory, message: error.message)
        }
        do throws(SQLiteError) {
            db = try SQLiteDatabase(path: path)
            db.setBusyTimeout(milliseconds: 5000)
            try db.enableWriteAheadLog()
            // Each listen is one small commit every few minutes: worth an fsync, so a power cut keeps it too.
            try db.execute("PRAGMA synchronous=FULL; PRAGMA foreign_keys=ON")
            try db.execute(Self.schema)
        } catch {
            throw ScrobbleJournalError(operation: "open", path: path, message: "\(error)")
        }
    }

    /// Writes `listen` for `services` in one transaction; returns its id.
    public func append(_ listen: Listen, for services: [ScrobbleService]) throws(ScrobbleJournalError) -> Int64 {
        do {
            return try db.transaction {
                func text(_ s: String?) -> SQLiteValue { s.map { .text($0) } ?? .null }
                try db.run(
                    """
                    INSERT INTO listens(listened_at, artist, title, album, album_artist, track, duration, mb_recording,
                        mb_release, mb_artists) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10)
                    """,
                    [
                        .integer(listen.listenedAt), .text(listen.artist), .text(listen.title), text(listen.album),
                        text(listen.albumArtist), listen.trackNumber.map { .integer(Int64($0)) } ?? .null,
                        listen.durationMicroseconds.map { .integer($0) } ?? .null, text(listen.recordingID),
                        text(listen.releaseID), .text(listen.artistIDs.joined(separator: " "))
                    ])
                let id = db.lastInsertRowID
                for s in services {
                    try db.run(
                        "INSERT INTO deliveries(service, listen) VALUES (?1, ?2)", [.text(s.rawValue), .integer(id)])
                }
                return id
            }
        } catch {
            throw ScrobbleJournalError(operation: "append", path: path, message: "\(error)")
        }
    }

    /// The ids of the listens waiting for `service`, oldest first.
    public func pending(_ service: ScrobbleService) throws(ScrobbleJournalError) -> [Int64] {
        do {
            return try db.query(
                "SELECT listen FROM deliveries WHERE service = ?1 ORDER BY listen", [.text(service.rawValue)]
            ).compactMap { $0.first?.integer }
        } catch {
            throw ScrobbleJournalError(operation: "read", path: path, message: "\(error)")
        }
    }

    /// The listens of `ids` that are still there, in the order of `ids`.
    public func listens(_ ids: [Int64]) throws(ScrobbleJournalError) -> [(id: Int64, listen: Listen)] {
        do {
            let statement = try db.prepare(
                """
                SELECT listened_at, artist, title, album, album_artist, track, duration, mb_recording, mb_release,
                    mb_artists FROM listens WHERE id = ?1
                """)
            var out: [(Int64, Listen)] = []
            for id in ids {
                statement.reset()
                try statement.bind(id, at: 1)
                guard try statement.step() else { continue }
                var l = Listen(
                    listenedAt: statement.int64(0), artist: statement.text(1) ?? "", title: statement.text(2) ?? "")
                l.album = statement.text(3)
                l.albumArtist = statement.text(4)
                l.trackNumber = statement.isNull(5) ? nil : Int(truncatingIfNeeded: statement.int64(5))
                l.durationMicroseconds = statement.isNull(6) ? nil : statement.int64(6)
                l.recordingID = statement.text(7)
                l.releaseID = statement.text(8)
                l.artistIDs = (statement.text(9) ?? "").split(separator: " ").map(String.init)
                out.append((id, l))
            }
            return out
        } catch {
            throw ScrobbleJournalError(operation: "read", path: path, message: "\(error)")
        }
    }

    /// `service` is done with `ids` (taken or refused for good): their deliveries go, and the listens no service
    /// waits for any more.
    public func finish(_ ids: [Int64], for service: ScrobbleService) throws(ScrobbleJournalError) {
        guard !ids.isEmpty else { return }
        do {
            try db.transaction {
                for id in ids {
                    try db.run(
                        "DELETE FROM deliveries WHERE service = ?1 AND listen = ?2",
                        [.text(service.rawValue), .integer(id)])
                    try db.run(
                        "DELETE FROM listens WHERE id = ?1 AND NOT EXISTS (SELECT 1 FROM deliveries WHERE listen = ?1)",
                        [.integer(id)])
                }
            }
        } catch {
            throw ScrobbleJournalError(operation: "mark submitted", path: path, message: "\(error)")
        }
    }

    /// A stored setting (`enabled`), nil when never set.
    public func setting(_ key: String) -> Int64? {
        (try? db.query("SELECT value FROM meta WHERE key = ?1", [.text(key)]))?.first?.first?.integer
    }

    public func setSetting(_ key: String, _ value: Int64) throws(ScrobbleJournalError) {
        do {
            _ = try db.run("INSERT OR REPLACE INTO meta(key, value) VALUES (?1, ?2)", [.text(key), .integer(value)])
        } catch {
            throw ScrobbleJournalError(operation: "write setting", path: path, message: "\(error)")
        }
    }
}

/// A journal operation that failed, with the file.
public struct ScrobbleJournalError: Error, Sendable, Hashable, CustomStringConvertible {
    public var operation: String
    public var path: String
    public var message: String
    public var description: String { "\(path): \(operation): \(message)" }
}
