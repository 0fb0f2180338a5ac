import DBus
import Foundation
import Testing
import TestSupport

extension ServiceSuites {
    /// Issue 17: an http(s) URL libcurl cannot parse, or one with no host, is refused at the call with InvalidArgs
    /// (naming the URL and libcurl's reason) by every method that adds URLs, and nothing is queued or stored.
    /// The calls come from real clients (gdbus, which prints the error name, and busctl).
    @Suite(.serialized) struct MalformedURLTests {
        static let library = "org.mpris.MediaPlayer2.linnet.Library"
        static let invalidArgs = "org.freedesktop.DBus.Error.InvalidArgs"
        static let malformed = ["http://", "http://[::1", "https:///x", "http://exa mple.com"]

        @Test func malformedURLsAreRefusedAndNothingChanges() throws {
            let f = try ServiceFixture()
            let music = f.stateDir.file("Music")
            try FileManager.default.createDirectory(atPath: music, withIntermediateDirectories: true)
            let a = f.stateDir.file("a.wav"), b = f.stateDir.file("b.wav")
            try TestMedia.sineWAV(a, seconds: 20)
            try TestMedia.sineWAV(b, seconds: 20, frequency: 660)
            try f.launch(["--no-restore", "--library", music, a, b])
            try f.waitUntil("playing", timeout: 10) { try f.status() == "Playing" }
            try f.call(Self.library, "CreatePlaylist", [.string("Mix")])
            let tracks = try f.tracks(), current = try f.trackID()
            func entries() throws -> Int {
                guard case .array(_, let rows)? = try f.call(Self.library, "PlaylistEntries", [.string("Mix")]).first
                else { return -1 }
                return rows.count
            }
            func stations() throws -> Int {
                guard case .array(_, let rows)? = try f.call(Self.library, "ListStations").first else { return -1 }
                return rows.count
            }

            for url in Self.malformed {
                let quoted =
                    "'" + url.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "'", with: "\\'")
                    + "'"
                let calls: [(String, [String])] = [
                    ("org.mpris.MediaPlayer2.Player.OpenUri", [quoted]),
                    (
                        "org.mpris.MediaPlayer2.TrackList.AddTrack",
                        [quoted, "'/org/mpris/MediaPlayer2/TrackList/NoTrack'", "true"]
                    ),
                    ("\(Self.library).AddStation", ["'Bad Radio'", quoted]),
                    // One good URL with the bad one: all or nothing.
                    ("\(Self.library).AddStreamsToPlaylist", ["'Mix'", "['https://radio.example/ok.mp3', \(quoted)]"])
                ]
                for (method, args) in calls {
                    let r = try gdbus(f, method, args)
                    #expect(r.status != 0, "\(method)(\(url)) was accepted: \(r.output)")
                    #expect(r.output.contains(Self.invalidArgs), "\(method)(\(url)): \(r.output)")
                    #expect(r.output.contains("'\(url)' is not a valid URL: "), "\(method)(\(url)): \(r.output)")
                }
                // busctl, the other real client: it fails the same way and prints the same message.
                let r = try Child.run(
                    "busctl",
                    [
                        "--user", "call", ServiceFixture.bus, ServiceFixture.path, ServiceFixture.player,
                        "OpenUri", "s", url
                    ], environment: f.environment)
                #expect(r.status != 0 && r.output.contains("is not a valid URL"), "busctl OpenUri(\(url)): \(r.output)")
            }
            #expect(try f.tracks() == tracks)
            #expect(try f.trackID() == current)
            #expect(try f.status() == "Playing")
            #expect(try entries() == 0)
            #expect(try stations() == 0)

            // libcurl's reason is in the message; the good URLs are still taken.
            let reason = try gdbus(f, "org.mpris.MediaPlayer2.Player.OpenUri", ["'http://[::1'"])
            #expect(reason.output.contains("Bad IPv6 address"), "\(reason.output)")
            #expect(
                try gdbus(f, "\(Self.library).AddStation", ["'Good Radio'", "'http://[::1]:8000/live.mp3'"]).status == 0
            )
            #expect(try stations() == 1)
            #expect(
                try gdbus(
                    f, "org.mpris.MediaPlayer2.TrackList.AddTrack",
                    [
                        "'https://user:pw@radio.example:8443/a.mp3?x=1'", "'/org/mpris/MediaPlayer2/TrackList/NoTrack'",
                        "false"
                    ]
                ).status == 0)
            try f.waitUntil("the good stream queued", timeout: 10) { try f.tracks().count == tracks.count + 1 }
        }

        /// `gdbus call` of `method` (interface.member) on the player with GVariant-text arguments.
        private func gdbus(_ f: ServiceFixture, _ method: String, _ args: [String]) throws -> (
            status: Int32, output: String
        ) {
            try Child.run(
                "gdbus",
                [
                    "call", "--address", f.servers.busAddress, "--dest", ServiceFixture.bus,
                    "--object-path", ServiceFixture.path, "--method", method
                ] + args, environment: f.environment)
        }
    }
}
