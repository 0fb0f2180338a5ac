import FileSystem
import Glibc
import PlayerCore
import SQLite

/// Opens the library database, installing the schema; a file SQLite calls corrupt (or not a database) is moved
/// aside as `<path>.corrupt-<time>` and a fresh one is built, with a log line.
enum LibraryDatabase {
    static func open(path: String, log: (String) -> Void) throws(SQLiteError) -> SQLiteDatabase {
        do {
            return try openOnce(path: path)
        } catch  where error.kind == .corrupt {
            let aside = path + ".corrupt-\(time(nil))"
            do {
                try FilePath(path).rename(to: FilePath(aside))
            } catch let moveError {
                log("library: \(path) is corrupt (\(error.message)) and cannot be moved aside: \(moveError.message)")
                throw error
            }
            // The WAL and shared-memory files belong to the old database (usually absent: nothing to report).
            try? FilePath(path + "-wal").remove()
            try? FilePath(path + "-shm").remove()
            log("library: \(path) is corrupt (\(error.message)); moved it to \(aside) and rebuilding the library")
            return try openOnce(path: path)
        }
    }

    private static func openOnce(path: String) throws(SQLiteError) -> SQLiteDatabase {
        let db = try SQLiteDatabase(path: path)
        db.setBusyTimeout(milliseconds: 5000)
        try db.enableWriteAheadLog()
        try LibrarySchema.install(db)
        return db
    }

    /// Lists are stored as one text, joined with the unit separator (no tag value contains it).
    static func join(_ list: [String]) -> String { list.joined(separator: "\u{1F}") }
    static func split(_ text: String?) -> [String] {
        guard let text, !text.isEmpty else { return [] }
        // Split on the byte (0x1F is never part of a longer UTF-8 sequence): splitting on Characters runs the
        // grapheme breaker over every name of every row read.
        return text.utf8.split(separator: 0x1F, omittingEmptySubsequences: true).map {
            String(decoding: $0, as: UTF8.self)
        }
    }
}
