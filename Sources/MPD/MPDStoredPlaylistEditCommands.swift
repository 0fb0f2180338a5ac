import MPDProtocol

/// Filling stored playlists: save (the queue), playlistadd (a song, a folder or a stream), playlistclear and
/// searchaddpl (a search's songs). As in MPD they need `control`, a playlist that is not there is made by
/// playlistadd and searchaddpl (once they have a song for it), and idle clients hear `stored_playlist`.
@MainActor
enum MPDStoredPlaylistEditCommands {
    static let all: [String: MPDCommand] = [
        "save": MPDCommand(.control) { c throws(MPDCommandError) in
            let args = try c.arguments(1, 2)
            let mode =
                try args.count > 1
                ? c.parse { () throws(MPDArgumentError) in try MPDPlaylistSaveMode.parse(args[1]) } : .create
            try library(c).mpdSavePlaylist(args[0], files: queueFiles(c), mode: mode)
            c.session.server.note([.storedPlaylist])
        },
        "playlistadd": MPDCommand(.control) { c throws(MPDCommandError) in
            let args = try c.arguments(2, 3)
            let position = try args.count > 2 ? Int(unsigned(args[2], c)) : nil
            let library = try library(c)
            let files = try files(of: try MPDPlaylistTarget.parse(args[1]), library, c)
            try library.mpdPlaylistAdd(args[0], files: files, at: position)
            if !files.isEmpty { c.session.server.note([.storedPlaylist]) }
        },
        "playlistclear": MPDCommand(.control) { c throws(MPDCommandError) in
            try library(c).mpdPlaylistClear(try c.arguments(1, 1)[0])
            c.session.server.note([.storedPlaylist])
        },
        "searchaddpl": MPDCommand(.control) { c throws(MPDCommandError) in
            let args = try c.arguments(2, .max)
            let query = try c.parse { () throws(MPDArgumentError) in
                try MPDSongQuery.parse(Array(args.dropFirst()), foldsCase: true, allowsPosition: true)
            }
            let position = try query.position.map { p throws(MPDCommandError) in try storedPosition(p) }
            let library = try library(c)
            let files = try searchMatches(query, c)
            try library.mpdPlaylistAdd(args[0], files: files, at: position)
            if !files.isEmpty { c.session.server.note([.storedPlaylist]) }
        }
    ]

    private static func library(_ c: MPDCommandContext) throws(MPDCommandError) -> any MPDLibraryBackend {
        try MPDStoredPlaylistCommands.library(c)
    }

    /// The queue's `file`s in order (library songs, streams, other local files), read a page at a time.
    private static func queueFiles(_ c: MPDCommandContext) -> [String] {
        let count = c.backend.mpdQueueCount
        var files: [String] = []
        files.reserveCapacity(count)
        for start in stride(from: 0, to: count, by: MPDSongPages.pageSize) {
            files += c.backend.mpdSongs(in: start..<min(count, start + MPDSongPages.pageSize)).map(\.file)
        }
        return files
    }

    /// The songs `target` names: the stream, the song, or a folder's songs in path order (a folder with none is
    /// "No such directory", as MPD has no folder without songs in its database; the whole library may be empty).
    private static func files(
        of target: MPDPlaylistTarget, _ library: any MPDLibraryBackend, _ c: MPDCommandContext
    ) throws(MPDCommandError) -> [String] {
        switch target {
        case .stream(let url): return [url]
        case .library(let name):
            let index = try c.songIndex()
            if !name.isEmpty, let song = index.song(named: name) {
                return [index.file(song)]
            }
            let files = index.songs(in: name).map(index.file)
            if files.isEmpty, !name.isEmpty { throw MPDCommandError(.noExist, "No such directory") }
            return files
        }
    }

    /// The files of the songs a `search` query selects, sorted and windowed: the search commands' own matching,
    /// so whatever `searchadd` adds, this adds.
    private static func searchMatches(_ query: MPDSongQuery, _ c: MPDCommandContext) throws(MPDCommandError)
        -> [String]
    {
        try MPDSearchCommands.matchingFiles(query, folds: true, c)
    }

    /// A stored playlist's position as MPD reads it, an unsigned number (so `+N` is N, and `-N` the huge number
    /// strtoul makes of it): the queue's relative forms mean nothing in a stored playlist.
    static func storedPosition(_ position: MPDInsertPosition) throws(MPDCommandError) -> Int {
        switch position {
        case .absolute(let n), .afterCurrent(let n): return Int(n)
        case .beforeCurrent(0): return 0
        case .beforeCurrent(let n): throw MPDCommandError(.argument, "Number too large: -\(n)")
        }
    }

    private static func unsigned(_ text: String, _ c: MPDCommandContext) throws(MPDCommandError) -> UInt32 {
        try c.parse { () throws(MPDArgumentError) in try MPDArguments.unsigned(text) }
    }
}
