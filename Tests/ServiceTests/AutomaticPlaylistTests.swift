import DBus
import Foundation
import Testing
import TestSupport

extension ServiceSuites {
    /// Issue 17: listed means playable. Recently Added and Most Played are listed (GetPlaylists, PlaylistCount,
    /// ListPlaylists, `linnet playlist list`) only while they have songs; their appearing is announced, and
    /// ActivatePlaylist of every listed playlist plays.
    @Suite(.serialized) struct AutomaticPlaylistTests {
        static let library = "org.mpris.MediaPlayer2.linnet.Library"
        static let playlists = "org.mpris.MediaPlayer2.Playlists"

        @Test func automaticPlaylistsAreListedOnlyWhileTheyCanPlay() throws {
            let f = try ServiceFixture()
            let music = f.stateDir.file("Music")
            try FileManager.default.createDirectory(atPath: music, withIntermediateDirectories: true)
            try f.launch(["--no-restore", "--library", music])
            try f.waitUntil("first scan", timeout: 60) { try f.get(Self.library, "Scanning") == .boolean(false) }
            let linnet = URL(fileURLWithPath: ServiceFixture.binary).deletingLastPathComponent()
                .appendingPathComponent("linnet").path
            func cliLists() throws -> [String] {
                let r = try Child.run(linnet, ["playlist", "list"], environment: f.environment)
                #expect(r.status == 0, "linnet playlist list: \(r.output)")
                return r.output.split(separator: "\n").map(String.init)
            }
            func listed() throws -> [(path: String, name: String)] {
                let reply = try f.call(
                    Self.playlists, "GetPlaylists",
                    [.uint32(0), .uint32(100), .string("Alphabetical"), .boolean(false)])
                guard case .array(_, let items)? = reply.first else { return [] }
                return items.compactMap {
                    guard case .structure(let p) = $0, let path = p[0].stringValue, let name = p[1].stringValue else {
                        return nil
                    }
                    return (path, name)
                }
            }
            func libraryListed() throws -> Int {
                guard case .array(_, let rows)? = try f.call(Self.library, "ListPlaylists").first else { return -1 }
                return rows.count
            }

            // An empty library: nothing listed anywhere, and the automatic ids are not playable.
            #expect(try listed().isEmpty)
            #expect(try f.get(Self.playlists, "PlaylistCount") == .uint32(0))
            #expect(try libraryListed() == 0)
            #expect(try cliLists().isEmpty)
            #expect(throws: DBusError.self) {
                try f.call(Self.playlists, "ActivatePlaylist", [.objectPath("/org/linnet/Playlist/recent")])
            }

            // Songs scanned: Recently Added appears (announced), Most Played not yet (nothing counted).
            let recorder = try SignalRecorder(address: f.servers.busAddress)
            let tree = LibraryTree(count: 3)
            try tree.write(to: music, template: try Self.template(seconds: 8, in: f.stateDir.path))
            try f.call(Self.library, "Rescan")
            try f.waitUntil("songs scanned", timeout: 30) {
                try f.get(Self.library, "Scanning") == .boolean(false) && f.get(Self.library, "Songs") == .uint32(3)
            }
            #expect(recorder.propertiesChanged(Self.playlists, "PlaylistCount")?["PlaylistCount"] == .uint32(1))
            #expect(try listed().map(\.name) == ["Recently Added"])
            #expect(try f.get(Self.playlists, "PlaylistCount") == .uint32(1))
            #expect(try libraryListed() == 1)
            #expect(try cliLists() == ["recent  Recently Added  3 songs  (automatic)"])
            try activateEach(f, try listed())

            // Heard past half its length (4 of 8 s): the play is counted and Most Played is listed.
            recorder.clear()
            #expect(
                recorder.propertiesChanged(Self.playlists, "PlaylistCount", timeout: 20)?["PlaylistCount"] == .uint32(2)
            )
            #expect(try listed().map(\.name) == ["Most Played", "Recently Added"])
            #expect(try cliLists().contains("mostplayed  Most Played  1 song  (automatic)"))
            try activateEach(f, try listed())
        }

        /// ActivatePlaylist of each listed playlist, from Stopped: it plays (PlaybackStatus Playing).
        private func activateEach(_ f: ServiceFixture, _ playlists: [(path: String, name: String)]) throws {
            for p in playlists {
                try f.call(ServiceFixture.player, "Stop")
                try f.waitUntil("stopped before \(p.name)", timeout: 10) { try f.status() == "Stopped" }
                try f.call(Self.playlists, "ActivatePlaylist", [.objectPath(try #require(DBusObjectPath(p.path)))])
                try f.waitUntil("\(p.name) playing", timeout: 10) { try f.status() == "Playing" }
            }
        }

        /// An MP3 stream without tags, `seconds` long (LibraryTree's own template is 0.1 s: too short to watch play).
        static func template(seconds: Int, in scratch: String) throws -> Data {
            let wav = scratch + "/long-template.wav", mp3 = scratch + "/long-template.mp3"
            try TestMedia.sox(["-r", "44100", "-c", "1", "-n", wav, "synth", "\(seconds)", "sine", "440", "vol", "0.1"])
            try TestMedia.lame(wav, to: mp3, options: ["-b", "32"])
            return try Data(contentsOf: URL(fileURLWithPath: mp3))
        }
    }
}
