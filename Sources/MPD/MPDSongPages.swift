import MPDProtocol

/// Reads the library's songs a page at a time in path order (to build the song index), and writes long replies
/// a page of songs at a time.
@MainActor
enum MPDSongPages {
    static let pageSize = 512

    /// Calls `body` with each song of the library, in path order.
    static func forEach(
        _ library: (any MPDLibraryBackend)?, _ body: (MPDSong) throws(MPDCommandError) -> Void
    ) throws(MPDCommandError) {
        guard let library else { return }
        var cursor: MPDSongCursor?
        repeat {
            let page = try library.mpdSongPage(from: cursor, limit: pageSize)
            for song in page.songs { try body(song) }
            cursor = page.next
        } while cursor != nil
    }

    /// A stream writing `songs` (positions in an index) a page per part, each through `write`; the index stays
    /// as it was when the stream began.
    static func stream(_ songs: [Int], write: @escaping MPDSongLines.Writer) -> MPDResultStream {
        let page = MPDSongLines.pages(songs, size: pageSize, write)
        return MPDResultStream { (out: inout MPDResponseWriter) throws(MPDCommandError) -> Bool in page(&out) }
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
