import DBus
import Foundation
import Testing
import TestSupport

extension ServiceSuites.MPDFrontEndTests {
    /// An MPD client waiting in `idle` all the time (it prints each wake-up's subsystems, one line each).
    final class IdleWatcher {
        let process = Process()
        let output: String

        init(_ f: ServiceFixture, socket: String) throws {
            let script = """
                import mpd, sys
                c = mpd.MPDClient(); c.connect(sys.argv[1])
                print('ready', flush=True)
                while True:
                    print(' '.join(sorted(c.idle())), flush=True)
                """
            let file = f.stateDir.file("watcher.py")
            try script.write(toFile: file, atomically: true, encoding: .utf8)
            output = f.stateDir.file("watcher.out")
            FileManager.default.createFile(atPath: output, contents: nil)
            process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
            process.arguments = [file, socket]
            process.standardOutput = FileHandle(forWritingAtPath: output)
            try process.run()
            _ = try next(f, "ready")
        }

        deinit { process.terminate() }

        var lines: [String] {
            ((try? String(contentsOfFile: output, encoding: .utf8)) ?? "").split(separator: "\n").map(String.init)
        }
        private var seen = 0

        /// Waits for a wake-up after the ones already seen that names `subsystem`; returns its line.
        func next(_ f: ServiceFixture, _ subsystem: String) throws -> String {
            var found: String?
            try f.waitUntil("idle: \(subsystem)", timeout: 10) {
                let all = lines
                if let i = all.indices.dropFirst(seen).first(where: {
                    all[$0].split(separator: " ").contains(Substring(subsystem))
                }) {
                    found = all[i]
                    seen = i + 1
                }
                return found != nil
            }
            return found ?? ""
        }
    }

    /// One change, from either side, reaches both: MPRIS PropertiesChanged (or Seeked) on the bus and the MPD
    /// client's idle wake-up, for volume, repeat/random ↔ LoopStatus/Shuffle, play state, seeks and queue edits.
    @Test func eachChangeShowsOnBothFrontEnds() throws {
        let (f, socket) = try launch()
        let watcher = try IdleWatcher(f, socket: socket)
        let signals = try SignalRecorder(address: f.servers.busAddress)
        let queue = "org.mpris.MediaPlayer2.linnet.Queue"

        // From MPD.
        _ = try mpc(f, socket, "volume", "30")
        #expect(signals.propertiesChanged(Self.player, "Volume")?["Volume"] == .double(0.3))
        _ = try watcher.next(f, "mixer")
        _ = try mpc(f, socket, "repeat", "on")
        #expect(signals.propertiesChanged(Self.player, "LoopStatus")?["LoopStatus"] == .string("Playlist"))
        _ = try watcher.next(f, "options")
        _ = try mpc(f, socket, "random", "on")
        #expect(signals.propertiesChanged(Self.player, "Shuffle")?["Shuffle"] == .boolean(true))
        _ = try watcher.next(f, "options")
        _ = try mpc(f, socket, "pause")
        #expect(signals.propertiesChanged(Self.player, "PlaybackStatus")?["PlaybackStatus"] == .string("Paused"))
        _ = try watcher.next(f, "player")
        _ = try mpc(f, socket, "seek", "5")
        #expect(signals.wait { $0.member == "Seeked" } != nil)
        _ = try watcher.next(f, "player")
        _ = try mpc(f, socket, "del", "8")
        #expect(signals.propertiesChanged(queue, "Length")?["Length"] == .uint32(7))
        _ = try watcher.next(f, "playlist")

        // From MPRIS.
        signals.clear()
        try f.set(Self.player, "Volume", .double(0.8))
        #expect(try watcher.next(f, "mixer").contains("mixer"))
        #expect(try mpc(f, socket, "volume").contains("80%"))
        try f.set(Self.player, "LoopStatus", .string("None"))
        _ = try watcher.next(f, "options")
        #expect(try mpc(f, socket, "status").contains("repeat: off"))
        try f.set(Self.player, "Shuffle", .boolean(false))
        _ = try watcher.next(f, "options")
        #expect(try mpc(f, socket, "status").contains("random: off"))
        try f.call(Self.player, "Play")
        _ = try watcher.next(f, "player")
        try f.call(Self.player, "Next")
        _ = try watcher.next(f, "player")
        #expect(try mpc(f, socket, "current", "-f", "%file%").contains("02-chords.flac"))
        try f.call("org.mpris.MediaPlayer2.TrackList", "RemoveTrack", [.objectPath(try lastTrackID(f))])
        _ = try watcher.next(f, "playlist")
        #expect(try mpc(f, socket, "playlist").split(separator: "\n").count == 6)
    }

    /// The object path of the queue's last entry as MPRIS names it.
    func lastTrackID(_ f: ServiceFixture) throws -> DBusObjectPath {
        let tracks = try f.get("org.mpris.MediaPlayer2.TrackList", "Tracks")
        guard case .array(_, let items) = tracks, case .objectPath(let last)? = items.last else {
            throw ServiceFixture.Failure(description: "no Tracks: \(tracks)")
        }
        return last
    }
}
