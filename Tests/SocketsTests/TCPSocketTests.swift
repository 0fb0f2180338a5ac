import Glibc
import Sockets
import TestSupport
import Testing

/// Listening and connected sockets over TCP loopback: accept, non-blocking reads and writes, shutdown, errors.
@Suite struct TCPSocketTests {
    /// A listener on 127.0.0.1 port 0, a client connected to it, and the accepted end.
    static func pair(_ address: SocketAddress = .ipv4(.loopback, port: 0)) throws
        -> (ListeningSocket, ConnectedSocket, ConnectedSocket)
    {
        let listener = try ListeningSocket.listen(on: address)
        let client = try ConnectedSocket.connect(to: listener.address)
        #expect(waitReadable(listener.fileDescriptor))
        let accepted = try #require(try listener.accept())
        return (listener, client, accepted)
    }

    @Test func bindsAnEphemeralPortAndAcceptsNonBlocking() throws {
        let listener = try ListeningSocket.listen(on: .ipv4(.loopback, port: 0))
        defer { try? listener.close() }
        let port = try #require(listener.address.port)
        #expect(port != 0 && listener.address.isLoopback)
        #expect(try listener.accept() == nil)  // nothing waiting: nil at once, not a wait
        let client = try ConnectedSocket.connect(to: listener.address)
        #expect(waitReadable(listener.fileDescriptor))
        let accepted = try #require(try listener.accept())
        #expect(accepted.peerAddress == client.localAddress)
        #expect(accepted.localAddress == listener.address && !accepted.isUnixDomain)
        #expect(try accepted.peerCredentials() == nil)
        #expect(fcntl(accepted.fileDescriptor, F_GETFL) & O_NONBLOCK != 0)
        #expect(fcntl(accepted.fileDescriptor, F_GETFD) & FD_CLOEXEC != 0)
        #expect(fcntl(listener.fileDescriptor, F_GETFD) & FD_CLOEXEC != 0)
    }

    @Test func readsWritesAndReportsWouldBlockAndTheEnd() throws {
        let (listener, client, server) = try Self.pair()
        defer { try? listener.close() }
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 100, alignment: 1)
        defer { buffer.deallocate() }
        #expect(try server.read(into: buffer) == .wouldBlock)
        #expect(try client.write(Array("hello\n".utf8)) == 6)
        #expect(try server.wait(for: .readable, timeoutMilliseconds: 10_000))
        #expect(try server.read(into: buffer) == .bytes(6))
        #expect(Array(buffer.prefix(6)) == Array("hello\n".utf8))
        #expect(try client.write(Array("abcdef".utf8), from: 4) == 2)
        try client.shutdown(.write)
        var got: [UInt8] = []
        while true {
            #expect(try server.wait(for: .readable, timeoutMilliseconds: 10_000))
            guard case .bytes(let n) = try server.read(into: buffer) else { break }
            got += buffer.prefix(n)
        }
        #expect(got == Array("ef".utf8))
        #expect(try server.read(into: buffer) == .endOfStream)
    }

    @Test func aFullSocketSaysWouldBlockAndAGonePeerIsAnErrorNotASignal() throws {
        let (listener, client, server) = try Self.pair()
        defer { try? listener.close() }
        let chunk = [UInt8](repeating: 7, count: 1 << 16)
        var total = 0
        while let n = try server.write(chunk) { total += n }  // nobody reads: the kernel's buffers fill
        #expect(total > 0)
        #expect(try !server.wait(for: .writable, timeoutMilliseconds: 0))
        try client.close()
        // The peer's close (with our bytes unread) resets the connection: EPIPE or ECONNRESET, and no SIGPIPE.
        var failure: SocketError?
        for _ in 0..<1000 where failure == nil {
            do {
                _ = try server.wait(for: .writable, timeoutMilliseconds: 10_000)
                _ = try server.write(chunk)
            } catch { failure = error }
        }
        let error = try #require(failure)
        #expect(error.operation == "send" && error.isConnectionLost)
    }

    @Test func closeIsOnceAndCallsAfterItFailWithEBADF() throws {
        let (listener, client, server) = try Self.pair()
        try server.close()
        try server.close()
        #expect(server.fileDescriptor == -1)
        #expect(throws: SocketError("send", address: server.peerAddress, errno: EBADF)) {
            try server.write([1])
        }
        try client.close()
        try listener.close()
        try listener.close()
    }

    @Test func aTakenPortFailsWithEADDRINUSE() throws {
        let listener = try ListeningSocket.listen(on: .ipv4(.loopback, port: 0))
        defer { try? listener.close() }
        #expect(throws: SocketError("bind", address: listener.address, errno: EADDRINUSE)) {
            try ListeningSocket.listen(on: listener.address)
        }
    }

    @Test func connectingToNothingIsRefused() throws {
        let listener = try ListeningSocket.listen(on: .ipv4(.loopback, port: 0))
        let address = listener.address
        try listener.close()
        #expect(throws: SocketError("connect", address: address, errno: ECONNREFUSED)) {
            try ConnectedSocket.connect(to: address)
        }
    }

    @Test(.enabled(if: ipv6Available, "no IPv6 loopback here"))
    func ipv6LoopbackIsV6Only() throws {
        let (listener, client, server) = try Self.pair(.ipv6(.loopback, port: 0))
        defer { try? listener.close() }
        #expect(listener.address.isLoopback && listener.address.description.hasPrefix("[::1]:"))
        #expect(server.peerAddress == client.localAddress)
        #expect(try client.write([42]) == 1)
        #expect(try server.wait(for: .readable, timeoutMilliseconds: 10_000))
        var v6only: Int32 = 0
        var length = socklen_t(4)
        #expect(getsockopt(listener.fileDescriptor, Int32(IPPROTO_IPV6), IPV6_V6ONLY, &v6only, &length) == 0)
        #expect(v6only == 1)
    }
}
