import Foundation
import Glibc
import TestSupport

/// Stands where snapserver's TCP source (`mode=server`) would: listens on a free loopback port, accepts Linnet's
/// connections one after another and keeps every byte received, so a test can compare the stream exactly.
final class SnapcastSourceCapture: @unchecked Sendable {
    // Safe: `received` and `connections` are LockedBoxes; `listener` and `port` are immutable after init.
    let port: UInt16
    private let listener: Int32
    let received = LockedBox<[UInt8]>([])
    let connections = LockedBox(0)

    struct Failure: Error, CustomStringConvertible { var description: String }

    init() throws {
        let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        self.listener = listener
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(listener, $0, length) }
        }
        guard bound == 0, listen(listener, 4) == 0 else { throw Failure(description: "cannot listen: \(errno)") }
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(listener, $0, &length) }
        }
        port = UInt16(bigEndian: address.sin_port)
        let (received, connections) = (self.received, self.connections)
        let thread = Thread {
            var buffer = [UInt8](repeating: 0, count: 65536)
            while true {
                let fd = accept(listener, nil, nil)
                guard fd >= 0 else { return }
                connections.update { $0 += 1 }
                while true {
                    let n = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
                    if n <= 0 { break }
                    received.update { $0.append(contentsOf: buffer[0..<n]) }
                }
                close(fd)
            }
        }
        thread.start()
    }

    deinit {
        shutdown(listener, Int32(SHUT_RDWR))
        close(listener)
    }

    var uri: String { "tcp://127.0.0.1:\(port)" }
    var byteCount: Int { received.get().count }
}

/// A free TCP port on 127.0.0.1 (bound and released: the caller's server takes it right after).
func freeLoopbackPort() -> UInt16 {
    let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    defer { close(fd) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    _ = withUnsafePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) }
    }
    _ = withUnsafeMutablePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
    }
    return UInt16(bigEndian: address.sin_port)
}

/// Runs the built `linnet` (next to linnetd) against a fixture's bus.
struct LinnetCLIRunner {
    let fixture: ServiceFixture
    init(_ fixture: ServiceFixture) { self.fixture = fixture }

    static var binary: String {
        URL(fileURLWithPath: ServiceFixture.binary).deletingLastPathComponent().appendingPathComponent("linnet").path
    }

    func run(_ args: String...) throws -> (status: Int32, output: String) {
        try Child.run(Self.binary, args, environment: fixture.environment)
    }
}
