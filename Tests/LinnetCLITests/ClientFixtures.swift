import Foundation
import TestSupport

/// Paths of the built `linnet` and of the repository's demo media.
enum ClientPaths {
    /// The repository root (three levels above this file).
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().path

    /// The `linnet` executable built beside this test bundle (`swift build --build-tests` builds it).
    static var linnet: String {
        let exe =
            (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        return URL(fileURLWithPath: exe).deletingLastPathComponent().appendingPathComponent("linnet").path
    }

    static func demo(_ name: String) -> String { "\(repository)/data/demo/\(name)" }
}

/// Polls `condition` until it holds or `seconds` pass (for waiting on external processes only).
func eventually(_ seconds: Double = 15, _ condition: () throws -> Bool) rethrows -> Bool {
    let deadline = Date().addingTimeInterval(seconds)
    while Date() < deadline {
        if try condition() { return true }
        Thread.sleep(forTimeInterval: 0.05)
    }
    return try condition()
}

/// A real MPRIS player: `mpv --idle` with the mpv-mpris plugin, on a private bus, killed on release.
final class MPVPlayer: @unchecked Sendable {
    // Safe: immutable after init; the process is only signalled in deinit.
    static let plugin = "/usr/lib/mpv-mpris/mpris.so"
    static var available: Bool {
        Command.which("mpv") != nil && FileManager.default.fileExists(atPath: plugin)
            && Command.which("playerctl") != nil
    }

    let bus: PrivateBus
    private let process: SpawnedProcess

    /// Starts mpv paused on `files` and waits until it owns `org.mpris.MediaPlayer2.mpv` and has loaded the first.
    init(files: [String], bus: PrivateBus) throws {
        self.bus = bus
        process = try SpawnedProcess(
            Command.which("mpv")!,
            [
                "--idle", "--no-video", "--no-config", "--ao=null", "--pause", "--no-terminal",
                "--script=\(MPVPlayer.plugin)"
            ] + files, environment: bus.environment)
        let owned = eventually {
            let r = try? Command.run("busctl", ["--address=\(bus.address)", "list", "--no-legend"])
            return r?.stdout.contains("org.mpris.MediaPlayer2.mpv ") ?? false
        }
        if !owned { throw Command.Failure.timedOut("mpv taking its MPRIS name", seconds: 15) }
        // The name comes before the first file is loaded: wait for its metadata.
        let loaded = eventually {
            let r = try? Command.run(
                "playerctl", ["-p", "mpv", "metadata", "mpris:length"], environment: bus.environment)
            return r.map { $0.succeeded && !$0.stdout.isEmpty } ?? false
        }
        if !loaded { throw Command.Failure.timedOut("mpv loading its first file", seconds: 15) }
    }

    /// Runs `linnet ARGS` on this bus.
    func linnet(_ args: String...) throws -> Command.Result {
        try Command.run(ClientPaths.linnet, args, environment: bus.environment, timeout: 30)
    }

    /// Runs `playerctl -p mpv ARGS` on this bus; its trimmed output.
    func playerctl(_ args: String...) throws -> String {
        try Command.check("playerctl", ["-p", "mpv"] + args, environment: bus.environment, timeout: 30)
            .trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
