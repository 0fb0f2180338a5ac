import CPulse

/// A libpulse failure: the operation that failed and the server's reason (`pa_strerror`).
public struct PulseError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The libpulse error code (PA_ERR_*), 0 when the failure had no code.
    public var code: Int32
    /// The C function (or step) that failed, e.g. "pa_stream_connect_playback".
    public var operation: String
    public var message: String

    public init(code: Int32, operation: String) {
        self.code = code
        self.operation = operation
        self.message = pa_strerror(code).map { String(cString: $0) } ?? "unknown error \(code)"
    }

    public init(operation: String, message: String) {
        self.code = 0
        self.operation = operation
        self.message = message
    }

    /// The connection to the server is gone (server died, restarted, or refused us).
    public var isDisconnect: Bool {
        code == Int32(PA_ERR_CONNECTIONTERMINATED.rawValue) || code == Int32(PA_ERR_CONNECTIONREFUSED.rawValue)
            || code == Int32(PA_ERR_KILLED.rawValue)
    }

    public var description: String { "\(operation): \(message)" }
}
