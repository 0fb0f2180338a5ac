import Decoding
import PlayerCore

/// A non-seekable source whose first bytes were already read (to sniff them): gives them again, then the rest.
final class ReplayingByteSource: ByteSource {
    private let prefix: [UInt8]
    private let base: any ByteSource
    private(set) var position: Int64 = 0

    init(prefix: [UInt8], base: any ByteSource) {
        self.prefix = prefix
        self.base = base
    }

    var path: String { base.path }
    var isSeekable: Bool { false }
    var length: Int64? { base.length }
    var isRemote: Bool { true }

    func read(into buffer: UnsafeMutableRawBufferPointer) throws(DecodeError) -> Int {
        if position < Int64(prefix.count) {
            let start = Int(position)
            let n = min(buffer.count, prefix.count - start)
            prefix.withUnsafeBytes { buffer.baseAddress!.copyMemory(from: $0.baseAddress! + start, byteCount: n) }
            position += Int64(n)
            return n
        }
        let n = try base.read(into: buffer)
        position += Int64(n)
        return n
    }

    func seek(to offset: Int64) throws(DecodeError) {
        guard offset == position else {
            throw DecodeError(.notSeekable, path: path, offset: offset, message: "this stream is not seekable")
        }
    }
}
