/// A malformed command line: printed with a hint to `--help` and exit status 64 (`EX_USAGE`).
public struct UsageError: Error, Sendable, Equatable, CustomStringConvertible {
    public var message: String
    /// The subcommand whose help the hint points to, nil for the global usage.
    public var command: String?

    public init(_ message: String, command: String? = nil) {
        self.message = message
        self.command = command
    }

    public var description: String { message }

    /// The hint line printed after the message.
    public var hint: String {
        if let command { return "Try 'linnet \(command) --help'." }
        return "Try 'linnet --help'."
    }
}

/// Exit statuses of `linnet` (sysexits.h where one fits).
public enum ExitCode {
    public static let success: Int32 = 0
    /// The player is missing, refused the call or failed.
    public static let failure: Int32 = 1
    /// `EX_USAGE`: bad command line.
    public static let usage: Int32 = 64
}
