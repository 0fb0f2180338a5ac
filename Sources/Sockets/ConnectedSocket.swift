internal import CSocket
import Glibc

/// One end of a stream connection, non-blocking: reads and writes report "would block" rather than wait.
public final class ConnectedSocket: Sendable {
    let descriptor: SocketDescriptor
    /// This end's address (for an accepted connection: the address it reached, the listener's for Unix).
    public let localAddress: SocketAddress
    /// The other end's address (a Unix client's is unnamed: `.unix` of an empty path).
    public let peerAddress: SocketAddress

    init(descriptor: SocketDescriptor, local: SocketAddress, peer: SocketAddress) {
        (self.descriptor, localAddress, peerAddress) = (descriptor, local, peer)
    }

    /// The descriptor number, for a Dispatch source or poll; -1 once closed. The socket keeps ownership.
    public var fileDescriptor: Int32 { descriptor.rawValue }

    /// A connection over a Unix socket (whose peer is a process on this machine, with credentials).
    public var isUnixDomain: Bool { localAddress.isUnix }

    /// recv(2) into `buffer`.
    public func read(into buffer: UnsafeMutableRawBufferPointer) throws(SocketError) -> ReadResult {
        let n = retryingInterrupts { recv(descriptor.rawValue, buffer.baseAddress, buffer.count, 0) }
        if n > 0 { return .bytes(n) }
        if n == 0 { return buffer.isEmpty ? .wouldBlock : .endOfStream }
        if wouldBlock(errno) { return .wouldBlock }
        throw .last("recv", peerAddress)
    }

    /// send(2) of `bytes`: how many the kernel took (possibly fewer), nil if it had room for none. A peer that
    /// has gone raises EPIPE as an error, never SIGPIPE (MSG_NOSIGNAL).
    public func write(_ bytes: UnsafeRawBufferPointer) throws(SocketError) -> Int? {
        let n = retryingInterrupts { send(descriptor.rawValue, bytes.baseAddress, bytes.count, Int32(MSG_NOSIGNAL)) }
        if n >= 0 { return n }
        if wouldBlock(errno) { return nil }
        throw .last("send", peerAddress)
    }

    /// send(2) of the array's bytes from `offset` on: see `write(_:)`.
    public func write(_ bytes: [UInt8], from offset: Int = 0) throws(SocketError) -> Int? {
        let start = min(max(offset, 0), bytes.count)
        // withUnsafeBytes rethrows untyped: carry the typed error out in a Result.
        let result = bytes.withUnsafeBytes { raw in
            Result { () throws(SocketError) -> Int? in try write(UnsafeRawBufferPointer(rebasing: raw[start...])) }
        }
        return try result.get()
    }

    /// shutdown(2): no more reads, no more writes (the peer reads the end of the stream), or both.
    public func shutdown(_ direction: ShutdownDirection) throws(SocketError) {
        guard Glibc.shutdown(descriptor.rawValue, direction.how) == 0 else { throw .last("shutdown", peerAddress) }
    }

    /// close(2), once; later calls do nothing.
    public func close() throws(SocketError) { try descriptor.close(peerAddress) }

    /// The connecting process's pid, uid and gid (SO_PEERCRED); nil for a connection that is not a Unix socket.
    public func peerCredentials() throws(SocketError) -> PeerCredentials? {
        guard isUnixDomain else { return nil }
        var credentials = linnet_peer_credentials()
        var length = socklen_t(MemoryLayout<linnet_peer_credentials>.size)
        guard getsockopt(descriptor.rawValue, SOL_SOCKET, SO_PEERCRED, &credentials, &length) == 0 else {
            throw .last("getsockopt SO_PEERCRED", peerAddress)
        }
        return PeerCredentials(pid: credentials.pid, uid: credentials.uid, gid: credentials.gid)
    }

    /// poll(2) until the socket is `readiness` or `timeoutMilliseconds` pass (negative: no limit): whether it is.
    /// Blocks the calling thread: for clients and tests, never on the daemon's queue.
    public func wait(for readiness: SocketReadiness, timeoutMilliseconds: Int32) throws(SocketError) -> Bool {
        var entry = pollfd(fd: descriptor.rawValue, events: readiness.pollEvents, revents: 0)
        let n = retryingInterrupts { poll(&entry, 1, timeoutMilliseconds) }
        guard n >= 0 else { throw .last("poll", peerAddress) }
        return n > 0
    }
}

/// Which directions `ConnectedSocket.shutdown` ends.
public enum ShutdownDirection: Sendable {
    case read, write, both

    var how: Int32 {
        switch self {
        case .read: Int32(SHUT_RD)
        case .write: Int32(SHUT_WR)
        case .both: Int32(SHUT_RDWR)
        }
    }
}
