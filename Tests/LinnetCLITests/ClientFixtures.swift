import Foundation
import TestSupport

/// Paths of the built `linnet` and of the repository's demo media.
enum ClientPaths {
    /// The repository root (three levels above this file).
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().path

    /// The `linnet` executable built beside this test bundle (`swift build --build-tests` builds it).
    static var linnet: String {
        let exe = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
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
        Command.which("mpv") != nil && FileManager.default.fileExists(atPath: plugin) && Command.which("playerctl") != nil
    }

    let bus: PrivateBus
    private let process: Process

    /// Starts mpv paused on `files` and waits until it owns `org.mpris.MediaPlayer2.mpv`.
    init(files: [String], bus: PrivateBus) throws {
        self.bus = bus
        let p = Process()
        p.executableURL = URL(fileURLWithPath: Command.which("mpv")!)
        p.arguments = ["--idle", "--no-video", "--no-config", "--ao=null", "--pause", "--no-terminal",
                       "--script=\(MPVPlayer.plugin)"] + files
        var env = ProcessInfo.processInfo.environment
        env["DBUS_SESSION_BUS_ADDRESS"] = bus.address
        p.environment = env
        p.standardOutput = FileHandle.nullDevice
        p.standardError = FileHandle.nullDevice
        p.standardInput = FileHandle.nullDevice
        try p.run()
        process = p
        let owned = eventually {
            let r = try? Command.run("busctl", ["--address=\(bus.address)", "list", "--no-legend"])
            return r?.stdout.contains("org.mpris.MediaPlayer2.mpv ") ?? false
        }
        if !owned { throw Command.Failure.timedOut("mpv taking its MPRIS name", seconds: 15) }
        // The name comes before the first file is loaded: wait for its metadata.
        let loaded = eventually {
            let r = try? Command.run("playerctl", ["-p", "mpv", "metadata", "mpris:length"], environment: bus.environment)
            return r.map { $0.succeeded && !$0.stdout.isEmpty } ?? false
        }
        if !loaded { throw Command.Failure.timedOut("mpv loading its first file", seconds: 15) }
    }

    deinit {
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
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

/// A program left running (`linnet status --follow`, pulseaudio, linnetd), its output collected as it comes,
/// killed with SIGKILL on release.
final class BackgroundProcess: @unchecked Sendable {
    // Safe: `output` is a LockedBox; the process is only touched by the owning test thread and its handlers.
    let process = Process()
    let output = LockedBox("")
    private let exited = DispatchSemaphore(value: 0)

    /// Runs `linnet ARGS`, or `executable ARGS` (e.g. `script` to give linnet a terminal).
    convenience init(_ args: [String], environment: [String: String]) throws {
        try self.init(args, environment: environment, executable: ClientPaths.linnet)
    }

    /// Runs `executable ARGS` with the current environment plus `environment`.
    init(_ args: [String], environment: [String: String], executable: String) throws {
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = args
        var env = ProcessInfo.processInfo.environment
        for (k, v) in environment { env[k] = v }
        process.environment = env
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        process.standardInput = FileHandle.nullDevice
        let box = output
        pipe.fileHandleForReading.readabilityHandler = { handle in
            let data = handle.availableData
            if data.isEmpty { handle.readabilityHandler = nil; return }
            box.update { $0 += String(decoding: data, as: UTF8.self) }
        }
        let done = exited
        process.terminationHandler = { _ in done.signal() }
        try process.run()
    }

    var lines: [String] { output.get().split(separator: "\n").map(String.init) }

    /// Waits for the process to exit by itself; its status, nil on timeout.
    func waitForExit(seconds: Double) -> Int32? {
        guard exited.wait(timeout: .now() + seconds) == .success else { return nil }
        exited.signal()
        return process.terminationStatus
    }

    deinit {
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            // Bounded: Foundation notices an exit only once every inheritor of the child's pipes is gone.
            _ = exited.wait(timeout: .now() + 10)
        }
    }
}
