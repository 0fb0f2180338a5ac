internal import CSocket
import FileSystem
import Glibc

/// A socket listening for connections, non-blocking and close-on-exec. For a Unix socket it owns the socket
/// file too: made 0600 in a 0700 directory, and removed on close (only if it is still the file it bound).
public final class ListeningSocket: Sendable {
    let descriptor: SocketDescriptor
    /// The address it is bound to, as the kernel reports it (port 0 replaced by the port it chose).
    public let address: SocketAddress
    /// The socket file's identity, for a Unix socket.
    private let unixFile: UnixSocketFile?

    private init(descriptor: SocketDescriptor, address: SocketAddress, unixFile: UnixSocketFile?) {
        (self.descriptor, self.address, self.unixFile) = (descriptor, address, unixFile)
    }

    /// The descriptor number, for a Dispatch source; -1 once closed. The socket keeps ownership.
    public var fileDescriptor: Int32 { descriptor.rawValue }

    /// socket, bind and listen on `address`, with `backlog` connections queued before the kernel refuses more.
    /// IP: SO_REUSEADDR (a restart binds at once, past the old connections' TIME_WAIT), and IPV6_V6ONLY for IPv6
    /// (so [::] and 0.0.0.0 can both be bound). Unix: the parent directory is made (0700) if missing; an existing
    /// socket file nothing listens on is replaced, one something listens on fails with EADDRINUSE, and any other
    /// kind of file with EEXIST.
    public static func listen(on address: SocketAddress, backlog: Int32 = 128) throws(SocketError)
        -> ListeningSocket
    {
        let descriptor = try SocketDescriptor.stream(address.family, for: address)
        var unixFile: UnixSocketFile?
        switch address {
        case .ipv4:
            try descriptor.setOption(SOL_SOCKET, SO_REUSEADDR, 1, address)
        case .ipv6:
            try descriptor.setOption(SOL_SOCKET, SO_REUSEADDR, 1, address)
            try descriptor.setOption(Int32(IPPROTO_IPV6), IPV6_V6ONLY, 1, address)
        case .unix(let path):
            try UnixSocketFile.prepare(path, address)
        }
        try bind(descriptor, address)
        do throws(SocketError) {
            if case .unix(let path) = address { unixFile = try UnixSocketFile.bound(path, address) }
            guard Glibc.listen(descriptor.rawValue, backlog) == 0 else { throw SocketError.last("listen", address) }
            let bound = address.isUnix ? address : try descriptor.endpoint(peer: false, address)
            return ListeningSocket(descriptor: descriptor, address: bound, unixFile: unixFile)
        } catch {
            // The file this bind made goes with the socket (never one that was there before: prepare removed it).
            if case .unix(let path) = address { _ = path.withCString { unlink($0) } }
            throw error
        }
    }

    private static func bind(_ descriptor: SocketDescriptor, _ address: SocketAddress) throws(SocketError) {
        switch address.withCAddress({ Glibc.bind(descriptor.rawValue, $0, $1) == 0 ? 0 : errno }) {
        case .success(0): return
        case .success(let code): throw SocketError("bind", address: address, errno: code)
        case .failure(let error): throw SocketError("bind", address: address, errno: error.code)
        }
    }

    /// accept4(2): the next waiting connection (non-blocking, close-on-exec), or nil when none is waiting.
    /// A connection that was reset while queued (ECONNABORTED) is skipped, as accept(2) advises.
    public func accept() throws(SocketError) -> ConnectedSocket? {
        let flags = Int32(SOCK_NONBLOCK.rawValue) | Int32(SOCK_CLOEXEC.rawValue)
        while true {
            var storage = sockaddr_storage()
            var length = UInt32(MemoryLayout<sockaddr_storage>.size)
            let fd = retryingInterrupts { linnet_accept4(descriptor.rawValue, &storage, &length, flags) }
            if fd < 0 {
                if wouldBlock(errno) { return nil }
                if errno == ECONNABORTED { continue }
                throw .last("accept4", address)
            }
            let connection = SocketDescriptor(fd)
            let peer = SocketAddress(storage: storage, length: length) ?? .unix(FilePath(bytes: []))
            let local = address.isUnix ? address : try connection.endpoint(peer: false, address)
            return ConnectedSocket(descriptor: connection, local: local, peer: peer)
        }
    }

    /// Closes the socket, once; a Unix socket's file is removed first if it is still the one this socket bound
    /// (a newer daemon's socket at the same path stays).
    public func close() throws(SocketError) {
        guard descriptor.rawValue >= 0 else { return }
        var failure: SocketError?
        do { try unixFile?.remove(address) } catch { failure = error }
        try descriptor.close(address)
        if let failure { throw failure }
    }

    deinit {
        // A socket never closed still takes its file with it (errors have nobody to go to here).
        if descriptor.rawValue >= 0 { try? unixFile?.remove(address) }
    }
}
