import Dispatch
import PlayerCore
import SQLite

/// Songs in path order, a page at a time: what the MPD front end lists directories and streams `listallinfo`
/// from (a page's songs, never the whole library, are in memory), and the library's totals for MPD's `stats`.
extension LibraryService {
    /// Up to `limit` songs whose path starts with `prefix` (a folder with its trailing `/`), in byte order of their
    /// paths, after `after` when given (the last path of the previous page). Byte order keeps a folder's songs
    /// together, and the files' unique path index answers it without sorting.
    public func songsInPathOrder(under prefix: [UInt8], after: [UInt8]?, limit: Int) throws(LibraryError)
        -> [SongRow]
    {
        dispatchPrecondition(condition: .onQueue(serviceQueue))
        guard limit > 0, !prefix.isEmpty else { return [] }
        // Every path under the prefix sorts below the prefix with its last byte raised by one.
        var end = prefix
        let last = end.removeLast()
        let lower = after.flatMap { $0.lexicographicallyPrecedes(prefix) ? nil : $0 } ?? prefix
        // A prefix ending in 0xFF (never a `/`-terminated folder, but a caller's value) has no upper bound.
        let upper: [SQLiteValue] = last == 0xFF ? [] : [.blob(end + [last + 1])]
        let bound = upper.isEmpty ? "" : " AND f.path < ?"
        do {
            let statement = try reader.db.prepare(
                "SELECT \(LibrarySQL.songColumns) FROM files f JOIN songs s ON s.id = f.id "
                    + "WHERE f.path > ?\(bound) ORDER BY f.path LIMIT \(limit)")
            try statement.bind([.blob(lower)] + upper)
            var out: [SongRow] = []
            while try statement.step() { out.append(LibraryReader.song(statement)) }
            return out
        } catch {
            throw .storage(error.description)
        }
    }

    /// The number of songs and their total length in microseconds.
    public func totals() throws(LibraryError) -> (songs: Int, durationMicroseconds: Int64) {
        dispatchPrecondition(condition: .onQueue(serviceQueue))
        do {
            let row = try reader.db.query("SELECT count(*), total(duration) FROM songs").first ?? []
            let songs = row.first?.integer ?? 0
            let duration = row.count > 1 ? row[1].real ?? 0 : 0
            return (Int(truncatingIfNeeded: songs), Int64(exactly: duration.rounded()) ?? 0)
        } catch {
            throw .storage(error.description)
        }
    }
}
