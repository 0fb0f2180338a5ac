import Glibc

/// What `ConnectedSocket.wait(for:timeoutMilliseconds:)` waits for.
public enum SocketReadiness: Sendable {
    /// Bytes to read, the end of the stream, or an error to collect.
    case readable
    /// Room to write (or an error to collect).
    case writable

    var pollEvents: Int16 { self == .readable ? Int16(POLLIN) : Int16(POLLOUT) }
}
