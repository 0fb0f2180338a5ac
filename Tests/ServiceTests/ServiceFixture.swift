import DBus
import Testing
import Foundation
import TestSupport

/// One private dbus-daemon + pulseaudio and the real `linnetd` binary on them, driven like a desktop would.
/// Everything started here is stopped in deinit.
final class ServiceFixture: @unchecked Sendable {
    // Safe: used by one test at a time (the suites are serialized); `daemon` is only touched from that test.
    static let bus = "org.mpris.MediaPlayer2.linnet"
    static let path = "/org/mpris/MediaPlayer2"
    static let root = "org.mpris.MediaPlayer2"
    static let player = "org.mpris.MediaPlayer2.Player"
    static let trackList = "org.mpris.MediaPlayer2.TrackList"

    let servers: PrivateServers
    let stateDir: TemporaryDirectory
    let client: DBusConnection
    var daemon: Child?
    var logPath: String { stateDir.file("linnetd.log") }

    struct Failure: Error, CustomStringConvertible { var description: String }

    /// `dataDirectory` and `serviceDirectory`: where the bus finds activation files (see `PrivateServers`).
    init(dataDirectory: String? = nil, serviceDirectory: String? = nil) throws {
        servers = try PrivateServers(dataDirectory: dataDirectory, serviceDirectory: serviceDirectory)
        stateDir = try TemporaryDirectory(prefix: "linnet-service")
        client = try DBusConnection(bus: .address(servers.busAddress))
    }

    deinit {
        client.close()
    }

    /// More variables for linnetd (e.g. stream settings), set before `launch`.
    var extraEnvironment: [String: String] = [:]

    var environment: [String: String] {
        [
            "DBUS_SESSION_BUS_ADDRESS": servers.busAddress, "PULSE_SERVER": servers.pulseAddress,
            "XDG_STATE_HOME": stateDir.path,
            "XDG_CACHE_HOME": stateDir.file("cache"), "XDG_CONFIG_HOME": stateDir.file("config")
        ]
        .merging(extraEnvironment) { $1 }
    }

    /// The built linnetd next to this test bundle (or $LINNETD).
    static var binary: String {
        if let p = ProcessInfo.processInfo.environment["LINNETD"] { return p }
        let exe = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        var dir = exe.deletingLastPathComponent()
        for _ in 0..<4 {
            let candidate = dir.appendingPathComponent("linnetd").path
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
            dir = dir.deletingLastPathComponent()
        }
        return Bundle.main.bundleURL.deletingLastPathComponent().appendingPathComponent("linnetd").path
    }

