import Foundation

/// A private `dbus-daemon --session` on a unix socket in its own temporary directory, started with `Spawned`
/// (posix_spawn, clean signal mask, reaped with waitpid: safe inside the test runner, unlike Foundation's
/// `Process`) and killed with SIGKILL when released. No service directories: nothing gets activated.
public final class SpawnedBus: @unchecked Sendable {
    // Safe: immutable after init.
    /// The address for DBUS_SESSION_BUS_ADDRESS / `--address`.
    public let address: String
    public let directory: TemporaryDirectory
    private let process: Spawned

    /// Starts the daemon and returns once its socket accepts connections (deadline `timeout` seconds).
    public init(timeout: Double = 20) throws {
        directory = try TemporaryDirectory(prefix: "linnet-bus")
        let socketPath = directory.file("bus")
        address = "unix:path=\(socketPath)"
        process = try Spawned(
            "dbus-daemon", ["--session", "--nofork", "--nopidfile", "--address=\(address)"],
            stderrPath: directory.file("dbus-daemon.log"))
        let deadline = Date().addingTimeInterval(timeout)
        while !Self.accepts(socketPath) {
            if let status = process.exitStatus { throw PrivateBus.Failure.didNotStart("dbus-daemon exited \(status)") }
            if Date() > deadline { throw PrivateBus.Failure.didNotStart("no socket after \(timeout) s") }
            Thread.sleep(forTimeInterval: 0.01)  // polling an external process with a deadline (it gives no event)
        }
    }

    deinit {
        process.kill(signal: SIGKILL)
        process.wait(timeout: 5)
    }

    /// Environment for children that should use this bus as their session bus.
    public var environment: [String: String] { ["DBUS_SESSION_BUS_ADDRESS": address] }

    /// True once something accepts connections on the unix socket at `path`.
    public static func accepts(_ path: String) -> Bool {
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        var addr = sockaddr_un()
        addr.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        guard bytes.count < MemoryLayout.size(ofValue: addr.sun_path) else { return false }
        withUnsafeMutableBytes(of: &addr.sun_path) { raw in
            for (i, b) in bytes.enumerated() { raw[i] = b }
        }
        return withUnsafePointer(to: &addr) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) == 0
            }
        }
    }
}
