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
        var env = ProcessInfo.processInfo.environment
        for (k, v) in environment { env[k] = v }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, outputFile, O_WRONLY | O_CREAT | O_APPEND, 0o644)
        posix_spawn_file_actions_adddup2(&actions, 1, 2)
        var attr = posix_spawnattr_t()
        posix_spawnattr_init(&attr)
        defer { posix_spawnattr_destroy(&attr) }
        var empty = sigset_t()
        sigemptyset(&empty)
        posix_spawnattr_setsigmask(&attr, &empty)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for s in [SIGTERM, SIGINT, SIGHUP, SIGPIPE, SIGCHLD] { sigaddset(&defaults, s) }
        posix_spawnattr_setsigdefault(&attr, &defaults)
        posix_spawnattr_setflags(&attr, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        let argv = ([executable] + args).map { strdup($0) } + [nil]
        let envp = env.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        var child: pid_t = 0
        let rc = posix_spawn(&child, executable, &actions, &attr, argv, envp)
        guard rc == 0 else { throw Failure(description: "posix_spawn \(executable): error \(rc)") }
        pid = child
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
