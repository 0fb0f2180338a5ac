import FileSystem
import Glibc
import PlayerCore
import SQLite

/// The queue's saved state in SQLite (`<state dir>/queue.db`): entries with sort keys, plus one row per scalar
/// (current entry, next id, position, volume, playback, loop, shuffle and its order). Saves are incremental —
/// only the span of the queue that changed is written, in one transaction — so a Next in a 100,000-entry queue
/// writes a few rows, not the queue. WAL journal, synchronous=NORMAL: a crash or power loss leaves the last
/// committed state (possibly without the last few saves), never a broken file. A failed save (disk full) rolls
/// back and the next save retries from what the file really holds.
///
/// One writer: confined to its owner's serial queue (`@unchecked Sendable` so the owner can hand it to that
/// queue; every method must run there).
public final class QueueDatabase: @unchecked Sendable {
    public static let fileName = "queue.db"
    public let directory: String
    public var path: String { directory + "/" + Self.fileName }
    var db: SQLiteDatabase?
    /// What the file holds (after the last successful save or load): the diff base of the next save.
    var savedIDs: [QueueEntryID] = []
    var savedUpcoming: [QueueEntryID] = []
    var savedHistory: [QueueEntryID] = []
    /// Entry rows the last save inserted, deleted or renumbered (the work of one event, for tests and logs).
    public internal(set) var entryRowsWritten = 0
    /// Test hook: caps the file at this many pages (PRAGMA max_page_count), the way a full disk behaves.
    public var pageLimit: Int?

    public init(directory: String) { self.directory = directory }

    /// Opens (creating when missing) and reads the saved state. A corrupt file is moved aside
    /// (`queue.db.corrupt-<unix ms>`) and a fresh one made; a `state.json` from older versions is migrated once
    /// and renamed `state.json.migrated`. Throws only when no database can be used at all.
    public func open(nowMilliseconds: Int64? = nil) throws(QueueStoreError) -> QueueOpenResult {
        do {
            try FilePath(directory).createDirectories()
        } catch {
            throw QueueStoreError("create directory", path: directory, message: error.message)
        }
        var notes: [String] = []
        var state: PlayerState?
        do {
            state = try connectAndLoad()
        } catch let error where error.isCorrupt {
            let stamp = nowMilliseconds ?? Self.unixMilliseconds()
            db = nil
            let target = path + ".corrupt-\(stamp)"
            let moved = (try? FilePath(path).rename(to: FilePath(target))) != nil
            // Usually absent; any left belong to the corrupt file (a failure shows when the new one opens).
            try? FilePath(path + "-wal").remove()
            try? FilePath(path + "-shm").remove()
            notes.append("\(error); moved it aside as \(moved ? target : "(could not move it)") and started a new one")
            if !moved { try? FilePath(path).remove() }
            state = try connectAndLoad()
        }
        if state == nil, let migrated = migrateJSON(&notes) { state = migrated }
        return QueueOpenResult(state: state, notes: notes)
    }

    /// Writes what changed since the last save, in one transaction. On failure nothing of it is kept and the
    /// file still holds the previous state.
    public func save(_ state: PlayerState) throws(QueueStoreError) {
        guard let db else { throw QueueStoreError("save", path: path, message: "the database is not open") }
        let newIDs = state.queue.ids
        let delta = QueueDelta(from: savedIDs, to: newIDs)
        let order = state.queue.order
        let upcomingChanged = order.upcoming != savedUpcoming, historyChanged = order.history != savedHistory
        entryRowsWritten = 0
        do {
            try db.transaction {
                if !delta.isEmpty { try apply(delta, state.queue, db) }
                try writeScalars(state, db)
                if upcomingChanged { try put("upcoming", .blob(IDBlob.encode(order.upcoming)), db) }
                if historyChanged { try put("history", .blob(IDBlob.encode(order.history)), db) }
            }
        } catch let error as SQLiteError {
            throw QueueStoreError("save", path: path, sqlite: error)
        } catch {
            throw QueueStoreError("save", path: path, message: "\(error)")
        }
        savedIDs = newIDs
        savedUpcoming = order.upcoming
        savedHistory = order.history
    }

    // MARK: - Private

    private func connectAndLoad() throws(QueueStoreError) -> PlayerState? {
        do {
            let isNew: Bool
            do {
                _ = try FilePath(path).linkStatus()
                isNew = false
            } catch {
                isNew = error.errno == ENOENT
            }
            let db = try SQLiteDatabase(path: path)
            db.setBusyTimeout(milliseconds: 2000)
            // A file made now holds nothing to lose: switching it to WAL skips the fsyncs of a rollback journal
            // (a crash meanwhile leaves at worst a file the next start finds corrupt and replaces). The switch
            // sets synchronous=NORMAL again, so the first save already syncs.
            if isNew { try db.execute("PRAGMA synchronous=OFF") }
            // A small page cache: the daemon reads the file once at start and then only writes.
            try db.execute("PRAGMA cache_size=-256")
            if let pageLimit { _ = try db.query("PRAGMA max_page_count=\(pageLimit)") }
            // WAL first, then the schema in one transaction: a new file is written once, not once per statement
            // with a rollback journal made and removed each time (four times before the bus name).
            try db.enableWriteAheadLog()
            try db.execute("BEGIN;\n" + Self.schema + "\nCOMMIT;")
            self.db = db
            let state = try load(db)
            // The pages the restore read are not needed again (idle RSS: ~0.2 MB for 100,000 entries).
            try db.execute("PRAGMA shrink_memory")
            return state
        } catch {
            self.db = nil
            throw QueueStoreError("open", path: path, sqlite: error)
        }
    }

    static let schema = """
        CREATE TABLE IF NOT EXISTS entry(id INTEGER PRIMARY KEY, pos INTEGER NOT NULL, location TEXT NOT NULL,
                                         title TEXT, duration INTEGER);
        CREATE INDEX IF NOT EXISTS entry_pos ON entry(pos);
        CREATE TABLE IF NOT EXISTS state(key TEXT PRIMARY KEY, value) WITHOUT ROWID;
        """

    private func migrateJSON(_ notes: inout [String]) -> PlayerState? {
        let json = StateStore(directory: directory)
        switch json.load() {
        case .missing:
            return nil
        case .setAside(let error, let movedTo):
            notes.append("\(error); set aside as \(movedTo ?? "(could not move it)")")
            return nil
        case .loaded(let state):
            do {
                try save(state)
            } catch {
                notes.append("could not migrate \(json.path): \(error)")
                return state
            }
            let target = json.path + ".migrated"
            let moved = (try? FilePath(json.path).rename(to: FilePath(target))) != nil
            notes.append(
                "migrated \(state.queue.count) queued tracks from \(json.path) to \(path)"
                    + (moved ? "; the old file is now \(target)" : ""))
            return state
        }
    }

    static func unixMilliseconds() -> Int64 {
        var ts = timespec()
        clock_gettime(CLOCK_REALTIME, &ts)
        return Int64(ts.tv_sec) &* 1000 &+ Int64(ts.tv_nsec) / 1_000_000
    }
}
