import Foundation

/// `dbus-monitor` on a private bus, collecting its text output; wait for expected text with a deadline.
public final class BusMonitor: @unchecked Sendable {
    // Safe: `process` is touched only in init/stop; `output` is a LockedBox; `changed` is a semaphore.
    private let process: Process
    private let output = LockedBox("")
    private let changed = DispatchSemaphore(value: 0)

    /// Starts monitoring `rules` (match rules; none = everything) and returns once the monitor is active.
    public init(bus: PrivateBus, rules: [String] = [], timeout: Double = 20) throws {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: Command.which("dbus-monitor") ?? "/usr/bin/dbus-monitor")
        p.arguments = ["--address", bus.address] + rules
        let pipe = Pipe()
        p.standardOutput = pipe
        p.standardError = FileHandle.nullDevice
        p.standardInput = FileHandle.nullDevice
        let output = self.output, changed = self.changed
        pipe.fileHandleForReading.readabilityHandler = { handle in
            let data = handle.availableData
            if data.isEmpty { handle.readabilityHandler = nil }
            output.update { $0 += String(decoding: data, as: UTF8.self) }
            changed.signal()
        }
        try p.run()
        process = p
        // dbus-monitor prints the loss of its own unique name once it has become a monitor.
        guard wait(for: "member=NameLost", timeout: timeout) else {
            stop()
            throw PrivateBus.Failure.didNotStart("dbus-monitor did not become active")
        }
    }

    deinit { stop() }

    /// Everything printed so far.
    public var text: String { output.get() }

    /// Waits until the output contains `fragment` (true) or the deadline passes (false).
    @discardableResult
    public func wait(for fragment: String, timeout: Double = 20) -> Bool {
        wait(timeout: timeout) { $0.contains(fragment) }
    }

    /// Waits until `condition` holds for the output so far.
    public func wait(timeout: Double = 20, until condition: (String) -> Bool) -> Bool {
        let deadline = DispatchTime.now() + timeout
        while !condition(output.get()) {
            if changed.wait(timeout: deadline) == .timedOut { return condition(output.get()) }
        }
        return true
    }

    /// Kills the monitor (SIGKILL: see PrivateBus for why not SIGTERM).
    public func stop() {
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
    }
}
