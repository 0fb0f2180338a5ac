import CSQLite

/// A SQLite failure: the call that failed, SQLite's (extended) result code, its message and the SQL involved.
public struct SQLiteError: Error, Sendable, CustomStringConvertible, Equatable {
    /// The class of failure (SQLite's primary result code), so callers can react without knowing the numbers.
    public enum Kind: Sendable, Hashable {
        /// SQLITE_BUSY / SQLITE_LOCKED: another connection holds a lock.
        case busy
        /// SQLITE_CORRUPT / SQLITE_NOTADB: the file is not a usable database (move it aside and rebuild).
        case corrupt
        /// SQLITE_FULL: the disk or the database is full.
        case full
        /// SQLITE_IOERR / SQLITE_CANTOPEN / SQLITE_READONLY / SQLITE_PERM: the file system refused.
        case io
        /// SQLITE_CONSTRAINT: a UNIQUE, NOT NULL, CHECK or foreign-key rule rejected the change.
        case constraint
        /// SQLITE_ERROR: bad SQL, a missing table or column, and the like.
        case sql
        /// SQLITE_MISUSE / SQLITE_RANGE / SQLITE_MISMATCH: the API was used wrongly (a bug in the caller).
        case misuse
        /// Any other result code (the message says which).
        case other
    }

    /// The SQLite function or step that failed, e.g. "sqlite3_prepare_v3".
    public var operation: String
    /// SQLite's extended result code (sqlite3_extended_errcode); the low byte is the primary code.
    public var code: Int32
    /// SQLite's description (sqlite3_errmsg, or sqlite3_errstr when no handle is available).
    public var message: String
    /// The statement text involved, when there is one.
    public var sql: String?

    public init(operation: String, code: Int32, message: String, sql: String? = nil) {
        self.operation = operation
        self.code = code
        self.message = message
        self.sql = sql
    }

    /// The primary result code (SQLITE_BUSY, SQLITE_CORRUPT, ...).
    public var primaryCode: Int32 { code & 0xFF }

    public var kind: Kind {
        switch primaryCode {
        case SQLITE_BUSY, SQLITE_LOCKED: return .busy
        case SQLITE_CORRUPT, SQLITE_NOTADB: return .corrupt
        case SQLITE_FULL: return .full
        case SQLITE_IOERR, SQLITE_CANTOPEN, SQLITE_READONLY, SQLITE_PERM: return .io
        case SQLITE_CONSTRAINT: return .constraint
        case SQLITE_ERROR: return .sql
        case SQLITE_MISUSE, SQLITE_RANGE, SQLITE_MISMATCH: return .misuse
        default: return .other
        }
    }

    public var description: String {
        var text = "\(operation): \(message) (SQLite result code \(code))"
        if let sql { text += " in: \(sql)" }
        return text
    }

    /// The error SQLite recorded on `handle` for the call that just returned `code`.
    static func from(_ handle: OpaquePointer?, code: Int32, operation: String, sql: String? = nil) -> SQLiteError {
        let message: String
        if let handle, let text = sqlite3_errmsg(handle) {
            message = String(cString: text)
        } else if let text = sqlite3_errstr(code) {
            message = String(cString: text)
        } else {
            message = "unknown error"
        }
        let extended = handle.map { sqlite3_extended_errcode($0) } ?? code
        // sqlite3_extended_errcode reports the most recent failure on the handle; keep the code we were given when
        // they disagree (e.g. after a call that does not set the handle's error).
        let chosen = (extended & 0xFF) == (code & 0xFF) ? extended : code
        return SQLiteError(operation: operation, code: chosen, message: message, sql: sql)
    }
}
