import FileSystem
import Glibc

/// A fresh directory under /tmp for one test's socket files, removed with what is in it at the end.
public final class SocketDirectory: Sendable {
    private let scratch = ScratchDirectory(prefix: "linnet-sock")
    public var path: FilePath { scratch.path }

    public init() {}

    /// `path/name` as a Unix socket address.
    public func socket(_ name: String) -> SocketAddressPath { SocketAddressPath(path: scratch.child(name)) }
}

/// A path in a `SocketDirectory`, with what the tests ask of the file there.
public struct SocketAddressPath: Sendable {
    public let path: FilePath

    /// lstat's mode bits, nil when nothing is there.
    public var mode: mode_t? {
        var status = stat()
        guard path.withCString({ lstat($0, &status) }) == 0 else { return nil }
        return status.st_mode
    }

    public var exists: Bool { mode != nil }
}

/// Whether ::1 can be bound here (containers may have no IPv6).
public let ipv6Available: Bool = {
    let fd = socket(AF_INET6, Int32(SOCK_STREAM.rawValue), 0)
    guard fd >= 0 else { return false }
    defer { close(fd) }
    var address = sockaddr_in6()
    address.sin6_family = sa_family_t(AF_INET6)
    address.sin6_addr = in6addr_loopback
    return withUnsafePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
            bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in6>.size)) == 0
        }
    }
}()
