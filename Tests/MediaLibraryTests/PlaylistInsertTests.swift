import PlayerCore
import Testing
import TestSupport

@testable import MediaLibrary

/// Entries put into a user playlist by path (the MPD front end's save, playlistadd, playlistclear): at a position
/// or the end, replaced whole, library songs and streams only, and nothing changed by a refused call.
@Suite(.serialized) struct PlaylistInsertTests {
    typealias Fixture = LibraryScanTests.Fixture

    /// A scanned library of four songs and an empty playlist "Mix"; the songs' paths.
    func setUp() throws -> (Fixture, [[UInt8]]) {
        let f = try Fixture(count: 4)
        try f.start()
        try f.scanAndWait()
        let paths = try f.songs(.init()).map(\.path).sorted { $0.lexicographicallyPrecedes($1) }
        try #require(paths.count == 4)
        _ = try f.queue.sync { try f.service.createPlaylist("Mix") }
        return (f, paths)
    }

    /// The playlist's entries as paths (songs) and URLs (streams), in order.
    func entries(_ f: Fixture, _ name: String = "Mix") throws -> [[UInt8]] {
        try f.queue.sync {
            let info = try f.service.playlist(.text(name))
            return try f.service.playlistEntries(info, markPlayed: false).map { entry in
                switch entry {
                case .song(let s): s.path
                case .stream(let url): Array(url.utf8)
                }
            }
        }
    }

    func insert(_ f: Fixture, _ paths: [[UInt8]], at position: Int?) throws {
        try f.queue.sync { try f.service.insertIntoPlaylist(.text("Mix"), paths: paths, at: position) }
    }

    @Test func songsAndStreamsGoAtThePositionAskedOrTheEnd() throws {
        let (f, p) = try setUp()
        let stream = Array("https://radio.example/live".utf8)
        try insert(f, [p[0], p[1]], at: nil)
        try insert(f, [stream], at: nil)
        #expect(try entries(f) == [p[0], p[1], stream])
        try insert(f, [p[2]], at: 0)
        #expect(try entries(f) == [p[2], p[0], p[1], stream])
        try insert(f, [p[3], p[3]], at: 2)
        #expect(try entries(f) == [p[2], p[0], p[3], p[3], p[1], stream])
        // The count itself is the end.
        try insert(f, [p[0]], at: 6)
        #expect(try entries(f) == [p[2], p[0], p[3], p[3], p[1], stream, p[0]])
        let info = try f.queue.sync { try f.service.playlist(.text("Mix")) }
        #expect(info.songs == 6 && info.streams == 1)
    }

    @Test func aPositionPastTheEndOrAPathOutsideTheLibraryChangesNothing() throws {
        let (f, p) = try setUp()
        try insert(f, [p[0]], at: nil)
        #expect(throws: LibraryError.self) { try insert(f, [p[1]], at: 2) }
        #expect(throws: LibraryError.self) { try insert(f, [p[1]], at: -1) }
        // One unknown path refuses the whole call: the good paths before it are not added either.
        let outside = Array("/etc/passwd".utf8)
        do {
            try insert(f, [p[1], outside], at: nil)
            Issue.record("a path outside the library was accepted")
        } catch let error as LibraryError {
            #expect(error == .playlist("'/etc/passwd' is neither a library song nor an http(s) stream"))
        }
        #expect(throws: LibraryError.self) { try insert(f, [Array("ftp://example.com/a.mp3".utf8)], at: nil) }
        #expect(try entries(f) == [p[0]])
    }

    @Test func replacingSetsEveryEntryAndNoneEmptiesThePlaylist() throws {
        let (f, p) = try setUp()
        try insert(f, [p[0], p[1], p[2]], at: nil)
        let stream = Array("http://radio.example/a".utf8)
        try f.queue.sync { try f.service.replacePlaylistEntries(.text("Mix"), paths: [stream, p[3]]) }
        #expect(try entries(f) == [stream, p[3]])
        #expect(throws: LibraryError.self) {
            try f.queue.sync { try f.service.replacePlaylistEntries(.text("Mix"), paths: [Array("nosuch".utf8)]) }
        }
        #expect(try entries(f) == [stream, p[3]])
        try f.queue.sync { try f.service.replacePlaylistEntries(.text("Mix"), paths: []) }
        #expect(try entries(f).isEmpty)
        // Only the user's own playlists are edited: an automatic one is read-only.
        #expect(throws: LibraryError.self) {
            try f.queue.sync {
                try f.service.replacePlaylistEntries(.id(PlaylistInfo.recentlyAddedID), paths: [p[0]])
            }
        }
        #expect(throws: LibraryError.self) {
            try f.queue.sync { try f.service.insertIntoPlaylist(.text("No Such List"), paths: [p[0]]) }
        }
    }
}
