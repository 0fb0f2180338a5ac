import Foundation

/// A private `dbus-daemon` for one test (or suite): its own config in a temporary directory (a unix socket there,
/// no service directories so nothing gets activated), killed when the value is released.
public final class PrivateBus: @unchecked Sendable {
    // Safe: every stored property is immutable after init; `Process` is only touched in init and deinit.
    /// The address to connect to (`unix:path=…`); pass it to `--address` of busctl/gdbus/dbus-send.
    public let address: String
    /// The daemon's process id.
    public let pid: Int32
    private let process: Process
    private let directory: TemporaryDirectory

    /// Errors starting the daemon.
    public enum Failure: Error, CustomStringConvertible {
        case didNotStart(String)
        public var description: String {
            switch self {
            case .didNotStart(let why): return "private dbus-daemon did not start: \(why)"
            }
        }
    }

    /// Starts the daemon and returns once it listens (it prints its address when ready).
    public init(timeout: Double = 20) throws {
        directory = try TemporaryDirectory(prefix: "linnet-bus")
        let socket = directory.file("bus")
        let config = directory.file("bus.conf")
        try Self.config(socket: socket).write(toFile: config, atomically: true, encoding: .utf8)
        let p = Process()
        p.executableURL = URL(fileURLWithPath: Command.which("dbus-daemon") ?? "/usr/bin/dbus-daemon")
        p.arguments = ["--config-file=\(config)", "--nofork", "--print-address=1", "--nopidfile"]
        let out = Pipe()
        p.standardOutput = out
        p.standardError = FileHandle.nullDevice  // it warns about fd limits when not root-capable
        p.standardInput = FileHandle.nullDevice
        try p.run()
        process = p
        pid = p.processIdentifier
        // Wait for the address line: the daemon writes it once the socket is listening.
        let line = LockedBox<String?>(nil)
        let ready = DispatchSemaphore(value: 0)
        let reader = out.fileHandleForReading
        Thread.detachNewThread {
            var data = Data()
            while !data.contains(UInt8(ascii: "\n")) {
                let chunk = reader.availableData
                if chunk.isEmpty { break }
                data.append(chunk)
            }
            line.set(String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines))
            ready.signal()
        }
        guard ready.wait(timeout: .now() + timeout) == .success, let printed = line.get(), !printed.isEmpty else {
            kill(p.processIdentifier, SIGKILL)
            p.waitUntilExit()
            throw Failure.didNotStart("no address printed within \(timeout) s")
        }
        address = printed
    }

    deinit {
        // SIGKILL, not terminate(): children spawned from Dispatch worker threads inherit a mask that blocks
        // SIGTERM, so a polite signal stays pending forever.
        if process.isRunning {
            kill(pid, SIGKILL)
            process.waitUntilExit()
        }
    }

    /// Environment for child processes that should use this bus as their session bus.
    public var environment: [String: String] { ["DBUS_SESSION_BUS_ADDRESS": address] }

    static func config(socket: String) -> String {
        """
        <!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
         "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
        <busconfig>
          <type>session</type>
          <listen>unix:path=\(socket)</listen>
          <auth>EXTERNAL</auth>
          <policy context="default">
            <allow send_destination="*" eavesdrop="true"/>
            <allow eavesdrop="true"/>
            <allow own="*"/>
          </policy>
          <limit name="max_incoming_bytes">1000000000</limit>
          <limit name="max_outgoing_bytes">1000000000</limit>
          <limit name="max_message_size">1000000000</limit>
          <limit name="max_completed_connections">100000</limit>
          <limit name="max_connections_per_user">100000</limit>
          <limit name="max_names_per_connection">50000</limit>
          <limit name="max_match_rules_per_connection">50000</limit>
          <limit name="max_replies_per_connection">50000</limit>
        </busconfig>
        """
    }
}
