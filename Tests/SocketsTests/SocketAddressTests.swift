import FileSystem
import Glibc
import Sockets
import Testing

/// Parsing and printing addresses: numeric only, localhost and any as pairs, Unix paths checked for sun_path.
@Suite struct SocketAddressTests {
    @Test func parsesNumericAddressesWithPorts() throws {
        #expect(try SocketAddress(parsing: "127.0.0.1:6600") == .ipv4(.loopback, port: 6600))
        #expect(try SocketAddress(parsing: "[::1]:6600") == .ipv6(.loopback, port: 6600))
        #expect(try SocketAddress(parsing: "0.0.0.0:0") == .ipv4(.any, port: 0))
        #expect(try SocketAddress(parsing: "192.0.2.7", defaultPort: 6600).description == "192.0.2.7:6600")
        #expect(try SocketAddress(parsing: "[2001:db8::7]", defaultPort: 1).description == "[2001:db8::7]:1")
        #expect(try SocketAddress(parsing: "::1", defaultPort: 6600) == .ipv6(.loopback, port: 6600))
        #expect(try SocketAddress(parsing: "[::ffff:127.0.0.1]:80").description == "[::ffff:127.0.0.1]:80")
    }

    @Test func localhostAndAnyNameBothFamilies() throws {
        #expect(
            try SocketAddress.addresses(parsing: "localhost:6600")
                == [.ipv4(.loopback, port: 6600), .ipv6(.loopback, port: 6600)])
        #expect(
            try SocketAddress.addresses(parsing: "any", defaultPort: 6600)
                == [.ipv4(.any, port: 6600), .ipv6(.any, port: 6600)])
        #expect(throws: SocketAddressError(text: "localhost:1", reason: "names more than one address")) {
            try SocketAddress(parsing: "localhost:1")
        }
    }

    @Test func parsesUnixPaths() throws {
        let path = "/run/user/1000/linnet/mpd.socket"
        #expect(try SocketAddress(parsing: path) == .unix(FilePath(path)))
        #expect(try SocketAddress(parsing: "unix:" + path) == .unix(FilePath(path)))
        #expect(try SocketAddress(parsing: path).description == path)
        let longest = "/" + String(repeating: "a", count: SocketAddress.maximumUnixPathLength - 1)
        #expect(try SocketAddress(parsing: longest).isUnix)
        #expect(throws: SocketAddressError(text: longest + "a", reason: "longer than 107 bytes")) {
            try SocketAddress(parsing: longest + "a")
        }
    }

    @Test(arguments: [
        ("127.0.0.1", "no port"), ("127.0.0.1:", "port is not a number"), ("127.0.0.1:66000", "port out of range"),
        ("127.0.0.1:+5", "port is not a number"), ("[::1", "no closing bracket"),
        ("[::1]x", "text after the closing bracket"),
        ("[127.0.0.1]:5", "not an IPv6 address"), (":5", "no host"),
        ("unix:relative", "a Unix socket path must be absolute"),
        ("example.org:6600", "only numeric addresses, localhost and any are taken (names are not resolved)"),
        ("127.1:6600", "only numeric addresses, localhost and any are taken (names are not resolved)")
    ])
    func refusesWhatItDoesNotTake(text: String, reason: String) {
        #expect(throws: SocketAddressError(text: text, reason: reason)) { try SocketAddress(parsing: text) }
    }

    @Test func loopbackAndLocal() throws {
        #expect(try SocketAddress(parsing: "127.4.5.6:1").isLoopback)
        #expect(try SocketAddress(parsing: "[::ffff:127.0.0.1]:1").isLoopback)
        #expect(try !SocketAddress(parsing: "192.0.2.1:1").isLoopback)
        #expect(try !SocketAddress(parsing: "[::]:1").isLoopback)
        let unix = try SocketAddress(parsing: "/tmp/x.socket")
        #expect(!unix.isLoopback && unix.isLocal && unix.port == nil)
        #expect(SocketAddress.unix(FilePath(bytes: [])).description == "unix:unnamed")
    }

    @Test func runtimeDirectory() throws {
        let saved = getenv("XDG_RUNTIME_DIR").map { String(cString: $0) }
        defer {
            if let saved { setenv("XDG_RUNTIME_DIR", saved, 1) } else { unsetenv("XDG_RUNTIME_DIR") }
        }
        setenv("XDG_RUNTIME_DIR", "/run/user/1000", 1)
        #expect(
            try SocketAddress.inRuntimeDirectory("linnet/mpd.socket")
                == .unix(FilePath("/run/user/1000/linnet/mpd.socket")))
        unsetenv("XDG_RUNTIME_DIR")
        #expect(try SocketAddress.inRuntimeDirectory("linnet/mpd.socket") == nil)
    }

    @Test func errorsNameTheCallTheAddressAndTheErrno() {
        let error = SocketError("bind", address: .ipv4(.loopback, port: 6600), errno: EADDRINUSE)
        #expect(error.description == "bind 127.0.0.1:6600: Address already in use")
        #expect(error.isAddressInUse && !error.isConnectionLost)
        #expect(SocketError("send", address: nil, errno: EPIPE).isConnectionLost)
    }
}
