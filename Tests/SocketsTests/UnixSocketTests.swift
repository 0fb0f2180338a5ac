import FileSystem
import Glibc
import Sockets
import TestSupport
import Testing

/// Unix listening sockets: the file's directory and mode, stale files replaced, live ones refused, removal on
/// close (of its own file only), and the peer's credentials.
@Suite struct UnixSocketTests {
    @Test func makesA0700DirectoryAndA0600SocketRemovedOnClose() throws {
        let scratch = SocketDirectory()
        let file = scratch.socket("linnet/deeper/mpd.socket")
        let listener = try ListeningSocket.listen(on: .unix(file.path))
        #expect(listener.address == .unix(file.path))
        let mode = try #require(file.mode)
        #expect(mode & S_IFMT == S_IFSOCK && mode & 0o777 == 0o600)
        #expect(scratch.socket("linnet").mode.map { $0 & 0o777 } == 0o700)
        #expect(scratch.socket("linnet/deeper").mode.map { $0 & 0o777 } == 0o700)
        try listener.close()
        #expect(!file.exists)
    }

    @Test func acceptsAndKnowsThePeer() throws {
        let scratch = SocketDirectory()
        let listener = try ListeningSocket.listen(on: .unix(scratch.socket("s").path))
        defer { try? listener.close() }
        let client = try ConnectedSocket.connect(to: listener.address)
        #expect(waitReadable(listener.fileDescriptor))
        let server = try #require(try listener.accept())
        #expect(server.isUnixDomain && client.isUnixDomain)
        #expect(server.peerAddress == .unix(FilePath(bytes: [])))
        let credentials = try #require(try server.peerCredentials())
        #expect(credentials == PeerCredentials(pid: getpid(), uid: getuid(), gid: getgid()))
        #expect(try client.write(Array("x\n".utf8)) == 2)
        #expect(try server.wait(for: .readable, timeoutMilliseconds: 10_000))
    }

    @Test func aStaleSocketFileIsReplaced() throws {
        let scratch = SocketDirectory()
        let file = scratch.socket("s")
        // A socket file whose listener died without removing it: bound, then closed.
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: file.path.bytes) }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
        #expect(bound == 0)
        close(fd)
        #expect(file.mode.map { $0 & S_IFMT } == S_IFSOCK)
        let listener = try ListeningSocket.listen(on: .unix(file.path))
        defer { try? listener.close() }
        _ = try ConnectedSocket.connect(to: listener.address)
        #expect(waitReadable(listener.fileDescriptor))
    }

    @Test func aLiveSocketFileIsRefusedAndKept() throws {
        let scratch = SocketDirectory()
        let file = scratch.socket("s")
        let first = try ListeningSocket.listen(on: .unix(file.path))
        defer { try? first.close() }
        #expect(throws: SocketError("bind", address: .unix(file.path), errno: EADDRINUSE)) {
            try ListeningSocket.listen(on: .unix(file.path))
        }
        #expect(file.exists)
        _ = try ConnectedSocket.connect(to: first.address)  // the first listener still has its file
        #expect(waitReadable(first.fileDescriptor))
    }

    @Test func aFileThatIsNoSocketIsLeftAlone() throws {
        let scratch = SocketDirectory()
        let file = scratch.socket("s")
        let fd = file.path.withCString { open($0, O_WRONLY | O_CREAT, 0o644) }
        close(fd)
        #expect(throws: SocketError("bind", address: .unix(file.path), errno: EEXIST)) {
            try ListeningSocket.listen(on: .unix(file.path))
        }
        #expect(file.mode.map { $0 & S_IFMT } == S_IFREG)
    }

    @Test func closeLeavesAFileAnotherListenerBoundSince() throws {
        let scratch = SocketDirectory()
        let file = scratch.socket("s")
        let old = try ListeningSocket.listen(on: .unix(file.path))
        try file.path.remove()  // someone removed it and a newer daemon bound the path again
        let new = try ListeningSocket.listen(on: .unix(file.path))
        defer { try? new.close() }
        try old.close()
        #expect(file.exists)
        _ = try ConnectedSocket.connect(to: new.address)
    }

    @Test func aPathLongerThanSunPathFailsWithENAMETOOLONG() throws {
        let long = FilePath("/tmp/" + String(repeating: "n", count: 120))
        #expect(throws: SocketError("bind", address: .unix(long), errno: ENAMETOOLONG)) {
            try ListeningSocket.listen(on: .unix(long))
        }
    }
}
