import DBus
import Foundation
import TestSupport

/// Issue 5's world: a private dbus-daemon, a private pulseaudio that can be killed and started again on the same
/// socket, with null sinks `speakers` (form factor speaker), `headphones` (form factor headphone) and `bt`
/// (bus bluetooth), and the real linnetd. Everything started here is killed in deinit.
final class RouteFixture: @unchecked Sendable {
    // Safe: used by one test at a time (serialized suites); the children are only touched from that test.
    static let route = "org.mpris.MediaPlayer2.linnet.Route"

    let directory: TemporaryDirectory
    let busAddress: String
    let pulseSocket: String
    /// `LINNET_TEST_SOUND_SERVER=pipewire` runs pipewire + wireplumber + pipewire-pulse instead of pulseaudio.
    static let onPipeWire = ProcessInfo.processInfo.environment["LINNET_TEST_SOUND_SERVER"] == "pipewire"
    /// pipewire and wireplumber (pipewire-pulse is `pulse`).
    private var pipewire: [Child] = []
    var pulseAddress: String { "unix:\(pulseSocket)" }
    let client: DBusConnection
    private var bus: Child?
    private(set) var pulse: Child?
    var daemon: Child?
    let media: String
    let call: String
    var logPath: String { directory.file("linnetd.log") }

    struct Failure: Error, CustomStringConvertible { var description: String }

    /// Starts the bus (and the sound server unless `withPulse` is false); `defaultSink` gets new streams.
    init(withPulse: Bool = true, roleCork: Bool = false, defaultSink: String = "speakers") throws {
        directory = try TemporaryDirectory(prefix: "linnet-route")
        let busSocket = directory.file("bus")
        busAddress = "unix:path=\(busSocket)"
        // pipewire-pulse puts its socket at $XDG_RUNTIME_DIR/pulse/native.
        pulseSocket = Self.onPipeWire ? directory.file("pw-runtime") + "/pulse/native" : directory.file("pulse")
        media = directory.file("tone.wav")
        call = directory.file("call.wav")
        try TestMedia.sineWAV(media, seconds: 60)
        try TestMedia.sineWAV(call, seconds: 1.5, frequency: 880)
        bus = try Child(
            "dbus-daemon", ["--session", "--nofork", "--nopidfile", "--address=\(busAddress)"],
            output: directory.file("dbus.log"))
        client = try Self.connect(busAddress)
        if withPulse { try startPulse(roleCork: roleCork, defaultSink: defaultSink) }
    }

    private static func connect(_ address: String) throws -> DBusConnection {
        let deadline = Date().addingTimeInterval(20)
        while true {
            do { return try DBusConnection(bus: .address(address)) } catch {
                if Date() > deadline { throw error }
                Thread.sleep(forTimeInterval: 0.02)  // the daemon offers no readiness event
            }
        }
    }

    deinit {
        client.close()
        for c in [daemon, pulse].compactMap({ $0 }) + pipewire.reversed() + [bus].compactMap({ $0 }) {
            c.kill(SIGKILL); _ = try? c.wait(timeout: 10)
        }
    }

    var environment: [String: String] {
        [
            "DBUS_SESSION_BUS_ADDRESS": busAddress, "PULSE_SERVER": pulseAddress, "XDG_STATE_HOME": directory.path,
            "XDG_CONFIG_HOME": directory.file("config")
        ]
    }

    // MARK: - Sound server

    /// Starts pulseaudio on the fixture's socket (again, after `killPulse`).
    func startPulse(roleCork: Bool = false, defaultSink: String = "speakers") throws {
        if Self.onPipeWire { return try startPipeWire(defaultSink: defaultSink) }
        let config = directory.file("default.pa")
        var lines = [
            "load-module module-native-protocol-unix socket=\(pulseSocket) auth-anonymous=1",
            "load-module module-null-sink sink_name=speakers sink_properties=device.form_factor=speaker",
            "load-module module-null-sink sink_name=headphones sink_properties=device.form_factor=headphone",
            "load-module module-null-sink sink_name=bt sink_properties=device.bus=bluetooth",
            "set-default-sink \(defaultSink)"
        ]
        if roleCork { lines.append("load-module module-role-cork") }
        try (lines.joined(separator: "\n") + "\n").write(toFile: config, atomically: true, encoding: .utf8)
        let runtime = directory.file("pulse-runtime")
        try FileManager.default.createDirectory(atPath: runtime, withIntermediateDirectories: true)
        pulse = try Child(
            "pulseaudio",
            [
                "-n", "--daemonize=no", "--exit-idle-time=-1", "--disallow-exit",
                "--use-pid-file=no", "--system=no", "--log-target=stderr", "-F", config
            ],
            environment: [
                "XDG_RUNTIME_DIR": runtime, "PULSE_RUNTIME_PATH": runtime,
                "HOME": directory.path, "PULSE_STATE_PATH": directory.file("pulse-state")
            ],
            output: directory.file("pulseaudio.log"))
        try waitUntil("pulseaudio", timeout: 20) {
            guard self.pulse?.isRunning == true else { throw Failure(description: "pulseaudio exited") }
            return (try? self.pactl("info")) != nil
        }
    }

