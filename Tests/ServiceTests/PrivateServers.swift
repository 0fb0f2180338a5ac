import Foundation
import TestSupport

/// A private dbus-daemon and pulseaudio (null sink) for one service test, both killed with SIGKILL in deinit
/// (they hold nothing worth a graceful exit, and a child that inherited a blocked SIGTERM would never leave).
final class PrivateServers: @unchecked Sendable {
    // Safe: immutable after init; the processes are only signalled in deinit.
    let directory: TemporaryDirectory
    let busAddress: String
    let pulseAddress: String
    private var processes: [Child] = []

    struct Failure: Error, CustomStringConvertible { var description: String }

    init() throws {
        directory = try TemporaryDirectory(prefix: "linnet-servers")
        let busSocket = directory.file("bus")
        busAddress = "unix:path=\(busSocket)"
        let pulseSocket = directory.file("pulse")
        pulseAddress = "unix:\(pulseSocket)"
        do {
            try start("dbus-daemon", ["--session", "--nofork", "--nopidfile", "--address=\(busAddress)"], environment: [:])
            let config = directory.file("default.pa")
            try """
                load-module module-native-protocol-unix socket=\(pulseSocket) auth-anonymous=1
                load-module module-null-sink sink_name=linnet_test format=s16le rate=44100 channels=2 norewinds=1
                set-default-sink linnet_test

                """.write(toFile: config, atomically: true, encoding: .utf8)
            let runtime = directory.file("runtime")
            try FileManager.default.createDirectory(atPath: runtime, withIntermediateDirectories: true)
            try start("pulseaudio", ["-n", "--daemonize=no", "--exit-idle-time=-1", "--disallow-exit", "--use-pid-file=no",
                                     "--system=no", "--log-target=stderr", "-F", config],
                      environment: ["XDG_RUNTIME_DIR": runtime, "PULSE_RUNTIME_PATH": runtime, "HOME": directory.path,
                                    "PULSE_STATE_PATH": directory.file("state")])
            try waitFor("the bus socket") { Self.accepts(busSocket) }
            try waitFor("pulseaudio") { Self.accepts(pulseSocket) }
        } catch {
            killAll()
            throw error
        }
    }

    deinit { killAll() }

    /// True once something accepts connections on the unix socket at `path`.
    private static func accepts(_ path: String) -> Bool {
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

    private func killAll() {
        for p in processes { p.kill(SIGKILL) }
        for p in processes { _ = try? p.wait(timeout: 10) }
        processes = []
    }

    private func start(_ program: String, _ args: [String], environment: [String: String]) throws {
        let p = try Child(program, args, environment: environment, output: directory.file("\(program).log"))
        processes.append(p)
    }

    /// Polls an external process's readiness with a deadline (it offers no event to wait on).
    private func waitFor(_ what: String, timeout: Double = 20, _ ready: () -> Bool) throws {
        let deadline = Date().addingTimeInterval(timeout)
        while !ready() {
            if let dead = processes.first(where: { !$0.isRunning }) {
                throw Failure(description: "pid \(dead.pid) exited \(dead.terminationStatus)")
            }
            if Date() > deadline {
                let logs = ["dbus-daemon", "pulseaudio"].map {
                    "\($0): " + ((try? String(contentsOfFile: directory.file("\($0).log"), encoding: .utf8)) ?? "").split(separator: "\n").filter { $0.contains("E: ") || $0.contains("rror") }.joined(separator: " | ")
                }
                throw Failure(description: "\(what) not ready after \(timeout) s; \(logs.joined(separator: "; "))")
            }
            Thread.sleep(forTimeInterval: 0.01)
        }
    }
}
