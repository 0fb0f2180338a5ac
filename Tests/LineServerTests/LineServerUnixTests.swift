import FileSystem
import Glibc
import Sockets
import TestSupport
import Testing

@testable import LineServer

/// The server on a Unix socket: clients known as local, with credentials; the socket file's life.
@Suite struct LineServerUnixTests {
    @Test func unixClientsHaveCredentialsAndTheFileGoesOnStop() async throws {
        let scratch = SocketDirectory()
        let file = scratch.socket("linnet/mpd.socket")
        let (server, recorder, addresses) = try await MainActor.run {
            try startServer(on: [.unix(file.path), .ipv4(.loopback, port: 0)])
        }
        #expect(addresses[0] == .unix(file.path))
        try await onThread { () throws in
            let local = try TestClient(addresses[0])
            #expect(try local.line() == "OK hello")
            let tcp = try TestClient(addresses[1])
            #expect(try tcp.line() == "OK hello")
        }
        await MainActor.run {
            #expect(recorder.unixClients == [1])
            #expect(recorder.credentials[1] == PeerCredentials(pid: getpid(), uid: getuid(), gid: getgid()))
            #expect(recorder.credentials[2] == nil)
            #expect(recorder.connections[1]?.peerAddress == .unix(FilePath(bytes: [])))
            server.stop()
        }
        try await waitUntil("the socket file is removed") { !file.exists }
    }

    @Test func aSecondServerOnALiveSocketIsRefused() async throws {
        let scratch = SocketDirectory()
        let file = scratch.socket("mpd.socket")
        let (server, _, _) = try await MainActor.run { try startServer(on: [.unix(file.path)]) }
        await MainActor.run {
            let second = LineServer { _ in TestHandler(Recorder()) }
            #expect(throws: SocketError("bind", address: .unix(file.path), errno: EADDRINUSE)) {
                try second.listen(on: .unix(file.path))
            }
            second.stop()
        }
        try await onThread { () throws in
            let client = try TestClient(.unix(file.path))
            #expect(try client.line() == "OK hello")
        }
        await MainActor.run { server.stop() }
    }
}