    /// The repository's demo media.
    static var demo: String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("data/demo").path
    }

    /// Starts linnetd with `arguments` (the state dir is always ours) and waits until it owns `name`.
    @discardableResult
    func launch(_ arguments: [String] = [], waitFor name: String = ServiceFixture.bus) throws -> Child {
        let p = try Child(
            Self.binary, ["--state-dir", stateDir.file("state")] + arguments, environment: environment,
            output: logPath)
        daemon = p
        try waitUntil("\(name) owned", timeout: 20) { (try? self.client.nameOwner(name)) != nil || !p.isRunning }
        guard p.isRunning else { throw Failure(description: "linnetd exited \(p.terminationStatus): \(log())") }
        return p
    }

    func log() -> String { (try? String(contentsOfFile: logPath, encoding: .utf8)) ?? "" }

    /// Sends `signal` and waits for the exit; returns the exit status.
    func stop(signal: Int32 = SIGTERM) throws -> Int32 {
        guard let d = daemon else { throw Failure(description: "no daemon") }
        d.kill(signal)
        try d.wait(timeout: 20)
        daemon = nil
        // The bus notices the old owner gone before a new instance could take the name.
        try waitUntil("name released", timeout: 20) { (try? self.client.nameOwner(Self.bus)) == nil }
        return d.terminationStatus
    }

    // MARK: - Bus helpers

    func get(_ interface: String, _ name: String) throws -> DBusValue {
        try client.getProperty(
            destination: Self.bus, path: Self.path, interface: interface, name: name, timeout: .seconds(10))
    }

    func set(_ interface: String, _ name: String, _ value: DBusValue) throws {
        try client.setProperty(
            destination: Self.bus, path: Self.path, interface: interface, name: name, value: value,
            timeout: .seconds(10))
    }

    @discardableResult
    func call(_ interface: String, _ method: String, _ arguments: [DBusValue] = []) throws -> [DBusValue] {
        try client.call(
            destination: Self.bus, path: Self.path, interface: interface, method: method,
            arguments: arguments, timeout: .seconds(10))
    }

    func status() throws -> String { try get(Self.player, "PlaybackStatus").stringValue ?? "?" }
    func position() throws -> Int64 { try get(Self.player, "Position").integerValue ?? -1 }
    func metadata() throws -> [String: DBusValue] {
        (try get(Self.player, "Metadata").stringKeyedDictionary ?? [:]).mapValues(\.unwrappingVariants)
    }
    func trackID() throws -> String? { try metadata()["mpris:trackid"]?.stringValue }
    func tracks() throws -> [String] {
        try get(Self.trackList, "Tracks").as([DBusObjectPath].self)?.map(\.rawValue) ?? []
    }

    /// Runs playerctl against our player on our bus.
    @discardableResult
    func playerctl(_ args: String...) throws -> String {
        let r = try Child.run("playerctl", ["-p", "linnet"] + args, environment: environment)
        guard r.status == 0 else { throw Failure(description: "playerctl \(args) exited \(r.status): \(r.output)") }
        return r.output.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Waits for a condition about an external process (a deadline, polled; the process gives us no event).
    func waitUntil(_ what: String, timeout: Double, _ condition: () throws -> Bool) throws {
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            if try condition() { return }
            if Date() > deadline {
                throw Failure(description: "timed out after \(timeout) s waiting for \(what)\n\(log())")
            }
            Thread.sleep(forTimeInterval: 0.02)
        }
    }
}

/// Records signals from the player (its own connection on a queue); waits on arrival, not on time.
final class SignalRecorder: @unchecked Sendable {
    // Safe: `signals` is a LockedBox; `connection` and `subscription` are immutable after init.
    let connection: DBusConnection
    let signals = LockedBox<[DBusSignal]>([])
    private let arrived = DispatchSemaphore(value: 0)

    init(address: String) throws {
        connection = try DBusConnection(bus: .address(address), queue: DispatchQueue(label: "test.signals"))
        _ = try connection.subscribe(DBusMatchRule(path: ServiceFixture.path)) { [signals, arrived] signal in
            signals.update { $0.append(signal) }
            arrived.signal()
        }
    }

    deinit { connection.close() }

    func clear() { signals.set([]) }

    /// The first recorded signal matching `predicate`, waiting up to `timeout` seconds for it.
    func wait(timeout: Double = 10, _ predicate: (DBusSignal) -> Bool) -> DBusSignal? {
        let deadline = DispatchTime.now() + timeout
        while true {
            if let s = signals.get().first(where: predicate) { return s }
            if arrived.wait(timeout: deadline) == .timedOut { return signals.get().first(where: predicate) }
        }
    }

    /// PropertiesChanged for `interface` carrying `property`.
    func propertiesChanged(_ interface: String, _ property: String, timeout: Double = 10) -> [String: DBusValue]? {
        wait(timeout: timeout) { s in
            s.member == "PropertiesChanged" && s.arguments.first == .string(interface)
                && s.arguments[1].stringKeyedDictionary?[property] != nil
        }.flatMap { $0.arguments[1].stringKeyedDictionary?.mapValues(\.unwrappingVariants) }
    }

    func all(_ member: String) -> [DBusSignal] { signals.get().filter { $0.member == member } }
}

/// Parent of every service suite: `.serialized` here runs them one at a time (each starts its own servers and
/// daemon; the machine has two cores).
@Suite(.serialized) enum ServiceSuites {}
