import Glibc

/// A failed socket call: which call (`bind`, `accept`, `recv`, …), for which address, and the errno it set.
public struct SocketError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The call that failed, as its C name ("socket", "bind", "listen", "accept4", "recv", "send", …).
    public var operation: String
    /// The address the socket is bound or connected to (nil before there is one).
    public var address: SocketAddress?
    /// The errno it set (EADDRINUSE, ECONNRESET, …).
    public var errno: Int32

    public init(_ operation: String, address: SocketAddress?, errno: Int32) {
        (self.operation, self.address, self.errno) = (operation, address, errno)
    }

    /// strerror's text for the errno ("Address already in use").
    public var message: String { String(cString: strerror(errno)) }

    /// The address is taken (by a listening socket, or a live Unix socket file).
    public var isAddressInUse: Bool { errno == EADDRINUSE }

    /// The peer went away abruptly (reset, or a write after it closed).
    public var isConnectionLost: Bool { errno == ECONNRESET || errno == EPIPE || errno == ETIMEDOUT }

    /// "bind 127.0.0.1:6600: Address already in use".
    public var description: String {
        guard let address else { return "\(operation): \(message)" }
        return "\(operation) \(address): \(message)"
    }
}

extension SocketError {
    /// The error for a call that just failed, reading errno before anything can change it.
    static func last(_ operation: String, _ address: SocketAddress?) -> SocketError {
        SocketError(operation, address: address, errno: Glibc.errno)
    }
}
