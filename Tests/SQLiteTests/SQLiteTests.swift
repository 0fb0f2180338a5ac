import Foundation
import Testing
import TestSupport
@testable import SQLite

/// The SQLite wrapper against real databases: typed values round-trip, errors carry code, message and SQL,
/// transactions commit or roll back, WAL is on, a file that is not a database is reported as corrupt.
@Suite struct SQLiteTests {
    @Test func valuesRoundTrip() throws {
        let db = try SQLiteDatabase(path: ":memory:")
        try db.execute("CREATE TABLE t(i INTEGER, r REAL, s TEXT, b BLOB)")
        let insert = try db.prepare("INSERT INTO t VALUES (?, ?, ?, ?)", persistent: true)
        try insert.run([.integer(Int64.min), .real(0.5), .text("Björk ｆｕｌｌ\u{0}x"), .blob([0xFF, 0x00, 0xC3])])
        try insert.run([.null, .null, .null, .blob([])])
        #expect(db.changes == 1)
        #expect(db.lastInsertRowID == 2)
        let rows = try db.query("SELECT i, r, s, b FROM t ORDER BY rowid")
        #expect(rows[0] == [.integer(Int64.min), .real(0.5), .text("Björk ｆｕｌｌ\u{0}x"), .blob([0xFF, 0x00, 0xC3])])
        #expect(rows[1] == [.null, .null, .null, .blob([])])

        let select = try db.prepare("SELECT i, s, b FROM t WHERE rowid = ?1")
        try select.bind(Int64(1), at: 1)
        #expect(try select.step())
        #expect(select.int64(0) == Int64.min)
        #expect(select.text(1) == "Björk ｆｕｌｌ\u{0}x")
        #expect(select.blob(2) == [0xFF, 0x00, 0xC3])
        #expect(select.columnName(1) == "s")
        #expect(try !select.step())
        select.reset()
        try select.bind(Int64(2), at: 1)
        #expect(try select.step())
        #expect(select.isNull(0) && select.text(1) == nil && select.blob(2) == [])
    }

    @Test func namedParametersAndTypedBinds() throws {
        let db = try SQLiteDatabase(path: ":memory:")
        let statement = try db.prepare("SELECT :a + 1, :b || 'x', :c")
        #expect(statement.parameterCount == 3)
        let a = try #require(statement.parameterIndex(":a"))
        try statement.bind(Int64(41), at: a)
        try statement.bind("y", at: try #require(statement.parameterIndex(":b")))
        try statement.bind(2.5, at: 3)
        #expect(statement.parameterIndex(":missing") == nil)
        #expect(try statement.step())
        #expect(statement.row() == [.integer(42), .text("yx"), .real(2.5)])
    }

    @Test func errorsCarryCodeMessageAndSQL() throws {
        let db = try SQLiteDatabase(path: ":memory:")
        let bad = #expect(throws: SQLiteError.self) { _ = try db.prepare("SELEKT 1") }
        #expect(bad?.kind == .sql)
        #expect(bad?.sql == "SELEKT 1")
        #expect(bad?.message.contains("syntax error") == true)
        #expect(bad?.operation == "sqlite3_prepare_v3")

        try db.execute("CREATE TABLE u(k TEXT PRIMARY KEY)")
        try db.run("INSERT INTO u VALUES (?)", ["a"])
        let dup = #expect(throws: SQLiteError.self) { try db.run("INSERT INTO u VALUES (?)", ["a"]) }
        #expect(dup?.kind == .constraint)
        #expect(dup?.primaryCode == 19)  // SQLITE_CONSTRAINT
        #expect(dup?.code != dup?.primaryCode)  // extended: SQLITE_CONSTRAINT_PRIMARYKEY
        #expect(dup?.description.contains("INSERT INTO u") == true)

        let range = #expect(throws: SQLiteError.self) { try db.prepare("SELECT ?").bind(.integer(1), at: 5) }
        #expect(range?.kind == .misuse)
        #expect(throws: SQLiteError.self) { _ = try db.prepare("   -- nothing") }
    }

    @Test func transactionsCommitAndRollBack() throws {
        let db = try SQLiteDatabase(path: ":memory:")
        try db.execute("CREATE TABLE t(v INTEGER)")
        try db.transaction { try db.run("INSERT INTO t VALUES (1)") }
        struct Abort: Error {}
        #expect(throws: Abort.self) {
            try db.transaction {
                try db.run("INSERT INTO t VALUES (2)")
                throw Abort()
            }
        }
        #expect(db.isAutocommit)
        #expect(try db.query("SELECT v FROM t") == [[.integer(1)]])
        let count: Int64? = try db.transaction(.deferred) {
            try db.query("SELECT count(*) FROM t").first?.first?.integer
        }
        #expect(count == 1)
    }

    @Test func fileDatabaseUsesWALAndSeesOtherConnections() throws {
        let dir = try TemporaryDirectory()
        let path = dir.file("lib.db")
        let writer = try SQLiteDatabase(path: path)
        try writer.enableWriteAheadLog()
        #expect(try writer.query("PRAGMA journal_mode").first?.first == .text("wal"))
        try writer.execute("CREATE TABLE t(v TEXT); INSERT INTO t VALUES ('x');")
        let reader = try SQLiteDatabase(path: path, mode: .readOnly)
        #expect(try reader.query("SELECT v FROM t") == [[.text("x")]])
        let readOnly = #expect(throws: SQLiteError.self) { try reader.run("INSERT INTO t VALUES ('y')") }
        #expect(readOnly?.kind == .io)
        let missing = #expect(throws: SQLiteError.self) { _ = try SQLiteDatabase(path: dir.file("no/such/dir.db")) }
        #expect(missing?.kind == .io)
        #expect(missing?.operation.contains("no/such/dir.db") == true)
    }

    @Test func garbageFileIsCorrupt() throws {
        let dir = try TemporaryDirectory()
        let path = dir.file("garbage.db")
        try Data(repeating: 0x5A, count: 8192).write(to: URL(fileURLWithPath: path))
        // Opening succeeds lazily; the first read finds the header is wrong.
        let error = #expect(throws: SQLiteError.self) {
            let db = try SQLiteDatabase(path: path)
            _ = try db.query("SELECT count(*) FROM sqlite_master")
        }
        #expect(error?.kind == .corrupt)
    }

    @Test func versionIsKnown() {
        #expect(SQLiteDatabase.libraryVersion.hasPrefix("3."))
    }
}
