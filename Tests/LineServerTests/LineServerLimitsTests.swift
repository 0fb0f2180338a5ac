import Glibc
import Sockets
import Testing

@testable import LineServer

/// The server's bounds: connections, line length, write buffer, idle time, and hostile input.
@Suite struct LineServerLimitsTests {
    @Test func connectionsOverTheLimitGetTheRefusalAndAreClosed() async throws {
        let configuration = LineServerConfiguration(maxConnections: 2, refusalMessage: Array("ERR full\n".utf8))
        let (server, _, addresses) = try await MainActor.run { try startServer(configuration) }
        let open = try await onThread { () throws in
            let first = try TestClient(addresses[0])
            let second = try TestClient(addresses[0])
            #expect(try first.line() == "OK hello" && second.line() == "OK hello")
            let third = try TestClient(addresses[0])
            #expect(String(decoding: try third.untilEnd(), as: UTF8.self) == "ERR full\n")
            try second.send("ping\n")
            #expect(try second.line() == "pong")  // the open ones are unaffected
            return UncheckedBox((first, second))
        }
        await MainActor.run {
            #expect(server.refusedConnectionCount == 1 && server.connectionCount == 2)
        }
        try await onThread { () throws in
            try open.value.0.send("close\n")
            _ = try open.value.0.untilEnd()
        }
        try await waitUntil("a place is free") { server.connectionCount < 2 }
        try await onThread { () throws in
            let fourth = try TestClient(addresses[0])
            #expect(try fourth.line() == "OK hello")
        }
        await MainActor.run { server.stop() }
        _ = open
    }

    @Test func aLineOverTheLimitGetsItsReplyAndClosesTheConnection() async throws {
        let (server, recorder, addresses) = try await MainActor.run {
            try startServer(LineServerConfiguration(maxLineLength: 64))
        }
        try await onThread { () throws in
            let client = try TestClient(addresses[0])
            _ = try client.line()
            try client.send(String(repeating: "a", count: 64) + "\n")
            #expect(try client.line() == "len 64")  // exactly the limit is taken
            try client.send(String(repeating: "b", count: 65) + "\nping\n")
            #expect(String(decoding: try client.untilEnd(), as: UTF8.self) == "ERR too long\n")
        }
        try await waitUntil("the connection is closed") { recorder.closed[1] != nil }
        await MainActor.run {
            #expect(recorder.closed[1] == .lineTooLong && recorder.overlong == 1)
            #expect(recorder.lines[1]?.count == 1)  // nothing after the overlong line was delivered
            server.stop()
        }
    }

    @Test func underTheDiscardPolicyAnOverlongLineIsSkipped() async throws {
        let configuration = LineServerConfiguration(maxLineLength: 1024, overlongLines: .discard)
        let (server, recorder, addresses) = try await MainActor.run { try startServer(configuration) }
        let client = try await onThread { () throws in
            let client = try TestClient(addresses[0])
            _ = try client.line()
            // A 1 MB line: arrives in many reads, none of it held beyond the bound.
            try client.send([UInt8](repeating: UInt8(ascii: "x"), count: 1 << 20) + Array("\nping\n".utf8))
            #expect(try client.line() == "ERR too long")
            #expect(try client.line() == "pong")
            return UncheckedBox(client)
        }
        await MainActor.run {
            #expect(recorder.overlong == 1 && recorder.lines[1] == [Array("ping".utf8)])
            #expect(recorder.closed.isEmpty)
            server.stop()
        }
        _ = client
    }

    @Test func nulBytesAndEmptyLinesAreDeliveredAsTheyCame() async throws {
        let (server, recorder, addresses) = try await MainActor.run { try startServer() }
        try await onThread { () throws in
            let client = try TestClient(addresses[0])
            _ = try client.line()
            try client.send([0, 0x70, 0, 10, 10, 0xFF, 0xFE, 13, 10])
            #expect(try client.line() == "len 3")
            #expect(try client.line() == "len 0")
            #expect(try client.line() == "len 3")
        }
        await MainActor.run {
            #expect(recorder.lines[1] == [[0, 0x70, 0], [], [0xFF, 0xFE, 13]])
            server.stop()
        }
    }

