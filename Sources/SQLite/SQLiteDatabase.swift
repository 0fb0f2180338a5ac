import CSQLite

/// One SQLite connection (`sqlite3 *`), closed when the last reference goes.
///
/// Not thread-safe: opened in SQLite's multi-thread mode (SQLITE_OPEN_NOMUTEX), so one thread or serial queue
/// must own the connection and every statement prepared on it. Separate connections may live on separate queues
/// (WAL lets one writer and many readers work at once).
public final class SQLiteDatabase {
    /// How to open the file.
    public enum Mode: Sendable, Hashable {
        /// Read and write; create the file when missing.
        case readWriteCreate
        /// Read and write an existing file.
        case readWrite
        /// Read only.
        case readOnly

        var flags: Int32 {
            switch self {
            case .readWriteCreate: return SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE
            case .readWrite: return SQLITE_OPEN_READWRITE
            case .readOnly: return SQLITE_OPEN_READONLY
            }
        }
    }

    /// How a transaction takes its locks (BEGIN DEFERRED / IMMEDIATE / EXCLUSIVE).
    public enum TransactionKind: String, Sendable {
        case deferred = "DEFERRED", immediate = "IMMEDIATE", exclusive = "EXCLUSIVE"
    }

    /// The file this connection opened (":memory:" for an in-memory database).
    public let path: String
    let handle: OpaquePointer

    /// Opens (or creates) the database at `path` (sqlite3_open_v2). ":memory:" opens a private in-memory database.
    public init(path: String, mode: Mode = .readWriteCreate) throws(SQLiteError) {
        var db: OpaquePointer?
        let flags = mode.flags | SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_EXRESCODE
        let rc = sqlite3_open_v2(path, &db, flags, nil)
        guard rc == SQLITE_OK, let db else {
            let error = SQLiteError.from(db, code: rc, operation: "sqlite3_open_v2 \(path)")
            sqlite3_close_v2(db)
            throw error
        }
        self.path = path
        handle = db
    }

    deinit {
        // close_v2 defers the close until every statement is finalized; statements hold a reference to us anyway.
        sqlite3_close_v2(handle)
    }

    /// Runs one or more SQL statements that return no rows (sqlite3_exec), e.g. a schema.
    public func execute(_ sql: String) throws(SQLiteError) {
        var errorText: UnsafeMutablePointer<CChar>?
        let rc = sqlite3_exec(handle, sql, nil, nil, &errorText)
        if rc != SQLITE_OK {
            var error = SQLiteError.from(handle, code: rc, operation: "sqlite3_exec", sql: sql)
            if let errorText { error.message = String(cString: errorText) }
            sqlite3_free(errorText)
            throw error
        }
    }

    /// Compiles one statement (sqlite3_prepare_v3). `persistent` hints that it will be reused many times.
    public func prepare(_ sql: String, persistent: Bool = false) throws(SQLiteError) -> SQLiteStatement {
        try SQLiteStatement(database: self, sql: sql, persistent: persistent)
    }

    /// Runs one statement with `bindings` and returns every row it produces.
    public func query(_ sql: String, _ bindings: [SQLiteValue] = []) throws(SQLiteError) -> [[SQLiteValue]] {
        let statement = try prepare(sql)
        try statement.bind(bindings)
        var rows: [[SQLiteValue]] = []
        while try statement.step() { rows.append(statement.row()) }
        return rows
    }

    /// Runs one statement with `bindings`, discarding any rows; returns the number of rows it changed.
    @discardableResult
    public func run(_ sql: String, _ bindings: [SQLiteValue] = []) throws(SQLiteError) -> Int {
        let statement = try prepare(sql)
        try statement.bind(bindings)
        while try statement.step() {}
        return changes
    }

    /// Runs `body` inside BEGIN … COMMIT; rolls back and rethrows when `body` or the commit throws.
    public func transaction<Result>(
        _ kind: TransactionKind = .immediate,
        _ body: () throws -> Result
    ) throws -> Result {
        try execute("BEGIN \(kind.rawValue)")
        let result: Result
        do {
            result = try body()
            try execute("COMMIT")
        } catch {
            // A failed COMMIT may already have rolled back; the ROLLBACK error then says "no transaction", which
            // is not the error the caller needs to see.
            if !isAutocommit { try? execute("ROLLBACK") }
            throw error
        }
        return result
    }

    /// Switches the journal to write-ahead logging (PRAGMA journal_mode=WAL) and relaxes fsyncs to once per
    /// checkpoint (synchronous=NORMAL), which keeps the database consistent after a crash. Throws when the file
    /// system cannot do WAL.
    public func enableWriteAheadLog() throws(SQLiteError) {
        let mode = try query("PRAGMA journal_mode=WAL").first?.first?.text?.lowercased()
        guard mode == "wal" || path == ":memory:" else {
            throw SQLiteError(
                operation: "PRAGMA journal_mode=WAL", code: SQLITE_ERROR,
                message: "journal mode stayed \(mode ?? "unknown")", sql: "PRAGMA journal_mode=WAL")
        }
        try execute("PRAGMA synchronous=NORMAL")
    }

    /// How long a statement waits for another connection's lock before failing with `.busy` (sqlite3_busy_timeout).
    public func setBusyTimeout(milliseconds: Int32) {
        sqlite3_busy_timeout(handle, milliseconds)
    }

    /// The rowid of the most recent successful INSERT on this connection.
    public var lastInsertRowID: Int64 { sqlite3_last_insert_rowid(handle) }
    /// Rows changed by the most recent INSERT, UPDATE or DELETE.
    public var changes: Int { Int(truncatingIfNeeded: sqlite3_changes64(handle)) }
    /// False while a transaction is open.
    public var isAutocommit: Bool { sqlite3_get_autocommit(handle) != 0 }
    /// Asks a running statement on this connection to stop with SQLITE_INTERRUPT (safe from any thread).
    public func interrupt() { sqlite3_interrupt(handle) }

    /// The SQLite library version, e.g. "3.40.1".
    public static var libraryVersion: String { String(cString: sqlite3_libversion()) }
}
