import Glibc

extension ConnectedSocket {
    /// A connection to `address` (a client's end; the daemon only accepts). connect(2) blocks until the kernel
    /// answers, which for loopback and Unix sockets is at once; the socket is non-blocking afterwards.
    /// `receiveBufferSize` (SO_RCVBUF, set before connecting so TCP sizes its window by it) makes a slow reader.
    public static func connect(to address: SocketAddress, receiveBufferSize: Int32? = nil) throws(SocketError)
        -> ConnectedSocket
    {
        let descriptor = try SocketDescriptor.stream(address.family, for: address)
        if let receiveBufferSize { try descriptor.setOption(SOL_SOCKET, SO_RCVBUF, receiveBufferSize, address) }
        let fd = descriptor.rawValue
        let flags = fcntl(fd, F_GETFL)
        guard flags >= 0, fcntl(fd, F_SETFL, flags & ~O_NONBLOCK) == 0 else { throw .last("fcntl", address) }
        switch address.withCAddress({ Glibc.connect(fd, $0, $1) == 0 ? 0 : errno }) {
        case .failure(let error): throw SocketError("connect", address: address, errno: error.code)
        case .success(0): break
        case .success(EINTR):
            // A signal does not stop the connection (retrying connect would give EALREADY): wait for its outcome.
            try finishInterruptedConnect(descriptor, address)
        case .success(let code): throw SocketError("connect", address: address, errno: code)
        }
        guard fcntl(fd, F_SETFL, flags | O_NONBLOCK) == 0 else { throw .last("fcntl", address) }
        let local = try descriptor.endpoint(peer: false, address)
        return ConnectedSocket(descriptor: descriptor, local: local, peer: address)
    }

    /// Waits for a connect a signal interrupted to finish, and raises its outcome (SO_ERROR).
    private static func finishInterruptedConnect(_ descriptor: SocketDescriptor, _ address: SocketAddress)
        throws(SocketError)
    {
        var entry = pollfd(fd: descriptor.rawValue, events: Int16(POLLOUT), revents: 0)
        guard retryingInterrupts({ poll(&entry, 1, -1) }) >= 0 else { throw .last("poll", address) }
        var code: Int32 = 0
        var length = socklen_t(MemoryLayout<Int32>.size)
        guard getsockopt(descriptor.rawValue, SOL_SOCKET, SO_ERROR, &code, &length) == 0 else {
            throw .last("getsockopt SO_ERROR", address)
        }
        guard code == 0 else { throw SocketError("connect", address: address, errno: code) }
    }
}
