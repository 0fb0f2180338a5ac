import Foundation

/// A child process started with posix_spawn, with a clean signal mask (children of Foundation's `Process`
/// inherit the test runner's blocked signals and then ignore SIGTERM) and reaped with waitpid.
public final class Spawned: @unchecked Sendable {
    // Safe: `status` is guarded by `lock`; `pid` is immutable.
    public let pid: pid_t
    private let lock = NSLock()
    private var status: Int32?

    /// Starts `program` with `args`; stdout goes to `stdoutFD` (nil: /dev/null), stderr to `stderrPath` (nil: /dev/null).
    public init(
        _ program: String, _ args: [String], environment: [String: String] = [:],
        stdoutFD: Int32? = nil, stderrPath: String? = nil
    ) throws {
        guard let exe = Command.which(program) else { throw Command.Failure.notFound(program) }
        pid = try Spawned.launch(
            exe, args, environment: environment,
            stdout: stdoutFD.map { .descriptor($0) } ?? .null,
            stderr: stderrPath.map { .file($0) } ?? .null)
    }

    /// Where a child's stdout or stderr goes.
    public enum Output: Sendable {
        case null
        /// Appended to this file (created if missing).
        case file(String)
        /// A descriptor of the parent, duplicated into the child.
        case descriptor(Int32)
        /// For stderr only: wherever stdout goes.
        case sameAsStdout
    }

    /// Where a child's stdin comes from.
    public enum Input: Sendable {
        case null
        /// A descriptor of the parent (the read end of a pipe the test writes), duplicated into the child.
        case descriptor(Int32)
    }

    /// Why `launch` could not start a program.
    public struct LaunchFailure: Error, CustomStringConvertible {
        public var executable: String
        public var errno: Int32
        public var description: String { "posix_spawn \(executable): \(String(cString: strerror(errno)))" }
    }

    /// The one place tests start a child: posix_spawn with stdin from /dev/null (or `stdin`), an empty signal
    /// mask and default handlers for the signals tests send or the runner blocks, the current environment plus
    /// `environment`.
    public static func launch(
        _ executable: String, _ args: [String], environment: [String: String] = [:],
        stdin: Input = .null, stdout: Output, stderr: Output
    ) throws -> pid_t {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        switch stdin {
        case .null: posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        case .descriptor(let source): posix_spawn_file_actions_adddup2(&actions, source, 0)
        }
        for (fd, output) in [(Int32(1), stdout), (Int32(2), stderr)] {
            switch output {
            case .null: posix_spawn_file_actions_addopen(&actions, fd, "/dev/null", O_WRONLY, 0)
            case .file(let path):
                posix_spawn_file_actions_addopen(&actions, fd, path, O_WRONLY | O_CREAT | O_APPEND, 0o644)
            case .descriptor(let source): posix_spawn_file_actions_adddup2(&actions, source, fd)
            case .sameAsStdout: posix_spawn_file_actions_adddup2(&actions, 1, fd)
            }
        }
        var attr = posix_spawnattr_t()
        posix_spawnattr_init(&attr)
        defer { posix_spawnattr_destroy(&attr) }
        var empty = sigset_t()
        sigemptyset(&empty)
        posix_spawnattr_setsigmask(&attr, &empty)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for s in [SIGTERM, SIGINT, SIGPIPE, SIGCHLD, SIGHUP, SIGUSR1, SIGUSR2] { sigaddset(&defaults, s) }
        posix_spawnattr_setsigdefault(&attr, &defaults)
        posix_spawnattr_setflags(&attr, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        var env = ProcessInfo.processInfo.environment
        for (k, v) in environment { env[k] = v }
        let argv = ([executable] + args).map { strdup($0) } + [nil]
        let envp = env.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        var child: pid_t = 0
        let rc = posix_spawn(&child, executable, &actions, &attr, argv, envp)
        guard rc == 0 else { throw LaunchFailure(executable: executable, errno: rc) }
        return child
    }

    deinit { kill(signal: SIGKILL); _ = wait(timeout: 2) }

    /// The exit status once the child ended (reaps it), nil while it runs.
    public var exitStatus: Int32? {
        lock.lock()
        defer { lock.unlock() }
        if let status { return status }
        var s: Int32 = 0
        if waitpid(pid, &s, WNOHANG) == pid { status = s }
        return status
    }

    public var isRunning: Bool { exitStatus == nil }

    public func kill(signal: Int32 = SIGTERM) {
        if isRunning { _ = Glibc.kill(pid, signal) }
    }

    /// Waits (polling with a deadline) for the child to end; true when it did.
    @discardableResult
    public func wait(timeout: Double) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while isRunning {
            if Date() > deadline { return false }
            Thread.sleep(forTimeInterval: 0.005)  // polling a child with a deadline (tests only)
        }
        return true
    }

    /// Runs a program to completion and returns (status, stdout).
    public static func run(
        _ program: String, _ args: [String], environment: [String: String] = [:],
        timeout: Double = 20
    ) throws -> (status: Int32, stdout: String) {
        var fds: [Int32] = [0, 0]
        guard pipe(&fds) == 0 else { throw Command.Failure.notFound("pipe") }
        let child = try Spawned(program, args, environment: environment, stdoutFD: fds[1])
        close(fds[1])
        let out = FileHandle(fileDescriptor: fds[0], closeOnDealloc: true)
        let data = LockedBox(Data())
        let done = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            data.set(out.readDataToEndOfFile())
            done.signal()
        }
        guard child.wait(timeout: timeout) else {
            child.kill(signal: SIGKILL)
            throw Command.Failure.timedOut(program, seconds: timeout)
        }
        _ = done.wait(timeout: .now() + 5)
        return (child.exitStatus ?? -1, String(decoding: data.get(), as: UTF8.self))
    }
}