    /// PipeWire with its pulse server; the same sinks made with pactl (module-role-cork does not exist there).
    private func startPipeWire(defaultSink: String) throws {
        let runtime = directory.file("pw-runtime")
        try FileManager.default.createDirectory(atPath: runtime, withIntermediateDirectories: true)
        let env = [
            "XDG_RUNTIME_DIR": runtime, "DBUS_SESSION_BUS_ADDRESS": busAddress, "HOME": directory.path,
            "XDG_CONFIG_HOME": directory.file("pw-config"), "XDG_STATE_HOME": directory.file("pw-state")
        ]
        let core = try Child("pipewire", [], environment: env, output: directory.file("pipewire.log"))
        pipewire = [core]
        try waitUntil("pipewire", timeout: 20) { FileManager.default.fileExists(atPath: runtime + "/pipewire-0") }
        pipewire.append(try Child("wireplumber", [], environment: env, output: directory.file("wireplumber.log")))
        pulse = try Child("pipewire-pulse", [], environment: env, output: directory.file("pipewire-pulse.log"))
        try waitUntil("pipewire-pulse", timeout: 20) { (try? self.pactl("info")) != nil }
        try pactl("load-module", "module-null-sink", "sink_name=speakers", "sink_properties=device.form_factor=speaker")
        try pactl(
            "load-module", "module-null-sink", "sink_name=headphones", "sink_properties=device.form_factor=headphone")
        try pactl("load-module", "module-null-sink", "sink_name=bt", "sink_properties=device.bus=bluetooth")
        // "Not supported" until WirePlumber has published its default-sink metadata.
        try waitUntil("wireplumber's default sink", timeout: 20) {
            (try? self.pactl("set-default-sink", defaultSink)) != nil
        }
    }

    /// Kills the sound server (a crash) and waits until it is gone.
    func killPulse() throws {
        for c in pipewire.reversed() { c.kill(SIGKILL); try c.wait(timeout: 10) }
        pipewire = []
        guard let p = pulse else { return }
        p.kill(SIGKILL)
        try p.wait(timeout: 10)
        pulse = nil
        try? FileManager.default.removeItem(atPath: pulseSocket)
    }

    @discardableResult
    func pactl(_ args: String...) throws -> String {
        let r = try Child.run("pactl", args, environment: ["PULSE_SERVER": pulseAddress], timeout: 20)
        guard r.status == 0 else { throw Failure(description: "pactl \(args) exited \(r.status): \(r.output)") }
        return r.output
    }

    /// Unloads the null sink called `name` (its streams move to another sink, as on a Bluetooth disconnect).
    func unloadSink(_ name: String) throws {
        let modules = try pactl("list", "short", "modules")
        guard
            let line = modules.split(separator: "\n").first(where: {
                $0.contains("sink_name=\(name) ") || $0.hasSuffix("sink_name=\(name)")
            }),
            let index = line.split(separator: "\t").first
        else {
            throw Failure(description: "no module for sink \(name) in \(modules)")
        }
        try pactl("unload-module", String(index))
    }

    /// The sink-input index of linnetd's stream.
    func ourSinkInput() throws -> String {
        let out = try pactl("list", "sink-inputs")
        var current: String?
        for line in out.split(separator: "\n") {
            let t = line.trimmingCharacters(in: .whitespaces)
            if t.hasPrefix("Sink Input #") { current = String(t.dropFirst("Sink Input #".count)) }
            if t.contains("application.id = \"org.mpris.MediaPlayer2.linnet\""), let current { return current }
        }
        throw Failure(description: "linnetd has no stream: \(out)")
    }

    // MARK: - linnetd

    func launch(_ arguments: [String]) throws {
        let p = try Child(
            ServiceFixture.binary, ["--state-dir", directory.file("state"), "--no-restore"] + arguments,
            environment: environment, output: logPath)
        daemon = p
        try waitUntil("linnetd on the bus", timeout: 20) {
            guard p.isRunning else { throw Failure(description: "linnetd exited: \(self.log())") }
            return (try? self.client.nameOwner(ServiceFixture.bus)) != nil
        }
    }

    func log() -> String { (try? String(contentsOfFile: logPath, encoding: .utf8)) ?? "" }

    func get(_ interface: String, _ name: String) throws -> DBusValue {
        try client.getProperty(
            destination: ServiceFixture.bus, path: ServiceFixture.path, interface: interface,
            name: name, timeout: .seconds(10))
    }

    func status() throws -> String { try get(ServiceFixture.player, "PlaybackStatus").stringValue ?? "?" }
    func position() throws -> Int64 { try get(ServiceFixture.player, "Position").integerValue ?? -1 }
    func route() throws -> [String: DBusValue] {
        (try get(Self.route, "Route").stringKeyedDictionary ?? [:]).mapValues(\.unwrappingVariants)
    }
    func routeSink() throws -> String? { try route()["Sink"]?.stringValue }
    func interrupted() throws -> Bool { try get(Self.route, "Interrupted") == .boolean(true) }

    @discardableResult
    func callPlayer(_ method: String) throws -> [DBusValue] {
        try client.call(
            destination: ServiceFixture.bus, path: ServiceFixture.path, interface: ServiceFixture.player,
            method: method, timeout: .seconds(10))
    }

    /// Waits for a condition about an external process (polled with a deadline; it gives us no event).
    func waitUntil(_ what: String, timeout: Double, _ condition: () throws -> Bool) throws {
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            if try condition() { return }
            if Date() > deadline {
                throw Failure(
                    description:
                        "timed out after \(timeout) s waiting for \(what)\n\((try? String(contentsOfFile: logPath, encoding: .utf8)) ?? "")"
                )
            }
            Thread.sleep(forTimeInterval: 0.005)
        }
    }
}
