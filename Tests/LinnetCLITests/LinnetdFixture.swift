import Foundation
import TestSupport

/// The real `linnetd` with the demo playlist, on a private bus and a private pulseaudio (null sink), with its own
/// state directory. Everything is killed on release.
final class LinnetdFixture: @unchecked Sendable {
    // Safe: immutable after init; processes are only signalled in their own deinit.
    let bus: PrivateBus
    let directory: TemporaryDirectory
    let pulseAddress: String
    private var pulse: SpawnedProcess?
    private(set) var daemon: SpawnedProcess?

    /// The built linnetd beside linnet.
    static var binary: String {
        URL(fileURLWithPath: ClientPaths.linnet).deletingLastPathComponent().appendingPathComponent("linnetd").path
    }

    struct Failure: Error, CustomStringConvertible { var description: String }

    init(arguments: [String] = [ClientPaths.repository + "/data/demo.m3u8"]) throws {
        bus = try PrivateBus()
        directory = try TemporaryDirectory(prefix: "linnet-cli-servers")
        let socket = directory.file("pulse")
        pulseAddress = "unix:\(socket)"
        let config = directory.file("default.pa")
        try """
        load-module module-native-protocol-unix socket=\(socket) auth-anonymous=1
        load-module module-null-sink sink_name=linnet_cli_test
        set-default-sink linnet_cli_test

        """.write(toFile: config, atomically: true, encoding: .utf8)
        let runtime = directory.file("runtime")
        try FileManager.default.createDirectory(atPath: runtime, withIntermediateDirectories: true)
        pulse = try SpawnedProcess(
            Command.which("pulseaudio") ?? "/usr/bin/pulseaudio",
            [
                "-n", "--daemonize=no", "--exit-idle-time=-1", "--use-pid-file=no", "--system=no",
                "-F", config
            ],
            environment: ["XDG_RUNTIME_DIR": runtime, "HOME": directory.path])
        // Ready once its socket accepts connections.
        let pulseUp = eventually(20) { LinnetdFixture.accepts(socket) }
        guard pulseUp else { throw Failure(description: "private pulseaudio did not answer: \(pulse?.output ?? "")") }
        let daemon = try SpawnedProcess(
            LinnetdFixture.binary, ["--state-dir", directory.file("state")] + arguments,
            environment: bus.environment.merging(["PULSE_SERVER": pulseAddress]) { $1 })
        self.daemon = daemon
        let owned = eventually(20) {
            guard daemon.isRunning else { return true }
            let r = try? Command.run("busctl", ["--address=\(bus.address)", "list", "--no-legend"])
            return r?.stdout.contains("org.mpris.MediaPlayer2.linnet ") ?? false
        }
        guard owned, daemon.isRunning else {
            throw Failure(description: "linnetd did not take its name: \(daemon.output)")
        }
    }

    deinit {
        // linnetd and pulseaudio go before the bus.
        daemon?.stop()
        pulse?.stop()
    }

    var environment: [String: String] { bus.environment }

    /// True when something listens on the unix socket at `path`.
    static func accepts(_ path: String) -> Bool {
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        guard bytes.count < MemoryLayout.size(ofValue: address.sun_path) else { return false }
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            for (i, b) in bytes.enumerated() { raw[i] = b }
        }
        return withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) == 0
            }
        }
    }

    /// Runs `linnet ARGS` (default player: linnet).
    func linnet(_ args: String...) throws -> Command.Result {
        try Command.run(ClientPaths.linnet, args, environment: environment, timeout: 30)
    }

    /// `playerctl -p linnet ARGS`, trimmed.
    func playerctl(_ args: String...) throws -> String {
        try Command.check("playerctl", ["-p", "linnet"] + args, environment: environment, timeout: 30)
            .trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
