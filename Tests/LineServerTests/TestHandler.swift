import LineServer
import Sockets
import Testing

/// What the server's handlers saw, by connection id; read on the main actor.
@MainActor
final class Recorder {
    var opened: [Int] = []
    var lines: [Int: [[UInt8]]] = [:]
    var closed: [Int: LineCloseReason] = [:]
    var connections: [Int: LineConnection] = [:]
    var credentials: [Int: PeerCredentials] = [:]
    var unixClients: Set<Int> = []
    var overlong = 0
    var drained = 0
    /// Handlers pause reading as they open (a command in progress from the first moment: no idle window).
    var pauseOnOpen = false

    var lineCount: Int { lines.values.map(\.count).reduce(0, +) }
}

/// A small protocol for the tests: "OK hello" on connect, then per line:
/// ping → pong; echo X → X; big N → N pattern bytes then "\nEND"; pause → holds further lines; close → bye and
/// close; noidle → this connection's idle timeout off; anything else → "len N". An overlong line → "ERR too long".
@MainActor
final class TestHandler: LineSessionHandler {
    let recorder: Recorder

    init(_ recorder: Recorder) { self.recorder = recorder }

    func opened(_ connection: LineConnection) {
        recorder.opened.append(connection.id)
        recorder.connections[connection.id] = connection
        if connection.isUnixClient { recorder.unixClients.insert(connection.id) }
        if let credentials = try? connection.peerCredentials() { recorder.credentials[connection.id] = credentials }
        connection.write("OK hello\n")
        if recorder.pauseOnOpen { connection.pauseReading() }
    }

    func received(line: [UInt8], on connection: LineConnection) {
        recorder.lines[connection.id, default: []].append(line)
        let text = String(decoding: line, as: UTF8.self)
        switch text {
        case "ping": connection.write("pong\n")
        case "pause": connection.pauseReading()
        case "noidle": connection.idleTimeout = nil
        case "close":
            connection.write("bye\n")
            connection.close()
        case _ where text.hasPrefix("echo "): connection.write(Array(line.dropFirst(5)) + [10])
        case _ where text.hasPrefix("big "):
            let count = Int(text.dropFirst(4)) ?? 0
            connection.write(Self.pattern(count))
            connection.write("\nEND\n")
        default: connection.write("len \(line.count)\n")
        }
    }

    func lineTooLong(on connection: LineConnection) {
        recorder.overlong += 1
        connection.write("ERR too long\n")
    }

    func writeBufferDrained(on connection: LineConnection) { recorder.drained += 1 }

    func closed(_ connection: LineConnection, reason: LineCloseReason) {
        recorder.closed[connection.id] = reason
    }

    /// The bytes of `big N`: a pattern that shows any byte lost, doubled or reordered.
    /// Built from one period at a time: a byte-by-byte map of 32 MB would hold the main actor for seconds.
    nonisolated static func pattern(_ count: Int) -> [UInt8] {
        let period = (0..<251).map { UInt8($0) }
        var out: [UInt8] = []
        out.reserveCapacity(count)
        while out.count < count { out += period.prefix(count - out.count) }
        return out
    }
}

/// A server with the test protocol listening on `addresses`: the server, what it records, the bound addresses.
@MainActor
func startServer(
    _ configuration: LineServerConfiguration = LineServerConfiguration(),
    on addresses: [SocketAddress] = [.ipv4(.loopback, port: 0)]
) throws -> (LineServer, Recorder, [SocketAddress]) {
    let recorder = Recorder()
    let server = LineServer(configuration: configuration) { _ in TestHandler(recorder) }
    server.onError = { Issue.record("server error: \($0)") }
    var bound: [SocketAddress] = []
    for address in addresses { bound.append(try server.listen(on: address)) }
    return (server, recorder, bound)
}
