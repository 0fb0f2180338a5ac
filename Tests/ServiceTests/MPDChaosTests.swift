import Foundation
import Testing
import TestSupport

extension ServiceSuites.MPDLibraryTests {
    /// Four MPD clients and an MPRIS client at once for 15 s (Scripts/mpd_chaos.py, a fixed seed): random good,
    /// bad and hostile lines, command lists, idle/noidle, library queries, queue and stored-playlist edits, while
    /// playback moves. Every line is answered within 5 s, no connection is dropped that MPD would keep, linnetd
    /// lives, and afterwards both front ends show the same queue.
    @Test func manyClientsAtOnceLeaveOneConsistentPlayer() throws {
        let s = try Setup()
        for top in Set(s.tree.songs.map { String($0.relativePath.split(separator: "/")[0]) }).sorted() {
            _ = try s.mpc("add", top)
        }
        _ = try s.mpc("play")
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("Scripts/mpd_chaos.py").path
        // MPD_CHAOS_SEED=N tries another sequence (each seed replays the same requests, not the same timing).
        let seed = ProcessInfo.processInfo.environment["MPD_CHAOS_SEED"] ?? "20261203"
        let r = try Child.run(
            "/usr/bin/python3", [script, s.socket, "15", seed] + s.tree.songs.map(\.relativePath),
            environment: s.f.environment, timeout: 120)
        try #require(r.status == 0, "\(r.output)\n\(s.f.log())")
        let json = try #require(r.output.split(separator: "\n").last.map { Data($0.utf8) })
        let summary = try #require(try JSONSerialization.jsonObject(with: json) as? [String: Any])
        let stats = summary["stats"] as? [String: Int] ?? [:]
        print("MPD chaos, seed \(seed): \(stats)")
        #expect(summary["violation_count"] as? Int == 0, "\(summary["violations"] ?? [])")
        #expect((stats["lines"] ?? 0) > 300 && (stats["ok"] ?? 0) > 100 && (stats["ack"] ?? 0) > 10, "\(stats)")
        #expect((stats["mpris"] ?? 0) > 50, "\(stats)")
        // Alive, and one queue: MPD's length is the bus's.
        let status = try s.mpc("status").joined(separator: "\n")
        let length = try s.f.get("org.mpris.MediaPlayer2.linnet.Queue", "Length")
        let count = try s.mpc("playlist").count
        #expect(length == .uint32(UInt32(count)), "\(status)")
    }
}
