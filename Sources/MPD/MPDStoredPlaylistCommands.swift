import MPDProtocol
import PlayerCore

/// Stored playlists, which are the library's playlists (the ones the Playlists interface shows): listplaylists,
/// listplaylist, listplaylistinfo, load, rm, rename, playlistdelete, playlistmove (filling them:
/// `MPDStoredPlaylistEditCommands`). Positions count from 0.
@MainActor
enum MPDStoredPlaylistCommands {
    static let all: [String: MPDCommand] = [
        "listplaylists": MPDCommand(.read) { c throws(MPDCommandError) in
            _ = try c.arguments(0, 0)
            for playlist in try c.library?.mpdPlaylists() ?? [] {
                c.out.field("playlist", playlist.name)
                c.out.field("Last-Modified", ISODate.string(fromEpochSeconds: playlist.modified))
            }
        },
        "listplaylist": MPDCommand(.read) { c throws(MPDCommandError) in
            for song in try songs(&c) { c.out.field("file", song.file) }
        },
        "listplaylistinfo": MPDCommand(.read) { c throws(MPDCommandError) in
            for song in try songs(&c) { MPDSongFormat.write(song, tagTypes: c.session.tagTypes, to: &c.out) }
        },
        "load": MPDCommand(.add) { c throws(MPDCommandError) in
            let args = try c.arguments(1, 3)
            var songs = try library(c).mpdPlaylistSongs(args[0])
            if args.count > 1 {
                let range = try c.parse { () throws(MPDArgumentError) in try MPDRange.parse(args[1]) }
                guard range.start <= songs.count else { throw .badSongIndex }
                songs = Array(songs[range.clamped(toCount: songs.count)])
            }
            let position = try args.count > 2 ? MPDQueueCommands.insertPosition(parsePosition(args[2], c), c) : nil
            try library(c).mpdEnqueue(files: songs.map(\.file), at: position)
        },
        "rm": MPDCommand(.control) { c throws(MPDCommandError) in
            try library(c).mpdDeletePlaylist(try c.arguments(1, 1)[0])
            c.session.server.note([.storedPlaylist])
        },
        "rename": MPDCommand(.control) { c throws(MPDCommandError) in
            let args = try c.arguments(2, 2)
            try library(c).mpdRenamePlaylist(args[0], to: args[1])
            c.session.server.note([.storedPlaylist])
        },
        "playlistdelete": MPDCommand(.control) { c throws(MPDCommandError) in
            let args = try c.arguments(2, 2)
            let p = Int(try c.parse { () throws(MPDArgumentError) in try MPDArguments.unsigned(args[1]) })
            try library(c).mpdPlaylistDelete(args[0], position: p)
            c.session.server.note([.storedPlaylist])
        },
        "playlistmove": MPDCommand(.control) { c throws(MPDCommandError) in
            let args = try c.arguments(3, 3)
            let from = Int(try c.parse { () throws(MPDArgumentError) in try MPDArguments.unsigned(args[1]) })
            let to = Int(try c.parse { () throws(MPDArgumentError) in try MPDArguments.unsigned(args[2]) })
            try library(c).mpdPlaylistMove(args[0], from: from, to: to)
            c.session.server.note([.storedPlaylist])
        }
    ]

    /// The library, which holds the stored playlists; without one there are none.
    static func library(_ c: MPDCommandContext) throws(MPDCommandError) -> any MPDLibraryBackend {
        guard let library = c.library else { throw MPDCommandError(.noExist, "No such playlist") }
        return library
    }

    private static func songs(_ c: inout MPDCommandContext) throws(MPDCommandError) -> [MPDSong] {
        try library(c).mpdPlaylistSongs(try c.arguments(1, 1)[0])
    }

    private static func parsePosition(_ text: String, _ c: MPDCommandContext) throws(MPDCommandError)
        -> MPDInsertPosition
    {
        try c.parse { () throws(MPDArgumentError) in try MPDInsertPosition.parse(text) }
    }
}
