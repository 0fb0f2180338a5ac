import DBus
import Foundation
import SQLite
import Testing
import TestSupport

extension ServiceSuites {
    /// If linnetd dies anyway (issue 9): the crash leaves a line saying why and what it was doing, the unit's
    /// Restart= policy (applied here by a stand-in supervisor, since tests have no systemd user manager) brings it
    /// back, the state file restores the queue and position, and D-Bus activation starts it on the next call.
    @Suite(.serialized) struct CrashRecoveryTests {
        static let player = ServiceFixture.player

        /// The shipped unit's restart policy, read from packaging/linnet.service.
        struct RestartPolicy {
            var restart = "no"
            var burst = 5
            var intervalSeconds = 10.0

            init(unit path: String) throws {
                for line in try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n") {
                    let parts = line.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
                    guard parts.count == 2 else { continue }
                    switch parts[0] {
                    case "Restart": restart = parts[1]
                    case "StartLimitBurst": burst = Int(parts[1]) ?? burst
                    case "StartLimitIntervalSec": intervalSeconds = Double(parts[1]) ?? intervalSeconds
                    default: break
                    }
                }
            }

            /// systemd's rule for Restart=on-failure: an unclean exit code or a signal restarts; exit 0 does not.
            func restarts(status: Int32, bySignal: Bool) -> Bool {
                switch restart {
                case "always": return true
                case "on-failure": return bySignal || status != 0
                case "on-abnormal": return bySignal
                default: return false
                }
            }
        }

        static var unit: String {
            URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
                .deletingLastPathComponent().appendingPathComponent("packaging/linnet.service").path
        }

        @Test func segvUnderTheSupervisorComesBackWithQueueAndPosition() throws {
            let policy = try RestartPolicy(unit: Self.unit)
            #expect(policy.restart == "on-failure")
            #expect(
                policy.burst >= 3 && policy.burst <= 10 && policy.intervalSeconds >= 30,
                "a crash loop must stop after a few tries: burst \(policy.burst) in \(policy.intervalSeconds) s")

            let f = try ServiceFixture()
            try f.launch([ServiceFixture.demo])
            try f.waitUntil("playing", timeout: 10) { try f.status() == "Playing" }
            try f.call(ServiceFixture.trackList, "GoTo", [.objectPath("/org/linnet/Track/3")])
            try f.waitUntil("track 3", timeout: 10) {
                try f.trackID() == "/org/linnet/Track/3" && f.status() == "Playing"
            }
            try f.call(Self.player, "SetPosition", [.objectPath("/org/linnet/Track/3"), .int64(6_000_000)])
            let tracks = try f.tracks()
            // A seek is saved within about a second (StatePersistence); give it that, then crash while playing.
            try f.waitUntil("state saved after the seek", timeout: 10) {
                // The daemon's queue database, read as another connection would (WAL: committed saves only).
                let db = try? SQLiteDatabase(path: f.stateDir.file("state/queue.db"), mode: .readOnly)
                let saved = (try? db?.query("SELECT value FROM state WHERE key = 'position'"))??.first?.first?.integer
                return (saved ?? 0) >= 6_000_000
            }
            try f.call(Self.player, "PlayPause")
            try f.call(Self.player, "PlayPause")

            let status = try f.stop(signal: SIGSEGV)
            #expect(status == SIGSEGV, "exit status \(status)")
            let log = f.log()
            let line = log.split(separator: "\n").first { $0.contains("crashed:") }.map(String.init) ?? ""
            #expect(line.contains("linnetd: crashed: SIGSEGV sent by process"), "crash line: \(line)\n\(log)")
            #expect(line.contains("last: D-Bus org.mpris.MediaPlayer2.Player.PlayPause"), "crash line: \(line)")

            // The supervisor's decision, as systemd makes it from the unit.
            #expect(policy.restarts(status: status, bySignal: true))
            try f.launch()
            try f.waitUntil("restored", timeout: 10) { try f.status() == "Paused" }
            #expect(try f.tracks() == tracks)
            #expect(try f.trackID() == "/org/linnet/Track/3")
            let position = try f.position()
            #expect(position >= 5_900_000 && position <= 9_000_000, "position after the restart: \(position)")
            try f.call(Self.player, "Play")
            try f.waitUntil("plays on", timeout: 10) { try f.status() == "Playing" && f.position() > position }

            // A clean Quit exits 0, and Restart=on-failure leaves it down.
            try f.call(ServiceFixture.root, "Quit")
            try f.daemon?.wait(timeout: 20)
            #expect(f.daemon?.terminationStatus == 0)
            #expect(!policy.restarts(status: 0, bySignal: false))
        }

        @Test func busActivationStartsItAgainAfterACrash() throws {
            let data = try TemporaryDirectory(prefix: "linnet-activation")
            let f = try ServiceFixture(dataDirectory: data.path)
            // The shipped activation file, with our binary and the test's sound server and state directory.
            let shipped = URL(fileURLWithPath: Self.unit).deletingLastPathComponent()
                .appendingPathComponent("org.mpris.MediaPlayer2.linnet.service").path
            let exec =
                "/usr/bin/env PULSE_SERVER=\(f.servers.pulseAddress) XDG_STATE_HOME=\(f.stateDir.path) "
                + "\(ServiceFixture.binary) --state-dir \(f.stateDir.file("state"))"
            let activation = try String(contentsOfFile: shipped, encoding: .utf8)
                .replacingOccurrences(of: "@bindir@/linnetd", with: exec)
                .split(separator: "\n").filter { !$0.hasPrefix("SystemdService=") }.joined(separator: "\n")
            try FileManager.default.createDirectory(
                atPath: data.file("dbus-1/services"), withIntermediateDirectories: true)
            try activation.write(
                toFile: data.file("dbus-1/services/org.mpris.MediaPlayer2.linnet.service"),
                atomically: true, encoding: .utf8)

            try f.launch([ServiceFixture.demo + "/01-intro.mp3", ServiceFixture.demo + "/02-chords.flac"])
            try f.waitUntil("playing", timeout: 10) { try f.status() == "Playing" }
            try f.call(Self.player, "Next")
            try f.waitUntil("track 2", timeout: 10) { try f.trackID() == "/org/linnet/Track/2" }
            try f.call(Self.player, "Pause")
            #expect(try f.stop(signal: SIGSEGV) == SIGSEGV)

            // Nobody owns the name now; the next call to it (gdbus, as an applet or a script would call) makes the
            // bus start linnetd. (playerctl only lists running players, so it does not activate.)
            let reply = try Child.run(
                "gdbus",
                [
                    "call", "--session", "--dest", ServiceFixture.bus, "--object-path",
                    ServiceFixture.path, "--method", "org.freedesktop.DBus.Properties.Get",
                    Self.player, "PlaybackStatus"
                ], environment: f.environment)
            #expect(reply.output.contains("'Paused'"), "gdbus: \(reply.output)")
            try f.waitUntil("activated", timeout: 10) { (try? f.client.nameOwner(ServiceFixture.bus)) != nil }
            #expect(try f.trackID() == "/org/linnet/Track/2")
            #expect(try f.tracks().count == 2)
            try f.call(ServiceFixture.root, "Quit")
        }
    }
}
