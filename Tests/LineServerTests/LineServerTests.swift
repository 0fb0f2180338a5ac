import FileSystem
import Glibc
import Sockets
import TestSupport
import Testing

@testable import LineServer

/// The server end to end over real sockets: greeting, lines, pieces, pipelining, pausing, closing, many clients.
@Suite struct LineServerTests {
    @Test func greetsAndAnswersLinesOverTCP() async throws {
        let (server, recorder, addresses) = try await MainActor.run { try startServer() }
        try await onThread { () throws in
            let client = try TestClient(addresses[0])
            #expect(try client.line() == "OK hello")
            try client.send("ping\necho héllo\n")
            #expect(try client.line() == "pong")
            #expect(try client.line() == "héllo")
            try client.send("close\n")
            #expect(try client.line() == "bye")
            #expect(try client.untilEnd() == [])
        }
        try await waitUntil("the connection is closed") { recorder.closed.count == 1 }
        await MainActor.run {
            #expect(recorder.closed[1] == .closedByHandler)
            #expect(server.connectionCount == 0)
            #expect(recorder.unixClients.isEmpty && recorder.credentials.isEmpty)
            server.stop()
        }
    }

    @Test func aLineInPiecesIsDeliveredWhole() async throws {
        let (server, recorder, addresses) = try await MainActor.run { try startServer() }
        let client = try await onThread { () throws in
            let client = try TestClient(addresses[0])
            _ = try client.line()
            try client.send("pi")
            return UncheckedBox(client)
        }
        try await waitUntil("the server holds the first piece") {
            recorder.connections[1]?.pendingInputByteCount == 2
        }
        try await onThread { () throws in
            try client.value.send("ng\n")
            #expect(try client.value.line() == "pong")
        }
        await MainActor.run {
            #expect(recorder.lines[1] == [Array("ping".utf8)])
            server.stop()
        }
    }

    @Test func pausedReadingHoldsLinesUntilResumed() async throws {
        let (server, recorder, addresses) = try await MainActor.run { try startServer() }
        let client = try await onThread { () throws in
            let client = try TestClient(addresses[0])
            _ = try client.line()
            try client.send("pause\nping\nping\n")
            return UncheckedBox(client)
        }
        try await waitUntil("the pause arrived") { recorder.lineCount == 1 }
        await MainActor.run {
            let connection = recorder.connections[1]!
            #expect(connection.isReadingPaused && recorder.lineCount == 1)
            connection.resumeReading()
        }
        try await onThread { () throws in
            #expect(try client.value.line() == "pong")
            #expect(try client.value.line() == "pong")
        }
        await MainActor.run {
            #expect(recorder.lines[1]?.count == 3)
            server.stop()
        }
    }

    @Test func linesSentBeforeTheClientsEndAreAnsweredThenItCloses() async throws {
        let (server, recorder, addresses) = try await MainActor.run { try startServer() }
        try await onThread { () throws in
            let client = try TestClient(addresses[0])
            try client.send("ping\necho a\nunfinished")
            try client.socket.shutdown(.write)
            #expect(String(decoding: try client.untilEnd(), as: UTF8.self) == "OK hello\npong\na\n")
        }
        try await waitUntil("the connection is closed") { recorder.closed[1] != nil }
        await MainActor.run {
            #expect(recorder.closed[1] == .peerClosed)
            #expect(recorder.lines[1]?.count == 2)  // the unfinished line is dropped
            server.stop()
        }
    }

    @Test func tenMegabytesReachASlowReaderIntact() async throws {
        let size = 10 << 20
        let configuration = LineServerConfiguration(maxWriteBuffer: 16 << 20)
        let (server, recorder, addresses) = try await MainActor.run { try startServer(configuration) }
        try await onThread { () throws in
            // A small receive buffer and small reads: the server's writes wait for room many times.
            let client = try TestClient(addresses[0], receiveBufferSize: 16 * 1024)
            _ = try client.line()
            try client.send("big \(size)\n")
            #expect(try client.bytes(size, chunk: 4096) == TestHandler.pattern(size))
            #expect(try client.line() == "")
            #expect(try client.line() == "END")
        }
        await MainActor.run {
            #expect(recorder.drained >= 1)  // the response waited for the socket and then all went
            #expect(recorder.connections[1]?.pendingWriteByteCount == 0)
            server.stop()
        }
    }

    @Test func fiftyClientsAtOnce() async throws {
        let (server, recorder, addresses) = try await MainActor.run { try startServer() }
        let clients = try await onThread { () throws in
            let clients = try (0..<50).map { _ in try TestClient(addresses[0]) }
            for client in clients { #expect(try client.line() == "OK hello") }
            // Every connection open at once, requests interleaved, several pipelined per client.
            for (index, client) in clients.enumerated() { try client.send("echo \(index)\nping\n") }
            for (index, client) in clients.enumerated().reversed() {
                #expect(try client.line() == "\(index)")
                #expect(try client.line() == "pong")
            }
            return UncheckedBox(clients)
        }
        await MainActor.run {
            #expect(server.connectionCount == 50)
            #expect(recorder.lineCount == 100)
            server.stop()
            #expect(server.connectionCount == 0)
            #expect(recorder.closed.values.allSatisfy { $0 == .serverStopped } && recorder.closed.count == 50)
        }
        _ = clients
    }

    @Test(.enabled(if: ipv6Available, "no IPv6 loopback here"))
    func servesIPv6Loopback() async throws {
        let (server, _, addresses) = try await MainActor.run {
            try startServer(on: [.ipv4(.loopback, port: 0), .ipv6(.loopback, port: 0)])
        }
        #expect(addresses[1].description.hasPrefix("[::1]:"))
        try await onThread { () throws in
            for address in addresses {
                let client = try TestClient(address)
                _ = try client.line()
                try client.send("ping\n")
                #expect(try client.line() == "pong")
            }
        }
        await MainActor.run { server.stop() }
    }

    @Test func stopEndsEveryConnection() async throws {
        let (server, recorder, addresses) = try await MainActor.run { try startServer() }
        let client = try await onThread { () throws in
            let client = try TestClient(addresses[0])
            _ = try client.line()
            return UncheckedBox(client)
        }
        try await waitUntil("connected") { recorder.opened.count == 1 }
        await MainActor.run { server.stop() }
        try await onThread { () throws in #expect(try client.value.untilEnd() == []) }
        await MainActor.run {
            #expect(recorder.closed[1] == .serverStopped)
            #expect(server.listeningAddresses.isEmpty)
        }
        // The listener closes once its source's cancel handler has run; then connecting is refused.
        try await waitUntil("the listener is closed") {
            do {
                _ = try ConnectedSocket.connect(to: addresses[0])
                return false
            } catch let error as SocketError {
                return error.errno == ECONNREFUSED
            } catch { return false }
        }
    }
}

/// Hands a client from one blocking step to the next (each runs on its own thread, one after the other).
struct UncheckedBox<T>: @unchecked Sendable {
    let value: T
    init(_ value: T) { self.value = value }
}
