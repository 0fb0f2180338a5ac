import Sockets

/// Bytes waiting to be written to a socket, as a queue of chunks (a large response is never copied to be
/// shifted); small writes are joined into the last chunk, so a response of many lines goes out in few sends.
struct WriteBuffer {
    /// Chunks from `head` on are pending; `offset` bytes of the head chunk are already written.
    private var chunks: [[UInt8]] = []
    private var head = 0
    private var offset = 0
    /// Bytes pending.
    private(set) var count = 0

    private static let joinBelow = 64 * 1024

    var isEmpty: Bool { count == 0 }

    mutating func append(_ bytes: [UInt8]) {
        guard !bytes.isEmpty else { return }
        count += bytes.count
        if chunks.count > head, chunks[chunks.count - 1].count + bytes.count <= Self.joinBelow {
            chunks[chunks.count - 1] += bytes
        } else {
            chunks.append(bytes)
        }
    }

    /// Writes what the socket takes: whether everything was written (false: wait until it is writable), and how
    /// many bytes went.
    mutating func flush(to socket: ConnectedSocket) throws(SocketError) -> (drained: Bool, written: Int) {
        var written = 0
        while head < chunks.count {
            guard let n = try socket.write(chunks[head], from: offset), n > 0 else { return (false, written) }
            written += n
            count -= n
            offset += n
            if offset == chunks[head].count {
                head += 1
                offset = 0
            }
        }
        chunks.removeAll(keepingCapacity: false)
        head = 0
        return (true, written)
    }

    mutating func removeAll() {
        chunks.removeAll()
        (head, offset, count) = (0, 0, 0)
    }
}
