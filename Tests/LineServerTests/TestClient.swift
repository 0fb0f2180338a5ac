import Foundation
import Sockets

/// A blocking test client over a non-blocking socket: every wait is a poll bounded by a deadline, so a test that
/// does not get what it expects fails instead of hanging.
final class TestClient {
    let socket: ConnectedSocket
    private var input: [UInt8] = []
    private let timeoutMilliseconds: Int32

    init(_ address: SocketAddress, receiveBufferSize: Int32? = nil, timeoutMilliseconds: Int32 = 30_000) throws {
        socket = try ConnectedSocket.connect(to: address, receiveBufferSize: receiveBufferSize)
        self.timeoutMilliseconds = timeoutMilliseconds
    }

    deinit { try? socket.close() }

    /// Sends every byte, waiting for room as needed.
    func send(_ bytes: [UInt8]) throws {
        var offset = 0
        while offset < bytes.count {
            if let n = try socket.write(bytes, from: offset) {
                offset += n
            } else if try !socket.wait(for: .writable, timeoutMilliseconds: timeoutMilliseconds) {
                throw TestTimeout(description: "the server took no more bytes")
            }
        }
    }

    func send(_ text: String) throws { try send(Array(text.utf8)) }

    /// Sends what the server takes before it closes the connection: whether it all went.
    func sendUntilClosed(_ bytes: [UInt8]) throws -> Bool {
        do {
            try send(bytes)
            return true
        } catch let error as SocketError where error.isConnectionLost {
            return false
        }
    }

    /// The next line, without its newline.
    func line() throws -> String {
        while true {
            if let newline = input.firstIndex(of: UInt8(ascii: "\n")) {
                let line = String(decoding: input[..<newline], as: UTF8.self)
                input.removeFirst(newline + 1)
                return line
            }
            guard try fill() else { throw TestTimeout(description: "the connection ended before a line") }
        }
    }

    /// Exactly `count` bytes, read `chunk` at a time.
    func bytes(_ count: Int, chunk: Int = 1 << 16) throws -> [UInt8] {
        while input.count < count {
            guard try fill(chunk: chunk) else { throw TestTimeout(description: "ended after \(input.count) bytes") }
        }
        defer { input.removeFirst(count) }
        return Array(input.prefix(count))
    }

    /// Reads until the server closes: the bytes that came (a reset, as after unread input, ends it too).
    func untilEnd() throws -> [UInt8] {
        while try fill() {}
        defer { input.removeAll() }
        return input
    }

    /// One read into `input`: false at the end of the stream.
    private func fill(chunk: Int = 1 << 16) throws -> Bool {
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: chunk, alignment: 1)
        defer { buffer.deallocate() }
        while true {
            let result: ReadResult
            do {
                result = try socket.read(into: buffer)
            } catch {
                guard error.isConnectionLost else { throw error }
                return false
            }
            switch result {
            case .bytes(let n):
                input += buffer.prefix(n)
                return true
            case .endOfStream:
                return false
            case .wouldBlock:
                guard try socket.wait(for: .readable, timeoutMilliseconds: timeoutMilliseconds) else {
                    throw TestTimeout(description: "nothing came from the server")
                }
            }
        }
    }
}
