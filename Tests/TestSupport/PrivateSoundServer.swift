import Foundation

/// A private `pulseaudio` for tests: its own runtime dir and socket, null sinks with the given names and
/// properties, helpers around `pactl`, and monitor recorders. The server is killed on deinit.
public final class PrivateSoundServer: @unchecked Sendable {
    // Safe: every stored property is immutable after init except `process`, which only `restart()` replaces,
    // called by the single test that owns the fixture.
    /// A null sink to create at start.
    public struct Sink: Sendable {
        public var name: String
        public var properties: [String: String]
        public var rate: Int
        public var channels: Int
        public var format: String
        /// Load with norewinds=1 (required on sinks you record; see TESTING-NOTES).
        public var norewinds: Bool

        public init(
            name: String, properties: [String: String] = [:], rate: Int = 44100, channels: Int = 2,
            format: String = "s16le", norewinds: Bool = true
        ) {
            self.name = name
            self.properties = properties
            self.rate = rate
            self.channels = channels
            self.format = format
            self.norewinds = norewinds
        }

        public var moduleArguments: String {
            var args = "sink_name=\(name) format=\(format) rate=\(rate) channels=\(channels)"
            if norewinds { args += " norewinds=1" }
            if !properties.isEmpty {
                args += " sink_properties=" + properties.map { "\($0.key)=\($0.value)" }.sorted().joined(separator: ",")
            }
            return args
        }
    }

    /// Failures starting the server.
    public struct StartFailure: Error, CustomStringConvertible {
        public var description: String
    }

    public let directory: TemporaryDirectory
    public let socketPath: String
    /// The address to put in PULSE_SERVER (or `PulseOutputConfiguration.server`).
    public var address: String { "unix:\(socketPath)" }
    /// Environment for clients (pactl, parec, players) that should talk to this server.
    public var clientEnvironment: [String: String] { ["PULSE_SERVER": address] }
    /// Replaced only by `restart()`, which tests call from the thread that owns the fixture.
    private var process: Spawned
    public var pid: Int32 { process.pid }

    public init(sinks: [Sink] = [Sink(name: "linnet_test")], extraConfig: [String] = []) throws {
        directory = try TemporaryDirectory(prefix: "linnet-pulse")
        socketPath = directory.file("native")
        var lines = ["load-module module-native-protocol-unix socket=\(socketPath) auth-anonymous=1"]
        lines += sinks.map { "load-module module-null-sink \($0.moduleArguments)" }
        if let first = sinks.first { lines.append("set-default-sink \(first.name)") }
        lines += extraConfig
        let config = directory.file("default.pa")
        try (lines.joined(separator: "\n") + "\n").write(toFile: config, atomically: true, encoding: .utf8)
        let runtime = directory.file("runtime")
        try FileManager.default.createDirectory(atPath: runtime, withIntermediateDirectories: true)

        process = try Self.start(
            directory: directory, config: config, runtime: runtime,
            socketPath: socketPath, clientEnvironment: ["PULSE_SERVER": "unix:\(socketPath)"])
    }

    /// Spawns pulseaudio on `config` and waits (deadline, not a fixed sleep) until it answers.
    private static func start(
        directory: TemporaryDirectory, config: String, runtime: String, socketPath: String,
        clientEnvironment: [String: String]
    ) throws -> Spawned {
        var env: [String: String] = [:]
        env["XDG_RUNTIME_DIR"] = runtime
        env["PULSE_RUNTIME_PATH"] = runtime
        env["PULSE_STATE_PATH"] = directory.file("state")
        env["HOME"] = directory.path
        let logPath = directory.file("pulseaudio.log")
        let process = try Spawned(
            "pulseaudio",
            [
                "-n", "--daemonize=no", "--exit-idle-time=-1", "--disallow-exit",
                "--log-target=stderr", "--use-pid-file=no", "--system=no", "-F", config
            ],
            environment: env, stderrPath: logPath)
        let deadline = Date().addingTimeInterval(15)
        while true {
            if let status = process.exitStatus {
                throw StartFailure(description: "pulseaudio exited with \(status)")
            }
            if FileManager.default.fileExists(atPath: socketPath),
                let r = try? Spawned.run("pactl", ["info"], environment: clientEnvironment, timeout: 5), r.status == 0
            {
                return process
            }
            if Date() > deadline {
                process.kill(signal: SIGKILL)
                let log = (try? String(contentsOfFile: logPath, encoding: .utf8)) ?? ""
                throw StartFailure(description: "pulseaudio did not answer within 15 s: \(log.suffix(2000))")
            }
            Thread.sleep(forTimeInterval: 0.02)  // polling an external process with a deadline (allowed in tests)
        }
    }

    /// Starts the server again after `crash()`, on the same socket with the same sinks (a server restart).
    public func restart() throws {
        process.kill(signal: SIGKILL)
        process.wait(timeout: 5)
        process = try Self.start(
            directory: directory, config: directory.file("default.pa"),
            runtime: directory.file("runtime"), socketPath: socketPath,
            clientEnvironment: clientEnvironment)
    }

    deinit {
        process.kill()
        if !process.wait(timeout: 5) { process.kill(signal: SIGKILL) }
    }

    /// Kills the server abruptly (as a crash would) and waits until it is gone.
    public func crash() {
        process.kill(signal: SIGKILL)
        process.wait(timeout: 5)
    }

    /// Runs pactl against this server and returns its output.
    @discardableResult
    public func pactl(_ args: String...) throws -> String {
        try pactl(args)
    }

    /// Runs pactl against this server and returns its output (throws on a non-zero exit).
    @discardableResult
    public func pactl(_ args: [String]) throws -> String {
        let r = try Spawned.run("pactl", args, environment: clientEnvironment, timeout: 20)
        guard r.status == 0 else {
            throw Command.CheckFailure(
                command: "pactl " + args.joined(separator: " "), status: r.status, stderr: r.stdout)
        }
        return r.stdout
    }

    /// Loads a module; returns its index.
    @discardableResult
    public func loadModule(_ name: String, _ arguments: String = "") throws -> Int {
        let out = try pactl(["load-module", name] + (arguments.isEmpty ? [] : [arguments]))
        guard let index = Int(out.trimmingCharacters(in: .whitespacesAndNewlines)) else {
            throw StartFailure(description: "load-module \(name) printed \(out)")
        }
        return index
    }

    public func unloadModule(_ index: Int) throws {
        try pactl("unload-module", String(index))
    }

    /// The server's sink inputs as pactl's JSON describes them.
    public func sinkInputs() throws -> [[String: Any]] {
        let out = try pactl(["--format=json", "list", "sink-inputs"])
        return (try JSONSerialization.jsonObject(with: Data(out.utf8)) as? [[String: Any]]) ?? []
    }

    /// The latency the sink reports now (pactl's "actual"), in microseconds.
    public func sinkLatencyMicroseconds(_ sink: String) throws -> Double {
        let out = try pactl(["--format=json", "list", "sinks"])
        let sinks = (try JSONSerialization.jsonObject(with: Data(out.utf8)) as? [[String: Any]]) ?? []
        let s = sinks.first { ($0["name"] as? String) == sink }
        return ((s?["latency"] as? [String: Any])?["actual"] as? Double) ?? 0
    }

    /// Starts recording the monitor of `sink` (s16le, at the given rate/channels).
    public func recordMonitor(of sink: String, rate: Int = 44100, channels: Int = 2) throws -> MonitorRecorder {
        try MonitorRecorder(source: "\(sink).monitor", rate: rate, channels: channels, environment: clientEnvironment)
    }
}
