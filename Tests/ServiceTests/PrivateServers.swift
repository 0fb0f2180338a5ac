import Foundation
import TestSupport

/// A private dbus-daemon (spawned with a clean signal mask, killed with SIGKILL in deinit) plus the shared
/// `PrivateSoundServer` (pulseaudio with a null sink) for one service test. TestSupport's `PrivateBus` is not
/// used: it waits for its daemon with Foundation's `Process`, whose exit detection the test runner defeats.
final class PrivateServers: @unchecked Sendable {
    // Safe: immutable after init; the processes are only signalled in deinit.
    let directory: TemporaryDirectory
    let busAddress: String
    let sound: PrivateSoundServer
    var pulseAddress: String { sound.address }
    private var processes: [Child] = []

    struct Failure: Error, CustomStringConvertible { var description: String }

    /// - Parameter dataDirectory: when given, the bus reads activation files from `dataDirectory/dbus-1/services`
    ///   (as a session bus does from $XDG_DATA_DIRS), so a test can let the bus start linnetd.
    init(dataDirectory: String? = nil) throws {
        directory = try TemporaryDirectory(prefix: "linnet-servers")
        let busSocket = directory.file("bus")
        busAddress = "unix:path=\(busSocket)"
        sound = try PrivateSoundServer()
        do {
            let busEnvironment = dataDirectory.map { ["XDG_DATA_DIRS": $0, "XDG_DATA_HOME": $0 + "/home"] } ?? [:]
            try start("dbus-daemon", ["--session", "--nofork", "--nopidfile", "--address=\(busAddress)"],
                      environment: busEnvironment)
            try waitFor("the bus socket") { SpawnedBus.accepts(busSocket) }
        } catch {
            killAll()
            throw error
        }
    }

    deinit { killAll() }

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
                let log = (try? String(contentsOfFile: directory.file("dbus-daemon.log"), encoding: .utf8)) ?? ""
                throw Failure(description: "\(what) not ready after \(timeout) s; dbus-daemon: \(log.suffix(1000))")
            }
            Thread.sleep(forTimeInterval: 0.01)
        }
    }
}
