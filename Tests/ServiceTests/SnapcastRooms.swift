import Foundation
import TestSupport

/// A private snapserver (every port on 127.0.0.1, a TCP source `mode=server` for Linnet) with two snapclients,
/// "room1" and "room2", each playing into a null sink of its own on the test's pulseaudio: two rooms whose
/// monitors a test records.
final class SnapcastRooms: @unchecked Sendable {
    // Safe: used by one test at a time; the processes are only signalled from it and from deinit.
    let directory: TemporaryDirectory
    let sourcePort = freeLoopbackPort()
    let streamPort = freeLoopbackPort()
    let controlPort = freeLoopbackPort()
    let httpPort = freeLoopbackPort()
    let sound: PrivateSoundServer
    private(set) var server: Child?
    private var clients: [Child] = []
    static let rooms = ["room1", "room2"]

    static var available: Bool {
        FileManager.default.isExecutableFile(atPath: "/usr/bin/snapserver")
            && FileManager.default.isExecutableFile(atPath: "/usr/bin/snapclient")
    }

    init(sound: PrivateSoundServer) throws {
        self.sound = sound
        directory = try TemporaryDirectory(prefix: "linnet-snapcast")
        for room in Self.rooms { _ = try sound.loadModule("module-null-sink", "sink_name=\(room) rate=48000") }
        try startServer()
        try startClients()
    }

    /// Starts one snapclient per room (killing any still running). Why a test restarts them after killing the
    /// server: snapclient 0.26's pulse player sometimes hangs in its disconnect from pulse when the server goes
    /// away (seen here: one of two clients never tried to reconnect), which is snapclient's matter, not Linnet's.
    func startClients() throws {
        for c in clients { c.kill(SIGKILL) }
        clients.removeAll()
        for room in Self.rooms {
            clients.append(
                try Child(
                    "/usr/bin/snapclient",
                    [
                        "-h", "127.0.0.1", "-p", "\(streamPort)", "--hostID", room, "--player",
                        "pulse:server=\(sound.address)", "-s", room, "--logsink", "stderr"
                    ], environment: ["PULSE_SERVER": sound.address],
                    output: directory.file("\(room)-\(Date().timeIntervalSince1970).log")))
        }
    }

    deinit {
        for c in clients { c.kill(SIGKILL) }
        server?.kill(SIGKILL)
    }

    /// The `output = snapcast …` URI for this server's source.
    var sourceURI: String { "tcp://127.0.0.1:\(sourcePort)" }

    func startServer() throws {
        let config = directory.file("snapserver.conf")
        try """
        [server]
        datadir = \(directory.file("data"))
        [stream]
        source = tcp://127.0.0.1:\(sourcePort)?name=Linnet&mode=server
        bind_to_address = 127.0.0.1
        port = \(streamPort)
        [http]
        enabled = true
        bind_to_address = 127.0.0.1
        port = \(httpPort)
        doc_root =
        [tcp]
        enabled = true
        bind_to_address = 127.0.0.1
        port = \(controlPort)
        [logging]
        sink = stderr
        """.write(toFile: config, atomically: true, encoding: .utf8)
        try FileManager.default.createDirectory(atPath: directory.file("data"), withIntermediateDirectories: true)
        server = try Child(
            "/usr/bin/snapserver", ["-c", config],
            output: directory.file("snapserver-\(Date().timeIntervalSince1970).log"))
    }

    /// Kills snapserver (SIGKILL: gone at once, as after a crash).
    func killServer() throws {
        server?.kill(SIGKILL)
        _ = try server?.wait(timeout: 10)
        server = nil
    }

    /// The mean absolute sample of `seconds` recorded from `room`'s monitor now.
    func loudness(of room: String, seconds: Double = 0.5) throws -> Double {
        let recorder = try sound.recordMonitor(of: room, rate: 48000, channels: 2)
        let frames = Int(seconds * 48000)
        _ = recorder.waitFor(frames: frames, timeout: 20)
        let samples = recorder.stop()
        guard !samples.isEmpty else { return 0 }
        return samples.reduce(0.0) { $0 + abs(Double($1)) } / Double(samples.count)
    }

    /// Both rooms' logs, for failure messages.
    func logs() -> String {
        (try? FileManager.default.contentsOfDirectory(atPath: directory.path))?.filter { $0.hasSuffix(".log") }
            .map { name in "== \(name)\n" + ((try? String(contentsOfFile: directory.file(name), encoding: .utf8)) ?? "")
            }
            .joined(separator: "\n") ?? ""
    }
}
