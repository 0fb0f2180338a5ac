import Foundation

/// Runs external programs for tests (sox, lame, busctl, parecord, …) with a deadline, capturing output.
public enum Command {
    /// The outcome of a finished program.
    public struct Result: Sendable {
        public var status: Int32
        public var stdout: String
        public var stderr: String
        public var succeeded: Bool { status == 0 }
    }

    /// Errors running a program (as opposed to the program failing, which is a `Result`).
    public enum Failure: Error, CustomStringConvertible {
        case notFound(String)
        case timedOut(String, seconds: Double)
        public var description: String {
            switch self {
            case .notFound(let p): return "program not found: \(p)"
            case .timedOut(let p, let s): return "\(p) did not finish within \(s) s"
            }
        }
    }

    /// Finds an executable on PATH (or returns an absolute path unchanged).
    public static func which(_ name: String) -> String? {
        if name.hasPrefix("/") { return FileManager.default.isExecutableFile(atPath: name) ? name : nil }
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
        for dir in path.split(separator: ":") {
            let candidate = "\(dir)/\(name)"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }

    /// Runs `program args…` to completion (killing it after `timeout` seconds) and returns its output.
    @discardableResult
    public static func run(
        _ program: String, _ args: [String], environment: [String: String] = [:],
        stdin: Data? = nil, timeout: Double = 60
    ) throws -> Result {
        guard let exe = which(program) else { throw Failure.notFound(program) }
        let p = Process()
        p.executableURL = URL(fileURLWithPath: exe)
        p.arguments = args
        var env = ProcessInfo.processInfo.environment
        for (k, v) in environment { env[k] = v }
        p.environment = env
        let outPipe = Pipe(), errPipe = Pipe(), inPipe = Pipe()
        p.standardOutput = outPipe
        p.standardError = errPipe
        p.standardInput = stdin == nil ? FileHandle.nullDevice : inPipe
        let done = DispatchSemaphore(value: 0)
        p.terminationHandler = { _ in done.signal() }
        try p.run()
        // Drain both pipes concurrently so a chatty program cannot block on a full pipe.
        let outData = LockedBox(Data()), errData = LockedBox(Data())
        let group = DispatchGroup()
        for (pipe, box) in [(outPipe, outData), (errPipe, errData)] {
            group.enter()
            DispatchQueue.global().async {
                box.set(pipe.fileHandleForReading.readDataToEndOfFile())
                group.leave()
            }
        }
        if let stdin {
            inPipe.fileHandleForWriting.write(stdin)
            try? inPipe.fileHandleForWriting.close()
        }
        if done.wait(timeout: .now() + timeout) == .timedOut {
            // SIGKILL, not terminate(): children of the test process may inherit a mask that blocks SIGTERM.
            kill(p.processIdentifier, SIGKILL)
            _ = done.wait(timeout: .now() + 2)
            throw Failure.timedOut(program, seconds: timeout)
        }
        group.wait()
        return Result(
            status: p.terminationStatus,
            stdout: String(decoding: outData.get(), as: UTF8.self),
            stderr: String(decoding: errData.get(), as: UTF8.self))
    }

    /// Runs a program and throws unless it exits 0; returns its standard output.
    @discardableResult
    public static func check(
        _ program: String, _ args: [String], environment: [String: String] = [:],
        timeout: Double = 60
    ) throws -> String {
        let r = try run(program, args, environment: environment, timeout: timeout)
        guard r.succeeded else {
            throw CheckFailure(command: ([program] + args).joined(separator: " "), status: r.status, stderr: r.stderr)
        }
        return r.stdout
    }

    /// A program that exited non-zero under `check`.
    public struct CheckFailure: Error, CustomStringConvertible {
        public var command: String
        public var status: Int32
        public var stderr: String
        public var description: String { "`\(command)` exited \(status): \(stderr)" }
    }
}

/// A value guarded by a lock, for handing results between test threads.
public final class LockedBox<T>: @unchecked Sendable {
    // Safe: every access to `value` holds `lock`.
    private let lock = NSLock()
    private var value: T
    public init(_ value: T) { self.value = value }
    public func get() -> T { lock.withLock { value } }
    public func set(_ v: T) { lock.withLock { value = v } }
    public func update<R>(_ body: (inout T) -> R) -> R { lock.withLock { body(&value) } }
}

/// A fresh temporary directory, removed when the value is released.
public final class TemporaryDirectory: @unchecked Sendable {
    // Safe: immutable after init.
    public let path: String
    public init(prefix: String = "linnet-test") throws {
        let base = FileManager.default.temporaryDirectory.path
        path = "\(base)/\(prefix)-\(UUID().uuidString.prefix(8))"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }
    public func file(_ name: String) -> String { "\(path)/\(name)" }
    deinit { try? FileManager.default.removeItem(atPath: path) }
}
