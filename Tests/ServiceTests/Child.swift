import Foundation
import TestSupport

/// A child process spawned with posix_spawn and reaped with waitpid. The service tests do not rely on
/// Foundation's `Process` exit detection: in the test runner threads block SIGCHLD/SIGTERM, exits went unnoticed,
/// and children inherited a blocked SIGTERM. Here the child starts with an empty signal mask and default handlers.
final class Child: @unchecked Sendable {
    // Safe: `exitStatus` is only touched by the test that owns the child (suites are serialized).
    let pid: pid_t
    private var exitStatus: Int32?

    struct Failure: Error, CustomStringConvertible { var description: String }

    /// Starts `program` (found on PATH unless absolute) with the current environment plus `environment`;
    /// stdout and stderr are appended to `output` (or discarded).
    init(_ program: String, _ args: [String], environment: [String: String] = [:], output: String? = nil) throws {
        guard let exe = program.hasPrefix("/") ? program : Command.which(program) else {
            throw Failure(description: "\(program) is not installed")
        }
        pid = try Spawned.launch(
            exe, args, environment: environment,
            stdout: output.map { .file($0) } ?? .null, stderr: .sameAsStdout)
    }

    deinit {
        if isRunning {
            Glibc.kill(pid, SIGKILL)
            _ = try? wait(timeout: 10)
        }
    }

    /// Whether the child is still running (reaps it once it has exited).
    var isRunning: Bool {
        guard exitStatus == nil else { return false }
        var status: Int32 = 0
        let r = waitpid(pid, &status, WNOHANG)
        if r == pid {
            // Exit code, or the signal number for a killed child.
            exitStatus = (status & 0x7f) == 0 ? (status >> 8) & 0xff : status & 0x7f
            return false
        }
        return r == 0
    }

    /// Exit code (or killing signal) once exited.
    var terminationStatus: Int32 { exitStatus ?? -1 }

    func kill(_ signal: Int32) { if isRunning { Glibc.kill(pid, signal) } }

    /// Waits for the exit (polling waitpid with a deadline) and returns the status.
    @discardableResult
    func wait(timeout: Double) throws -> Int32 {
        let deadline = Date().addingTimeInterval(timeout)
        while isRunning {
            if Date() > deadline { throw Failure(description: "pid \(pid) still running after \(timeout) s") }
            Thread.sleep(forTimeInterval: 0.005)
        }
        return terminationStatus
    }

    /// Runs a program to completion; returns its status and combined output.
    static func run(
        _ program: String, _ args: [String], environment: [String: String] = [:],
        timeout: Double = 20
    ) throws -> (status: Int32, output: String) {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("linnet-child-\(UUID().uuidString)")
            .path
        defer { try? FileManager.default.removeItem(atPath: file) }
        let child = try Child(program, args, environment: environment, output: file)
        let status: Int32
        do { status = try child.wait(timeout: timeout) } catch {
            child.kill(SIGKILL)
            throw Failure(description: "\(program) \(args.joined(separator: " ")) did not finish within \(timeout) s")
        }
        return (status, (try? String(contentsOfFile: file, encoding: .utf8)) ?? "")
    }
}
