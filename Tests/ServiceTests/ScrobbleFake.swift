import Foundation
import TestSupport

/// A fake ListenBrainz or Last.fm (`Scripts/scrobble_fake.py`) on 127.0.0.1: it checks the token or api_sig,
/// stores each distinct listen once (as the services do) and counts the repeats; `control` switches faults
/// (429 with Retry-After, 500, slow, dropped); `stop` takes it offline (connection refused) and `start` brings it
/// back on the same port with what it had stored. Stopped in deinit.
final class ScrobbleFake: @unchecked Sendable {
    // Safe: used by one test at a time; `child` is only touched from that test.
    enum Kind: String { case listenBrainz = "listenbrainz", lastFM = "lastfm" }

    let kind: Kind
    let statePath: String
    let controlPath: String
    private(set) var port = 0
    private var child: pid_t = 0

    static var script: String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Scripts/scrobble_fake.py")
            .path
    }

    init(_ kind: Kind, directory: String) throws {
        self.kind = kind
        statePath = directory + "/\(kind.rawValue)-state.json"
        controlPath = directory + "/\(kind.rawValue)-control.json"
        try control(["mode": "ok"])
        try start()
    }

    deinit { stop() }

    /// Starts the server (again on the same port after `stop`).
    func start() throws {
        var fds: [Int32] = [0, 0]
        guard pipe(&fds) == 0 else { throw Command.Failure.notFound("pipe") }
        var args = [Self.script, kind.rawValue, "--state", statePath, "--control", controlPath]
        if port != 0 { args += ["--port", "\(port)"] }
        let python = FileManager.default.isExecutableFile(atPath: "/usr/bin/python3") ? "/usr/bin/python3" : "python3"
        do {
            child = try Spawned.launch(python, args, stdout: .descriptor(fds[1]), stderr: .file(statePath + ".log"))
        } catch {
            close(fds[0]); close(fds[1])
            throw error
        }
        close(fds[1])
        let handle = FileHandle(fileDescriptor: fds[0], closeOnDealloc: true)
        var line = Data()
        while !line.contains(UInt8(ascii: "\n")) {
            let chunk = handle.availableData  // blocks until the server prints its port (or exits)
            if chunk.isEmpty { break }
            line.append(chunk)
        }
        let text = String(decoding: line, as: UTF8.self)
        guard text.hasPrefix("PORT "), let p = Int(text.dropFirst(5).trimmingCharacters(in: .whitespacesAndNewlines))
        else {
            stop()
            throw Command.Failure.notFound("scrobble_fake.py did not start: \(text)")
        }
        port = p
    }

    /// Offline: the process is killed, the port refuses connections until `start`.
    func stop() {
        guard child != 0 else { return }
        kill(child, SIGKILL)
        var status: Int32 = 0
        waitpid(child, &status, 0)
        child = 0
    }

    /// The fault mode (see the script's doc), read by the fake on its next request.
    func control(_ settings: [String: Any]) throws {
        let data = try JSONSerialization.data(withJSONObject: settings)
        let tmp = controlPath + ".tmp"
        try data.write(to: URL(fileURLWithPath: tmp))
        _ = rename(tmp, controlPath)
    }

    /// The API root linnetd.conf names.
    var url: String { kind == .listenBrainz ? "http://127.0.0.1:\(port)" : "http://127.0.0.1:\(port)/2.0/" }

    struct StoredListen: Equatable {
        var listenedAt: Int
        var artist: String
        var track: String
        var recordingMBID: String?
    }

    private func state() -> [String: Any] {
        guard let data = try? Data(contentsOf: URL(fileURLWithPath: statePath)),
            let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any]
        else { return [:] }
        return object
    }

    /// The listens the service holds, each once, in the order they arrived.
    var listens: [StoredListen] {
        (state()["listens"] as? [[String: Any]] ?? []).map {
            StoredListen(
                listenedAt: $0["listened_at"] as? Int ?? -1, artist: $0["artist"] as? String ?? "",
                track: $0["track"] as? String ?? "", recordingMBID: $0["recording_mbid"] as? String)
        }
    }

    /// Listens that arrived again (sent twice by the client: the service kept one).
    var repeats: Int { state()["repeats"] as? Int ?? 0 }

    /// Every request's kind ("single", "import", "playing_now", "429", "track.scrobble", "error 29", …).
    var requestKinds: [String] { (state()["requests"] as? [[String: Any]] ?? []).compactMap { $0["kind"] as? String } }

    /// The tracks told as "playing now".
    var nowPlaying: [String] {
        (state()["now_playing"] as? [[String: Any]] ?? []).compactMap { $0["track"] as? String }
    }
}
