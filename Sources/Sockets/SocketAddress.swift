import FileSystem

/// Where a socket listens or connects: an IPv4 or IPv6 address and port, or a Unix socket path.
public enum SocketAddress: Hashable, Sendable, CustomStringConvertible {
    case ipv4(IPv4Address, port: UInt16)
    case ipv6(IPv6Address, port: UInt16)
    /// A path in the file system; empty for an unnamed socket (what a Unix client's peer address is).
    case unix(FilePath)

    /// The longest Unix socket path the kernel takes (sun_path holds 108 bytes with the terminating NUL).
    public static let maximumUnixPathLength = 107

    /// The port of an IP address; nil for a Unix socket.
    public var port: UInt16? {
        switch self {
        case .ipv4(_, let port), .ipv6(_, let port): port
        case .unix: nil
        }
    }

    /// A Unix socket address.
    public var isUnix: Bool {
        if case .unix = self { return true }
        return false
    }

    /// An IP loopback address (127.0.0.0/8, ::1, ::ffff:127.x.y.z). False for Unix sockets: see `isLocal`.
    public var isLoopback: Bool {
        switch self {
        case .ipv4(let address, _): address.isLoopback
        case .ipv6(let address, _): address.isLoopback
        case .unix: false
        }
    }

    /// Reachable only from this machine: a loopback address or a Unix socket.
    public var isLocal: Bool { isUnix || isLoopback }

    /// "127.0.0.1:6600", "[::1]:6600", "/run/user/1000/linnet/mpd.socket" (an unnamed socket: "unix:unnamed").
    public var description: String {
        switch self {
        case .ipv4(let address, let port): "\(address):\(port)"
        case .ipv6(let address, let port): "[\(address)]:\(port)"
        case .unix(let path): path.bytes.isEmpty ? "unix:unnamed" : path.description
        }
    }
}
