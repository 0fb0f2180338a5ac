import DBus
import Foundation
import Testing
import TestSupport

extension ServiceSuites {
    /// Snapcast's MPD plug-in (`meta_mpd.py`, Debian's snapserver) against linnetd's MPD front end, run unchanged and
    /// driven as snapserver drives it (Scripts/meta_mpd_driver.py): the now-playing notification it prints has
    /// what it parsed out of status and currentsong, its Control and SetProperty requests reach the player, and
    /// a change from another client reaches it through idle.
    @Suite(.serialized) struct SnapcastMetaMPDTests {
        static let plugin = "/usr/share/snapserver/plug-ins/meta_mpd.py"

        /// The plug-in and what it imports (python3-musicbrainzngs, python3-gi, python3-dbus) are installed.
        static var available: Bool {
            FileManager.default.isReadableFile(atPath: plugin)
                && (try? Child.run("/usr/bin/python3", ["-c", "import mpd, musicbrainzngs, gi, dbus"]).status) == 0
        }

        static var driver: String {
            URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
                "Scripts/meta_mpd_driver.py"
            ).path
        }

        @Test(.enabled(if: available)) func theSnapcastPluginReportsTheSongAndDrivesThePlayer() throws {
            let f = try ServiceFixture()
            let socket = f.stateDir.file("mpd.socket")
            // Songs whose tags have one value each: this plug-in (snapserver 0.26) turns a repeated tag (two Artist
            // lines) into Python type objects, fails to print them and reconnects, against MPD as well.
            let demo = ServiceFixture.demo
            try f.launch(["--no-restore", "--mpd", socket, demo + "/01-intro.mp3", demo + "/05-pluck.ogg"])
            try f.waitUntil("playing", timeout: 10) { try f.status() == "Playing" }
            // Paused first, so that the song it reports cannot change under the test.
            try f.call(ServiceFixture.player, "Pause")
            try f.waitUntil("paused", timeout: 5) { try f.status() == "Paused" }

            let r = try Child.run("/usr/bin/python3", [Self.driver, Self.plugin, socket], timeout: 120)
            let json = try #require(r.output.split(separator: "\n").last.map { Data($0.utf8) }, "\(r.output)")
            let out = try #require(try JSONSerialization.jsonObject(with: json) as? [String: Any], "\(r.output)")
            try #require(r.status == 0, "\(r.output)\n\(f.log())")

            // The first notification: status mapped (paused, no repeat or shuffle, volume, seekable because a
            // duration is known) and the song's tags from currentsong.
            let current = try #require(out["current"] as? [String: Any])
            let first = try #require(out["first"] as? [String: Any])
            #expect(first["playbackStatus"] as? String == "paused")
            #expect(first["loopStatus"] as? String == "none")
            #expect(first["shuffle"] as? Bool == false)
            #expect(first["volume"] as? Int == 100)
            #expect(first["canSeek"] as? Bool == true)
            #expect((first["duration"] as? Double).map { abs($0 - 12) < 0.5 } == true, "\(first)")
            let metadata = try #require(first["metadata"] as? [String: Any], "\(first)")
            #expect(metadata["url"] as? String == current["file"] as? String)
            #expect((metadata["url"] as? String)?.hasSuffix("/01-intro.mp3") == true)
            #expect(metadata["trackId"] as? String == current["id"] as? String)
            #expect(metadata["title"] as? String == "Linnet demo, track one")
            #expect(metadata["artist"] as? [String] == ["Linnet"])
            #expect(metadata["albumArtist"] as? [String] == ["Linnet"])
            #expect(metadata["album"] as? String == "Linnet Demo")
            #expect(metadata["trackNumber"] as? Int == 1)
            #expect(metadata["discNumber"] as? Int == 1)
            #expect(metadata["genre"] as? [String] == ["Speech"])
            #expect(metadata["contentCreated"] as? String == "2026")
            #expect((metadata["duration"] as? Double).map { abs($0 - 12) < 0.5 } == true)

            // Its requests: each answered "ok", each change heard back through idle.
            for key in ["playReply", "pauseReply", "volumeReply", "loopReply"] {
                #expect((out[key] as? [String: Any])?["result"] as? String == "ok", "\(key): \(out[key] ?? "-")")
            }
            #expect((out["playing"] as? [String: Any])?["playbackStatus"] as? String == "playing")
            #expect((out["paused"] as? [String: Any])?["playbackStatus"] as? String == "paused")
            let next = try #require((out["next"] as? [String: Any])?["metadata"] as? [String: Any])
            #expect((out["nextFile"] as? String)?.hasSuffix("/05-pluck.ogg") == true)
            #expect(next["title"] as? String == "Hänfling plucks")
            #expect((out["volume"] as? [String: Any])?["volume"] as? Int == 40)
            let properties = try #require(out["properties"] as? [String: Any])
            #expect(properties["playbackStatus"] as? String == "paused")
            // This plug-in reads MPD's repeat 1 as "track" (its table maps 1 → track, 2 → playlist).
            #expect(properties["loopStatus"] as? String == "track")

            // And the player shows what the plug-in asked for. The volume as the sound server holds it (65536
            // steps: 0.39999…), once its reply to the change is in: a reply to an earlier query may first bring the
            // old volume back for a moment (PulseAudioOutput.sinkInputChanged).
            try f.waitUntil("volume 40% on the bus", timeout: 10) {
                abs((try f.get(ServiceFixture.player, "Volume").doubleValue ?? 0) - 0.4) < 0.001
            }
            #expect(try f.get(ServiceFixture.player, "LoopStatus").stringValue == "Playlist")
            #expect((try f.metadata()["xesam:url"]?.stringValue ?? "").hasSuffix("05-pluck.ogg"))
        }
    }
}
