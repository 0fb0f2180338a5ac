import Foundation
import TestSupport

/// A private snapserver (Debian's 0.26) for one test: its own config in a temporary directory, every port on
/// 127.0.0.1 and free, pipe streams whose control scripts are given by absolute path (0.26 takes a path that
/// exists as it is, and looks a bare name up in /usr/share/snapserver/plug-ins/). It runs with `environment`
/// (the private bus), which its control scripts inherit. Killed in deinit.
final class SnapServerFixture: @unchecked Sendable {
    // Safe: used by one test at a time (the suites are serialized).
    static var available: Bool { Command.which("snapserver") != nil }

    let directory: TemporaryDirectory
    let controlPort: Int
    let httpPort: Int
    var logPath: String { directory.file("snapserver.log") }
    private var process: Child?

    struct Failure: Error, CustomStringConvertible { var description: String }

    /// One stream: its name (the stream id), the control script's absolute path, and its source: a pipe in the
    /// fixture's directory, or (with `tcpSourcePort`) a TCP source snapserver listens on for linnetd's Snapcast
    /// output (`mode=server`; written `tcp://HOST:PORT/?…`, since 0.26 takes the first `/` of the URI, even one in
    /// the control script's path, as the start of its path).
    struct Stream {
        var name: String
        var controlScript: String
        var tcpSourcePort: Int?

        init(name: String, controlScript: String, tcpSourcePort: Int? = nil) {
            self.name = name
            self.controlScript = controlScript
            self.tcpSourcePort = tcpSourcePort
        }
    }

    init(streams: [Stream], environment: [String: String]) throws {
        directory = try TemporaryDirectory(prefix: "linnet-snapserver")
        // A port found free can be taken before snapserver binds it: then it exits, and a new set is tried.
        for attempt in 1...5 {
            let ports = try Self.freePorts(3)
            let config = Self.config(directory: directory, ports: ports, streams: streams)
            let configPath = directory.file("snapserver.conf")
            try config.write(toFile: configPath, atomically: true, encoding: .utf8)
            let env = environment.merging(["HOME": directory.path]) { $1 }
            let p = try Child(
                "snapserver", ["-c", configPath], environment: env, output: directory.file("snapserver.log"))
            let deadline = Date().addingTimeInterval(20)
            while p.isRunning, !Self.accepts(port: ports[0]), Date() < deadline {
                Thread.sleep(forTimeInterval: 0.02)  // polling an external server's port with a deadline
            }
            if p.isRunning, Self.accepts(port: ports[0]) {
                process = p
                controlPort = ports[0]
                httpPort = ports[1]
                return
            }
            p.kill(SIGKILL)
            _ = try? p.wait(timeout: 10)
            if attempt == 5 { break }
        }
        let log = (try? String(contentsOfFile: directory.file("snapserver.log"), encoding: .utf8)) ?? ""
        throw Failure(description: "snapserver did not start: \(log.suffix(3000))")
    }

    deinit {
        process?.kill(SIGKILL)
        _ = try? process?.wait(timeout: 10)
    }

    var isRunning: Bool { process?.isRunning ?? false }

    func log() -> String {
        let bytes = (try? Data(contentsOf: URL(fileURLWithPath: logPath))) ?? Data()
        return String(decoding: bytes, as: UTF8.self)
    }

    static func config(directory: TemporaryDirectory, ports: [Int], streams: [Stream]) -> String {
        var text = """
            [server]
            datadir = \(directory.path)/data
            threads = 1
            [http]
            enabled = true
            bind_to_address = 127.0.0.1
            port = \(ports[1])
            host = 127.0.0.1
            doc_root =
            [tcp]
            enabled = true
            bind_to_address = 127.0.0.1
            port = \(ports[0])
            [stream]
            bind_to_address = 127.0.0.1
            port = \(ports[2])

            """
        for s in streams {
            let source =
                s.tcpSourcePort.map { "tcp://127.0.0.1:\($0)/?name=\(s.name)&mode=server" }
                ?? "pipe://\(directory.path)/\(s.name).fifo?name=\(s.name)"
            text += "source = \(source)&controlscript=\(s.controlScript)\n"
        }
        text += """
            [logging]
            sink = stderr
            filter = *:info

            """
        return text
    }

    /// The installed wrapper (`packaging/linnet-snapcast`) with `@bindir@` made the build directory, written into
    /// `directory` as `name`; `playerArguments` go before its `snapcast-plugin` (a wrapper for another player).
    static func wrapper(in directory: TemporaryDirectory, name: String, playerArguments: [String] = []) throws -> String
    {
        let bindir = URL(fileURLWithPath: ServiceFixture.binary).deletingLastPathComponent().path
        let packaged = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("packaging/linnet-snapcast")
        var text = try String(contentsOf: packaged, encoding: .utf8).replacingOccurrences(of: "@bindir@", with: bindir)
        if !playerArguments.isEmpty {
            text = text.replacingOccurrences(
                of: "linnet snapcast-plugin",
                with: "linnet " + playerArguments.joined(separator: " ") + " snapcast-plugin")
        }
        let path = directory.file(name)
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        chmod(path, 0o755)
        return path
    }

    // MARK: - Ports

