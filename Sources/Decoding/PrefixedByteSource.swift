import PlayerCore

/// Replays bytes already read from a non-seekable source (while sniffing its format) before the rest of it.
final class PrefixedByteSource: ByteSource {
    private let prefix: [UInt8]
    private var prefixOffset = 0
    private let base: any ByteSource

    init(prefix: [UInt8], base: any ByteSource) {
        self.prefix = prefix
        self.base = base
    }

    var path: String { base.path }
    var isSeekable: Bool { false }
    var length: Int64? { base.length }
    var position: Int64 { base.position - Int64(prefix.count - prefixOffset) }

    func read(into buffer: UnsafeMutableRawBufferPointer) throws(DecodeError) -> Int {
        guard prefixOffset < prefix.count else { return try base.read(into: buffer) }
        let n = min(buffer.count, prefix.count - prefixOffset)
        prefix.withUnsafeBytes { buffer.baseAddress!.copyMemory(from: $0.baseAddress! + prefixOffset, byteCount: n) }
        prefixOffset += n
        return n
    }

    func seek(to offset: Int64) throws(DecodeError) {
        throw DecodeError(.notSeekable, path: path, offset: offset, message: "source is not seekable")
    }
}
