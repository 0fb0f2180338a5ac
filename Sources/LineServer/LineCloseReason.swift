import Sockets

/// Why a connection ended, as its handler's `closed` is told.
public enum LineCloseReason: Hashable, Sendable {
    /// The client shut down its side (its complete lines were delivered first, a trailing partial one dropped).
    case peerClosed
    /// The handler called `close()` (and what it had written was sent).
    case closedByHandler
    /// A line longer than `maxLineLength` arrived under the `.close` policy.
    case lineTooLong
    /// More than `maxWriteBuffer` bytes were waiting for a client that does not read them.
    case writeBufferExceeded
    /// No byte moved either way for the idle timeout.
    case idleTimeout
    /// The server was stopped.
    case serverStopped
    /// A read or write failed (connection reset, …).
    case failed(SocketError)
}
