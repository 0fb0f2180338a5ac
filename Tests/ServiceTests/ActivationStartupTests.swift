import DBus
import Foundation
import Testing
import TestSupport

extension ServiceSuites {
    /// Issue 17: after D-Bus activation the very first call reads the restored state. The bus holds that call until
    /// linnetd owns its name, so the name must come only once the restored queue, the current track (paused, its
    /// tags and length) and its position are published; before the fix the first reply said Stopped with no tags.
    @Suite(.serialized) struct ActivationStartupTests {
        static let player = ServiceFixture.player
        static let rounds = 5
        static let savedPosition: Int64 = 12_000_000

        @Test func theFirstCallAfterActivationSeesTheRestoredPausedTrack() throws {
            let services = try TemporaryDirectory(prefix: "linnet-activation-services")
            let f = try ServiceFixture(serviceDirectory: services.path)
            let media = f.stateDir.file("media")
            try FileManager.default.createDirectory(atPath: media, withIntermediateDirectories: true)
            let first = media + "/short.mp3", second = media + "/long.mp3"
            try Self.tone(first, seconds: 3, title: "Short Tone", artist: "Opener", scratch: f.stateDir.path)
            try Self.tone(second, seconds: 30, title: "Long Tone", artist: "Tester", scratch: f.stateDir.path)
            try Self.writeActivationFile(in: services.path, for: f)

            // An earlier run: paused on track 2, 12 s in; Quit saves it.
            try f.launch([first, second])
            try f.waitUntil("playing", timeout: 10) { try f.status() == "Playing" }
            try f.call(Self.player, "Next")
            try f.waitUntil("track 2", timeout: 10) { try f.trackID() == "/org/linnet/Track/2" }
            try f.call(Self.player, "Pause")
            try f.call(Self.player, "SetPosition", [.objectPath("/org/linnet/Track/2"), .int64(Self.savedPosition)])
            try f.waitUntil("paused at 12 s", timeout: 10) {
                try f.status() == "Paused" && abs(f.position() - Self.savedPosition) < 100_000
            }
            try f.call(ServiceFixture.root, "Quit")
            try f.daemon?.wait(timeout: 20)
            f.daemon = nil

            let linnet = URL(fileURLWithPath: ServiceFixture.binary).deletingLastPathComponent()
                .appendingPathComponent("linnet").path
            for round in 1...Self.rounds {
                try f.waitUntil("name released before round \(round)", timeout: 20) {
                    (try? f.client.nameOwner(ServiceFixture.bus)) == nil
                }
                // The first call of this round is what activates linnetd: alternately the CLI and busctl.
                if round % 2 == 1 {
                    let r = try Child.run(linnet, ["status"], environment: f.environment)
                    #expect(r.status == 0, "round \(round): linnet status: \(r.output)")
                    let lines = r.output.split(separator: "\n").map(String.init)
                    #expect(
                        lines.first == "Paused: Long Tone — Tester",
                        "round \(round): \(r.output)\n\(f.servers.busLog())")
                    #expect(lines.last == "0:12 / 0:30", "round \(round): \(r.output)")
                } else {
                    let all = try Self.busctlGetAll(f)
                    #expect(all["PlaybackStatus"] as? String == "Paused", "round \(round): \(all)")
                    let metadata = all["Metadata"] as? [String: Any] ?? [:]
                    #expect(metadata["xesam:title"] as? String == "Long Tone", "round \(round): \(metadata)")
                    #expect(metadata["xesam:artist"] as? [String] == ["Tester"], "round \(round): \(metadata)")
                    #expect(metadata["mpris:trackid"] as? String == "/org/linnet/Track/2", "round \(round)")
                    let length = (metadata["mpris:length"] as? NSNumber)?.int64Value ?? 0
                    #expect(abs(length - 30_000_000) < 200_000, "round \(round): length \(length)")
                    let position = (all["Position"] as? NSNumber)?.int64Value ?? -1
                    #expect(abs(position - Self.savedPosition) < 200_000, "round \(round): position \(position)")
                }
                #expect(try f.tracks().count == 2)
                try f.call(ServiceFixture.root, "Quit")
            }
        }

