import Foundation

/// The misbehaving/well-behaved HTTP(S) fixture server (`Tests/StreamingTests/Fixtures/stream_server.py`) on
/// 127.0.0.1, serving the files of `mediaDirectory`. Stopped in deinit. Requests are logged to `logPath`.
public final class StreamServer: @unchecked Sendable {
    // Safe: immutable after init; the child is only signalled in deinit.
    public let port: Int
    public let scheme: String
    public let logPath: String
    private let child: pid_t

    public static var script: String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("StreamingTests/Fixtures/stream_server.py").path
    }

    /// Starts the server; with `tls` (certificate and key PEM paths) it speaks HTTPS.
    public init(mediaDirectory: String, tls: (cert: String, key: String)? = nil) throws {
        logPath = mediaDirectory + "/server-\(UUID().uuidString.prefix(8)).log"
        var fds: [Int32] = [0, 0]
        guard pipe(&fds) == 0 else { throw Command.Failure.notFound("pipe") }
        var args = [Self.script, mediaDirectory]
        if let tls { args += ["--tls", tls.cert, tls.key] }
        let python = FileManager.default.isExecutableFile(atPath: "/usr/bin/python3") ? "/usr/bin/python3" : "python3"
        do {
            child = try Spawned.launch(
                Command.which(python) ?? python, args, stdout: .descriptor(fds[1]),
                stderr: .file(logPath))
        } catch {
            close(fds[0]); close(fds[1])
            throw error
        }
        close(fds[1])
        let handle = FileHandle(fileDescriptor: fds[0], closeOnDealloc: true)
        var line = Data()
        while !line.contains(UInt8(ascii: "\n")) {
            let chunk = handle.availableData  // blocks until the server prints its port (or exits)
            if chunk.isEmpty { break }
            line.append(chunk)
        }
        let text = String(decoding: line, as: UTF8.self)
        guard text.hasPrefix("PORT "), let p = Int(text.dropFirst(5).trimmingCharacters(in: .whitespacesAndNewlines))
        else {
            kill(child, SIGKILL)
            var status: Int32 = 0
            waitpid(child, &status, 0)
            throw Command.Failure.notFound("stream_server.py did not start: \(text)")
        }
        port = p
        scheme = tls == nil ? "http" : "https"
    }

    deinit {
        kill(child, SIGKILL)
        var status: Int32 = 0
        waitpid(child, &status, 0)
    }

    /// The URL of `path` (starting with "/") on this server.
    public func url(_ path: String) -> String { "\(scheme)://127.0.0.1:\(port)\(path)" }

    /// The request lines the server logged ("REQ <path> <range>").
    public var requests: [String] {
        logLines.filter { $0.hasPrefix("REQ ") }
    }

    /// The lines the server logged so far.
    public var logLines: [String] {
        // Decoded leniently: the server appends while this reads, and a line cut inside a character (paths with
        // 夜曲) made a strict decode give up on the whole file, so a test saw no requests at all.
        let bytes = (try? Data(contentsOf: URL(fileURLWithPath: logPath))) ?? Data()
        return String(decoding: bytes, as: UTF8.self).split(separator: "\n").map(String.init)
    }

    /// When (Unix time, the server's clock) a client closed each connection of a path containing `fragment`
    /// that the server was streaming or holding ("CLOSE" lines), in order.
    public func closeTimes(of fragment: String) -> [Double] {
        logLines.filter { $0.hasPrefix("CLOSE ") && $0.contains(fragment) }
            .compactMap { $0.split(separator: " ").last.flatMap { Double($0) } }
    }

    /// Waits (polling the server's log with a deadline: the server is another process) until `count` connections
    /// of paths containing `fragment` were closed by the client; returns their close times, nil on timeout.
    public func waitForCloses(of fragment: String, count: Int = 1, timeout: Double = 10) -> [Double]? {
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            let times = closeTimes(of: fragment)
            if times.count >= count { return times }
            if Date() > deadline { return nil }
            Thread.sleep(forTimeInterval: 0.01)  // polling an external process with a deadline (tests only)
        }
    }

    /// Why `release` failed.
    public struct ReleaseFailure: Error, CustomStringConvertible {
        public var key: String
        public var reason: String
        public var description: String { "releasing '\(key)' on the stream server failed: \(reason)" }
    }

    /// Lets every request held with `key` (`/hold/NAME?key=KEY…`) go on, now and later; when this returns the
    /// server has released them. Plain HTTP servers only.
    public func release(_ key: String) throws {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw ReleaseFailure(key: key, reason: "socket: errno \(errno)") }
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(clamping: port)).bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard connected == 0 else { throw ReleaseFailure(key: key, reason: "connect: errno \(errno)") }
        let request = Array("GET /release/\(key) HTTP/1.0\r\nHost: 127.0.0.1\r\n\r\n".utf8)
        guard request.withUnsafeBytes({ send(fd, $0.baseAddress, $0.count, 0) }) == request.count else {
            throw ReleaseFailure(key: key, reason: "send: errno \(errno)")
        }
        var reply: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 512)
        while true {
            let n = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if n <= 0 { break }
            reply += buffer[0..<n]
        }
        let text = String(decoding: reply, as: UTF8.self)
        guard text.hasPrefix("HTTP/1.0 200") || text.hasPrefix("HTTP/1.1 200") else {
            throw ReleaseFailure(key: key, reason: "the server answered '\(text.prefix(40))'")
        }
    }

    /// A CA and a server certificate for 127.0.0.1 signed by it, made with openssl in `directory`:
    /// (ca, cert, key) paths. A second call with `otherCA` makes a certificate the first CA does not trust.
    public static func makeCertificates(in directory: String, name: String = "server") throws
        -> (ca: String, cert: String, key: String)
    {
        let d = directory
        let ca = "\(d)/\(name)-ca.pem", caKey = "\(d)/\(name)-ca.key"
        let key = "\(d)/\(name).key", csr = "\(d)/\(name).csr", cert = "\(d)/\(name).pem", ext = "\(d)/\(name).ext"
        try Command.check(
            "openssl",
            [
                "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", caKey, "-out", ca,
                "-days", "2", "-subj", "/CN=Linnet Test CA \(name)"
            ])
        try Command.check(
            "openssl",
            [
                "req", "-newkey", "rsa:2048", "-nodes", "-keyout", key, "-out", csr,
                "-subj", "/CN=127.0.0.1"
            ])
        try "subjectAltName=IP:127.0.0.1\n".write(toFile: ext, atomically: true, encoding: .utf8)
        try Command.check(
            "openssl",
            [
                "x509", "-req", "-in", csr, "-CA", ca, "-CAkey", caKey, "-CAcreateserial",
                "-out", cert, "-days", "2", "-extfile", ext
            ])
        return (ca, cert, key)
    }
}
