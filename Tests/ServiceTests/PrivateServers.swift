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

    /// - Parameters:
    ///   - dataDirectory: when given, the bus reads activation files from `dataDirectory/dbus-1/services`
    ///     (as a session bus does from $XDG_DATA_DIRS), so a test can let the bus start linnetd.
    ///   - serviceDirectory: when given, the bus runs from a config of its own whose only `<servicedir>` is this
    ///     folder: activation from the test's files alone, none of the system's.
    init(dataDirectory: String? = nil, serviceDirectory: String? = nil) throws {
        directory = try TemporaryDirectory(prefix: "linnet-servers")
        let busSocket = directory.file("bus")
        busAddress = "unix:path=\(busSocket)"
        sound = try PrivateSoundServer()
        do {
            let busEnvironment = dataDirectory.map { ["XDG_DATA_DIRS": $0, "XDG_DATA_HOME": $0 + "/home"] } ?? [:]
            var arguments = ["--session", "--nofork", "--nopidfile", "--address=\(busAddress)"]
            if let serviceDirectory {
                let config = directory.file("bus.conf")
                try Self.busConfig(listen: busAddress, serviceDirectory: serviceDirectory)
                    .write(toFile: config, atomically: true, encoding: .utf8)
                arguments = ["--config-file=\(config)", "--nofork", "--nopidfile"]
            }
            try start("dbus-daemon", arguments, environment: busEnvironment)
            try waitFor("the bus socket") { SpawnedBus.accepts(busSocket) }
        } catch {
            killAll()
            throw error
        }
    }

    deinit { killAll() }

    /// What the bus daemon printed (services it activated print there too).
    func busLog() -> String { (try? String(contentsOfFile: directory.file("dbus-daemon.log"), encoding: .utf8)) ?? "" }

    /// A session bus config listening on `listen` that activates services from `serviceDirectory` only.
    static func busConfig(listen: String, serviceDirectory: String) -> String {
        """
        <!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
         "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
        <busconfig>
          <type>session</type>
          <listen>\(listen)</listen>
          <servicedir>\(serviceDirectory)</servicedir>
          <policy context="default">
            <allow send_destination="*" eavesdrop="true"/>
            <allow eavesdrop="true"/>
            <allow own="*"/>
          </policy>
        </busconfig>
        """
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
                let log = (try? String(contentsOfFile: directory.file("dbus-daemon.log"), encoding: .utf8)) ?? ""
                throw Failure(description: "\(what) not ready after \(timeout) s; dbus-daemon: \(log.suffix(1000))")
            }
            Thread.sleep(forTimeInterval: 0.01)
        }
    }
}