    @Test func inputThatNeverEndsALineIsCutOff() async throws {
        let (server, recorder, addresses) = try await MainActor.run {
            try startServer(LineServerConfiguration(maxLineLength: 8192))
        }
        try await onThread { () throws in
            let client = try TestClient(addresses[0])
            _ = try client.line()
            // Up to 16 MB with no newline: the server gives up after 8 KiB, so most of this is never taken.
            let chunk = [UInt8](repeating: UInt8(ascii: "z"), count: 1 << 16)
            for _ in 0..<256 { guard try client.sendUntilClosed(chunk) else { break } }
            _ = try client.untilEnd()
        }
        try await waitUntil("the connection is closed") { recorder.closed[1] != nil }
        await MainActor.run {
            #expect(recorder.closed[1] == .lineTooLong && recorder.lineCount == 0)
            server.stop()
        }
    }

    @Test func aClientThatNeverReadsIsDroppedPastTheWriteBuffer() async throws {
        let (server, recorder, addresses) = try await MainActor.run {
            try startServer(LineServerConfiguration(maxWriteBuffer: 1 << 20))
        }
        let client = try await onThread { () throws in
            let client = try TestClient(addresses[0])
            try client.send("big \(32 << 20)\n")  // far more than the kernel's buffers and the bound together
            return UncheckedBox(client)
        }
        try await waitUntil("the connection is dropped") { recorder.closed[1] != nil }
        await MainActor.run {
            #expect(recorder.closed[1] == .writeBufferExceeded)
            server.stop()
        }
        _ = client
    }

    @Test func anIdleConnectionTimesOutAndTimersExistOnlyForConnections() async throws {
        let configuration = LineServerConfiguration(idleTimeout: .milliseconds(150))
        let (server, recorder, addresses) = try await MainActor.run { try startServer(configuration) }
        await MainActor.run { #expect(server.armedIdleTimerCount == 0) }
        let client = try await onThread { () throws in
            let client = try TestClient(addresses[0])
            #expect(try client.line() == "OK hello")
            return UncheckedBox(client)
        }
        try await onThread { () throws in #expect(try client.value.untilEnd() == []) }  // the server closes it
        await MainActor.run {
            #expect(recorder.closed[1] == .idleTimeout)
            #expect(server.armedIdleTimerCount == 0 && server.connectionCount == 0)
            server.stop()
        }
    }

    @Test func aConnectionWhoseHandlerIsBusyIsNotIdle() async throws {
        let configuration = LineServerConfiguration(idleTimeout: .milliseconds(50))
        let (server, recorder, addresses) = try await MainActor.run { try startServer(configuration) }
        // Paused from the accept on: a loaded machine may take longer than 50 ms between connecting and any line
        // the client sends, which would time the connection out before the test could pause it.
        await MainActor.run { recorder.pauseOnOpen = true }
        let client = try await onThread { () throws in
            let client = try TestClient(addresses[0])
            _ = try client.line()
            return UncheckedBox(client)
        }
        // Reading paused (a command in progress): the timer fires and looks, and leaves the connection open.
        try await waitUntil("the timer has looked three times") {
            (recorder.connections[1]?.idleTimerFirings ?? 0) >= 3
        }
        await MainActor.run {
            #expect(recorder.closed.isEmpty)
            recorder.connections[1]?.resumeReading()
        }
        try await onThread { () throws in #expect(try client.value.untilEnd() == []) }  // then idle: closed
        await MainActor.run {
            #expect(recorder.closed[1] == .idleTimeout)
            server.stop()
        }
    }

    @Test func aConnectionCanTurnItsIdleTimeoutOff() async throws {
        let configuration = LineServerConfiguration(idleTimeout: .seconds(3600))
        let (server, recorder, addresses) = try await MainActor.run { try startServer(configuration) }
        let client = try await onThread { () throws in
            let client = try TestClient(addresses[0])
            _ = try client.line()
            return UncheckedBox(client)
        }
        try await waitUntil("the timer is armed") { server.armedIdleTimerCount == 1 }
        try await onThread { () throws in
            try client.value.send("noidle\nping\n")
            #expect(try client.value.line() == "pong")
        }
        await MainActor.run {
            #expect(server.armedIdleTimerCount == 0 && recorder.closed.isEmpty)
            server.stop()
        }
    }

    @Test func withoutATimeoutNoConnectionHasATimer() async throws {
        let (server, _, addresses) = try await MainActor.run { try startServer() }
        let clients = try await onThread { () throws in
            let clients = try (0..<3).map { _ in try TestClient(addresses[0]) }
            for client in clients { _ = try client.line() }
            return UncheckedBox(clients)
        }
        await MainActor.run {
            #expect(server.connectionCount == 3 && server.armedIdleTimerCount == 0)
            server.stop()
        }
        _ = clients
    }
}
