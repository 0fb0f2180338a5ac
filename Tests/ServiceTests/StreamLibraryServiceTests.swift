import DBus
import Foundation
import Testing
import TestSupport

extension ServiceSuites {
    /// AAC streams heard through the real linnetd, the radio station list in the library database (with the
    /// one-time import of the old station file), streams in user playlists, and queued streams across a restart.
    @Suite(.serialized) struct StreamLibraryServiceTests {
        static let library = "org.mpris.MediaPlayer2.linnet.Library"
        static let playlists = "org.mpris.MediaPlayer2.Playlists"
        static var linnet: String { StreamServiceTests.linnet }

        /// A stream server on a media folder (a 20 s tone as MP3, M4A, ADTS and AAC in MPEG-TS) that is also the
        /// library folder; `before` runs before linnetd starts (with the server's URLs known).
        func start(_ before: (ServiceFixture, StreamServer) throws -> Void = { _, _ in }) throws -> (
            ServiceFixture, StreamServer
        ) {
            let f = try ServiceFixture()
            let media = f.stateDir.file("media")
            try FileManager.default.createDirectory(atPath: media, withIntermediateDirectories: true)
            let wav = f.stateDir.file("tone.wav")
            try TestMedia.sineWAV(wav, seconds: 20)
            try TestMedia.lame(wav, to: media + "/tone.mp3", options: ["-b", "128"])
            try TestMedia.ffmpeg(wav, to: media + "/tone.m4a")
            try TestMedia.ffmpeg(wav, to: media + "/tone-aac.ts")
            try TestMedia.ffmpeg(wav, to: media + "/tone.aac")
            let server = try StreamServer(mediaDirectory: media)
            f.extraEnvironment = [
                "LINNET_STREAM_READ_TIMEOUT": "3", "LINNET_STREAM_RECONNECT_DELAY": "0.05",
                "XDG_DATA_HOME": f.stateDir.file("data"),
                "no_proxy": "127.0.0.1", "NO_PROXY": "127.0.0.1"
            ]
            try before(f, server)
            try f.launch(["--no-restore", "--library", media])
            return (f, server)
        }

        func peak(_ samples: ArraySlice<Int16>) -> Int { samples.map { abs(Int($0)) }.max() ?? 0 }

        func linnet(_ f: ServiceFixture, _ args: [String]) throws -> (status: Int32, output: String) {
            try Child.run(Self.linnet, args, environment: f.environment)
        }

        @Test func m4aAndHLSWithAACAreHeard() throws {
            let (f, server) = try start()
            let recorder = try f.servers.sound.recordMonitor(of: "linnet_test")
            for path in ["/f/tone.m4a", "/hls/tone-aac.ts.m3u8?live=0"] {
                try f.call(ServiceFixture.player, "OpenUri", [.string(server.url(path))])
                try f.waitUntil("\(path) playing", timeout: 10) {
                    try f.status() == "Playing" && (try f.metadata()["xesam:url"]?.stringValue) == server.url(path)
                }
                let frames = recorder.frameCount
                try f.waitUntil("\(path) heard", timeout: 10) {
                    recorder.frameCount > frames + 8820 && peak(recorder.samples().suffix(4410)[...]) > 8000
                }
            }
            #expect(f.daemon?.isRunning == true)
        }

        @Test func hostileTransportStreamsEndInStreamErrorWithBoundedMemory() throws {
            let (f, server) = try start()
            let signals = try SignalRecorder(address: f.servers.busAddress)
            let t = ServiceFixture.trackList
            let noTrack = DBusValue.objectPath("/org/mpris/MediaPlayer2/TrackList/NoTrack")
            try f.call(t, "AddTrack", [.string(server.url("/f/tone.m4a")), noTrack, .boolean(false)])
            for kind in ["absurdpes", "overlong", "garbage"] {
                try f.call(t, "AddTrack", [.string(server.url("/hlsbad/\(kind).m3u8")), noTrack, .boolean(false)])
            }
            try f.call(t, "GoTo", [.objectPath(DBusObjectPath(try f.tracks()[0])!)])
            try f.waitUntil("the good file playing", timeout: 40) {
                try f.status() == "Playing" && (try f.metadata()["xesam:url"]?.stringValue) == server.url("/f/tone.m4a")
            }
            #expect(signals.all("StreamError").count == 3, "\(signals.all("StreamError").map(\.arguments))")
            let log = f.log()
            for needle in ["larger than 256 KB", "longer than its length field", "MPEG-TS"] {
                #expect(log.contains(needle), "log lacks \(needle)")
            }
            let rss = try StreamServiceTests().residentKB(f.daemon!.pid)
            print("linnetd VmRSS after the hostile MPEG-TS streams: \(rss) kB")
            #expect(rss < 40_000, "linnetd holds \(rss) kB")
            #expect(f.daemon?.isRunning == true)
        }

