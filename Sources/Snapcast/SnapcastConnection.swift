import Glibc
import PlayerCore
import Sockets

/// One open way into snapserver: a TCP connection to its source (`mode=server`), or the FIFO it reads.
/// Writes block the sender's thread (never the engine's) until the server takes the bytes, up to a time limit
/// after which the server counts as stuck and the connection is dropped.
final class SnapcastConnection {
    private enum Channel {
        case socket(ConnectedSocket)
        /// The write end, and a read end of our own (see `open`).
        case pipe(Int32, keepAlive: Int32)
    }

    private let channel: Channel
    let endpoint: SnapcastEndpoint
    /// A server that takes nothing for this long is treated as gone.
    static let stuckMilliseconds: Int32 = 5_000

    private init(_ channel: Channel, _ endpoint: SnapcastEndpoint) {
        self.channel = channel
        self.endpoint = endpoint
    }

    /// Connects (TCP) or opens the FIFO for writing; a FIFO with no reader yet (snapserver not running) fails.
    static func open(_ endpoint: SnapcastEndpoint) throws(SnapcastError) -> SnapcastConnection {
        switch endpoint.transport {
        case .tcp(let host, let port):
            let addresses: [SocketAddress]
            do {
                addresses = try SocketAddress.addresses(parsing: "\(host.contains(":") ? "[\(host)]" : host):\(port)")
            } catch {
                throw SnapcastError(endpoint, "bad address: \(error)")
            }
            var last: SocketError?
            for address in addresses {
                do throws(SocketError) {
                    return SnapcastConnection(.socket(try ConnectedSocket.connect(to: address)), endpoint)
                } catch { last = error }
            }
            throw SnapcastError(endpoint, last.map { "\($0)" } ?? "no address")
        case .pipe(let path):
            // A read end of our own first, as MPD's fifo output does: snapserver closes and reopens the FIFO
            // whenever it reads nothing, and a writer without any reader could not open (ENXIO) or would get
            // EPIPE. With ours held, the FIFO stays; a snapserver that does not read fills it and the write times
            // out as a stuck server.
            let keepAlive = Glibc.open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
            guard keepAlive >= 0 else {
                throw SnapcastError(endpoint, "open \(path): \(String(cString: strerror(errno)))")
            }
            var info = stat()
            guard fstat(keepAlive, &info) == 0, (info.st_mode & S_IFMT) == S_IFIFO else {
                Glibc.close(keepAlive)
                throw SnapcastError(endpoint, "\(path) is not a FIFO (snapserver makes it: start snapserver first)")
            }
            let fd = Glibc.open(path, O_WRONLY | O_NONBLOCK | O_CLOEXEC)
            guard fd >= 0 else {
                Glibc.close(keepAlive)
                throw SnapcastError(endpoint, "open \(path): \(String(cString: strerror(errno)))")
            }
            return SnapcastConnection(.pipe(fd, keepAlive: keepAlive), endpoint)
        }
    }

    /// Writes all of `bytes`, waiting while the server's buffer is full; throws when the server is gone or stuck.
    func write(_ bytes: UnsafeRawBufferPointer) throws(SnapcastError) {
        var offset = 0
        while offset < bytes.count {
            let rest = UnsafeRawBufferPointer(rebasing: bytes[offset...])
            let n: Int?
            switch channel {
            case .socket(let s):
                do throws(SocketError) { n = try s.write(rest) } catch { throw SnapcastError(endpoint, "\(error)") }
            case .pipe(let fd, _):
                let r = Glibc.write(fd, rest.baseAddress, rest.count)
                if r >= 0 {
                    n = r
                } else if errno == EAGAIN || errno == EINTR {
                    n = nil
                } else {
                    throw SnapcastError(endpoint, "write: \(String(cString: strerror(errno)))")
                }
            }
            if let n, n > 0 {
                offset += n
            } else if !waitWritable() {
                throw SnapcastError(endpoint, "the server took nothing for \(Self.stuckMilliseconds / 1000) s")
            }
        }
    }

    private func waitWritable() -> Bool {
        let fd: Int32
        switch channel {
        case .socket(let s): fd = s.fileDescriptor
        case .pipe(let p, _): fd = p
        }
        var entry = pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
        var n: Int32
        repeat { n = poll(&entry, 1, Self.stuckMilliseconds) } while n < 0 && errno == EINTR
        return n > 0 && entry.revents & Int16(POLLOUT) != 0
    }

    func close() {
        switch channel {
        case .socket(let s): try? s.close()  // closing cannot fail in a way that matters: the connection is dropped
        case .pipe(let fd, let keepAlive):
            Glibc.close(fd)
            Glibc.close(keepAlive)
        }
    }
}

/// A Snapcast output that could not connect or send, with the endpoint and the reason.
public struct SnapcastError: Error, Sendable, Hashable, CustomStringConvertible {
    public var endpoint: String
    public var reason: String
    init(_ endpoint: SnapcastEndpoint, _ reason: String) {
        self.endpoint = "\(endpoint.transport)"
        self.reason = reason
    }
    public var description: String { "snapcast \(endpoint): \(reason)" }
}
