import DBus
import Foundation
import Testing
import TestSupport

/// Another MPRIS player on the test bus (our DBus layer): PlaybackStatus, Play and Pause.
final class OtherPlayer: @unchecked Sendable {
    // Safe: `status` is a LockedBox; the connection is immutable after init.
    let connection: DBusConnection
    let status = LockedBox("Playing")

    init(address: String, name: String) throws {
        connection = try DBusConnection(bus: .address(address), queue: DispatchQueue(label: "test.other-player"))
        let status = self.status
        try connection.export(
            path: "/org/mpris/MediaPlayer2",
            interfaces: [
                DBusInterface(
                    "org.mpris.MediaPlayer2.Player",
                    methods: [
                        DBusMethod("Pause") { _ in
                            status.set("Paused"); return []
                        },
                        DBusMethod("Play") { _ in
                            status.set("Playing"); return []
                        }
                    ],
                    properties: [
                        DBusProperty("PlaybackStatus", signature: .string, get: { .string(status.get()) })
                    ])
            ])
        _ = try connection.requestName(name)
    }

    deinit { connection.close() }
}

extension ServiceSuites {
    /// `linnetd --exclusive`: other players pause while Linnet plays and come back when it stops.
    @Suite(.serialized) struct ExclusiveModeTests {
        @Test func othersPauseWhileLinnetPlaysAndResumeAfter() throws {
            let f = try RouteFixture()
            let playing = try OtherPlayer(address: f.busAddress, name: "org.mpris.MediaPlayer2.other")
            let stopped = try OtherPlayer(address: f.busAddress, name: "org.mpris.MediaPlayer2.idle")
            stopped.status.set("Stopped")
            try f.launch(["--exclusive", f.media])
            try f.waitUntil("the other player paused", timeout: 10) { playing.status.get() == "Paused" }
            #expect(try f.status() == "Playing")
            try f.callPlayer("Stop")
            try f.waitUntil("the other player resumed", timeout: 10) { playing.status.get() == "Playing" }
            #expect(stopped.status.get() == "Stopped")  // never touched
        }

        @Test func theConfigFileTurnsItOn() throws {
            let f = try RouteFixture()
            let dir = f.directory.file("config") + "/linnet"
            try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
            try "# test\nexclusive = yes\nauto-resume-window = 0\n".write(
                toFile: dir + "/linnetd.conf", atomically: true,
                encoding: .utf8)
            let other = try OtherPlayer(address: f.busAddress, name: "org.mpris.MediaPlayer2.other")
            try f.launch([f.media])
            try f.waitUntil("the other player paused", timeout: 10) { other.status.get() == "Paused" }
        }

        @Test func withoutTheOptionOthersAreLeftAlone() throws {
            let f = try RouteFixture()
            let other = try OtherPlayer(address: f.busAddress, name: "org.mpris.MediaPlayer2.other")
            try f.launch([f.media])
            try f.waitUntil("playing", timeout: 10) { try f.status() == "Playing" }
            // A round trip through linnetd after it started playing: had it paused others, that was sent first.
            _ = try f.get(ServiceFixture.player, "PlaybackStatus")
            try f.callPlayer("Stop")
            _ = try f.status()
            #expect(other.status.get() == "Playing")
        }
    }
}