        /// A restored queue whose every file is gone: nothing will load, and the name is taken as soon as the engine
        /// has said so (not at the gate's deadline).
        @Test func theNameIsTakenAtOnceWhenNothingRestoredCanLoad() throws {
            let f = try ServiceFixture()
            let gone = f.stateDir.file("gone.wav")
            try TestMedia.sineWAV(gone, seconds: 3)
            try f.launch([gone])
            try f.waitUntil("playing", timeout: 10) { try f.status() == "Playing" }
            try f.call(Self.player, "Pause")
            #expect(try f.stop() == 0)
            try FileManager.default.removeItem(atPath: gone)
            try f.launch()
            #expect(try f.status() == "Stopped")
            #expect(try f.tracks().count == 1)
            #expect(!f.log().contains("taking the bus name anyway"), "\(f.log())")
        }

        /// A sine MP3 with ID3 title and artist (lame writes them).
        static func tone(_ path: String, seconds: Int, title: String, artist: String, scratch: String) throws {
            let wav = scratch + "/tone-\(seconds).wav"
            try TestMedia.sox(["-r", "44100", "-c", "2", "-n", wav, "synth", "\(seconds)", "sine", "330", "vol", "0.1"])
            try TestMedia.lame(wav, to: path, options: ["-b", "64", "--tt", title, "--ta", artist])
        }

        /// The shipped activation file, running our binary with the test's bus, sound server and state.
        static func writeActivationFile(in directory: String, for f: ServiceFixture) throws {
            let shipped = URL(fileURLWithPath: CrashRecoveryTests.unit).deletingLastPathComponent()
                .appendingPathComponent("org.mpris.MediaPlayer2.linnet.service").path
            let variables = [
                "DBUS_SESSION_BUS_ADDRESS", "PULSE_SERVER", "XDG_STATE_HOME", "XDG_CACHE_HOME", "XDG_CONFIG_HOME"
            ]
            let exec =
                "/usr/bin/env " + variables.map { "\($0)=\(f.environment[$0] ?? "")" }.joined(separator: " ")
                + " \(ServiceFixture.binary) --state-dir \(f.stateDir.file("state"))"
            let activation = try String(contentsOfFile: shipped, encoding: .utf8)
                .replacingOccurrences(of: "@bindir@/linnetd", with: exec)
                .split(separator: "\n").filter { !$0.hasPrefix("SystemdService=") }.joined(separator: "\n")
            try activation.write(
                toFile: directory + "/org.mpris.MediaPlayer2.linnet.service", atomically: true,
                encoding: .utf8)
        }

        /// `busctl call … GetAll` of the Player interface as JSON, variants unwrapped.
        static func busctlGetAll(_ f: ServiceFixture) throws -> [String: Any] {
            let r = try Child.run(
                "busctl",
                [
                    "--address=\(f.servers.busAddress)", "--json=short", "call", ServiceFixture.bus,
                    ServiceFixture.path, "org.freedesktop.DBus.Properties", "GetAll", "s",
                    Self.player
                ], environment: f.environment)
            guard r.status == 0,
                let json = try JSONSerialization.jsonObject(with: Data(r.output.utf8)) as? [String: Any],
                let data = json["data"] as? [Any], let all = data.first as? [String: Any]
            else {
                throw ServiceFixture.Failure(description: "busctl GetAll: \(r.status) \(r.output)")
            }
            return all.mapValues(unwrap)
        }

        /// busctl's JSON writes a variant as {"type": …, "data": …}.
        static func unwrap(_ value: Any) -> Any {
            if let v = value as? [String: Any], v.count == 2, v["type"] is String, let data = v["data"] {
                if let dict = data as? [String: Any] { return dict.mapValues(unwrap) }
                return data
            }
            return value
        }
    }
}
