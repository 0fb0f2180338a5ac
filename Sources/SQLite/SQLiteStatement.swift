import CSQLite

/// One compiled statement (`sqlite3_stmt *`), finalized when the last reference goes.
///
/// Belongs to its database's owner (same thread or serial queue). Parameters are numbered from 1 as in SQL
/// (`?1`, or the order of `?`); columns are numbered from 0.
public final class SQLiteStatement {
    /// The statement's text as given.
    public let sql: String
    private let database: SQLiteDatabase
    private let handle: OpaquePointer

    init(database: SQLiteDatabase, sql: String, persistent: Bool) throws(SQLiteError) {
        var statement: OpaquePointer?
        let flags = persistent ? UInt32(SQLITE_PREPARE_PERSISTENT) : 0
        let rc = sqlite3_prepare_v3(database.handle, sql, -1, flags, &statement, nil)
        guard rc == SQLITE_OK else {
            throw SQLiteError.from(database.handle, code: rc, operation: "sqlite3_prepare_v3", sql: sql)
        }
        guard let statement else {
            // Only whitespace or comments: there is nothing to run, which is a caller bug worth a clear message.
            throw SQLiteError(
                operation: "sqlite3_prepare_v3", code: SQLITE_MISUSE, message: "no statement in SQL",
                sql: sql)
        }
        self.sql = sql
        self.database = database
        handle = statement
    }

    deinit { sqlite3_finalize(handle) }

    // MARK: Parameters

    /// Binds `value` to parameter `index` (1-based).
    public func bind(_ value: SQLiteValue, at index: Int32) throws(SQLiteError) {
        let rc: Int32
        switch value {
        case .null: rc = sqlite3_bind_null(handle, index)
        case .integer(let v): rc = sqlite3_bind_int64(handle, index, v)
        case .real(let v): rc = sqlite3_bind_double(handle, index, v)
        case .text(let v):
            var text = v
            rc = text.withUTF8 { bytes in
                bytes.withMemoryRebound(to: CChar.self) { chars in
                    // An empty string may have no storage; SQLite needs a non-NULL pointer for '' (NULL means NULL).
                    guard let base = chars.baseAddress else {
                        return sqlite3_bind_text64(handle, index, "", 0, linnet_sqlite_transient(), UInt8(SQLITE_UTF8))
                    }
                    return sqlite3_bind_text64(
                        handle, index, base, sqlite3_uint64(chars.count),
                        linnet_sqlite_transient(), UInt8(SQLITE_UTF8))
                }
            }
        case .blob(let v):
            // A zero-length blob still needs a non-NULL pointer, or SQLite binds NULL instead.
            rc = v.withUnsafeBytes { bytes in
                bytes.baseAddress.map {
                    sqlite3_bind_blob64(handle, index, $0, sqlite3_uint64(bytes.count), linnet_sqlite_transient())
                } ?? sqlite3_bind_zeroblob(handle, index, 0)
            }
        }
        try check(rc, "sqlite3_bind")
    }

    /// Binds `values` to parameters 1, 2, … in order.
    public func bind(_ values: [SQLiteValue]) throws(SQLiteError) {
        for (offset, value) in values.enumerated() {
            try bind(value, at: Int32(truncatingIfNeeded: offset + 1))
        }
    }

    /// Binds an integer to parameter `index` (1-based).
    public func bind(_ value: Int64, at index: Int32) throws(SQLiteError) { try bind(.integer(value), at: index) }
    /// Binds a text (or NULL for nil) to parameter `index` (1-based).
    public func bind(_ value: String?, at index: Int32) throws(SQLiteError) {
        try bind(value.map { .text($0) } ?? .null, at: index)
    }
    /// Binds bytes as a blob to parameter `index` (1-based).
    public func bind(_ value: [UInt8], at index: Int32) throws(SQLiteError) { try bind(.blob(value), at: index) }
    /// Binds a real to parameter `index` (1-based).
    public func bind(_ value: Double, at index: Int32) throws(SQLiteError) { try bind(.real(value), at: index) }

    /// The 1-based index of the named parameter (":name", "@name", "$name"), nil when there is none.
    public func parameterIndex(_ name: String) -> Int32? {
        let index = sqlite3_bind_parameter_index(handle, name)
        return index > 0 ? index : nil
    }

