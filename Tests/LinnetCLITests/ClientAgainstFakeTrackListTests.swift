import Foundation
import Testing
import TestSupport

/// A second, independent MPRIS implementation (python3-dbus, Fixtures/fake-tracklist-player.py) that has a
/// TrackList and logs every call, so `linnet queue` and `position` can be checked call by call.
final class FakeTrackListPlayer: @unchecked Sendable {
    // Safe: immutable after init; the process is only signalled in deinit.
    static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures/fake-tracklist-player.py").path
    /// python3 with the dbus and gi modules (python3-dbus, python3-gi).
    static let available: Bool = {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/python3") else { return false }
        return (try? Command.run("/usr/bin/python3", ["-c", "import dbus, dbus.mainloop.glib, gi.repository.GLib"]))?
            .succeeded ?? false
    }()

    let bus: PrivateBus
    let log: TemporaryDirectory
    private let process: SpawnedProcess

    init(bus: PrivateBus) throws {
        self.bus = bus
        log = try TemporaryDirectory(prefix: "linnet-fake")
        process = try SpawnedProcess(
            "/usr/bin/python3", [FakeTrackListPlayer.script, log.file("calls")],
            environment: bus.environment)
        let up = eventually {
            let r = try? Command.run("busctl", ["--address=\(bus.address)", "list", "--no-legend"])
            return r?.stdout.contains("org.mpris.MediaPlayer2.fake ") ?? false
        }
        if !up { throw Command.Failure.timedOut("the fake player taking its name", seconds: 15) }
    }

    /// The calls received so far, one per line.
    var calls: [String] {
        ((try? String(contentsOfFile: log.file("calls"), encoding: .utf8)) ?? "").split(separator: "\n").map(
            String.init)
    }

    func linnet(_ args: String...) throws -> Command.Result {
        try Command.run(ClientPaths.linnet, ["-p", "fake"] + args, environment: bus.environment, timeout: 30)
    }
}

@Suite(.serialized, .enabled(if: FakeTrackListPlayer.available, "needs /usr/bin/python3 with python3-dbus"))
struct ClientAgainstFakeTrackListTests {
    let bus: PrivateBus
    let fake: FakeTrackListPlayer

    init() throws {
        bus = try PrivateBus()
        fake = try FakeTrackListPlayer(bus: bus)
    }

