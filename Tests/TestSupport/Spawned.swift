import Foundation

/// A child process started with posix_spawn, with a clean signal mask (children of Foundation's `Process`
/// inherit the test runner's blocked signals and then ignore SIGTERM) and reaped with waitpid.
public final class Spawned: @unchecked Sendable {
    // Safe: `status` is guarded by `lock`; `pid` is immutable.
    public let pid: pid_t
    private let lock = NSLock()
    private var status: Int32?

    /// Starts `program` with `args`; stdout goes to `stdoutFD` (nil: /dev/null), stderr to `stderrPath` (nil: /dev/null).
    public init(_ program: String, _ args: [String], environment: [String: String] = [:],
                stdoutFD: Int32? = nil, stderrPath: String? = nil) throws {
        guard let exe = Command.which(program) else { throw Command.Failure.notFound(program) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        if let fd = stdoutFD {
            posix_spawn_file_actions_adddup2(&actions, fd, 1)
        } else {
            posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        }
        posix_spawn_file_actions_addopen(&actions, 2, stderrPath ?? "/dev/null", O_WRONLY | O_CREAT | O_APPEND, 0o644)
        var attr = posix_spawnattr_t()
        posix_spawnattr_init(&attr)
        defer { posix_spawnattr_destroy(&attr) }
        var empty = sigset_t()
        sigemptyset(&empty)
        posix_spawnattr_setsigmask(&attr, &empty)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for s in [SIGTERM, SIGINT, SIGPIPE, SIGCHLD, SIGHUP] { sigaddset(&defaults, s) }
        posix_spawnattr_setsigdefault(&attr, &defaults)
        posix_spawnattr_setflags(&attr, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        var env = ProcessInfo.processInfo.environment
        for (k, v) in environment { env[k] = v }
        let argv = ([exe] + args).map { strdup($0) } + [nil]
        let envp = env.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { argv.forEach { free($0) }; envp.forEach { free($0) } }
        var child: pid_t = 0
        let r = posix_spawn(&child, exe, &actions, &attr, argv, envp)
        guard r == 0 else { throw Command.CheckFailure(command: exe, status: r, stderr: "posix_spawn failed") }
        pid = child
    }

    deinit { kill(signal: SIGKILL) ; _ = wait(timeout: 2) }

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
            Thread.sleep(forTimeInterval: 0.005) // polling a child with a deadline (tests only)
        }
        return true
    }

    /// Runs a program to completion and returns (status, stdout).
    public static func run(_ program: String, _ args: [String], environment: [String: String] = [:],
                           timeout: Double = 20) throws -> (status: Int32, stdout: String) {
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
