// Sockets: the daemon's one layer over the socket calls (in the style of swift-system and swift-nio), on Glibc
// alone. Addresses are values (`SocketAddress`: IPv4, IPv6, Unix path), every failure is a `SocketError`
// (operation, address, errno), calls a signal can interrupt are retried on EINTR, and every descriptor is owned
// by one object (`ListeningSocket`, `ConnectedSocket`) that closes it exactly once: on `close()`, or in deinit
// for one never closed. Sockets are made non-blocking and close-on-exec, atomically (SOCK_NONBLOCK | SOCK_CLOEXEC,
// accept4), so nothing here waits except `connect` and `wait(for:)`, which say so.
//
// Concurrency: the socket objects are Sendable: their addresses are immutable and the descriptor number sits in
// an atomic that `close()` swaps to -1, so a second close (or a call after it) sees EBADF instead of reaching a
// number the kernel has handed out again. Calls from several threads are as safe as the system calls they make;
// closing a socket while another thread is inside a call on it is the caller's race to avoid (LineServer makes
// every call on its one queue).

import Glibc
import Synchronization

/// One owned socket descriptor: closed once, by `close()` or, failing that, in deinit.
final class SocketDescriptor: Sendable {
    private let number: Atomic<Int32>

    init(_ number: Int32) { self.number = Atomic(number) }

    /// The descriptor number; -1 once closed (calls on it then fail with EBADF).
    var rawValue: Int32 { number.load(ordering: .acquiring) }

    /// A new non-blocking, close-on-exec stream socket of `family`.
    static func stream(_ family: Int32, for address: SocketAddress) throws(SocketError) -> SocketDescriptor {
        let type = Int32(SOCK_STREAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue) | Int32(SOCK_CLOEXEC.rawValue)
        let fd = socket(family, type, 0)
        guard fd >= 0 else { throw .last("socket", address) }
        return SocketDescriptor(fd)
    }

    /// close(2), once: later calls do nothing. Not retried on EINTR (Linux has released the descriptor either
    /// way, and a retry could close one another thread just opened).
    func close(_ address: SocketAddress?) throws(SocketError) {
        let fd = number.exchange(-1, ordering: .acquiringAndReleasing)
        guard fd >= 0 else { return }
        guard Glibc.close(fd) == 0 else { throw .last("close", address) }
    }

    /// setsockopt(2) of an int option.
    func setOption(_ level: Int32, _ name: Int32, _ value: Int32, _ address: SocketAddress?) throws(SocketError) {
        var value = value
        guard setsockopt(rawValue, level, name, &value, socklen_t(MemoryLayout<Int32>.size)) == 0 else {
            throw .last("setsockopt", address)
        }
    }

    /// getsockname(2) or getpeername(2): the address at one end. EAFNOSUPPORT for a family this layer lacks.
    func endpoint(peer: Bool, _ address: SocketAddress?) throws(SocketError) -> SocketAddress {
        var storage = sockaddr_storage()
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        let rc = withUnsafeMutablePointer(to: &storage) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                peer ? getpeername(rawValue, $0, &length) : getsockname(rawValue, $0, &length)
            }
        }
        guard rc == 0 else { throw .last(peer ? "getpeername" : "getsockname", address) }
        guard let found = SocketAddress(storage: storage, length: length) else {
            throw SocketError(peer ? "getpeername" : "getsockname", address: address, errno: EAFNOSUPPORT)
        }
        return found
    }

    deinit {
        let fd = number.load(ordering: .acquiring)
        // Nobody is left to tell of a failure here: an owner that cares calls close() and checks it.
        if fd >= 0 { _ = Glibc.close(fd) }
    }
}