    @Test func listsTheQueueWithTheCurrentTrackMarked() throws {
        let r = try fake.linnet("queue")
        #expect(r.status == 0, "\(r.stderr)")
        #expect(
            r.stdout == """
                * 1  Track one — Fake  1:00
                  2  Track two — Fake  1:00
                  3  Track three — Fake  1:00

                """)
        #expect(fake.calls == ["GetTracksMetadata 3"])
    }

    @Test func addAppendsInOrderAfterTheLastTrack() throws {
        let dir = try TemporaryDirectory(prefix: "linnet-add")
        for name in ["a b.mp3", "c.ogg"] { FileManager.default.createFile(atPath: dir.file(name), contents: Data()) }
        let r = try Command.run(
            "/bin/sh",
            [
                "-c",
                "cd '\(dir.path)' && exec '\(ClientPaths.linnet)' -p fake queue add 'a b.mp3' "
                    + "'\(dir.file("c.ogg"))'"
            ], environment: bus.environment)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(
            fake.calls == [
                "AddTrack file://\(dir.path)/a%20b.mp3 /org/fake/track/3 False",
                "AddTrack file://\(dir.path)/c.ogg /org/fake/track/4 False"
            ])
        let list = try fake.linnet("queue", "list").stdout.split(separator: "\n")
        #expect(list.count == 5)
        #expect(list.last == "  5  Track c — Fake  1:00")
    }

    @Test func gotoRemoveAndClearUseTheListedNumbers() throws {
        #expect(try fake.linnet("queue", "goto", "2").status == 0)
        #expect(try fake.linnet("queue").stdout.contains("* 2  Track two"))
        #expect(try fake.linnet("queue", "remove", "1").status == 0)
        #expect(try fake.linnet("queue").stdout == "* 1  Track two — Fake  1:00\n  2  Track three — Fake  1:00\n")
        #expect(try fake.linnet("queue", "clear").status == 0)
        #expect(try fake.linnet("queue").stdout.isEmpty)
        #expect(
            fake.calls.filter { !$0.hasPrefix("GetTracksMetadata") } == [
                "GoTo /org/fake/track/2", "RemoveTrack /org/fake/track/1",
                "Stop", "RemoveTrack /org/fake/track/3", "RemoveTrack /org/fake/track/2"
            ])
    }

    @Test func aMissingFileIsRefusedBeforeAnyCall() throws {
        let r = try fake.linnet("queue", "add", "/nonexistent/x.mp3")
        #expect(r.status == 1)
        #expect(r.stderr == "linnet: /nonexistent/x.mp3: no such file or folder\n")
        #expect(
            try fake.linnet("open", "/nonexistent/é y.mp3").stderr
                == "linnet: /nonexistent/é y.mp3: no such file or folder\n")
        #expect(fake.calls.isEmpty)
    }

    @Test func aNumberPastTheEndIsAnError() throws {
        let r = try fake.linnet("queue", "remove", "9")
        #expect(r.status == 1)
        #expect(r.stderr == "linnet: there is no track 9: the queue has 3 tracks\n")
        #expect(fake.calls.isEmpty)
    }

    @Test func setPositionNamesTheCurrentTrack() throws {
        #expect(try fake.linnet("position", "12.5").status == 0)
        #expect(fake.calls == ["SetPosition /org/fake/track/1 12500000"])
        #expect(try fake.linnet("position").stdout == "12.500\n")
    }

    @Test func playersShowsIdentity() throws {
        #expect(
            try Command.run(ClientPaths.linnet, ["players"], environment: bus.environment).stdout
                == "fake  Stopped   Fake TrackList Player\n")
    }
}

/// `status --follow` started before the player, and outliving it.
@Suite(.serialized, .enabled(if: FakeTrackListPlayer.available, "needs /usr/bin/python3 with python3-dbus"))
struct FollowWaitsForPlayerTests {
    @Test func waitsForThePlayerThenFollowsIt() throws {
        let bus = try PrivateBus()
        let follow = try SpawnedProcess(linnet: ["-p", "fake", "status", "--follow"], environment: bus.environment)
        #expect(eventually { follow.lines == ["■ No player 'fake' on the bus"] }, "\(follow.lines)")
        var fake: FakeTrackListPlayer? = try FakeTrackListPlayer(bus: bus)
        #expect(eventually { follow.lines.count == 2 }, "\(follow.lines)")
        #expect(follow.lines.last == "■ Stopped  Track one — Fake  [>-------------------] 0:00 / 1:00")
        #expect(try Command.run(ClientPaths.linnet, ["-p", "fake", "play"], environment: bus.environment).status == 0)
        #expect(eventually { follow.lines.last?.hasPrefix("▶ Playing  Track one — Fake") == true }, "\(follow.lines)")
        fake = nil  // killed: the follower shows it gone and keeps waiting
        #expect(eventually { follow.lines.last == "■ No player 'fake' on the bus" }, "\(follow.lines)")
        #expect(follow.isRunning)
        _ = fake
    }

    @Test func exitWhenStoppedEndsWhenThePlayerLeaves() throws {
        let bus = try PrivateBus()
        var fake: FakeTrackListPlayer? = try FakeTrackListPlayer(bus: bus)
        #expect(try Command.run(ClientPaths.linnet, ["-p", "fake", "play"], environment: bus.environment).status == 0)
        let follow = try SpawnedProcess(
            linnet: ["-p", "fake", "status", "--follow", "--exit-when-stopped", "--format", "{{status}}"],
            environment: bus.environment)
        #expect(eventually { follow.lines == ["Playing"] }, "\(follow.lines)")
        fake = nil
        #expect(follow.waitForExit(seconds: 15) == 0)
        _ = fake
    }
}
