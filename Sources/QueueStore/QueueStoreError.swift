import PlayerCore
import SQLite

/// A failure of the queue database, with what was being done, the file, and SQLite's error when there is one.
public struct QueueStoreError: Error, Sendable, CustomStringConvertible {
    public var operation: String
    public var path: String
    public var sqlite: SQLiteError?
    public var message: String

    public init(_ operation: String, path: String, sqlite: SQLiteError? = nil, message: String = "") {
        self.operation = operation
        self.path = path
        self.sqlite = sqlite
        self.message = message
    }

    /// The disk (or the database's page limit) is full: the last committed state is still there.
    public var isFull: Bool { sqlite?.kind == .full }
    /// The file is not a usable database.
    public var isCorrupt: Bool { sqlite?.kind == .corrupt }

    public var description: String {
        var s = "queue database \(operation) failed for \(path)"
        if let sqlite { s += ": \(sqlite.message) (SQLite result code \(sqlite.code))" }
        if !message.isEmpty { s += ": " + message }
        return s
    }
}

/// What opening the queue database found.
public struct QueueOpenResult: Sendable {
    /// The saved state, nil on a first run (or after a corrupt file was set aside).
    public var state: PlayerState?
    /// What happened worth a log line: a migration, a corrupt file moved aside.
    public var notes: [String]
}
