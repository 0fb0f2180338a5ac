import Foundation
import TestSupport

/// A program left running (pulseaudio, linnetd, mpv, `linnet status --follow`), started with posix_spawn and an
/// empty signal mask, its output appended to a file, reaped with waitpid. Foundation's `Process` is avoided for
/// long-running children: in the test runner its exit detection stalled while other children held inherited
/// descriptors, and children inherited the runner's blocked signals.
final class SpawnedProcess: @unchecked Sendable {
    // Safe: `exitStatus` is only touched by the test owning the process (the suites are serialized).
    let pid: pid_t
    let outputFile: String
    private let directory: TemporaryDirectory
    private var exitStatus: Int32?

    struct Failure: Error, CustomStringConvertible { var description: String }

    /// Starts `executable ARGS` with the current environment plus `environment`; stdin is /dev/null.
    init(_ executable: String, _ args: [String], environment: [String: String] = [:]) throws {
        directory = try TemporaryDirectory(prefix: "linnet-spawn")
        outputFile = directory.file("output")
        pid = try Spawned.launch(
            executable, args, environment: environment,
            stdout: .file(outputFile), stderr: .sameAsStdout)
    }

    /// `linnet ARGS` with `environment`.
    convenience init(linnet args: [String], environment: [String: String]) throws {
        try self.init(ClientPaths.linnet, args, environment: environment)
    }

    deinit { stop() }

    /// Everything it printed so far (stdout and stderr).
    var output: String { (try? String(contentsOfFile: outputFile, encoding: .utf8)) ?? "" }
    /// Its output split into lines.
    var lines: [String] { output.split(separator: "\n").map(String.init) }

    /// Whether it still runs (reaps it once it has exited).
    var isRunning: Bool {
        guard exitStatus == nil else { return false }
        var status: Int32 = 0
        guard waitpid(pid, &status, WNOHANG) == pid else { return true }
        exitStatus = status
        return false
    }

    /// The exit code (or 128 + signal) once it has exited by itself within `seconds`; nil otherwise.
    func waitForExit(seconds: Double) -> Int32? {
        guard eventually(seconds, { !isRunning }), let status = exitStatus else { return nil }
        let signal = status & 0x7f
        return signal == 0 ? (status >> 8) & 0xff : 128 + signal
    }

    /// SIGKILL and reap (bounded).
    func stop() {
        guard isRunning else { return }
        kill(pid, SIGKILL)
        _ = eventually(10) { !isRunning }
    }
}