    /// `count` ports free on 127.0.0.1 at this moment (all held open together, so they differ).
    static func freePorts(_ count: Int) throws -> [Int] {
        var sockets: [Int32] = []
        defer { sockets.forEach { close($0) } }
        var ports: [Int] = []
        for _ in 0..<count {
            let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            guard fd >= 0 else { throw Failure(description: "socket: errno \(errno)") }
            sockets.append(fd)
            var address = loopback(port: 0)
            var length = socklen_t(MemoryLayout<sockaddr_in>.size)
            let ok = withUnsafeMutablePointer(to: &address) { p in
                p.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    bind(fd, $0, length) == 0 && getsockname(fd, $0, &length) == 0
                }
            }
            guard ok else { throw Failure(description: "bind: errno \(errno)") }
            ports.append(Int(UInt16(bigEndian: address.sin_port)))
        }
        return ports
    }

    static func loopback(port: Int) -> sockaddr_in {
        var a = sockaddr_in()
        a.sin_family = sa_family_t(AF_INET)
        a.sin_port = UInt16(port).bigEndian
        a.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
        return a
    }

    /// A connected TCP socket to 127.0.0.1:`port` (close-on-exec), or nil.
    static func connect(port: Int) -> Int32? {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { return nil }
        var address = loopback(port: port)
        let ok = withUnsafePointer(to: &address) { p in
            p.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                Glibc.connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0
            }
        }
        if !ok { close(fd); return nil }
        return fd
    }

    static func accepts(port: Int) -> Bool {
        guard let fd = connect(port: port) else { return false }
        close(fd)
        return true
    }

    // MARK: - HTTP

    /// GET `url` (http://127.0.0.1:PORT/…) with HTTP/1.0; the status line and the body.
    func httpGet(_ url: String, timeout: Double = 15) throws -> (status: String, body: Data) {
        guard let u = URL(string: url), u.host == "127.0.0.1", let port = u.port else {
            throw Failure(description: "not a local URL: \(url)")
        }
        guard let fd = Self.connect(port: port) else { throw Failure(description: "cannot connect to \(url)") }
        defer { close(fd) }
        let path = u.path + (u.query.map { "?" + $0 } ?? "")
        let request = Array("GET \(path) HTTP/1.0\r\nHost: 127.0.0.1\r\n\r\n".utf8)
        _ = request.withUnsafeBytes { send(fd, $0.baseAddress, $0.count, 0) }
        var reply: [UInt8] = []
        let deadline = Date().addingTimeInterval(timeout)
        var chunk = [UInt8](repeating: 0, count: 65536)
        while Date() < deadline {
            var p = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            guard poll(&p, 1, 200) >= 0 else { break }
            if p.revents == 0 { continue }
            let n = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if n <= 0 { break }
            reply += chunk[..<n]
        }
        let separator: [UInt8] = [13, 10, 13, 10]
        guard
            let end = (0...max(0, reply.count - 4)).first(where: {
                Array(reply[$0..<min(reply.count, $0 + 4)]) == separator
            })
        else { throw Failure(description: "no HTTP reply from \(url)") }
        let head = String(decoding: reply[..<end], as: UTF8.self)
        return (String(head.split(separator: "\r\n").first ?? ""), Data(reply[(end + 4)...]))
    }
}

/// A connection to snapserver's JSON-RPC control port (newline-delimited JSON): requests answered by id,
/// notifications kept in order.
final class SnapcastControl: @unchecked Sendable {
    // Safe: used by one test at a time.
    let fd: Int32
    private var buffer: [UInt8] = []
    private var nextID = 0
    private(set) var notifications: [[String: Any]] = []

    init(port: Int) throws {
        guard let fd = SnapServerFixture.connect(port: port) else {
            throw SnapServerFixture.Failure(description: "cannot connect to snapserver's control port \(port)")
        }
        self.fd = fd
    }

    deinit { close(fd) }

    /// Sends a request and waits for its response object (`result` or `error` inside).
    func request(_ method: String, _ params: [String: Any]? = nil, timeout: Double = 20) throws -> [String: Any] {
        nextID += 1
        let id = nextID
        var message: [String: Any] = ["jsonrpc": "2.0", "id": id, "method": method]
        if let params { message["params"] = params }
        var line = try JSONSerialization.data(withJSONObject: message)
        line.append(0x0A)
        _ = line.withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
        let deadline = Date().addingTimeInterval(timeout)
        while let object = try nextMessage(until: deadline) {
            if object["id"] as? Int == id { return object }
            if object["method"] != nil { notifications.append(object) }
        }
        throw SnapServerFixture.Failure(description: "no reply to \(method) within \(timeout) s")
    }

    /// The `properties` of stream `id` in `Server.GetStatus`.
    func streamProperties(_ id: String) throws -> [String: Any] {
        try stream(id)["properties"] as? [String: Any] ?? [:]
    }

    /// Stream `id` in `Server.GetStatus` (its `status`, `properties`, `uri`).
    func stream(_ id: String) throws -> [String: Any] {
        let status = try request("Server.GetStatus")
        let streams =
            ((status["result"] as? [String: Any])?["server"] as? [String: Any])?["streams"] as? [[String: Any]]
        guard let stream = streams?.first(where: { $0["id"] as? String == id }) else {
            throw SnapServerFixture.Failure(description: "no stream \(id) in \(status)")
        }
        return stream
    }

    /// The next message read, waiting until `deadline`; nil when none came.
    private func nextMessage(until deadline: Date) throws -> [String: Any]? {
        while true {
            if let newline = buffer.firstIndex(of: 0x0A) {
                let line = Data(buffer[..<newline])
                buffer.removeSubrange(...newline)
                if let object = try JSONSerialization.jsonObject(with: line) as? [String: Any] { return object }
                continue
            }
            let left = deadline.timeIntervalSinceNow
            guard left > 0 else { return nil }
            var p = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            guard poll(&p, 1, Int32(min(left, 1) * 1000) + 1) >= 0 else { return nil }
            if p.revents == 0 { continue }
            var chunk = [UInt8](repeating: 0, count: 65536)
            let n = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            guard n > 0 else {
                throw SnapServerFixture.Failure(description: "snapserver closed the control connection")
            }
            buffer += chunk[..<n]
        }
    }
}
