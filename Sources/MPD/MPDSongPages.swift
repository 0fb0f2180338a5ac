import MPDProtocol

/// Reads the library's songs a page at a time in path order, for the commands that look at every song in a
/// directory (listings, find, list, count): at most a page is in memory.
@MainActor
enum MPDSongPages {
    static let pageSize = 512

    /// Calls `body` with each song inside `directory` ("" for all), in path order.
    static func forEach(
        _ library: (any MPDLibraryBackend)?, in directory: String,
        _ body: (MPDSong) throws(MPDCommandError) -> Void
    ) throws(MPDCommandError) {
        guard let library else { return }
        var cursor: MPDSongCursor?
        repeat {
            let page = try library.mpdSongPage(in: directory, from: cursor, limit: pageSize)
            for song in page.songs { try body(song) }
            cursor = page.next
        } while cursor != nil
    }

    /// A stream writing one page per part, each song through `write`.
    static func stream(
        _ library: (any MPDLibraryBackend)?, in directory: String,
        write: @escaping (MPDSong, inout MPDResponseWriter) -> Void
    ) -> MPDResultStream {
        var cursor: MPDSongCursor?
        return MPDResultStream { (out: inout MPDResponseWriter) throws(MPDCommandError) -> Bool in
            guard let library else { return false }
            let page = try library.mpdSongPage(in: directory, from: cursor, limit: pageSize)
            for song in page.songs { write(song, &out) }
            cursor = page.next
            return cursor != nil
        }
    }

    /// A directory argument as the library names folders: "" and "/" are the root; a trailing `/` is dropped;
    /// `.` and `..` are refused (nothing outside the library is ever listed).
    nonisolated static func directory(_ text: String) throws(MPDCommandError) -> String {
        var path = Substring(text)
        while path.hasSuffix("/") { path = path.dropLast() }
        while path.hasPrefix("/") { path = path.dropFirst() }
        let parts = path.split(separator: "/", omittingEmptySubsequences: false)
        guard !parts.contains(".."), !parts.contains("."), !path.contains("\0"), path.isEmpty || !parts.contains("")
        else {
            throw MPDCommandError(.noExist, "No such directory")
        }
        return String(path)
    }
}
