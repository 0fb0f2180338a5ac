import Decoding
import PlayerCore

/// Test-only byte source over bytes in memory, optionally non-seekable (as an HTTP stream will be), handing out
/// at most `chunk` bytes per read to mimic network reads.
final class MemoryByteSource: ByteSource {
    let path: String
    let isSeekable: Bool
    private let bytes: [UInt8]
    private let chunk: Int
    private(set) var position: Int64 = 0
    /// How many seeks were attempted (a non-seekable source must see none that move).
    private(set) var seekAttempts = 0

    /// Reads at or past this offset throw `.io`, like a dropped connection.
    private let failAt: Int64?

    init(bytes: [UInt8], path: String = "memory://test", seekable: Bool, chunk: Int = 1500, failAt: Int64? = nil) {
        self.bytes = bytes
        self.failAt = failAt
        self.path = path
        self.isSeekable = seekable
        self.chunk = chunk
    }

    var length: Int64? { isSeekable ? Int64(bytes.count) : nil }

    func read(into buffer: UnsafeMutableRawBufferPointer) throws(DecodeError) -> Int {
        if let failAt, position >= failAt {
            throw DecodeError(.io, path: path, offset: position, message: "connection reset")
        }
        let start = Int(position)
        let n = min(buffer.count, chunk, bytes.count - start)
        guard n > 0 else { return 0 }
        bytes.withUnsafeBytes { buffer.baseAddress!.copyMemory(from: $0.baseAddress! + start, byteCount: n) }
        position += Int64(n)
        return n
    }

    func seek(to offset: Int64) throws(DecodeError) {
        seekAttempts += 1
        guard isSeekable else {
            throw DecodeError(.notSeekable, path: path, offset: offset, message: "memory source is not seekable")
        }
        position = offset
    }
}
