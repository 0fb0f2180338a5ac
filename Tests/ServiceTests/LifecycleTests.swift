import DBus
import Foundation
import Testing
import TestSupport

extension ServiceSuites {
    /// Start, stop, restart, crash, second instance, corrupt state; and playerctl driving it all.
    @Suite(.serialized) struct LifecycleTests {
        static let player = ServiceFixture.player

        @Test func playerctlDrivesIt() throws {
            let f = try ServiceFixture()
            try f.launch([ServiceFixture.demo])
            try f.waitUntil("playing", timeout: 10) { try f.playerctl("status") == "Playing" }
            try f.playerctl("pause")
            #expect(try f.playerctl("status") == "Paused")
            #expect(try f.playerctl("metadata", "xesam:title") == "Linnet demo, track one")
            #expect(try f.playerctl("metadata", "xesam:artist") == "Linnet")
            try f.playerctl("position", "4")
            #expect(abs((Double(try f.playerctl("position")) ?? 0) - 4) < 0.2)
            try f.playerctl("loop", "Track")
            #expect(try f.playerctl("loop") == "Track")
            let before = try f.position()
            try f.playerctl("shuffle", "On")
            #expect(try f.playerctl("shuffle") == "On")
            // Turning shuffle on does not interrupt the track.
            #expect(try f.trackID() == "/org/linnet/Track/1")
            #expect(try f.position() == before)
            try f.playerctl("volume", "0.25")
            #expect(try f.playerctl("volume").hasPrefix("0.25"))
            try f.playerctl("play")
            #expect(try f.playerctl("status") == "Playing")
            try f.playerctl("next")
            try f.waitUntil("another track", timeout: 10) { try f.trackID() != "/org/linnet/Track/1" }
            try f.playerctl("stop")
            #expect(try f.playerctl("status") == "Stopped")
        }

        @Test func restartResumesPausedWhereItLeftOff() throws {
            let f = try ServiceFixture()
            try f.launch([ServiceFixture.demo])
            try f.waitUntil("playing", timeout: 10) { try f.status() == "Playing" }
            try f.call(ServiceFixture.trackList, "GoTo", [.objectPath("/org/linnet/Track/2")])
            try f.waitUntil("track 2", timeout: 10) {
                try f.trackID() == "/org/linnet/Track/2" && f.status() == "Playing"
            }
            try f.call(Self.player, "SetPosition", [.objectPath("/org/linnet/Track/2"), .int64(5_000_000)])
            try f.set(Self.player, "LoopStatus", .string("Playlist"))
            try f.set(Self.player, "Shuffle", .boolean(true))
            try f.set(Self.player, "Volume", .double(0.5))
            try f.call(Self.player, "Pause")
            let position = try f.position()
            #expect(try f.stop() == 0)
            #expect(f.log().contains("SIGTERM"))

            try f.launch()
            try f.waitUntil("restored", timeout: 10) { try f.status() == "Paused" }
            #expect(try f.trackID() == "/org/linnet/Track/2")
            #expect(abs(try f.position() - position) < 100_000)
            #expect(try f.get(Self.player, "LoopStatus") == .string("Playlist"))
            #expect(try f.get(Self.player, "Shuffle") == .boolean(true))
            #expect(try f.get(Self.player, "Volume") == .double(0.5))
            #expect(try f.tracks().count == 8)
            // Tags of a restored (paused, not yet heard) track are read in the background.
            try f.waitUntil("restored metadata", timeout: 10) {
                try f.metadata()["xesam:title"] == .string("Chords in a FLAC")
            }
            try f.call(Self.player, "Play")
            try f.waitUntil("plays on", timeout: 10) { try f.status() == "Playing" && f.position() > position }
        }

        @Test func restoreWithAVanishedFileStaysPausedOnTheNextEntry() throws {
            let f = try ServiceFixture()
            let a = f.stateDir.file("a.wav"), b = f.stateDir.file("b.wav")
            try TestMedia.sineWAV(a, seconds: 3)
            try TestMedia.sineWAV(b, seconds: 3, frequency: 660)
            try f.launch([a, b])
            try f.waitUntil("playing", timeout: 10) { try f.status() == "Playing" }
            try f.call(Self.player, "Pause")
            #expect(try f.stop() == 0)
            try FileManager.default.removeItem(atPath: a)
            try f.launch()
            // The bus name comes once the engine settled on b (StartupGate): the first reads already say so.
            #expect(try f.trackID() == "/org/linnet/Track/2")
            #expect(try f.status() == "Paused")
            #expect(!f.log().contains("taking the bus name anyway"))
            #expect(f.log().contains("a.wav"))
            #expect(f.daemon?.isRunning == true)
        }

        @Test func killNineLosesAtMostAFewSeconds() throws {
            let f = try ServiceFixture()
            try f.launch([ServiceFixture.demo + "/01-intro.mp3"])
            try f.waitUntil("7 s played", timeout: 20) { try f.position() >= 7_000_000 }
            let before = try f.position()
            #expect(try f.stop(signal: SIGKILL) == SIGKILL)
            try f.launch()
            try f.waitUntil("restored", timeout: 10) { try f.status() == "Paused" }
            let after = try f.position()
            #expect(after <= before && before - after <= 6_000_000, "lost \(before - after) µs")
        }

