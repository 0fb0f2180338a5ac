import Foundation
import TestSupport

/// The real `linnetd` with the demo playlist, on a private bus and a private pulseaudio (null sink), with its own
/// state directory. Everything is killed on release.
final class LinnetdFixture: @unchecked Sendable {
    // Safe: immutable after init; processes are only signalled in their own deinit.
    let bus: PrivateBus
    let directory: TemporaryDirectory
    let pulseAddress: String
    private let pulse: BackgroundProcess
    let daemon: BackgroundProcess

    /// The built linnetd beside linnet.
    static var binary: String { URL(fileURLWithPath: ClientPaths.linnet).deletingLastPathComponent().appendingPathComponent("linnetd").path }

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
        pulse = try BackgroundProcess(["-n", "--daemonize=no", "--exit-idle-time=-1", "--use-pid-file=no", "--system=no",
                                       "-F", config],
                                      environment: ["XDG_RUNTIME_DIR": runtime, "HOME": directory.path],
                                      executable: Command.which("pulseaudio") ?? "/usr/bin/pulseaudio")
        let pulseUp = eventually(20) {
            (try? Command.run("pactl", ["info"], environment: ["PULSE_SERVER": "unix:\(socket)"], timeout: 5))?.succeeded ?? false
        }
        guard pulseUp else { throw Failure(description: "private pulseaudio did not answer: \(pulse.output.get())") }
        daemon = try BackgroundProcess(["--state-dir", directory.file("state")] + arguments,
                                       environment: bus.environment.merging(["PULSE_SERVER": pulseAddress]) { $1 },
                                       executable: LinnetdFixture.binary)
        let owned = eventually(20) {
            guard daemon.process.isRunning else { return true }
            let r = try? Command.run("busctl", ["--address=\(bus.address)", "list", "--no-legend"])
            return r?.stdout.contains("org.mpris.MediaPlayer2.linnet ") ?? false
        }
        guard owned, daemon.process.isRunning else {
            throw Failure(description: "linnetd did not take its name: \(daemon.output.get())")
        }
    }

    var environment: [String: String] { bus.environment }

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