        @Test func stationsLiveInTheLibraryDatabase() throws {
            var oldFile = ""
            let (f, server) = try start { f, server in
                // The station file of older versions: imported once, then renamed.
                oldFile = f.stateDir.file("data") + "/linnet/stations"
                try FileManager.default.createDirectory(
                    atPath: f.stateDir.file("data") + "/linnet",
                    withIntermediateDirectories: true)
                try "Old FM\t\(server.url("/icy/tone.mp3"))\nbroken line\n".write(
                    toFile: oldFile, atomically: true, encoding: .utf8)
            }
            #expect(try linnet(f, ["radio", "list"]).output == "Old FM  \(server.url("/icy/tone.mp3"))\n")
            #expect(!FileManager.default.fileExists(atPath: oldFile))
            #expect(FileManager.default.fileExists(atPath: oldFile + ".imported"))
            let station = server.url("/pls/tone.mp3")
            #expect(try linnet(f, ["radio", "add", "Test FM", station]).status == 0)
            #expect(try linnet(f, ["radio", "remove", "old fm"]).status == 0)
            let bad = try linnet(f, ["radio", "add", "Bad", "file:///etc/passwd"])
            #expect(bad.status != 0 && bad.output.contains("not an http"), "\(bad.output)")

            // Kept in library.db: still there after a restart (and the renamed file is not imported again).
            _ = try f.stop()
            try f.launch(["--no-restore"])
            #expect(try linnet(f, ["radio", "list"]).output == "Test FM  \(station)\n")
            #expect(try linnet(f, ["radio", "play", "TEST FM"]).status == 0)
            try f.waitUntil("the station playing", timeout: 10) {
                try f.status() == "Playing" && (try f.metadata()["xesam:title"]?.stringValue) == "Song"
            }
        }

        @Test func playlistsHoldStreamsAndQueuedStreamsSurviveARestart() throws {
            let (f, server) = try start()
            do {
                try f.waitUntil("the library scanned", timeout: 20) {
                    try f.get(Self.library, "Scanning") == .boolean(false)
                        && (f.get(Self.library, "Songs").integerValue ?? 0) >= 1
                }
            } catch {
                Issue.record(
                    "\(error): Songs \(try f.get(Self.library, "Songs")) Scanning \(try f.get(Self.library, "Scanning"))\n\(f.log())"
                )
                return
            }
            let radio = server.url("/icy/tone.mp3")
            #expect(try linnet(f, ["playlist", "create", "Mix"]).status == 0)
            #expect(try linnet(f, ["playlist", "add", "Mix", "--text", "tone"]).status == 0)
            let add = try linnet(f, ["playlist", "add", "Mix", radio])
            #expect(add.status == 0, "\(add.output)")
            let export = f.stateDir.file("mix.m3u8")
            #expect(try linnet(f, ["playlist", "export", "Mix", export]).status == 0)
            let exported = try String(contentsOfFile: export, encoding: .utf8)
            #expect(exported.hasSuffix("\(radio)\n") && exported.contains("/tone."), "\(exported)")
            // show lists the songs and the stream in the playlist's order, as the export does.
            let exportedEntries = exported.split(separator: "\n").filter { !$0.hasPrefix("#") }
            let shown = try linnet(f, ["playlist", "show", "mix"])
            let shownLines = shown.output.split(separator: "\n")
            #expect(
                shown.status == 0 && shownLines.count == exportedEntries.count && exportedEntries.count >= 2,
                "\(shown.output)")
            #expect(shownLines.last?.hasPrefix("\(shownLines.count)  \(radio)") == true, "\(shown.output)")
            let json = try linnet(f, ["playlist", "show", "Mix", "--json"]).output
            #expect(json.split(separator: "\n").last?.contains("\"linnet:stream\":true") == true, "\(json)")
            #expect(throws: (any Error).self) { try f.call(Self.library, "PlaylistEntries", [.string("No Such List")]) }
            let refused = try linnet(f, ["playlist", "add", "Mix", "ftp://127.0.0.1/x"])
            #expect(refused.status != 0, "\(refused.output)")
            #expect(throws: (any Error).self) {
                try f.call(Self.library, "AddStreamsToPlaylist", [.string("Mix"), DBusValue(["file:///etc/passwd"])])
            }

            let reply = try f.call(Self.library, "ListPlaylists")
            guard case .array(_, let rows)? = reply.first,
                let mix = rows.compactMap({ row -> String? in
                    guard case .dictionary(_, _, let entries) = row,
                        entries.contains(where: {
                            $0.key == .string("name") && $0.value.unwrappingVariants == .string("Mix")
                        }),
                        let id = entries.first(where: { $0.key == .string("id") })?.value.unwrappingVariants,
                        case .objectPath(let p) = id
                    else { return nil }
                    return p.rawValue
                }).first
            else {
                Issue.record("no Mix playlist in \(reply)"); return
            }
            try f.call(Self.playlists, "ActivatePlaylist", [.objectPath(DBusObjectPath(mix)!)])
            try f.waitUntil("the playlist queued", timeout: 10) { try f.tracks().count >= 2 }
            let count = try f.tracks().count
            for _ in 0..<(count - 1) { try f.call(ServiceFixture.player, "Next") }
            try f.waitUntil("the stream of the playlist playing", timeout: 10) {
                try f.status() == "Playing" && (try f.metadata()["xesam:url"]?.stringValue) == radio
                    && (try f.metadata()["xesam:title"]?.stringValue) == "Song"
            }

            // queue.db keeps the stream: after a restart it is the current track again, not connected until Play.
            _ = try f.stop()
            try f.launch()
            #expect(try f.tracks().count == count)
            #expect(try f.metadata()["xesam:url"]?.stringValue == radio)
            #expect(try f.status() != "Playing")
        }
    }
}
