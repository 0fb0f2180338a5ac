import MPDProtocol
import PlayerCore

/// The library as a directory tree: lsinfo, listall, listallinfo, listfiles; and update, rescan, stats.
/// Directories are the library's folders as the songs' paths show them (a folder without songs is not seen).
@MainActor
enum MPDDatabaseCommands {
    static let all: [String: MPDCommand] = [
        "lsinfo": MPDCommand(.read) { c throws(MPDCommandError) in
            let base = try MPDSongPages.directory(try c.arguments(0, 1).first ?? "")
            let index = try c.songIndex()
            let shown = index.shown(c.session.tagTypes)
            try list(base, index, &c) { i, out in index.write(i, shown: shown, to: &out) }
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
            let index = try c.songIndex()
            try list(base, index, &c, names: true) { i, out in
                out.line("file", String(index.file(i).split(separator: "/").last ?? ""))
                MPDSongFormat.writeModified(index.lastModified(i), to: &out)
            }
        },
        "listall": MPDCommand(.read) { c throws(MPDCommandError) in
            let base = try MPDSongPages.directory(try c.arguments(0, 1).first ?? "")
            let index = try c.songIndex()
            try streamTree(base, index, &c, times: false, song: MPDSongLines.files(index))
        },
        "listallinfo": MPDCommand(.read) { c throws(MPDCommandError) in
            let base = try MPDSongPages.directory(try c.arguments(0, 1).first ?? "")
            let index = try c.songIndex()
            try streamTree(base, index, &c, times: true, song: MPDSongLines.songs(index, tagTypes: c.session.tagTypes))
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
        _ base: String, _ index: MPDSongIndex, _ c: inout MPDCommandContext, names: Bool = false,
        song write: (Int, inout MPDResponseWriter) -> Void
    ) throws(MPDCommandError) {
        let inside = index.songs(in: base)
        if inside.isEmpty, !base.isEmpty { return try writeSong(named: base, index, &c.out, write) }
        var walk = MPDDirectoryWalk(base: base, recursive: false)
        // Each subdirectory with the newest time of the songs inside it (the library keeps no folder times; MPD
        // prints the folder's own, which changes as its songs do).
        var directories: [(name: String, modified: Int64?)] = []
        var songs = MPDResponseWriter()
        for i in inside {
            for entry in walk.visit(index.file(i)) {
                switch entry {
                case .directory(let d): directories.append((d, index.newestModification(in: d, from: i)))
                case .file: write(i, &songs)
                }
            }
        }
        // Directories first, then songs, as MPD prints a directory.
        for d in directories {
            c.out.line("directory", names ? String(d.name.split(separator: "/").last ?? "") : d.name)
            MPDSongFormat.writeModified(d.modified, to: &c.out)
        }
        c.out.append(contentsOf: songs)
    }

    /// `listall`/`listallinfo`: every directory and song under the base, streamed in path order.
    private static func streamTree(
        _ base: String, _ index: MPDSongIndex, _ c: inout MPDCommandContext, times: Bool,
        song write: @escaping MPDSongLines.Writer
    ) throws(MPDCommandError) {
        let inside = index.songs(in: base)
        if inside.isEmpty, !base.isEmpty { return try writeSong(named: base, index, &c.out, write) }
        c.stream = MPDSongPages.stream(inside, write: MPDSongLines.tree(index, base: base, times: times, write))
    }

    /// A base naming a song rather than a directory: that song, or "No such directory".
    private static func writeSong(
        named file: String, _ index: MPDSongIndex, _ out: inout MPDResponseWriter,
        _ write: (Int, inout MPDResponseWriter) -> Void
    ) throws(MPDCommandError) {
        guard let i = index.song(named: file) else {
            throw MPDCommandError(.noExist, "No such directory")
        }
        write(i, &out)
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