    /// Number of parameters the statement takes.
    public var parameterCount: Int32 { sqlite3_bind_parameter_count(handle) }

    // MARK: Running

    /// Advances to the next row (sqlite3_step): true when a row is ready, false when the statement is done.
    @discardableResult
    public func step() throws(SQLiteError) -> Bool {
        let rc = sqlite3_step(handle)
        switch rc {
        case SQLITE_ROW: return true
        case SQLITE_DONE: return false
        default:
            let error = SQLiteError.from(database.handle, code: rc, operation: "sqlite3_step", sql: sql)
            sqlite3_reset(handle)
            throw error
        }
    }

    /// Rewinds the statement so it can run again; bindings stay unless `clearingBindings`.
    public func reset(clearingBindings: Bool = false) {
        // sqlite3_reset repeats the last step's error, which step() has already thrown.
        sqlite3_reset(handle)
        if clearingBindings { sqlite3_clear_bindings(handle) }
    }

    /// Resets, binds `values` and steps to the end; for INSERT/UPDATE/DELETE that are run many times.
    public func run(_ values: [SQLiteValue]) throws(SQLiteError) {
        reset()
        try bind(values)
        while try step() {}
        reset()
    }

    // MARK: Columns of the current row

    /// Number of columns in a result row.
    public var columnCount: Int32 { sqlite3_column_count(handle) }

    /// The name of column `index` (0-based).
    public func columnName(_ index: Int32) -> String {
        sqlite3_column_name(handle, index).map { String(cString: $0) } ?? ""
    }

    /// True when column `index` of the current row is NULL.
    public func isNull(_ index: Int32) -> Bool { sqlite3_column_type(handle, index) == SQLITE_NULL }

    /// Column `index` as an integer (NULL reads 0; SQLite converts other types).
    public func int64(_ index: Int32) -> Int64 { sqlite3_column_int64(handle, index) }

    /// Column `index` as a real (NULL reads 0).
    public func double(_ index: Int32) -> Double { sqlite3_column_double(handle, index) }

    /// Column `index` as text, nil for NULL. Bytes that are not valid UTF-8 are repaired (U+FFFD).
    public func text(_ index: Int32) -> String? {
        guard let bytes = sqlite3_column_text(handle, index) else { return nil }
        let count = Int(truncatingIfNeeded: sqlite3_column_bytes(handle, index))
        return String(decoding: UnsafeBufferPointer(start: bytes, count: count), as: UTF8.self)
    }

    /// Column `index` as bytes, nil for NULL (an empty blob reads []).
    public func blob(_ index: Int32) -> [UInt8]? {
        if isNull(index) { return nil }
        let count = Int(truncatingIfNeeded: sqlite3_column_bytes(handle, index))
        guard count > 0, let pointer = sqlite3_column_blob(handle, index) else { return [] }
        return Array(UnsafeRawBufferPointer(start: pointer, count: count))
    }

    /// Appends column `index`'s bytes (text or blob, nothing for NULL) to `buffer`, without an array per row.
    public func appendBytes(_ index: Int32, to buffer: inout [UInt8]) {
        // blob before bytes, as SQLite advises (the pointer first, then the length of what it points to).
        guard let pointer = sqlite3_column_blob(handle, index) else { return }
        let count = Int(truncatingIfNeeded: sqlite3_column_bytes(handle, index))
        guard count > 0 else { return }
        buffer.append(contentsOf: UnsafeRawBufferPointer(start: pointer, count: count))
    }

    /// Column `index` with its own storage type.
    public func value(_ index: Int32) -> SQLiteValue {
        switch sqlite3_column_type(handle, index) {
        case SQLITE_INTEGER: return .integer(int64(index))
        case SQLITE_FLOAT: return .real(double(index))
        case SQLITE_TEXT: return text(index).map { .text($0) } ?? .null
        case SQLITE_BLOB: return .blob(blob(index) ?? [])
        default: return .null
        }
    }

    /// Every column of the current row.
    public func row() -> [SQLiteValue] { (0..<columnCount).map { value($0) } }

    private func check(_ rc: Int32, _ operation: String) throws(SQLiteError) {
        if rc != SQLITE_OK { throw SQLiteError.from(database.handle, code: rc, operation: operation, sql: sql) }
    }
}