        @Test func quitExitsCleanlyAndSecondInstanceTakesAnInstanceName() throws {
            let f = try ServiceFixture()
            let first = try f.launch(["--no-restore"])
            // A second instance on the same bus takes org.mpris.MediaPlayer2.linnet.instance<PID>.
            let second = try Child(
                ServiceFixture.binary, ["--state-dir", f.stateDir.file("second"), "--no-restore"],
                environment: f.environment)
            let instance = "org.mpris.MediaPlayer2.linnet.instance\(second.pid)"
            try f.waitUntil(instance, timeout: 20) { (try? f.client.nameOwner(instance)) != nil }
            #expect(try f.client.nameOwner(ServiceFixture.bus) != f.client.nameOwner(instance))

            try f.call(ServiceFixture.root, "Quit")
            #expect(try first.wait(timeout: 20) == 0)
            #expect(FileManager.default.fileExists(atPath: f.stateDir.file("state/queue.db")))
            second.kill(SIGINT)
            #expect(try second.wait(timeout: 20) == 0)
        }

        @Test func corruptStateIsReportedAndSetAside() throws {
            let f = try ServiceFixture()
            let dir = f.stateDir.file("state")
            try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
            try Data("{ not json".utf8).write(to: URL(fileURLWithPath: dir + "/state.json"))
            try f.launch()
            #expect(try f.status() == "Stopped")
            #expect(f.log().contains("set aside"))
            let files = try FileManager.default.contentsOfDirectory(atPath: dir)
            #expect(files.contains { $0.hasPrefix("state.json.corrupt-") })
        }

        @Test func corruptQueueDatabaseIsMovedAsideAndRebuilt() throws {
            let f = try ServiceFixture()
            let dir = f.stateDir.file("state")
            try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
            try Data(repeating: 0x5A, count: 4096).write(to: URL(fileURLWithPath: dir + "/queue.db"))
            try f.launch([ServiceFixture.demo + "/01-intro.mp3"])
            try f.waitUntil("playing", timeout: 10) { try f.status() == "Playing" }
            #expect(f.log().contains("moved it aside"))
            let files = try FileManager.default.contentsOfDirectory(atPath: dir)
            #expect(files.contains { $0.hasPrefix("queue.db.corrupt-") })
            // The new database works: the queue comes back after a restart.
            try f.call(ServiceFixture.player, "Pause")
            _ = try f.stop()
            try f.launch()
            try f.waitUntil("restored", timeout: 10) { try f.tracks().count == 1 }
        }

        @Test func oldStateJSONIsMigratedOnce() throws {
            let f = try ServiceFixture()
            try f.launch([ServiceFixture.demo + "/01-intro.mp3", ServiceFixture.demo + "/07-untagged.wav"])
            try f.call(ServiceFixture.player, "Pause")
            _ = try f.stop()
            // Turn the saved database back into the JSON file an older linnetd wrote.
            let dir = f.stateDir.file("state")
            for name in ["queue.db", "queue.db-wal", "queue.db-shm"] {
                try? FileManager.default.removeItem(atPath: dir + "/" + name)
            }
            let json =
                #"{"playback":"paused","positionUs":0,"queue":{"current":2,"entries":[{"id":1,"item":{"location":"\#(ServiceFixture.demo)/01-intro.mp3"}},{"id":2,"item":{"location":"\#(ServiceFixture.demo)/07-untagged.wav"}}],"nextID":3,"order":{"loopMode":"none","shuffle":false}},"version":1,"volume":0.5}"#
            try Data(json.utf8).write(to: URL(fileURLWithPath: dir + "/state.json"))
            try f.launch()
            try f.waitUntil("restored", timeout: 10) { try f.tracks().count == 2 }
            #expect(try f.trackID() == "/org/linnet/Track/2")
            #expect(try f.get(ServiceFixture.player, "Volume") == .double(0.5))
            #expect(f.log().contains("migrated 2 queued tracks"))
            #expect(FileManager.default.fileExists(atPath: dir + "/state.json.migrated"))
            #expect(!FileManager.default.fileExists(atPath: dir + "/state.json"))
        }

        @Test func helpAndBadArguments() throws {
            let help = try Child.run(ServiceFixture.binary, ["--help"])
            #expect(help.status == 0 && help.output.contains("--state-dir"))
            let bad = try Child.run(ServiceFixture.binary, ["--bogus"])
            #expect(bad.status == 64 && bad.output.contains("unknown option"))
            // The version and commit, with nothing else started (no bus in this environment is needed).
            let version = try Child.run(ServiceFixture.binary, ["--version"])
            #expect(version.status == 0 && version.output.hasPrefix("linnetd ") && version.output.contains(" (commit "))
        }
    }
}
