import DBus
import Foundation
import TestSupport

/// The soak's world: a private pulseaudio (null sinks `speakers` (default), `headphones`, `bt`, and
/// module-role-cork), a private dbus-daemon, a queue of real files (copies the faults may break, restored from
/// the originals), and the real linnetd. Everything started here is killed when the value is released.
final class SoakWorld: @unchecked Sendable {
    // Safe: `daemon` is set once in `launch` before any worker thread starts; the sound server is only crashed
    // and restarted by the fault thread (see `PrivateSoundServer`); the rest is immutable.
    static let busName = "org.mpris.MediaPlayer2.linnet"
    static let objectPath = "/org/mpris/MediaPlayer2"
    static let player = "org.mpris.MediaPlayer2.Player"
    static let root = "org.mpris.MediaPlayer2"
    static let trackList = "org.mpris.MediaPlayer2.TrackList"

    static let sinks = [
        PrivateSoundServer.Sink(name: "speakers", properties: ["device.form_factor": "speaker"]),
        PrivateSoundServer.Sink(name: "headphones", properties: ["device.form_factor": "headphone"]),
        PrivateSoundServer.Sink(name: "bt", properties: ["device.bus": "bluetooth"])
    ]

    let directory: TemporaryDirectory
    let sound: PrivateSoundServer
    let bus: SpawnedBus
    /// Pristine files, never touched by faults.
    let originals: [String]
    /// The copies linnetd plays (same order as `originals`).
    let queue: [String]
    /// A short tone for phone-role streams.
    let callTone: String
    private(set) var daemon: Spawned?
    var logPath: String { directory.file("linnetd.log") }

    struct Failure: Error, CustomStringConvertible { var description: String }

    init() throws {
        directory = try TemporaryDirectory(prefix: "linnet-soak")
        let originalsDir = directory.file("originals"), queueDir = directory.file("queue")
        for d in [originalsDir, queueDir, directory.file("state")] {
            try FileManager.default.createDirectory(atPath: d, withIntermediateDirectories: true)
        }
        // Long and short tracks in three codecs; four at 44.1 kHz stereo (gapless between them), one at 48 kHz
        // stereo and one at 48 kHz mono, so moving between tracks also replaces the stream.
        let wavA = "\(originalsDir)/01-a.wav", flacB = "\(originalsDir)/02-b.flac", mp3C = "\(originalsDir)/03-c.mp3"
        let wavD = "\(originalsDir)/04-d.wav", mp3E = "\(originalsDir)/05-e.mp3", flacF = "\(originalsDir)/06-f.flac"
        try TestMedia.sineWAV(wavA, seconds: 12, frequency: 440)
        try TestMedia.sineWAV(directory.file("b.wav"), seconds: 9, frequency: 660)
        try TestMedia.flac(directory.file("b.wav"), to: flacB)
        try TestMedia.sineWAV(directory.file("c.wav"), seconds: 8, frequency: 550)
        try TestMedia.lame(directory.file("c.wav"), to: mp3C)
        try TestMedia.sineWAV(wavD, seconds: 3, frequency: 330, rate: 48000, channels: 1)
        try TestMedia.sineWAV(directory.file("e.wav"), seconds: 4, frequency: 770)
        try TestMedia.lame(directory.file("e.wav"), to: mp3E)
        try TestMedia.sineWAV(directory.file("f.wav"), seconds: 5, frequency: 220, rate: 48000)
        try TestMedia.flac(directory.file("f.wav"), to: flacF)
        originals = [wavA, flacB, mp3C, wavD, mp3E, flacF]
        queue = originals.map { "\(queueDir)/\(URL(fileURLWithPath: $0).lastPathComponent)" }
        for (o, q) in zip(originals, queue) { try FileManager.default.copyItem(atPath: o, toPath: q) }
        callTone = directory.file("call.wav")
        try TestMedia.sineWAV(callTone, seconds: 1.5, frequency: 880)

        sound = try PrivateSoundServer(sinks: Self.sinks, extraConfig: ["load-module module-role-cork"])
        bus = try SpawnedBus()
    }

    deinit {
        daemon?.kill(signal: SIGKILL)
        daemon?.wait(timeout: 10)
    }

