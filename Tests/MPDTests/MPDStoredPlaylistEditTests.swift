import MPDProtocol
import Testing

@testable import MPD

/// The pure parts of the stored-playlist commands: what playlistadd's URI names, how a stored playlist's position
/// reads, and the permission each command needs (MPD 0.23's table, src/command/AllCommands.cxx).
@MainActor
@Suite struct MPDStoredPlaylistEditTests {
    @Test func streamsSongsAndFoldersAreToldApartAndNothingOutsideTheLibraryIsNamed() throws {
        #expect(try MPDPlaylistTarget.parse("http://radio.example/live") == .stream("http://radio.example/live"))
        #expect(try MPDPlaylistTarget.parse("HTTPS://radio.example/a.pls") == .stream("HTTPS://radio.example/a.pls"))
        #expect(try MPDPlaylistTarget.parse("Artist/Album/01.mp3") == .library("Artist/Album/01.mp3"))
        #expect(try MPDPlaylistTarget.parse("Artist/Album/") == .library("Artist/Album"))
        // The empty URI is the whole library, as in MPD.
        #expect(try MPDPlaylistTarget.parse("") == .library(""))
        let noDirectory = MPDCommandError(.noExist, "No such directory")
        for outside in ["/etc/passwd", "../etc/passwd", "Artist/../../etc", "./x.mp3", "a\0b"] {
            #expect(throws: noDirectory, "\(outside)") { try MPDPlaylistTarget.parse(outside) }
        }
        let unsupported = MPDCommandError(.noExist, "Unsupported URI scheme")
        for other in ["file:///etc/passwd", "ftp://example.com/a.mp3", "http://", "smb://host/share/a.mp3"] {
            #expect(throws: unsupported, "\(other)") { try MPDPlaylistTarget.parse(other) }
        }
    }

    @Test func storedPositionsAreUnsignedAsMPDReadsThem() throws {
        #expect(try MPDStoredPlaylistEditCommands.storedPosition(.absolute(3)) == 3)
        // strtoul reads "+2" as 2 and "-0" as 0; "-2" wraps to a huge number.
        #expect(try MPDStoredPlaylistEditCommands.storedPosition(.afterCurrent(2)) == 2)
        #expect(try MPDStoredPlaylistEditCommands.storedPosition(.beforeCurrent(0)) == 0)
        #expect(throws: MPDCommandError(.argument, "Number too large: -2")) {
            try MPDStoredPlaylistEditCommands.storedPosition(.beforeCurrent(2))
        }
    }

    @Test func storedPlaylistCommandsNeedMPDsPermissionsAndAreListed() {
        let mpd: [String: MPDPermission] = [
            "listplaylist": .read, "listplaylistinfo": .read, "listplaylists": .read, "load": .add,
            "playlistadd": .control, "playlistclear": .control, "playlistdelete": .control,
            "playlistmove": .control, "rename": .control, "rm": .control, "save": .control, "searchaddpl": .control
        ]
        for (name, permission) in mpd {
            #expect(MPDCommandTable.commands[name]?.permission == permission, "\(name)")
            #expect(MPDCommandTable.names.contains(name), "\(name) is listed by commands")
        }
    }
}
