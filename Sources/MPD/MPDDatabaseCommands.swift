import MPDProtocol
import PlayerCore

/// The library as a directory tree: lsinfo, listall, listallinfo, listfiles; and update, rescan, stats.
/// Directories are the library's folders as the songs' paths show them (a folder without songs is not seen).
@MainActor
enum MPDDatabaseCommands {
    static let all: [String: MPDCommand] = [
        "lsinfo": MPDCommand(.read) { c throws(MPDCommandError) in
            let base = try MPDSongPages.directory(try c.arguments(0, 1).first ?? "")
            let tags = c.session.tagTypes
            try list(base, recursive: false, &c) { song, out in MPDSongFormat.write(song, tagTypes: tags, to: &out) }
            if base.isEmpty, let library = c.library {
                // MPD lists the stored playlists at the root too (deprecated there, still read by some clients).
                for playlist in try library.mpdPlaylists() {
                    c.out.field("playlist", playlist.name)
                    c.out.field("Last-Modified", ISODate.string(fromEpochSeconds: playlist.modified))
                }
            }
        },
        "listfiles": MPDCommand(.read) { c throws(MPDCommandError) in
            let base = try MPDSongPages.directory(try c.arguments(0, 1).first ?? "")
            try list(base, recursive: false, &c, names: true) { song, out in
                out.field("file", String(song.file.split(separator: "/").last ?? ""))
            }
        },
        "listall": MPDCommand(.read) { c throws(MPDCommandError) in
            let base = try MPDSongPages.directory(try c.arguments(0, 1).first ?? "")
            try streamTree(base, &c) { song, out in out.field("file", song.file) }
        },
        "listallinfo": MPDCommand(.read) { c throws(MPDCommandError) in
            let base = try MPDSongPages.directory(try c.arguments(0, 1).first ?? "")
            let tags = c.session.tagTypes
            try streamTree(base, &c) { song, out in MPDSongFormat.write(song, tagTypes: tags, to: &out) }
        },
        "update": MPDCommand(.admin) { c throws(MPDCommandError) in try update(&c) },
        "rescan": MPDCommand(.admin) { c throws(MPDCommandError) in try update(&c) },
        "stats": MPDCommand(.read) { c throws(MPDCommandError) in
            _ = try c.arguments(0, 0)
            let stats = try c.library?.mpdStats() ?? MPDLibraryStats()
            c.out.field("artists", stats.artists)
            c.out.field("albums", stats.albums)
            c.out.field("songs", stats.songs)
            c.out.field("uptime", (ContinuousClock.now - c.session.server.started).components.seconds)
            c.out.field("db_playtime", stats.playtime)
            c.out.field("db_update", stats.lastUpdate)
            // Linnet does not count the time it has played; MPD's own counter is per run, so 0 is honest.
            c.out.field("playtime", 0)
        }
    ]

    /// `lsinfo`/`listfiles`: the base's subdirectories and its own songs. A base that is a song's file lists
    /// that song (as MPD's lsinfo does); one that names nothing is refused.
    private static func list(
        _ base: String, recursive: Bool, _ c: inout MPDCommandContext, names: Bool = false,
        song write: (MPDSong, inout MPDResponseWriter) -> Void
    ) throws(MPDCommandError) {
        var walk = MPDDirectoryWalk(base: base, recursive: recursive)
        var directories: [String] = []
        var songs = MPDResponseWriter()
        var any = false
        try MPDSongPages.forEach(c.library, in: base) { song throws(MPDCommandError) in
            any = true
            for entry in walk.visit(song.file) {
                switch entry {
                case .directory(let d): directories.append(d)
                case .file: write(song, &songs)
                }
            }
        }
        if !any, !base.isEmpty {
            guard let song = try c.library?.mpdSong(file: base) else {
                throw MPDCommandError(.noExist, "No such directory")
            }
            return write(song, &c.out)
        }
        // Directories first, then songs, as MPD prints a directory.
        for d in directories { c.out.field("directory", names ? String(d.split(separator: "/").last ?? "") : d) }
        c.out.append(contentsOf: songs)
    }

    /// `listall`/`listallinfo`: every directory and song under the base, streamed in path order.
    private static func streamTree(
        _ base: String, _ c: inout MPDCommandContext, song write: @escaping (MPDSong, inout MPDResponseWriter) -> Void
    ) throws(MPDCommandError) {
        if !base.isEmpty, try c.library?.mpdSongPage(in: base, from: nil, limit: 1).songs.isEmpty ?? true {
            guard let song = try c.library?.mpdSong(file: base) else {
                throw MPDCommandError(.noExist, "No such directory")
            }
            return write(song, &c.out)
        }
        var walk = MPDDirectoryWalk(base: base, recursive: true)
        c.stream = MPDSongPages.stream(c.library, in: base) { song, out in
            for entry in walk.visit(song.file) {
                switch entry {
                case .directory(let d): out.field("directory", d)
                case .file: write(song, &out)
                }
            }
        }
    }

    /// `update [URI]`/`rescan [URI]`: a scan of the library (all of it: Linnet's scans are not per folder).
    private static func update(_ c: inout MPDCommandContext) throws(MPDCommandError) {
        let args = try c.arguments(0, 1)
        if let uri = args.first { _ = try MPDSongPages.directory(uri) }
        guard let library = c.library else {
            throw MPDCommandError(.system, "the library is not open yet")
        }
        c.out.field("updating_db", library.mpdUpdate())
        c.session.server.libraryChanged()
    }
}