    var environment: [String: String] {
        [
            "DBUS_SESSION_BUS_ADDRESS": bus.address, "PULSE_SERVER": sound.address, "XDG_STATE_HOME": directory.path,
            "XDG_CACHE_HOME": directory.file("cache"), "XDG_CONFIG_HOME": directory.file("config"),
            // A Swift runtime trap prints the crashed thread's backtrace (file:line) into linnetd's log.
            "SWIFT_BACKTRACE": "enable=yes,interactive=no,color=no,threads=crashed,registers=none,images=none"
        ]
    }

    /// Starts linnetd with the queue and waits until it owns its name.
    func launch(linnetd: String, client: DBusConnection) throws {
        // Started through a symlink with another name: on a shared machine other jobs clean up with
        // `pkill linnetd`, which must not end the soak (a decoy named linnetd got such a SIGTERM, too).
        let alias = directory.file("soak-subject")
        try? FileManager.default.removeItem(atPath: alias)
        try FileManager.default.createSymbolicLink(atPath: alias, withDestinationPath: linnetd)
        let d = try Spawned(
            alias, ["--state-dir", directory.file("state"), "--no-restore"] + queue,
            environment: environment, stderrPath: logPath)
        daemon = d
        let deadline = Date().addingTimeInterval(20)
        while (try? client.nameOwner(Self.busName)) == nil {
            if let s = d.exitStatus {
                throw Failure(description: "linnetd exited (\(Self.describe(status: s))): \(logTail())")
            }
            if Date() > deadline { throw Failure(description: "linnetd did not own its name in 20 s: \(logTail())") }
            Thread.sleep(forTimeInterval: 0.02)  // polling the bus with a deadline (no event before we subscribe)
        }
    }

    /// The last `lines` lines of linnetd's log.
    func logTail(_ lines: Int = 30) -> String {
        let text = (try? String(contentsOfFile: logPath, encoding: .utf8)) ?? ""
        return text.split(separator: "\n", omittingEmptySubsequences: false).suffix(lines).joined(separator: "\n")
    }

    /// A waitpid status in words: "exit 3" or "signal 4 (SIGILL)".
    static func describe(status: Int32) -> String {
        let sig = status & 0x7f
        if sig == 0 { return "exit \((status >> 8) & 0xff)" }
        let names: [Int32: String] = [
            SIGILL: "SIGILL", SIGTRAP: "SIGTRAP", SIGSEGV: "SIGSEGV", SIGABRT: "SIGABRT",
            SIGBUS: "SIGBUS", SIGFPE: "SIGFPE", SIGKILL: "SIGKILL", SIGTERM: "SIGTERM"
        ]
        return "signal \(sig) (\(names[sig] ?? "?"))\(status & 0x80 != 0 ? ", core dumped" : "")"
    }

    /// linnetd's sink inputs now (matched by application.process.id), or nil when the server does not answer.
    func sinkInputs(pid: Int32) -> [SinkInputState]? {
        guard
            let r = try? Spawned.run(
                "pactl", ["--format=json", "list", "sink-inputs"],
                environment: sound.clientEnvironment, timeout: 5), r.status == 0,
            let list = (try? JSONSerialization.jsonObject(with: Data(r.stdout.utf8))) as? [[String: Any]]
        else {
            return nil
        }
        let sinkNames = self.sinkNames()
        return list.compactMap { input in
            guard let props = input["properties"] as? [String: Any],
                (props["application.process.id"] as? String) == String(pid)
            else { return nil }
            let sink = (input["sink"] as? Int).map { sinkNames[$0] ?? "#\($0)" } ?? "?"
            return SinkInputState(
                index: input["index"] as? Int ?? -1, sink: sink, corked: input["corked"] as? Bool ?? false,
                name: props["media.name"] as? String ?? "")
        }
    }

    /// Sink index → name (empty when the server does not answer).
    func sinkNames() -> [Int: String] {
        guard let out = try? sound.pactl("list", "short", "sinks") else { return [:] }
        var names: [Int: String] = [:]
        for line in out.split(separator: "\n") {
            let f = line.split(separator: "\t")
            if f.count >= 2, let i = Int(f[0]) { names[i] = String(f[1]) }
        }
        return names
    }

    /// The index of the module that made sink `name`, if loaded.
    func moduleIndex(ofSink name: String) -> Int? {
        guard let out = try? sound.pactl("list", "short", "modules") else { return nil }
        for line in out.split(separator: "\n") where line.contains("module-null-sink") {
            let f = line.split(separator: "\t")
            if f.count >= 3, f[2].split(separator: " ").contains(Substring("sink_name=\(name)")), let i = Int(f[0]) {
                return i
            }
        }
        return nil
    }
}
